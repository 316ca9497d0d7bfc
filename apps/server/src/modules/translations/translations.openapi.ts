import { languages } from '@olo/shared';

/** `GET /api/translations/{language}` in the OpenAPI document (http/openapi.ts gathers the routes). */
export function translationsOpenApiPaths(errorResponse: (description: string) => object) {
  return {
    '/api/translations/{language}': {
      get: {
        summary: "The site admins' overrides of the web app's texts in a language",
        description:
          'Public. `overrides` maps a UI key (the English sentence) to the text shown instead of the shipped one; the web app merges them at load. no-cache, with an ETag.',
        security: [{}],
        parameters: [
          { name: 'language', in: 'path', required: true, schema: { type: 'string', enum: [...languages] } },
          { name: 'If-None-Match', in: 'header', required: false, schema: { type: 'string' } },
        ],
        responses: {
          '200': {
            description: 'The overrides, with ETag and Cache-Control: no-cache.',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['language', 'overrides'],
                  properties: {
                    language: { type: 'string' },
                    overrides: { type: 'object', additionalProperties: { type: 'string' } },
                  },
                },
              },
            },
          },
          '304': { description: 'Unchanged since the ETag given in If-None-Match.' },
          '400': errorResponse('Not one of the languages.'),
        },
      },
    },
  };
}
