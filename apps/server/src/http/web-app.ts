import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { chooseContentEncoding, encodeEachWay } from './content-encoding.ts';

export interface WebAppOptions {
  distDir: string;
  siteName: string;
  /** The configured logo's address (`/site-logo?v=...`); undefined shows Olo's own mark. */
  siteLogoUrl?: string;
  contactEmail: string;
  contactPhone: string;
  /** The embedded broker's port, for the integration instructions; undefined with an external broker. */
  mqttPort?: number;
  /** Values above which the summary's export runs in the background (EXPORT_BACKGROUND_CELLS, decision 0100). */
  exportBackgroundCells?: number;
}

const escapeScript = (json: string) => json.replace(/</g, '\\u003c');

/**
 * Serves the built web app: hashed assets for a year, the service worker and index.html never
 * cached, and index.html (with the runtime configuration and site name written in) for every path
 * the router owns. Every file goes out brotli- or gzip-encoded when the browser takes it (the build
 * writes `.br` and `.gz` beside each file; index.html is encoded here once), with `Vary:
 * Accept-Encoding` and an ETag of its own in each encoding (decision 0163).
 */
export async function registerWebApp(app: FastifyInstance, options: WebAppOptions): Promise<void> {
  const indexPath = path.join(options.distDir, 'index.html');
  if (!fs.existsSync(indexPath)) {
    app.log.warn(`no web build at ${options.distDir}; run npm run build`);
    return;
  }
  const config = {
    siteName: options.siteName,
    siteLogoUrl: options.siteLogoUrl ?? null,
    contactEmail: options.contactEmail,
    contactPhone: options.contactPhone,
    mqttPort: options.mqttPort ?? null,
    // Unset: the web app's own default.
    exportBackgroundCells: options.exportBackgroundCells ?? null,
  };
  const indexHtml = fs
    .readFileSync(indexPath, 'utf8')
    .replace(/<title>.*?<\/title>/, `<title>${options.siteName.replace(/[<>&]/g, '')}</title>`)
    .replace(
      '</head>',
      // A JSON data block, not a script: the Content-Security-Policy runs no inline script.
      `<script id="olo-config" type="application/json">${escapeScript(JSON.stringify(config))}</script></head>`,
    );
  const index = encodeEachWay(indexHtml);

  await app.register(fastifyStatic, {
    root: options.distDir,
    index: false,
    preCompressed: true,
    // index.html is only ever sent with the configuration written in (below).
    // Vite's build manifest (.vite/) is for the build's own size report.
    allowedPath: (pathName) =>
      pathName !== '/index.html' && !pathName.startsWith('/index.html.') && !pathName.startsWith('/.vite/'),
    setHeaders: (res, filePath) => {
      const name = path.basename(filePath);
      if (filePath.includes(`${path.sep}assets${path.sep}`))
        res.header('Cache-Control', 'public, max-age=31536000, immutable');
      else if (name === 'sw.js' || name.startsWith('workbox-')) {
        res.header('Cache-Control', 'no-cache');
        res.header('Service-Worker-Allowed', '/');
      } else res.header('Cache-Control', 'no-cache');
    },
  });

  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
    const encoding = chooseContentEncoding(request.headers['accept-encoding']);
    const { body, etag } = index[encoding ?? 'identity'];
    reply.header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding').header('ETag', etag);
    if (request.headers['if-none-match']?.split(/\s*,\s*/).includes(etag)) return reply.code(304).send();
    if (encoding) reply.header('Content-Encoding', encoding);
    return reply.type('text/html; charset=utf-8').send(body);
  };
  app.get('/', sendIndex);
  app.setNotFoundHandler((request, reply) => {
    // HEAD as GET: Node sends a HEAD's headers only.
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      !path.extname(request.url.split('?')[0] ?? '');
    if (isPage) return sendIndex(request, reply);
    return reply.code(404).send({ error: 'Not found' });
  });
}
