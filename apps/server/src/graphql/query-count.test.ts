import { readdirSync, readFileSync } from 'node:fs';
import { type DefinitionNode, Kind, parse, print, visit } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createProject, signedInClient } from '../testing/factories.ts';
import { expectData, startTestServer, type TestClient, type TestServer } from '../testing/test-server.ts';

const webFeatures = new URL('../../../web/src/features/', import.meta.url);
let webDefinitions: Map<string, DefinitionNode> | undefined;

/** Every operation and fragment of the web app by name: as in codegen, a fragment may come from any feature's file. */
function webDefinitionsByName(): Map<string, DefinitionNode> {
  if (webDefinitions) return webDefinitions;
  const files = readdirSync(webFeatures, { recursive: true, encoding: 'utf8' }).filter((file) =>
    file.endsWith('.graphql'),
  );
  webDefinitions = new Map(
    files.flatMap((file) =>
      parse(readFileSync(new URL(file, webFeatures), 'utf8')).definitions.flatMap((definition) =>
        'name' in definition && definition.name ? [[definition.name.value, definition] as const] : [],
      ),
    ),
  );
  return webDefinitions;
}

/** One operation as the web app sends it, with the fragments it spreads; `file` is where the operation is. */
function webOperation(file: string, name: string): string {
  const byName = webDefinitionsByName();
  if (!readFileSync(new URL(file, webFeatures), 'utf8').includes(name)) throw new Error(`${name} is not in ${file}`);
  const wanted: DefinitionNode[] = [];
  const add = (definitionName: string) => {
    const definition = byName.get(definitionName);
    if (!definition || wanted.includes(definition)) return;
    wanted.push(definition);
    visit(definition, { FragmentSpread: (spread) => add(spread.name.value) });
  };
  add(name);
  return wanted.map((definition) => print({ kind: Kind.DOCUMENT, definitions: [definition] })).join('\n');
}

/**
 * What a project's pages ask: the shell (every tab), the live, summary and alarms tabs, the list of
 * projects and the dashboard of them; and, as a project admin, the series editor.
 */
const projectPage: Array<{
  file: string;
  name: string;
  /** The operation itself, for fields no page of the web app asks yet; otherwise `name` in `file`. */
  query?: string;
  variables: (projectId: number) => Record<string, unknown>;
  asAdmin?: boolean;
}> = [
  { file: 'projects/projects.graphql', name: 'ProjectShell', variables: (id: number) => ({ id }) },
  { file: 'live/live.graphql', name: 'ProjectLive', variables: (projectId: number) => ({ projectId }) },
  { file: 'summary/summary.graphql', name: 'ProjectSummary', variables: (projectId: number) => ({ projectId }) },
  { file: 'alarms/alarms.graphql', name: 'ProjectAlarms', variables: (projectId: number) => ({ projectId }) },
  { file: 'alarms/alarms.graphql', name: 'AlarmsTriggered', variables: (projectId: number) => ({ projectId }) },
  { file: 'projects/projects.graphql', name: 'ProjectList', variables: () => ({ filter: {} }) },
  { file: 'home/home.graphql', name: 'Dashboard', variables: () => ({}) },
  { file: 'series/series-edit.graphql', name: 'SeriesEdit', variables: (id: number) => ({ id }), asAdmin: true },
  {
    file: '',
    name: 'SeriesColorsAndLimits',
    query: `query SeriesColorsAndLimits($id: Int!) {
      project(id: $id) {
        colors { id } limits { id }
        spaces { id color { id } series { id color { id } limit { id } alarming } }
      }
    }`,
    variables: (id: number) => ({ id }),
  },
];

/**
 * SQL statements per operation of a project's pages, so that lists of projects, spaces, series and
 * alarms load through per-request loaders (issue 19, item 5): a project twice the size costs no
 * more statements.
 */
describe('SQL statements of a project page', () => {
  let olo: TestServer;
  let admin: TestClient;
  let viewer: TestClient;
  let viewerId: string;
  let organizationId: string;
  const statements: string[] = [];
  const sql = () => olo.server.database.sql;

  /** A project the viewer is a member of (viewing alarms), with `size` spaces, series, alarms and episodes. */
  async function projectOfSize(size: number): Promise<number> {
    const projectId = (await createProject(admin, organizationId)).id;
    await sql()`insert into project_memberships (project_id, user_id, can_view_alarms)
      values (${projectId}, ${viewerId}, true)`;
    for (let index = 0; index < size; index++) {
      const [space] = await sql()<Array<{ id: number }>>`
        insert into spaces (project_id, name) values (${projectId}, ${`Luokka ${index}`}) returning id`;
      const [series] = await sql()<Array<{ id: number }>>`
        insert into series (project_id, space_id, name, data_type, data_unit, color_id, limit_id)
        values (${projectId}, ${space?.id ?? null}, ${`CO2 ${index}`}, 'CO2', 'ppm',
          (select id from colors where organization_id is null order by id limit 1 offset ${index % 3}),
          (select id from limits where data_type = 'CO2' and ${index % 2 === 1} order by id limit 1))
        returning id`;
      await sql()`insert into series_latest (series_id, time, value) values (${series?.id ?? 0}, now(), ${400 + index})`;
      const alarm = expectData(
        await admin.graphql<{ createAlarm: { id: string } }>(
          'mutation A($input: CreateAlarmInput!) { createAlarm(input: $input) { id } }',
          {
            input: {
              projectId,
              rule: { name: `CO2 ${index}`, start: null, end: { value: 1200, inclusive: false } },
              seriesIds: [series?.id],
            },
          },
        ),
      ).createAlarm;
      await sql()`insert into alarms_actions (alarm_id, name, type, email) values (${alarm.id}, 'Mail', 'email', 'a@example.com')`;
      await sql()`insert into alarms_triggered (alarm_id, series_id, project_id, time, data)
        values (${alarm.id}, ${series?.id ?? 0}, ${projectId}, now(), 1500)`;
    }
    return projectId;
  }

  /** Statements of one request; the least of three, so that a background job's statement does not count. */
  async function statementsOf(client: TestClient, query: string, variables: Record<string, unknown>): Promise<number> {
    const counts: number[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      statements.length = 0;
      expectData(await client.graphql(query, variables));
      counts.push(statements.length);
    }
    return Math.min(...counts);
  }

  async function pageStatements(projectId: number): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const operation of projectPage) {
      counts[operation.name] = await statementsOf(
        operation.asAdmin ? admin : viewer,
        operation.query ?? webOperation(operation.file, operation.name),
        operation.variables(projectId),
      );
    }
    return counts;
  }

  beforeAll(async () => {
    olo = await startTestServer('pglite');
    ({ client: admin } = await signedInClient(olo.url));
    let account: { id: string };
    ({ client: viewer, account } = await signedInClient(olo.url));
    viewerId = account.id;
    organizationId = (await createOrganization(admin)).id;
    await sql()`insert into organization_memberships (organization_id, user_id) values (${organizationId}, ${viewerId})`;
    // Read after the set-up: postgres.js asks its options for `debug` at each query.
    sql().options.debug = (_connection, query) => void statements.push(query);
  });
  afterAll(() => olo?.close());

  it('does not grow with the spaces, series and alarms of a project, nor with the projects listed', async () => {
    const small = await pageStatements(await projectOfSize(3));
    await projectOfSize(3);
    const large = await pageStatements(await projectOfSize(6));
    const total = (counts: Record<string, number>) => Object.values(counts).reduce((sum, count) => sum + count, 0);
    console.info('statements of a project page', { small, large, totals: [total(small), total(large)] });
    expect(large).toEqual(small);
  });
});
