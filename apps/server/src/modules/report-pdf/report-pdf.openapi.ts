/** A report's PDF routes in the OpenAPI document (http/openapi.ts gathers them). */
export function reportPdfOpenApiPaths(exportErrorResponse: (description: string) => object) {
  return {
    '/api/reports/{id}.pdf': {
      get: {
        summary: 'A report as PDF: its cover, then its pages with the print template’s header and footer',
        description:
          'The report as its document draws it (the same components as the editor and the public link), typeset for A4 in its orientation: the cover as page 1 without header and footer, then its elements with ' +
          "page breaks that never cut a graph, a table row or an image (tables repeat their header row), the print template's header and footer with its variables filled (without a template: the report's name " +
          "and page n / N), selectable text, and the title, author (the organization) and creation date. For anybody who may view the project's reports. Kept and served again while the report's version, its " +
          "project's data id, its cover, its print template and the language are unchanged (a report whose range has not settled is printed again after a minute); a site admin's `Cache-Control: no-cache` prints " +
          "it again. A render over 30 s fails with a clear message rather than a hung request. Each organization's PDFs wait in a queue of their own, taken in turn. Rate limited per account and per client " +
          'address. Errors are answered in `lang` (`message`).',
        security: [{ session: [] }],
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } },
          {
            name: 'lang',
            in: 'query',
            required: false,
            description: "The language of the report's own texts and of error messages; default the browser's.",
            schema: { enum: ['fi', 'sv', 'en'] },
          },
        ],
        responses: {
          '200': {
            description: 'The PDF, inline, named after the report.',
            content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
          },
          '401': exportErrorResponse('Not signed in.'),
          '403': exportErrorResponse("Not allowed to view the project's reports."),
          '400': exportErrorResponse('The report would print on more than 500 pages.'),
          '404': exportErrorResponse('No such report.'),
          '429': exportErrorResponse(
            "Too many requests from this account or address, the organization's share of the PDF queue is full, or the PDF renderer is busy.",
          ),
          '503': exportErrorResponse(
            'The render took longer than 30 s (PDF_TIMEOUT_MS), the PDF waited longer than PDF_QUEUE_WAIT_MS for the renderer, or Chromium is missing. A failed render is answered again for a minute while the report is unchanged.',
          ),
        },
      },
    },
    '/api/public-reports/{publicId}.pdf': {
      get: {
        summary: 'A published report as PDF, for anybody with its public link',
        description:
          "As `/api/reports/{id}.pdf`, with only what the public link shows. 404, as for an unknown id, while the report is unpublished and for a public id replaced by publishing again. Rate limited per client address, more strictly than the public link's data.",
        security: [{}],
        parameters: [
          { name: 'publicId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
          { name: 'lang', in: 'query', required: false, schema: { enum: ['fi', 'sv', 'en'] } },
        ],
        responses: {
          '200': {
            description: 'The PDF, inline, named after the report.',
            content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
          },
          '400': exportErrorResponse('The report would print on more than 500 pages.'),
          '404': exportErrorResponse('No report published under this id.'),
          '429': exportErrorResponse(
            "Too many requests from this address, the organization's share of the PDF queue is full, or the PDF renderer is busy.",
          ),
          '503': exportErrorResponse(
            'The render took longer than 30 s (PDF_TIMEOUT_MS), the PDF waited longer than PDF_QUEUE_WAIT_MS for the renderer, or Chromium is missing.',
          ),
        },
      },
    },
  };
}
