import { dataSlotBounds, wallClockSlotsVersion } from '@olo/shared';
import type { FastifyInstance } from 'fastify';
import { dataExportOpenApiPaths } from '../modules/data-export/data-export.openapi.ts';
import { reportPdfOpenApiPaths } from '../modules/report-pdf/report-pdf.openapi.ts';
import { reportScheduleOpenApiPaths } from '../modules/report-schedules/report-schedules.openapi.ts';
import { translationsOpenApiPaths } from '../modules/translations/translations.openapi.ts';
import { weatherOpenApiPaths } from '../modules/weather/weather.openapi.ts';

const errorBody = {
  type: 'object',
  required: ['error'],
  properties: {
    error: { type: 'string', description: 'An English sentence, also the key the web app translates.' },
    issues: {
      type: 'array',
      items: { type: 'object', properties: { path: { type: 'string' }, message: { type: 'string' } } },
    },
  },
} as const;

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

const exportErrorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ExportError' } } },
});

const slotAggregate = {
  type: 'array',
  description: 'sum, min, max and count of the stored values in the slot',
  prefixItems: [{ type: 'number' }, { type: 'number' }, { type: 'number' }, { type: 'integer' }],
  minItems: 4,
  maxItems: 4,
} as const;

/**
 * The REST endpoints of Olo as OpenAPI 3.1 (the GraphQL API describes itself). `openapi.test.ts`
 * checks that every `/api/` route Fastify serves is described here.
 */
export function openApiDocument() {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Olo REST API',
      version: '1.0.0',
      description:
        'Aggregated series data, uplink webhooks and attachments. Everything else is in the GraphQL API at /graphql.',
    },
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'olo_session', description: 'The session of a signed-in user.' },
        integrationToken: { type: 'http', scheme: 'bearer', description: "An integration's token (or INGEST_TOKEN)." },
      },
      schemas: {
        Error: errorBody,
        ExportError: {
          ...errorBody,
          required: ['error', 'message'],
          properties: {
            ...errorBody.properties,
            message: { type: 'string', description: 'What went wrong, in the language asked for (`lang`).' },
          },
        },
        ProjectData: {
          type: 'object',
          required: [
            'projectId',
            'period',
            'dataId',
            'slotSeconds',
            'timeZone',
            'from',
            'to',
            'slots',
            'spaces',
            'series',
            'data',
          ],
          properties: {
            projectId: { type: 'integer' },
            period: { type: 'string', examples: ['2026-10', '2026-10-25'] },
            dataId: { type: 'string', format: 'uuid' },
            slotSeconds: { type: 'integer' },
            timeZone: { type: 'string', examples: ['Europe/Helsinki'] },
            from: { type: 'integer', description: "Epoch seconds of the period's first local midnight." },
            to: { type: 'integer', description: 'Epoch seconds of the local midnight after the period.' },
            slots: {
              type: 'array',
              items: { type: 'integer' },
              description:
                'Every slot start, epoch seconds. No slot crosses a local midnight: a slot of 86400 s is one calendar day (23, 24 or 25 hours); slots of up to an hour run from midnight by elapsed time; longer ones ' +
                'start at the same wall-clock times every day, the one holding a daylight-saving change an hour shorter or longer.',
            },
            spaces: {
              type: 'array',
              items: {
                type: 'object',
                properties: { id: { type: 'integer' }, name: { type: 'string' }, show: { type: 'boolean' } },
              },
            },
            series: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  id: { type: 'integer' },
                  name: { type: 'string' },
                  spaceId: { type: ['integer', 'null'] },
                  dataType: { type: 'string' },
                  dataUnit: { type: ['string', 'null'] },
                  dataName: { type: ['string', 'null'] },
                  colorId: { type: ['integer', 'null'] },
                  limitId: { type: ['integer', 'null'] },
                },
              },
            },
            data: {
              type: 'object',
              description:
                'Slot start (epoch seconds) → series id → aggregate. Slots and series without values are left out.',
              additionalProperties: { type: 'object', additionalProperties: slotAggregate },
            },
          },
        },
      },
    },
    paths: {
      '/api/data/{projectId}/{period}/{dataId}/{slotSeconds}': {
        get: {
          summary: "A project's series aggregated into slots of a month or a day of its time zone",
          description:
            'Members of the project (and whoever sees it) get every series; anybody, while the project has a public link, the series of its shown spaces. A period is served immutable two days after it ended; ' +
            'until then no-cache, with an ETag. Sent with brotli or gzip when Accept-Encoding allows, preferring a coding the answer has ready (a month of one-hour slots comes as gzip); each coding has its own ' +
            'ETag. Sums are rounded to 12 significant digits.',
          security: [{}, { session: [] }],
          parameters: [
            { name: 'projectId', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } },
            {
              name: 'period',
              in: 'path',
              required: true,
              description: "A month (YYYY-MM) or a day (YYYY-MM-DD) of the project's time zone.",
              schema: { type: 'string', pattern: '^\\d{4}-\\d{2}(-\\d{2})?$' },
            },
            {
              name: 'dataId',
              in: 'path',
              required: true,
              description:
                "The project's current data id (Project.state.dataId); it changes when stored data is rewritten.",
              schema: { type: 'string', format: 'uuid' },
            },
            {
              name: 'slotSeconds',
              in: 'path',
              required: true,
              description: 'Slot length; it divides a day.',
              schema: { type: 'integer', minimum: dataSlotBounds.minSeconds, maximum: dataSlotBounds.maxSeconds },
            },
            {
              name: 'slots',
              in: 'query',
              required: false,
              description: `The version of the slot rules the client expects (now ${wallClockSlotsVersion}). The server always answers by the current rules; the web app sends it for slots longer than an hour so that browsers do not reuse answers kept under earlier rules.`,
              schema: { type: 'integer' },
            },
            { name: 'If-None-Match', in: 'header', required: false, schema: { type: 'string' } },
          ],
          responses: {
            '200': {
              description: 'The aggregates, with ETag and Cache-Control.',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/ProjectData' } } },
            },
            '304': { description: 'Unchanged since the ETag given in If-None-Match.' },
            '400': errorResponse('A malformed period, data id or slot length.'),
            '401': errorResponse('Not signed in, and the project has no public link.'),
            '403': errorResponse('Signed in without access, and the project has no public link.'),
            '404': errorResponse('No such project.'),
            '409': {
              description: 'The data id is stale: drop what was cached under it and fetch with the current one.',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: { error: { const: 'Stale data id' }, dataId: { type: 'string', format: 'uuid' } },
                  },
                },
              },
            },
          },
        },
      },
      ...translationsOpenApiPaths(errorResponse),
      ...weatherOpenApiPaths(errorResponse),
      ...dataExportOpenApiPaths(exportErrorResponse),
      '/api/ingest/{provider}': {
        post: {
          summary: "A network server's uplink webhook: The Things Stack v3 (tts) or ChirpStack v4 (chirpstack)",
          description:
            'The same JSON as their MQTT uplinks, one or an array of up to 1000. Everything is checked before anything is stored; 202 once all is committed.',
          security: [{ integrationToken: [] }],
          parameters: [
            { name: 'provider', in: 'path', required: true, schema: { enum: ['tts', 'chirpstack'] } },
            {
              name: 'tenant',
              in: 'query',
              required: false,
              description: 'The Things Stack tenant, for downlinks (a webhook body does not name it).',
              schema: { type: 'string' },
            },
          ],
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: { oneOf: [{ type: 'object' }, { type: 'array', items: { type: 'object' }, maxItems: 1000 }] },
              },
            },
          },
          responses: {
            '202': {
              description: 'Stored; `refused` counts uplinks of meters that belong to another organization.',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: { stored: { type: 'integer' }, refused: { type: 'integer' } },
                  },
                },
              },
            },
            '400': errorResponse('A malformed uplink (nothing stored).'),
            '401': errorResponse('No valid integration token (nothing stored).'),
            '403': errorResponse('The integration is for the other network server.'),
            '404': errorResponse('Unknown network server.'),
          },
        },
      },
      '/api/attachments': {
        post: {
          summary: 'Uploads a file to a project or an organization (a picture, an attachment)',
          description:
            'multipart/form-data: a `projectId` or `organizationId` field, then the file (at most 5 MB). Needs the `x-csrf-token` header equal to the `olo_csrf` cookie, and the right to edit the project or the ' +
            'organization. A refusal is answered as GraphQL errors are (`errors[].message`, `extensions.code` and `issues`).',
          security: [{ session: [] }],
          requestBody: {
            required: true,
            content: {
              'multipart/form-data': {
                schema: {
                  type: 'object',
                  required: ['file'],
                  properties: {
                    projectId: { type: 'integer' },
                    organizationId: { type: 'string', format: 'uuid' },
                    file: { type: 'string', format: 'binary' },
                  },
                },
              },
            },
          },
          responses: {
            '201': {
              description: 'Stored.',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    required: ['id', 'path'],
                    properties: { id: { type: 'string', format: 'uuid' }, path: { type: 'string' } },
                  },
                },
              },
            },
            '400': { description: 'No file, a file too large or of a type not taken.' },
            '401': { description: 'Not signed in.' },
            '403': { description: 'No right to edit the project or organization, or no CSRF token.' },
          },
        },
      },
      '/api/attachments/{id}': {
        get: {
          summary: 'A file uploaded to a project, by its id alone',
          security: [{}, { session: [] }],
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
          responses: {
            '200': { description: 'The file.', content: { '*/*': {} } },
            '401': errorResponse('Not signed in.'),
            '403': errorResponse('No access to the project.'),
            '404': errorResponse('No such file.'),
          },
        },
      },
      '/api/attachments/{id}/{name}': {
        get: {
          summary: 'A file uploaded to a project (its picture, attachments)',
          security: [{}, { session: [] }],
          parameters: [
            { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
            {
              name: 'name',
              in: 'path',
              required: true,
              description: 'The file name, for the browser only.',
              schema: { type: 'string' },
            },
          ],
          responses: {
            '200': { description: 'The file.', content: { '*/*': {} } },
            '401': errorResponse('Not signed in.'),
            '403': errorResponse('No access to the project.'),
            '404': errorResponse('No such file.'),
          },
        },
      },
      '/api/public-reports/{publicId}/data/{projectId}/{period}/{dataId}/{slotSeconds}': {
        get: {
          summary: "A published report's data: the data API's answer with only the series and spaces the report shows",
          description:
            "Anonymous: the report's public link is the key. As `/api/data/...` (same body, slots, ETags, codings), with only the series the report's elements select (each repeating container's children resolved " +
            "for every shown space) and the spaces its image tours pin, and their spaces; values only in slots that overlap the report's range or one of its data slots' ranges (other periods answer with no " +
            "values); `Cache-Control: public`. 404, as for an unknown id, while the report is unpublished, for a public id replaced by publishing again, and for another project than the report's. Rate limited per " +
            'client address.',
          security: [{}],
          parameters: [
            { name: 'publicId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
            { name: 'projectId', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } },
            {
              name: 'period',
              in: 'path',
              required: true,
              description: "A month (YYYY-MM) or a day (YYYY-MM-DD) of the project's time zone.",
              schema: { type: 'string', pattern: '^\\d{4}-\\d{2}(-\\d{2})?$' },
            },
            { name: 'dataId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
            {
              name: 'slotSeconds',
              in: 'path',
              required: true,
              schema: { type: 'integer', minimum: dataSlotBounds.minSeconds, maximum: dataSlotBounds.maxSeconds },
            },
            { name: 'If-None-Match', in: 'header', required: false, schema: { type: 'string' } },
          ],
          responses: {
            '200': {
              description: 'The aggregates, with ETag and Cache-Control.',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/ProjectData' } } },
            },
            '304': { description: 'Unchanged since the ETag given in If-None-Match.' },
            '400': errorResponse('A malformed period, data id or slot length.'),
            '404': errorResponse('No published report with this public id, or another project than its own.'),
            '409': { description: 'The data id is stale, as for `/api/data/...`.' },
            '429': errorResponse('Too many requests from this address.'),
          },
        },
      },
      '/api/public-reports/{publicId}/attachments/{attachmentId}': {
        get: {
          summary: "A file a published report shows: an image of its image tours, or its cover's logo",
          security: [{}],
          parameters: [
            { name: 'publicId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
            { name: 'attachmentId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
          ],
          responses: {
            '200': { description: 'The file.', content: { '*/*': {} } },
            '404': errorResponse(
              "No published report with this public id, or a file it does not show (or that is not of the report's project or its cover's organization).",
            ),
            '429': errorResponse('Too many requests from this address.'),
          },
        },
      },
      ...reportPdfOpenApiPaths(exportErrorResponse),
      ...reportScheduleOpenApiPaths(),
      '/api/docs': {
        get: {
          summary: 'This description',
          responses: { '200': { description: 'OpenAPI 3.1', content: { 'application/json': {} } } },
        },
      },
    },
  };
}

/** GET /api/docs: the OpenAPI description of the REST endpoints. */
export function registerOpenApiRoute(app: FastifyInstance) {
  const document = openApiDocument();
  app.get('/api/docs', async (_request, reply) => reply.header('cache-control', 'no-cache').send(document));
}
