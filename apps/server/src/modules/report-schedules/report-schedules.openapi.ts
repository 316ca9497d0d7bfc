/** The one-click unsubscribe of scheduled reports in the OpenAPI document (http/openapi.ts gathers it). */
export function reportScheduleOpenApiPaths() {
  const token = { name: 'token', in: 'path', required: true, schema: { type: 'string', maxLength: 64 } };
  const page = (description: string) => ({ description, content: { 'text/html': { schema: { type: 'string' } } } });
  return {
    '/api/report-unsubscribe/{token}': {
      get: {
        summary: "A scheduled report's unsubscribe page, asking before it unsubscribes",
        description:
          "The link in a scheduled report's mail to an outside address (decision 0197). Only asks, with a button that posts to the same address, so that a mail scanner opening the link unsubscribes nobody. In the browser's language.",
        security: [{}],
        parameters: [token],
        responses: { '200': page('The question and its button.') },
      },
      post: {
        summary: "Unsubscribes an outside address from a report's schedule (RFC 8058 one-click)",
        description:
          'As mail programs post `List-Unsubscribe=One-Click` to the `List-Unsubscribe` address; the body is not read. No session or CSRF token: the token is the right. That address gets no more mail of that schedule. Rate limited per client address.',
        security: [{}],
        parameters: [token],
        responses: {
          '200': page('Unsubscribed (again, for a token already used).'),
          '404': page('No such token.'),
          '429': page('Too many requests from this address.'),
        },
      },
    },
  };
}
