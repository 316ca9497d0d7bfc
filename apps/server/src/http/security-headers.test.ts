import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/test-databases.ts';
import { startTestServer, TestClient, type TestServer } from '../testing/test-server.ts';
import { hstsMaxAgeSeconds } from './security-headers.ts';

const metricsToken = 'metrics-token-0123456789';

/** A web build as Vite writes it: index.html loading a hashed module, an asset, the service worker. */
function fakeWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'olo-web-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>Olo</title><script type="module" crossorigin src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc.js'), 'console.log("olo");');
  fs.writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  return dir;
}

function expectSecurityHeaders(response: Response, where: string) {
  const csp = response.headers.get('content-security-policy') ?? '';
  expect(csp, where).toContain("script-src 'self'");
  expect(csp, where).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(csp, where).toContain("frame-ancestors 'none'");
  expect(csp, where).toContain("object-src 'none'");
  expect(csp, where).toContain("connect-src 'self' wss://olo.example.com");
  expect(response.headers.get('x-frame-options'), where).toBe('DENY');
  expect(response.headers.get('x-content-type-options'), where).toBe('nosniff');
  expect(response.headers.get('referrer-policy'), where).toBe('same-origin');
  expect(response.headers.get('strict-transport-security'), where).toBe(`max-age=${hstsMaxAgeSeconds}`);
}

describe.each(testDatabases)('security headers and /metrics access on %s', (kind) => {
  let olo: TestServer;
  let webDist: string;
  beforeAll(async () => {
    webDist = fakeWebDist();
    olo = await startTestServer(kind, {
      PUBLIC_URL: 'https://olo.example.com',
      WEB_DIST: webDist,
      METRICS_TOKEN: metricsToken,
    });
  });
  afterAll(async () => {
    await olo?.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('sends them on a page, a static asset, the service worker, GraphQL, the APIs, a 404 and a 500', async () => {
    const client = new TestClient(olo.url);
    const page = await client.fetch('/p/some-project/summary');
    expect(page.headers.get('content-type')).toContain('text/html');
    expectSecurityHeaders(page, 'page');
    expectSecurityHeaders(await client.fetch('/'), 'front page');
    expectSecurityHeaders(await client.fetch('/assets/index-abc.js'), 'asset');
    expectSecurityHeaders(await client.fetch('/sw.js'), 'service worker');
    await client.graphql('query { currentUser { id } }');
    const graphql = await client.fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': client.cookies.get('olo_csrf') ?? '' },
      body: JSON.stringify({ query: '{ currentUser { id } }' }),
    });
    expect(graphql.status).toBe(200);
    expectSecurityHeaders(graphql, 'graphql');
    expectSecurityHeaders(await client.fetch('/graphql', { method: 'POST', body: '{}' }), 'graphql refused (CSRF)');
    expectSecurityHeaders(await client.fetch('/api/data/x/y/z/w'), 'data API error');
    expectSecurityHeaders(await client.fetch('/api/nothing-here'), 'API 404');
    expectSecurityHeaders(await client.fetch('/healthz'), 'health');

    const sql = olo.server.database.sql;
    await sql.unsafe('alter table integrations rename to integrations_gone');
    try {
      const failed = await client.fetch('/api/ingest/tts', {
        method: 'POST',
        headers: { authorization: `Bearer ${'t'.repeat(32)}`, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(failed.status).toBe(500);
      expectSecurityHeaders(failed, 'unexpected error');
    } finally {
      await sql.unsafe('alter table integrations_gone rename to integrations');
    }
  });

  it('serves the page with no inline script: the site configuration is a JSON data block', async () => {
    const html = await (await fetch(`${olo.url}/`)).text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1] ?? '');
    expect(scripts.length).toBeGreaterThan(1);
    for (const attributes of scripts) expect(attributes).toMatch(/\bsrc=|type="application\/json"/);
    const config = /<script id="olo-config" type="application\/json">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(JSON.parse(config)).toMatchObject({ siteName: 'Olo' });
  });

  it('serves /metrics off loopback only with the bearer METRICS_TOKEN', async () => {
    const outside = { method: 'GET' as const, url: '/metrics', remoteAddress: '203.0.113.7' };
    const refused = await olo.server.app.inject(outside);
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['www-authenticate']).toBe('Bearer');
    expect(refused.body).not.toContain('olo_http_requests_total');
    const wrong = await olo.server.app.inject({
      ...outside,
      headers: { authorization: 'Bearer not-the-token-at-all' },
    });
    expect(wrong.statusCode).toBe(401);
    const allowed = await olo.server.app.inject({ ...outside, headers: { authorization: `Bearer ${metricsToken}` } });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body).toContain('olo_http_requests_total');
    const loopback = await olo.server.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(loopback.statusCode).toBe(200);
  });
});

describe('/metrics without METRICS_TOKEN', () => {
  let olo: TestServer;
  beforeAll(async () => {
    olo = await startTestServer('pglite');
  });
  afterAll(() => olo?.close());

  it('answers loopback only, not a request a proxy on this machine forwarded, and sends no HSTS over http', async () => {
    const loopback = await olo.server.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '::1' });
    expect(loopback.statusCode).toBe(200);
    expect(loopback.headers['strict-transport-security']).toBeUndefined();
    const mapped = await olo.server.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '::ffff:127.0.0.1' });
    expect(mapped.statusCode).toBe(200);
    const outside = await olo.server.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '198.51.100.4' });
    expect(outside.statusCode).toBe(403);
    expect(outside.body).not.toContain('olo_http_requests_total');
    const proxied = await olo.server.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '198.51.100.4' },
    });
    expect(proxied.statusCode).toBe(403);
    const guessedToken = await olo.server.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '198.51.100.4',
      headers: { authorization: 'Bearer anything-at-all-here' },
    });
    expect(guessedToken.statusCode).toBe(403);
  });

  it('behind a trusted proxy never opens to an address written in a forwarding header, but does to the token', async () => {
    // One hop: a forged 127.0.0.1 is what request.ip says, so only the socket's own peer may decide.
    const behindProxy = await startTestServer('pglite', { TRUST_PROXY: '1', METRICS_TOKEN: metricsToken });
    try {
      const metrics = (headers: Record<string, string>) =>
        behindProxy.server.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1', headers });
      const forgeries: Array<Record<string, string>> = [
        { 'x-forwarded-for': '127.0.0.1' },
        { 'x-forwarded-for': '::1' },
        { 'x-forwarded-for': '198.51.100.4, 127.0.0.1' },
        { forwarded: 'for=127.0.0.1' },
      ];
      for (const forged of forgeries) {
        const answer = await metrics(forged);
        expect(answer.statusCode, JSON.stringify(forged)).toBe(401);
        expect(answer.body).not.toContain('olo_http_requests_total');
      }
      const scraper = await metrics({ 'x-forwarded-for': '198.51.100.4', authorization: `Bearer ${metricsToken}` });
      expect(scraper.statusCode).toBe(200);
      expect(scraper.body).toContain('olo_http_requests_total');
      // Loopback is the socket's own peer, never the forwarded address.
      expect((await metrics({})).statusCode).toBe(200);
      const outside = await behindProxy.server.app.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress: '198.51.100.4',
      });
      expect(outside.statusCode).toBe(401);
    } finally {
      await behindProxy.close();
    }
  });
});
