import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

describe('the OpenAPI description at /api/docs', () => {
  let olo: TestServer;
  beforeAll(async () => {
    olo = await startTestServer('pglite');
  });
  afterAll(() => olo?.close());

  it('describes every REST route under /api that the server answers, and nothing it does not', async () => {
    const response = await fetch(`${olo.url}/api/docs`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(document.openapi).toBe('3.1.0');
    const documented = Object.entries(document.paths)
      .flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
      )
      .sort();
    // Fastify prints its routes as a tree: a nested line continues the path of the line above it.
    const parents: Array<{ depth: number; path: string }> = [];
    const served = olo.server.app
      .printRoutes({ commonPrefix: false })
      .split('\n')
      .flatMap((line) => {
        // A line's text continues its parent's path as is: `/`, then `api/docs`, or `api/attachments/:id`, then `/:name`.
        const match = /(?<=^|── )(\S+) \(([^)]+)\)/.exec(line);
        if (!match) return [];
        const depth = match.index;
        while ((parents.at(-1)?.depth ?? -1) >= depth) parents.pop();
        const path = `${parents.at(-1)?.path ?? ''}${match[1]}`;
        parents.push({ depth, path });
        if (!path.startsWith('/api/')) return [];
        // Fastify answers HEAD for every GET by itself.
        const methods = (match[2] as string).split(', ').filter((method) => method !== 'HEAD');
        return methods.map((method) => `${method} ${path}`);
      })
      .sort();
    expect(served.length).toBeGreaterThan(0);
    expect(documented).toEqual(served);
  });
});
