import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createProject, signedInClient } from '../../testing/factories.ts';
import { testDatabases } from '../../testing/test-databases.ts';
import { expectData, startTestServer, type TestClient, type TestServer } from '../../testing/test-server.ts';
import { type ContextData, type ReportsWorld, startReportsWorld } from './reports.testing.ts';

describe.each(testDatabases)('report contexts on %s', (kind) => {
  let world: ReportsWorld;

  beforeAll(async () => {
    world = await startReportsWorld(kind);
  });
  afterAll(() => world?.olo.close());

  it("gives the context's spaces and series with colours and limits, and the episodes of the report's and its data slots' ranges", async () => {
    const { owner, projectB, spaces, series, sql, create, update } = world;
    const [color] = await sql()<Array<{ id: number; color: string }>>`
      select id, color from colors where organization_id is null order by id limit 1`;
    await sql()`update spaces set color_id = ${color?.id as number} where id = ${spaces.bHall as number}`;
    const [limit] = await sql()<
      Array<{ id: number }>
    >`select id from limits where data_type = 'CO2' order by id limit 1`;
    await sql()`update series set limit_id = ${limit?.id as number} where id = ${series.b101co2 as number}`;
    const { report } = await create(owner, { projectId: projectB, name: 'Konteksti' });
    expectData(
      await update(owner, {
        id: report.id,
        dataslots: [
          { id: 'jan', name: 'Tammikuu', from: '2027-01-01T00:00:00Z', to: '2027-02-01T00:00:00Z', slot: 3600 },
        ],
      }),
    );
    const [alarm] = await sql()<Array<{ id: string }>>`
      insert into alarms (project_id, name, range_end) values (${projectB}, 'Konteksti', 1000) returning id`;
    const [inSlot] = await sql()<Array<{ id: string }>>`
      insert into alarms_triggered (alarm_id, series_id, project_id, time, end_at, data, peak)
      values (${alarm?.id as string}, ${series.bHiddenCo2 as number}, ${projectB}, '2027-01-10T00:00:00Z', '2027-01-10T02:00:00Z', 1100, 1250)
      returning id`;
    await sql()`insert into alarms_triggered (alarm_id, series_id, project_id, time, end_at, data, peak)
      values (${alarm?.id as string}, ${series.bHiddenCo2 as number}, ${projectB}, '2026-12-10T00:00:00Z', '2026-12-10T02:00:00Z', 1100, 1250)`;
    const context = expectData(
      await owner.graphql<{ report: { context: ContextData } }>(
        `query C($id: Int!) { report(id: $id) { context {
          projectId projectName organizationName timeZone dataId defaultSelect
          spaces { id name show color } series { id spaceId dataType dataUnit color limit { id } }
          alarmEpisodes { id alarmName seriesId time endAt peak }
        } } }`,
        { id: report.id },
      ),
    ).report.context;
    expect(context).toMatchObject({
      projectId: projectB,
      projectName: 'Kirkonkylän koulu',
      organizationName: 'Koulut',
      timeZone: 'Europe/Helsinki',
    });
    // Every space and series of the project, hidden ones too (the editor picks from them).
    expect(context.spaces).toContainEqual({ id: spaces.bHall, name: 'Sali', show: true, color: color?.color });
    expect(context.spaces).toContainEqual({ id: spaces.bHidden, name: 'Ullakko', show: false, color: null });
    expect(context.series).toContainEqual({
      id: series.b101co2,
      spaceId: spaces.b101,
      dataType: 'CO2',
      dataUnit: 'ppm',
      color: null,
      limit: { id: limit?.id },
    });
    const mine = (context.alarmEpisodes as Array<{ alarmName: string }>).filter(
      (item) => item.alarmName === 'Konteksti',
    );
    expect(mine).toEqual([
      {
        id: inSlot?.id,
        alarmName: 'Konteksti',
        seriesId: series.bHiddenCo2,
        time: '2027-01-10T00:00:00.000Z',
        endAt: '2027-01-10T02:00:00.000Z',
        peak: 1250,
      },
    ]);
  });
});

/** A list of reports with their contexts reads through loaders: more reports, spaces and series cost no more statements. */
describe('SQL statements of a list of reports', () => {
  let olo: TestServer;
  let admin: TestClient;
  let organizationId: string;
  const statements: string[] = [];
  const sql = () => olo.server.database.sql;
  const query = `query L($id: Int!) { reports(projectId: $id) {
    id content cover { id name }
    context { projectName organizationName timeZone spaces { id color } series { id color limit { id } }
      alarmEpisodes { id alarmName peak } }
  } }`;

  async function projectOfSize(size: number): Promise<number> {
    const projectId = (await createProject(admin, organizationId)).id;
    const [alarm] = await sql()<Array<{ id: string }>>`
      insert into alarms (project_id, name, range_end) values (${projectId}, 'CO2', 1200) returning id`;
    const [cover] = await sql()<Array<{ id: number }>>`
      insert into report_covers (organization_id, name, cover)
      values (${organizationId}, 'Kansi', '{"version":1,"logoAttachmentId":null,"elements":[]}'::jsonb) returning id`;
    for (let index = 0; index < size; index++) {
      const [space] = await sql()<Array<{ id: number }>>`
        insert into spaces (project_id, name, color_id)
        values (${projectId}, ${`Luokka ${index}`}, (select id from colors where organization_id is null order by id limit 1))
        returning id`;
      const [series] = await sql()<Array<{ id: number }>>`
        insert into series (project_id, space_id, name, data_type, limit_id)
        values (${projectId}, ${space?.id as number}, 'CO2', 'CO2', (select id from limits where data_type = 'CO2' order by id limit 1))
        returning id`;
      await sql()`insert into alarms_triggered (alarm_id, series_id, project_id, time, data)
        values (${alarm?.id as string}, ${series?.id as number}, ${projectId}, '2026-10-10T00:00:00Z', 1500)`;
      await sql()`insert into reports (project_id, name, content, from_at, to_at, cover_id, dataslots)
        values (${projectId}, ${`Raportti ${index}`}, '{"version":1,"elements":[]}'::jsonb,
          '2026-10-01T00:00:00Z', '2026-11-01T00:00:00Z', ${cover?.id as number},
          '[{"id":"s","name":"Jakso","from":"2026-12-01T00:00:00Z","to":"2026-12-02T00:00:00Z","slot":3600,"filters":[],"nulls":false,"mode":"avg"}]'::jsonb)`;
    }
    return projectId;
  }

  async function statementsOf(projectId: number): Promise<number> {
    const counts: number[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      statements.length = 0;
      const data = expectData(await admin.graphql<{ reports: unknown[] }>(query, { id: projectId }));
      expect(data.reports.length).toBeGreaterThan(0);
      counts.push(statements.length);
    }
    return Math.min(...counts);
  }

  beforeAll(async () => {
    olo = await startTestServer('pglite');
    ({ client: admin } = await signedInClient(olo.url));
    organizationId = (await createOrganization(admin)).id;
    sql().options.debug = (_connection, statement) => void statements.push(statement);
  });
  afterAll(() => olo?.close());

  it('does not grow with the reports listed, nor with the spaces, series and episodes of their project', async () => {
    const small = await statementsOf(await projectOfSize(2));
    const large = await statementsOf(await projectOfSize(6));
    // The session, the rights, the reports, and one statement per loaded field.
    expect(small).toBeGreaterThan(4);
    expect(large).toBe(small);
  });
});
