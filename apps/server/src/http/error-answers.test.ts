import { unexpectedError } from '@olo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount } from '../testing/factories.ts';
import { testDatabases } from '../testing/test-databases.ts';
import { capturingLogger, startTestServer, TestClient, type TestServer } from '../testing/test-server.ts';

/** What an answer must never show: SQL, the failing relation, a stack frame. */
const leak = /select|from\s+"|relation|user_emails|integrations|sessions|\bat\s+\S+\s+\(|\.ts:\d+/i;

describe.each(testDatabases)('error answers on %s', (kind) => {
  let olo: TestServer;
  const log = capturingLogger();
  beforeAll(async () => {
    olo = await startTestServer(kind, {}, { logger: log.logger });
  });
  afterAll(() => olo?.close());

  /** Runs `provoke` with `table` renamed away, so that every query of it fails in the database itself. */
  async function withTableMissing<T>(table: string, provoke: () => Promise<T>): Promise<T> {
    const sql = olo.server.database.sql;
    await sql.unsafe(`alter table ${table} rename to ${table}_gone`);
    try {
      return await provoke();
    } finally {
      await sql.unsafe(`alter table ${table}_gone rename to ${table}`);
    }
  }

  /** The error line logged under `reference`, with the database's own message in it. */
  function loggedUnder(reference: string) {
    const lines = log.lines.filter((line) => line.reference === reference);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.level).toBe(50);
    return JSON.stringify(lines[0]);
  }

  it('answers a database error on an HTTP route with a reference in the caller’s language, and logs the error under it', async () => {
    for (const [acceptLanguage, text] of [
      ['sv-FI,sv;q=0.9,en;q=0.8', 'Oväntat fel på servern. Referens:'],
      ['en-GB', 'Unexpected error on the server. Reference:'],
      [undefined, 'Odottamaton virhe palvelimella. Viite:'],
    ] as const) {
      const response = await withTableMissing('integrations', () =>
        fetch(`${olo.url}/api/ingest/tts`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${'t'.repeat(32)}`,
            'content-type': 'application/json',
            ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}),
          },
          body: '{}',
        }),
      );
      expect(response.status).toBe(500);
      const answer = await response.text();
      expect(answer).not.toMatch(leak);
      const body = JSON.parse(answer) as { error: string; code: string; reference: string };
      expect(body.reference).toMatch(/^[0-9a-f]{12}$/);
      expect(body).toEqual({
        error: `${text} ${body.reference}`,
        code: 'INTERNAL_SERVER_ERROR',
        reference: body.reference,
      });
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(loggedUnder(body.reference)).toMatch(/integrations/);
    }
  });

  it('keeps the clear message of a request the server refuses (malformed JSON), without a reference', async () => {
    const response = await fetch(`${olo.url}/api/ingest/tts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${'t'.repeat(32)}`, 'content-type': 'application/json' },
      body: '{"uplink":',
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; reference?: string };
    expect(body.error).toMatch(/JSON/);
    expect(body.reference).toBeUndefined();
  });

  it('masks a database error in a GraphQL resolver as "Unexpected error." with the reference it was logged under', async () => {
    const client = new TestClient(olo.url);
    await registerAccount(client);
    const response = await withTableMissing('user_emails', () =>
      client.fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': client.cookies.get('olo_csrf') ?? '' },
        body: JSON.stringify({ query: '{ currentUser { id emails { email } } }' }),
      }),
    );
    const answer = await response.text();
    expect(answer).not.toMatch(leak);
    const body = JSON.parse(answer) as {
      errors: Array<{ message: string; extensions: { code: string; reference: string } }>;
    };
    expect(body.errors).toHaveLength(1);
    const [error] = body.errors;
    expect(error?.message).toBe(unexpectedError);
    expect(error?.extensions.code).toBe('INTERNAL_SERVER_ERROR');
    expect(error?.extensions.reference).toMatch(/^[0-9a-f]{12}$/);
    expect(loggedUnder(error?.extensions.reference ?? '')).toMatch(/user_emails/);
  });

  it('masks a database error while opening a subscription (its context) over the websocket', async () => {
    const client = new TestClient(olo.url);
    await registerAccount(client);
    const socket = client.websocket();
    try {
      const outcome = await withTableMissing(
        'sessions',
        () =>
          new Promise<unknown>((resolve) => {
            socket.on('closed', (event) => resolve({ closed: (event as { reason?: string }).reason }));
            socket.subscribe(
              { query: 'subscription { currentUserUpdated { id } }' },
              { next: resolve, error: resolve, complete: () => {} },
            );
          }),
      );
      const answer = JSON.stringify(outcome);
      expect(answer).not.toMatch(leak);
      const [error] = outcome as Array<{ message: string; extensions: { code: string; reference: string } }>;
      expect(error?.message).toBe(unexpectedError);
      expect(error?.extensions.code).toBe('INTERNAL_SERVER_ERROR');
      expect(loggedUnder(error?.extensions.reference ?? '')).toMatch(/sessions/);
    } finally {
      await socket.dispose();
    }
  });
});
