import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createProject, signedInClient } from '../../testing/factories.ts';
import { testDatabases } from '../../testing/test-databases.ts';
import { expectData, startTestServer, type TestClient, type TestServer } from '../../testing/test-server.ts';

const ingestToken = 'series-language-test-token-0123456789';
const addMeter = 'mutation A($p: Int!, $m: Int!) { projectAddMeter(projectId: $p, meterId: $m) { name dataType } }';
const projectLanguage = 'query P($id: Int!) { project(id: $id) { language } }';
const updateProject = 'mutation U($input: UpdateProjectInput!) { updateProject(input: $input) { id language } }';

describe.each(testDatabases)('names of new series in the project language on %s', (kind) => {
  let olo: TestServer;
  let admin: TestClient;
  let organizationId: string;
  const sql = () => olo.server.database.sql;

  /** A meter of the organization that has sent CO2, temperature and humidity (decoded by The Things Stack). */
  async function meter(): Promise<number> {
    const serial = crypto.randomBytes(8).toString('hex');
    const response = await fetch(`${olo.url}/api/ingest/tts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ingestToken}` },
      body: JSON.stringify({
        end_device_ids: { device_id: `l-${serial}`, application_ids: { application_id: 'lang' }, dev_eui: serial },
        received_at: new Date().toISOString(),
        uplink_message: {
          f_port: 1,
          f_cnt: 1,
          frm_payload: 'AQ==',
          decoded_payload: { co2: 600, temperature: 21.5, humidity: 40 },
        },
      }),
    });
    expect(response.status).toBe(202);
    const [row] =
      await sql()`update meters set organization_id = ${organizationId} where serial = ${serial} returning id`;
    return row?.id as number;
  }

  async function seriesNamesOf(projectId: number): Promise<Record<string, string>> {
    const added = expectData(
      await admin.graphql<{ projectAddMeter: Array<{ name: string; dataType: string }> }>(addMeter, {
        p: projectId,
        m: await meter(),
      }),
    ).projectAddMeter;
    return Object.fromEntries(added.map((serie) => [serie.dataType, serie.name]));
  }

  beforeAll(async () => {
    olo = await startTestServer(kind, { INGEST_TOKEN: ingestToken });
    // A Swedish-speaking admin: the projects they make are Swedish unless they say otherwise.
    admin = (await signedInClient(olo.url, { language: 'sv' })).client;
    organizationId = (await createOrganization(admin)).id;
  });
  afterAll(() => olo?.close());

  it("names a meter's series by their measurement in the project's language, not in English", async () => {
    const swedish = (await createProject(admin, organizationId)).id;
    expect(
      expectData(await admin.graphql<{ project: { language: string } }>(projectLanguage, { id: swedish })),
    ).toEqual({ project: { language: 'sv' } });
    expect(await seriesNamesOf(swedish)).toEqual({ Temperature: 'Temperatur', Humidity: 'Luftfuktighet', CO2: 'CO2' });

    const finnish = (await createProject(admin, organizationId, { language: 'fi' })).id;
    expect(await seriesNamesOf(finnish)).toEqual({ Temperature: 'Lämpötila', Humidity: 'Kosteus', CO2: 'CO2' });

    // A project turned English names the next meter's series in English; those named before keep their names.
    expectData(await admin.graphql(updateProject, { input: { id: finnish, language: 'en' } }));
    expect(await seriesNamesOf(finnish)).toEqual({ Temperature: 'Temperature', Humidity: 'Humidity', CO2: 'CO2' });
    const names = await sql()`select name from series where project_id = ${finnish} order by id`;
    expect(names.map((row) => row.name)).toEqual(expect.arrayContaining(['Lämpötila', 'Kosteus', 'Temperature']));
  });

  it('refuses a language Olo has no texts in, changing nothing', async () => {
    const projectId = (await createProject(admin, organizationId, { language: 'fi' })).id;
    const answer = await admin.graphql(updateProject, { input: { id: projectId, language: 'de' } });
    expect(answer.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      issues: [{ path: 'language', message: 'Unknown language' }],
    });
    const created = await admin.graphql(
      'mutation C($input: CreateProjectInput!) { createProject(input: $input) { id } }',
      { input: { organizationId, name: 'Deutsch', language: 'de' } },
    );
    expect(created.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(
      expectData(await admin.graphql<{ project: { language: string } }>(projectLanguage, { id: projectId })),
    ).toEqual({ project: { language: 'fi' } });
    const [count] = await sql()`select count(*)::int as n from projects where name = 'Deutsch'`;
    expect(count?.n).toBe(0);
  });
});
