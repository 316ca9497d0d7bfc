import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The build's own step, so that the files served here are made as `npm run build` makes them.
import { precompress } from '../../../../scripts/precompress.mjs';
import { chooseContentEncoding } from './content-encoding.ts';
import { registerWebApp } from './web-app.ts';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'olo-web-app-'));
const dist = path.join(folder, 'dist');
const script = `export const rows = [${Array.from({ length: 400 }, (_, index) => `{ id: ${index}, name: "Luokka ${index}" }`).join(', ')}];\n`;
const indexHtml = `<!doctype html><html><head><title>Olo</title><script type="module" src="/assets/app-3f2a.js"></script></head><body>${'<div></div>'.repeat(200)}</body></html>`;
let app: FastifyInstance;

beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), indexHtml);
  fs.writeFileSync(path.join(dist, 'assets', 'app-3f2a.js'), script);
  fs.writeFileSync(path.join(dist, 'sw.js'), `self.addEventListener('fetch', () => {}); // ${'x'.repeat(600)}\n`);
  await precompress(dist, path.join(folder, 'cache'));
  app = Fastify();
  await registerWebApp(app, {
    distDir: dist,
    siteName: 'Olo',
    contactEmail: 'info@example.com',
    contactPhone: '+358 40 000 0000',
  });
});

afterAll(async () => {
  await app.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
const decoded = (encoding: string | undefined, body: Buffer) =>
  encoding === 'br'
    ? zlib.brotliDecompressSync(body).toString()
    : encoding === 'gzip'
      ? zlib.gunzipSync(body).toString()
      : body.toString();

describe('the built web app over HTTP', () => {
  it('sends an asset brotli-encoded to a browser that takes it, gzip to one that takes only gzip, else as it is', async () => {
    const answers = {
      br: await get('/assets/app-3f2a.js', { 'accept-encoding': 'gzip, deflate, br, zstd' }),
      gzip: await get('/assets/app-3f2a.js', { 'accept-encoding': 'gzip, deflate' }),
      identity: await get('/assets/app-3f2a.js'),
    };
    for (const [encoding, answer] of Object.entries(answers)) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
      expect(answer.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
      // A shared cache must not give one browser's encoding to another.
      expect(String(answer.headers.vary).toLowerCase()).toContain('accept-encoding');
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(decoded(answer.headers['content-encoding'] as string | undefined, answer.rawPayload)).toBe(script);
    }
    expect(answers.br.rawPayload.length).toBeLessThan(answers.gzip.rawPayload.length);
    expect(answers.gzip.rawPayload.length).toBeLessThan(script.length / 4);
    // Each encoding is its own representation: its own ETag, and a revalidation answers 304 only for the same one.
    const etags = new Set(Object.values(answers).map((answer) => answer.headers.etag));
    expect(etags.size).toBe(3);
    const again = await get('/assets/app-3f2a.js', {
      'accept-encoding': 'br',
      'if-none-match': String(answers.br.headers.etag),
    });
    expect(again.statusCode).toBe(304);
  });

  it('honours a refused encoding (q=0) and a wildcard', async () => {
    const noBrotli = await get('/assets/app-3f2a.js', { 'accept-encoding': 'br;q=0, gzip' });
    expect(noBrotli.headers['content-encoding']).toBe('gzip');
    const identityOnly = await get('/assets/app-3f2a.js', { 'accept-encoding': 'identity' });
    expect(identityOnly.headers['content-encoding']).toBeUndefined();
    expect(identityOnly.body).toBe(script);
    expect(chooseContentEncoding('*')).toBe('br');
    expect(chooseContentEncoding('*;q=0')).toBeUndefined();
    expect(chooseContentEncoding('gzip;q=0.5, br;q=0.4')).toBe('gzip');
  });

  it('sends index.html encoded for every page of the router, revalidated each time rather than kept', async () => {
    const page = await get('/home', { 'accept-encoding': 'br' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers.vary).toBe('Accept-Encoding');
    const html = decoded('br', page.rawPayload);
    expect(html).toContain('<script id="olo-config" type="application/json">');
    const plain = await get('/home');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(html);
    expect(plain.headers.etag).not.toBe(page.headers.etag);
    const unchanged = await get('/p/1', { 'accept-encoding': 'br', 'if-none-match': String(page.headers.etag) });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
  });

  it('answers a HEAD of a page as its GET, without the body (uptime checks and link previews ask so)', async () => {
    const head = await app.inject({ method: 'HEAD', url: '/login', headers: { 'accept-encoding': 'br' } });
    const page = await get('/login', { 'accept-encoding': 'br' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(head.headers.etag).toBe(page.headers.etag);
    expect(head.body).toBe('');
    expect((await app.inject({ method: 'HEAD', url: '/api/nothing' })).statusCode).toBe(404);
  });

  it('never serves the built index.html or its compressed copies without the configuration', async () => {
    for (const url of ['/index.html', '/index.html.br', '/index.html.gz']) {
      const answer = await get(url, { 'accept-encoding': 'br' });
      expect(answer.body).not.toContain('<title>Olo</title><script type="module"');
    }
  });

  it('sends the service worker encoded too, never cached without revalidation', async () => {
    const worker = await get('/sw.js', { 'accept-encoding': 'br' });
    expect(worker.headers['content-encoding']).toBe('br');
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(String(worker.headers.vary).toLowerCase()).toContain('accept-encoding');
  });
});
