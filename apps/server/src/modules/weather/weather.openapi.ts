import { dataSlotBounds } from '@olo/shared';

/** `GET /api/weather/{weatherId}/{period}` in the OpenAPI document (http/openapi.ts gathers the routes). */
export function weatherOpenApiPaths(errorResponse: (description: string) => object) {
  return {
    '/api/weather/{weatherId}/{period}': {
      get: {
        summary: "A weather source's observations aggregated into slots of a month or a day",
        description:
          'Per slot start (epoch seconds), per channel (temperature, humidity, dewPoint, absoluteHumidity, pressure, cloudiness, uvIndex, windSpeed, windDirection, gusts, rain, snow, snowDepth), [sum, min, max, count] in the unit the `channels` list gives. Viewers of a project using the source may read it, anybody while a public link shows it in a shown space. A period two days past its end that no backfill still fills is immutable; until then no-cache, with an ETag.',
        security: [{}, { session: [] }],
        parameters: [
          { name: 'weatherId', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } },
          {
            name: 'period',
            in: 'path',
            required: true,
            description: 'A month (YYYY-MM) or a day (YYYY-MM-DD) of `tz`.',
            schema: { type: 'string', pattern: '^\\d{4}-\\d{2}(-\\d{2})?$' },
          },
          {
            name: 'slot',
            in: 'query',
            required: false,
            description: 'Slot seconds (default 600); it divides a day.',
            schema: { type: 'integer', minimum: dataSlotBounds.minSeconds, maximum: dataSlotBounds.maxSeconds },
          },
          {
            name: 'tz',
            in: 'query',
            required: false,
            description: 'IANA time zone of the period (default Europe/Helsinki).',
            schema: { type: 'string' },
          },
          { name: 'If-None-Match', in: 'header', required: false, schema: { type: 'string' } },
        ],
        responses: {
          '200': {
            description: 'The aggregates, with ETag and Cache-Control.',
            content: { 'application/json': { schema: { type: 'object' } } },
          },
          '304': { description: 'Unchanged since the ETag given in If-None-Match.' },
          '400': errorResponse('A malformed period, slot length or time zone.'),
          '401': errorResponse('Not signed in, and no public link shows the source.'),
          '403': errorResponse('Signed in without access to a project using the source.'),
        },
      },
    },
  };
}
