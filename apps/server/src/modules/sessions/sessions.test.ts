import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount } from '../../testing/factories.ts';
import { testDatabases } from '../../testing/test-databases.ts';
import { expectData, startTestServer, TestClient, type TestServer } from '../../testing/test-server.ts';

describe.each(testDatabases)('sessions on %s', (kind) => {
  let olo: TestServer;
  beforeAll(async () => {
    olo = await startTestServer(kind);
  });
  afterAll(() => olo?.close());

  it('stops signing in once expired, and expired rows are purged while live ones stay', async () => {
    const expiring = new TestClient(olo.url);
    const expiringAccount = await registerAccount(expiring);
    const staying = new TestClient(olo.url);
    await registerAccount(staying);
    const { sql } = olo.server.database;
    await sql`update sessions set expires_at = now() - interval '1 second'
      where user_id = ${expiringAccount.id}`;

    const me = 'query { currentUser { username } }';
    expect(expectData(await expiring.graphql<{ currentUser: null }>(me)).currentUser).toBeNull();
    await olo.server.services.sessions.purgeExpired();
    expect(await sql`select 1 from sessions where user_id = ${expiringAccount.id}`).toHaveLength(0);
    expect(expectData(await staying.graphql<{ currentUser: { username: string } }>(me)).currentUser).not.toBeNull();
  });
});
