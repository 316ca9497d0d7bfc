import { accountErrors } from '@olo/shared';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { rateLimitRules } from '../shared/rate-limits.ts';
import { testDatabases } from '../testing/test-databases.ts';
import { type GraphQLResponse, startTestServer, TestClient, type TestServer } from '../testing/test-server.ts';
import { fastifyTrustProxy } from './client-address.ts';

/** request.ip of a request from `remoteAddress` carrying `forwardedFor`, on a server with TRUST_PROXY=`trustProxy`. */
async function ipSeen(trustProxy: string | undefined, remoteAddress: string, forwardedFor?: string): Promise<string> {
  const app = Fastify({ trustProxy: fastifyTrustProxy(loadConfig({ TRUST_PROXY: trustProxy }).trustProxy) });
  app.get('/ip', async (request) => request.ip);
  try {
    const headers = forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor };
    return (await app.inject({ method: 'GET', url: '/ip', remoteAddress, headers })).body;
  } finally {
    await app.close();
  }
}

describe('the client address under TRUST_PROXY', () => {
  it('unset or false: the socket peer, whatever a client writes', async () => {
    expect(await ipSeen(undefined, '203.0.113.7', '127.0.0.1')).toBe('203.0.113.7');
    expect(await ipSeen('false', '203.0.113.7', '192.0.2.50, 127.0.0.1')).toBe('203.0.113.7');
  });

  it('addresses: the first address from the right that is not a listed proxy', async () => {
    const proxies = '10.0.0.5,10.0.0.6';
    // The proxy appended what it saw; the client wrote the rest, which is never read.
    expect(await ipSeen(proxies, '10.0.0.5', '127.0.0.1, 198.51.100.9')).toBe('198.51.100.9');
    expect(await ipSeen(proxies, '10.0.0.5', '192.0.2.50, 198.51.100.9, 10.0.0.6')).toBe('198.51.100.9');
    expect(await ipSeen(proxies, '::ffff:10.0.0.5', '198.51.100.9')).toBe('198.51.100.9');
    // A client reaching Olo past the proxies is its own address, whatever it forwards.
    expect(await ipSeen(proxies, '203.0.113.7', '127.0.0.1')).toBe('203.0.113.7');
    expect(await ipSeen('10.0.0.0/24', '10.0.0.17', '192.0.2.50, 198.51.100.9')).toBe('198.51.100.9');
    expect(await ipSeen('loopback', '127.0.0.1', '127.0.0.1, 198.51.100.9')).toBe('198.51.100.9');
  });

  it('a hop count: that many addresses from the right are proxies, the next is the client', async () => {
    expect(await ipSeen('1', '10.9.9.9', '127.0.0.1, 198.51.100.9')).toBe('198.51.100.9');
    expect(await ipSeen('2', '10.9.9.9', '127.0.0.1, 198.51.100.9, 10.0.0.6')).toBe('198.51.100.9');
    // Without a forwarded address, the socket peer.
    expect(await ipSeen('1', '203.0.113.7')).toBe('203.0.113.7');
  });
});

const login =
  'mutation Login($username: String!, $password: String!) { login(username: $username, password: $password) { id } }';

let attempt = 0;
/** A failed sign-in under a name of its own (so that only the per-IP count can refuse it). */
async function failLogin(client: TestClient): Promise<GraphQLResponse> {
  attempt += 1;
  return client.graphql(login, { username: `nobody-${attempt}`, password: 'wrong password' });
}

/** A client behind the proxy on loopback, which appended `proxySaw` to what the client wrote (`written`). */
function behindProxy(url: string, proxySaw: string, written?: string): TestClient {
  const client = new TestClient(url);
  client.headers['x-forwarded-for'] = written ? `${written}, ${proxySaw}` : proxySaw;
  return client;
}

describe.each(testDatabases)('per-IP sign-in limit behind a reverse proxy on %s', (kind) => {
  let olo: TestServer;
  // A tenth of the limits, so that a few sign-ins reach the per-IP limit.
  const factor = 0.1;
  const perIp = Math.floor(rateLimitRules.loginFailuresPerIp.limit * factor);
  beforeAll(async () => {
    olo = await startTestServer(kind, { TRUST_PROXY: '127.0.0.1', RATE_LIMIT_FACTOR: String(factor) });
  });
  afterAll(() => olo?.close());

  it('counts the address the proxy saw, however the client rotates or forges X-Forwarded-For', async () => {
    const attacker = '198.51.100.66';
    const victim = '192.0.2.50';
    for (let index = 0; index < perIp; index++) {
      // A different address each time, and the victim's: the proxy appends the attacker's own.
      const written = index % 2 === 0 ? `203.0.113.${index}` : victim;
      const answer = await failLogin(behindProxy(olo.url, attacker, written));
      expect(answer.errors?.[0]?.message).toBe(accountErrors.invalidCredentials);
    }
    const refused = await failLogin(behindProxy(olo.url, attacker, '203.0.113.250'));
    expect(refused.errors?.[0]).toMatchObject({ message: accountErrors.tooManyAttempts });
    // The victim's own address was never counted.
    const victimTries = await failLogin(behindProxy(olo.url, victim));
    expect(victimTries.errors?.[0]?.message).toBe(accountErrors.invalidCredentials);
  });

  it('counts a websocket by the address the proxy saw too', async () => {
    const attacker = '198.51.100.77';
    for (let index = 0; index < perIp; index++) {
      const socket = behindProxy(olo.url, attacker, `203.0.113.${index}`).websocket();
      try {
        const answer = await new Promise<{ errors?: ReadonlyArray<{ message: string }> }>((resolve, reject) => {
          attempt += 1;
          socket.subscribe(
            { query: login, variables: { username: `nobody-${attempt}`, password: 'wrong password' } },
            { next: resolve, error: reject, complete: () => {} },
          );
        });
        expect(answer.errors?.[0]?.message).toBe(accountErrors.invalidCredentials);
      } finally {
        await socket.dispose();
      }
    }
    // Over HTTP from the same address, the limit is spent; from another, it is not.
    expect((await failLogin(behindProxy(olo.url, attacker))).errors?.[0]?.message).toBe(accountErrors.tooManyAttempts);
    expect((await failLogin(behindProxy(olo.url, '198.51.100.78'))).errors?.[0]?.message).toBe(
      accountErrors.invalidCredentials,
    );
  });
});
