import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { registerAccount } from '../testing/factories.ts';
import { testDatabases } from '../testing/test-databases.ts';
import { expectData, startTestServer, TestClient, type TestServer } from '../testing/test-server.ts';
import { maxQueryDepth } from './query-limits.ts';
import { printSchemaFile, schemaFilePath } from './schema-file.ts';

it('the committed schema.graphql matches the code (run npm run schema:print after changing the schema)', () => {
  expect(fs.readFileSync(schemaFilePath, 'utf8')).toBe(printSchemaFile());
});

/** Collects the next `count` results of a subscription. */
function nextResults(client: ReturnType<TestClient['websocket']>, query: string, count: number) {
  const results: unknown[] = [];
  /** Resolves once `n` results have arrived. */
  const received = (n: number) =>
    new Promise<void>((resolve) => {
      const check = () => (results.length >= n ? resolve() : setTimeout(check, 10));
      check();
    });
  let ready!: () => void;
  const subscribed = new Promise<void>((resolve) => (ready = resolve));
  const done = new Promise<unknown[]>((resolve, reject) => {
    const dispose = client.subscribe(
      { query },
      {
        next: (value) => {
          results.push(value);
          if (results.length === count) {
            dispose();
            resolve(results);
          }
        },
        error: reject,
        complete: () => resolve(results),
      },
    );
  });
  client.on('connected', () => setTimeout(ready, 100));
  return { subscribed, done, received };
}

/** One query over a fresh websocket of `client`: its single result. */
async function overWebsocket(client: TestClient, query: string): Promise<{ data?: unknown; errors?: unknown[] }> {
  const socket = client.websocket();
  try {
    return await new Promise((resolve, reject) => {
      socket.subscribe({ query }, { next: (value) => resolve(value as never), error: reject, complete: () => {} });
    });
  } finally {
    await socket.dispose();
  }
}

describe.each(testDatabases)('GraphQL transport on %s', (kind) => {
  let olo: TestServer;
  beforeAll(async () => {
    olo = await startTestServer(kind);
  });
  afterAll(() => olo?.close());

  it('refuses a POST without the CSRF header, or with another value, with 403 and runs nothing', async () => {
    const client = new TestClient(olo.url);
    const register =
      'mutation { register(username: "csrfvictim", password: "long-enough", email: "csrf@example.com") { id } }';
    const missing = await client.graphql(register, {}, { csrf: false });
    expect(missing.status).toBe(403);
    const response = await client.fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': 'guessed' },
      body: JSON.stringify({ query: register }),
    });
    expect(response.status).toBe(403);
    const rows = await olo.server.database.sql`select 1 from users where username = 'csrfvictim'`;
    expect(rows).toHaveLength(0);
  });

  it('gives the CSRF cookie readable to scripts, SameSite=Lax', async () => {
    const response = await fetch(`${olo.url}/healthz`);
    const cookie = response.headers.getSetCookie().find((value) => value.startsWith('olo_csrf='));
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/HttpOnly/i);
  });

  it('rejects queries deeper or costlier than the limits before running them', async () => {
    const client = new TestClient(olo.url);
    let deep = 'name';
    for (let level = 0; level < maxQueryDepth + 2; level++) deep = `ofType { ${deep} }`;
    const tooDeep = await client.graphql(`query Deep { __type(name: "User") { fields { type { ${deep} } } } }`);
    expect(tooDeep.errors?.[0]?.message).toMatch(/depth/i);

    // Within the token limit: each spread of the fragment costs it again.
    const tooCostly = await client.graphql(
      `query Costly { currentUser { ${'...U '.repeat(400)} } } fragment U on User { id username emails { id email } }`,
    );
    expect(tooCostly.errors?.[0]?.message).toMatch(/cost/i);
    expect(tooCostly.data ?? null).toBeNull();
  });

  it('answers introspection only to a signed-in user, over HTTP and the websocket; __typename stays open', async () => {
    const notSignedIn = { message: 'Not signed in', extensions: { code: 'UNAUTHENTICATED' } };
    const introspections = [
      'query { __schema { queryType { name } types { name } } }',
      'query { __type(name: "User") { name fields { name } } }',
      'query { schema: __schema { queryType { name } } }',
      'query { ...Schema } fragment Schema on Query { __schema { types { name } } }',
      'query { __typename ...Schema } fragment Schema on Query { __type(name: "Query") { name } }',
    ];
    const anonymous = new TestClient(olo.url);
    for (const query of introspections) {
      const answer = await anonymous.graphql(query);
      expect(answer.errors?.[0], query).toMatchObject(notSignedIn);
      expect(answer.data ?? null, query).toBeNull();
    }
    expect(expectData(await anonymous.graphql('query { __typename }'))).toEqual({ __typename: 'Query' });
    expect((await overWebsocket(anonymous, introspections[0] ?? '')).errors?.[0]).toMatchObject(notSignedIn);
    expect(await overWebsocket(anonymous, 'query { __typename }')).toEqual({ data: { __typename: 'Query' } });

    const member = new TestClient(olo.url);
    await registerAccount(member);
    for (const query of introspections) expectData(await member.graphql(query));
    const schema = expectData(
      await member.graphql<{ __schema: { types: Array<{ name: string }> } }>(introspections[0] ?? ''),
    );
    expect(schema.__schema.types.map((type) => type.name)).toContain('PublicReport');
    const overSocket = (await overWebsocket(member, introspections[1] ?? '')) as {
      data?: { __type?: { name: string } };
    };
    expect(overSocket.data?.__type?.name).toBe('User');
  });

  it('masks unexpected errors but passes validation errors through', async () => {
    const client = new TestClient(olo.url);
    const unknownField = await client.graphql('query { currentUser { nope } }');
    expect(unknownField.errors?.[0]?.message).toContain('Cannot query field "nope"');
  });

  it('pushes currentUserUpdated over the websocket on changes, and null when the session ends', async () => {
    const client = new TestClient(olo.url);
    await registerAccount(client);
    const socket = client.websocket();
    const { subscribed, done, received } = nextResults(
      socket,
      'subscription { currentUserUpdated { name language } }',
      3,
    );
    await subscribed;
    expectData(await client.graphql('mutation { updateUser(name: "Live Name") { id } }'));
    await received(1);
    expectData(await client.graphql('mutation { updateUser(language: sv) { id } }'));
    // A change still being pushed when the session ends is answered with null instead.
    await received(2);
    expectData(await client.graphql('mutation { logout }'));
    expect(await done).toEqual([
      { data: { currentUserUpdated: { name: 'Live Name', language: 'fi' } } },
      { data: { currentUserUpdated: { name: 'Live Name', language: 'sv' } } },
      { data: { currentUserUpdated: null } },
    ]);
    await socket.dispose();
  });

  it('answers a subscription without a session with "Not signed in"', async () => {
    const client = new TestClient(olo.url);
    await client.fetch('/healthz');
    const socket = client.websocket();
    const result = await new Promise((resolve) => {
      socket.subscribe(
        { query: 'subscription { currentUserUpdated { id } }' },
        { next: resolve, error: resolve, complete: () => {} },
      );
    });
    expect(JSON.stringify(result)).toContain('Not signed in');
    await socket.dispose();
  });

  it('runs queries over the websocket with the session of the upgrade request', async () => {
    const client = new TestClient(olo.url);
    const account = await registerAccount(client);
    const socket = client.websocket();
    const result = await new Promise((resolve, reject) => {
      socket.subscribe({ query: '{ currentUser { username } }' }, { next: resolve, error: reject, complete: () => {} });
    });
    expect(result).toEqual({ data: { currentUser: { username: account.username } } });
    await socket.dispose();
  });

  it('closes a websocket without the graphql-transport-ws subprotocol with 4406', async () => {
    const ws = new WebSocket(`${olo.url.replace('http', 'ws')}/graphql`);
    const code = await new Promise<number>((resolve) => ws.on('close', (closeCode) => resolve(closeCode)));
    expect(code).toBe(4406);
  });

  it('refuses a websocket opened from another site', async () => {
    const ws = new WebSocket(`${olo.url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws', {
      headers: { origin: 'https://evil.example' },
    });
    const status = await new Promise<number | undefined>((resolve) => {
      ws.on('unexpected-response', (_request, response) => resolve(response.statusCode));
      ws.on('error', () => resolve(undefined));
    });
    expect(status).toBe(403);
  });
});
