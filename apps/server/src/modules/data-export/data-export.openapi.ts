import { dataExportFormats, dataSlotBounds } from '@olo/shared';

/** `GET /api/export/...` and `GET /api/exports/{exportId}` in the OpenAPI document (http/openapi.ts gathers them). */
export function dataExportOpenApiPaths(exportErrorResponse: (description: string) => object) {
  return {
    '/api/export/{projectId}.{format}': {
      get: {
        summary: 'What a summary view shows, as a CSV or XLSX file: one row per slot, one column per series',
        description:
          "The values are the web app's: the data API's slices of the range aggregated by the same code, rounded by the display rules (CO2 0 decimals, differential pressure 2, others 1). Times are the project's " +
          'wall clock. CSV is UTF-8 with a BOM; Finnish and Swedish use `;` and a decimal comma, English `,` and a point; the min, avg, max and count rows follow an empty line. XLSX has a values sheet (numbers, ' +
          'date cells, a frozen heading row) and a stats sheet. Access as the data API: members get every series, anybody while the project has a public link the series of its shown spaces. Errors are answered ' +
          'in `lang` (`message`).',
        security: [{}, { session: [] }],
        parameters: [
          { name: 'projectId', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } },
          { name: 'format', in: 'path', required: true, schema: { enum: [...dataExportFormats] } },
          {
            name: 'from',
            in: 'query',
            required: true,
            description: 'Start of the range, epoch milliseconds.',
            schema: { type: 'integer' },
          },
          {
            name: 'to',
            in: 'query',
            required: true,
            description: 'The last instant of the range (closed), epoch milliseconds; not before `from`.',
            schema: { type: 'integer' },
          },
          {
            name: 'slot',
            in: 'query',
            required: true,
            description: 'Slot length in seconds; it divides a day.',
            schema: { type: 'integer', minimum: dataSlotBounds.minSeconds, maximum: dataSlotBounds.maxSeconds },
          },
          { name: 'mode', in: 'query', required: false, schema: { enum: ['avg', 'min', 'max'], default: 'avg' } },
          {
            name: 'nulls',
            in: 'query',
            required: false,
            description: '1: every slot is a row, empty ones too; 0: slots without any value are left out.',
            schema: { enum: ['0', '1'], default: '0' },
          },
          {
            name: 'filters',
            in: 'query',
            required: false,
            description:
              "JSON of the data view's filters: `weekrange` ({ hours: [{ weekday, from, to }] }), `removeday` ({ day }), `removerange` ({ from, to }).",
            schema: { type: 'string', default: '[]' },
          },
          {
            name: 'lang',
            in: 'query',
            required: false,
            description: 'Language of headings, times, separators and error messages.',
            schema: { enum: ['fi', 'sv', 'en'], default: 'fi' },
          },
        ],
        responses: {
          '200': {
            description:
              'The file, as an attachment named `<project name>-<first day>-<last day>.<format>` (ASCII `filename` and RFC 5987 `filename*`).',
            content: {
              'text/csv': { schema: { type: 'string' } },
              'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
                schema: { type: 'string', format: 'binary' },
              },
            },
          },
          '400': exportErrorResponse(
            'Malformed input (a range that ends before it starts, bad filters, an unknown language) or more than 200,000 values.',
          ),
          '401': exportErrorResponse('Not signed in, and the project has no public link.'),
          '403': exportErrorResponse('Signed in without access, and the project has no public link.'),
          '404': exportErrorResponse('No such project.'),
        },
      },
    },
    '/api/exports/{exportId}': {
      get: {
        summary: 'A finished background export (GraphQL startDataExport), for the user who started it',
        description:
          'The file as `/api/export/{projectId}.{format}` gives it, written in the background. Only its owner gets it, while they may view the project and until it expires (24 hours after it was ready); anyone else, and an unfinished or expired export, gets 404.',
        security: [{ session: [] }],
        parameters: [{ name: 'exportId', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }],
        responses: {
          '200': {
            description: 'The file, as an attachment named `<project name>-<first day>-<last day>.<format>`.',
            content: {
              'text/csv': { schema: { type: 'string' } },
              'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
                schema: { type: 'string', format: 'binary' },
              },
            },
          },
          '401': exportErrorResponse('Not signed in.'),
          '403': exportErrorResponse('The owner no longer has access to the project.'),
          '404': exportErrorResponse("No such export, another user's, not ready yet or expired."),
        },
      },
    },
  };
}
