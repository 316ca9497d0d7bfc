import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FetchLike } from '../data-engine.ts';

export type DataAnswer = { status: number; body: unknown } | 'hang';

/**
 * A real HTTP server for the engine's tests, answering `GET /api/data/…` with the bodies `answer`
 * gives, and a fetch that counts requests on their way so that tests know when the network is quiet.
 */
export async function startDataServer(
  answer: (request: { projectId: number; period: string; dataId: string; slotSeconds: number }) => DataAnswer,
) {
  const requests: string[] = [];
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((request, response) => {
    const path = request.url ?? '';
    requests.push(path);
    const match = /^\/api\/data\/(\d+)\/([\d-]+)\/([^/]+)\/(\d+)(?:\?slots=\d+)?$/.exec(path);
    const answered = match
      ? answer({
          projectId: Number(match[1]),
          period: match[2] ?? '',
          dataId: match[3] ?? '',
          slotSeconds: Number(match[4]),
        })
      : { status: 404, body: { error: 'Not found' } };
    if (answered === 'hang') {
      hanging.add(response);
      return;
    }
    response.writeHead(answered.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answered.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  let active = 0;
  const calls: string[] = [];
  /** The global fetch; the body is read here, so that "no request active" means the engine has its answers. */
  const fetch: FetchLike = async (url, init) => {
    active++;
    calls.push(url.slice(baseUrl.length));
    try {
      const response = await globalThis.fetch(url, init);
      const text = await response.text();
      return { ok: response.ok, status: response.status, json: async () => JSON.parse(text) as unknown };
    } finally {
      active--;
    }
  };

  return {
    baseUrl,
    fetch,
    /** Paths asked for, in the order they arrived. */
    requests,
    /** Paths asked for, in the order the engine called fetch. */
    calls,
    get active() {
      return active;
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Real time passes (setImmediate is left real under the fake timers) until `condition` holds, and
 * still holds a turn later: the engine's continuations after an answer (the next request) run by then.
 */
export async function until(condition: () => boolean, what = 'condition'): Promise<void> {
  const deadline = performance.now() + 5000;
  for (;;) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    const held = condition();
    await nextTurn();
    if (held && condition()) return;
  }
}
