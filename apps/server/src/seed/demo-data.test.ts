import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishToIngest, startDemoSimulation } from '../simulator/simulation.ts';
import { testDatabases } from '../testing/test-databases.ts';
import { expectData, startTestServer, TestClient, type TestServer } from '../testing/test-server.ts';
import { demoAlarm, seedDemoAlarms } from './demo-alarms.ts';
import {
  demoDryingProject,
  demoOrganization,
  demoProject,
  demoPublicId,
  demoSubOrganization,
  demoUser,
  demoViewer,
  seedDemoData,
} from './demo-data.ts';
import { seedDemoMeters } from './demo-meters.ts';

describe.each(testDatabases)('demo data on %s', (kind) => {
  let olo: TestServer;
  beforeAll(async () => {
    olo = await startTestServer(kind);
  });
  afterAll(() => olo?.close());

  it('creates demo users, organizations, projects and spaces once, however often it runs', async () => {
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

    const children = await sql`select slug from organizations where parent_id = ${organizations[0]?.id}`;
    expect(children.map((row) => row.slug)).toEqual([demoSubOrganization.slug]);
    const spaces = await sql`
      select p.code, count(s.id)::int as spaces from projects p join spaces s on s.project_id = p.id
      group by p.code order by p.code`;
    expect(spaces.map((row) => ({ ...row }))).toEqual([
      { code: demoProject.code, spaces: 3 },
      { code: demoDryingProject.code, spaces: 2 },
    ]);

    // The viewer sees only the school project, without edit rights; the demo user administers both.
    const viewer = new TestClient(olo.url);
    await viewer.graphql('mutation L($u: String!, $p: String!) { login(username: $u, password: $p) { id } }', {
      u: demoViewer.username,
      p: demoViewer.password,
    });
    const viewed = expectData(
      await viewer.graphql<{ projects: Array<{ code: string; privileges: string[] }> }>(
        'query { projects { code privileges } }',
      ),
    );
    expect(viewed.projects).toEqual([
      { code: demoProject.code, privileges: ['view', 'viewAlarms', 'acknowledgeAlarms'] },
    ]);
    const anonymous = expectData(
      await new TestClient(olo.url).graphql<{ projectByPublicId: { name: string } }>(
        'query P($id: String!) { projectByPublicId(publicId: $id) { name } }',
        { id: demoPublicId },
      ),
    );
    expect(anonymous.projectByPublicId.name).toBe(demoProject.name);

    const client = new TestClient(olo.url);
    const login = await client.graphql<{ login: { isVerified: boolean } }>(
      'mutation L($u: String!, $p: String!) { login(username: $u, password: $p) { isVerified } }',
      { u: demoUser.username, p: demoUser.password },
    );
    expect(expectData(login).login.isVerified).toBe(true);
    const administered = expectData(
      await client.graphql<{ projects: Array<{ code: string; privileges: string[] }> }>(
        'query { projects { code privileges } }',
      ),
    );
    expect(administered.projects.map((project) => [project.code, project.privileges.includes('admin')])).toEqual([
      [demoDryingProject.code, true],
      [demoProject.code, true],
    ]);
  });

  it('puts the demo meters in the demo projects, and the simulation gives every demo series live values', async () => {
    const deps = { db: olo.server.database.db, accounts: olo.server.services.accounts };
    await seedDemoData(deps);
    expect(await seedDemoMeters(deps.db)).toEqual({ created: 5 });
    expect(await seedDemoMeters(deps.db)).toEqual({ created: 0 });
    expect(await seedDemoAlarms(deps.db)).toEqual({ created: true });
    expect(await seedDemoAlarms(deps.db)).toEqual({ created: false });

    const simulation = startDemoSimulation({ publish: publishToIngest(olo.server.services.ingest), historyHours: 1 });
    await simulation.historySent;
    await simulation.stop();
    const { sql } = olo.server.database;
    const rows = await sql`
      select p.code, count(s.id)::int as series, count(l.series_id)::int as with_values
      from series s join projects p on p.id = s.project_id left join series_latest l on l.series_id = s.id
      group by p.code order by p.code`;
    // Three classrooms with temperature, humidity and CO2; two stairwells with pressure difference and temperature.
    expect(rows.map((row) => ({ ...row }))).toEqual([
      { code: demoProject.code, series: 9, with_values: 9 },
      { code: demoDryingProject.code, series: 4, with_values: 4 },
    ]);
    const [co2] = await sql`
      select l.value from series_latest l join series s on s.id = l.series_id where s.data_type = 'CO2' limit 1`;
    expect(co2?.value).toBeGreaterThanOrEqual(350);
    expect(co2?.value).toBeLessThanOrEqual(2000);
    // The demo alarm watches the school's three CO2 series.
    const [alarm] = await sql<Array<{ series: number }>>`
      select count(distinct s.series_id)::int as series
      from alarms a join alarms_series s on s.alarm_id = a.id join series x on x.id = s.series_id
      where a.name = ${demoAlarm.name} and x.data_type = 'CO2'`;
    expect(alarm).toEqual({ series: 3 });
  });
});
