import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy of every answer (decision 0051). Scripts only from this origin, so
 * an injected `<script>` or event handler never runs; styles may be inline because Mantine writes
 * its CSS variables as `<style>` elements and uPlot and React set `style`; images also from
 * `data:`/`blob:` (icons in the CSS, drawn charts) and https (images in a project's Markdown);
 * `connect-src` lists the websocket origin of GraphQL subscriptions for browsers whose `'self'`
 * does not cover ws(s); no page of another site may frame Olo.
 */
export function contentSecurityPolicy(publicUrl: string): string {
  const origin = new URL(publicUrl);
  const websocketOrigin = `${origin.protocol === 'https:' ? 'wss' : 'ws'}://${origin.host}`;
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self' ${websocketOrigin}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** One year: browsers keep to https for that long after an answer over https. */
export const hstsMaxAgeSeconds = 365 * 24 * 60 * 60;

/**
 * Security headers on every answer (pages, assets, GraphQL, the APIs, errors and 404s), set in
 * onSend so that error answers carry them too; a route that sets one of them itself keeps its own.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { publicUrl: string }): void {
  const headers: Record<string, string> = {
    'content-security-policy': contentSecurityPolicy(options.publicUrl),
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    // Paths can hold secrets (a public link's id, a reset token), so no other site is told them.
    'referrer-policy': 'same-origin',
  };
  if (options.publicUrl.startsWith('https:')) {
    // Without includeSubDomains: other hosts of the operator's domain may not have https.
    headers['strict-transport-security'] = `max-age=${hstsMaxAgeSeconds}`;
  }
  app.addHook('onSend', async (_request, reply, payload) => {
    for (const [name, value] of Object.entries(headers)) {
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
    return payload;
  });
}
