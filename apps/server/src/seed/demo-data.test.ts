import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/test-databases.ts';
import { expectData, startTestServer, TestClient, type TestServer } from '../testing/test-server.ts';
import { demoOrganization, demoProject, demoUser, seedDemoData } from './demo-data.ts';

describe.each(testDatabases)('demo data on %s', (kind) => {
  let olo: TestServer;
  beforeAll(async () => {
    olo = await startTestServer(kind);
  });
  afterAll(() => olo?.close());

  it('creates a demo user, organization and project once, however often it runs', async () => {
    const deps = { db: olo.server.database.db, accounts: olo.server.services.accounts };
    expect(await seedDemoData(deps)).toEqual({ created: true });
    expect(await seedDemoData(deps)).toEqual({ created: false });

    const { sql } = olo.server.database;
    const users = await sql`select username from users where username = ${demoUser.username}`;
    const organizations = await sql`select id, name from organizations where slug = ${demoOrganization.slug}`;
    const projects = await sql`select name, time_zone from projects where code = ${demoProject.code}`;
    expect(users).toHaveLength(1);
    expect(organizations.map((row) => row.name)).toEqual([demoOrganization.name]);
    expect(projects.map((row) => ({ ...row }))).toEqual([{ name: demoProject.name, time_zone: 'Europe/Helsinki' }]);

    const client = new TestClient(olo.url);
    const login = await client.graphql<{ login: { isVerified: boolean } }>(
      'mutation L($u: String!, $p: String!) { login(username: $u, password: $p) { isVerified } }',
      { u: demoUser.username, p: demoUser.password },
    );
    expect(expectData(login).login.isVerified).toBe(true);
  });
});
