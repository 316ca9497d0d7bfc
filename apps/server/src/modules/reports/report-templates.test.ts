import { resolveReportElementView } from '@olo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createProject, signedInClient, uploadAttachment } from '../../testing/factories.ts';
import { testDatabases } from '../../testing/test-databases.ts';
import { expectData, startTestServer, TestClient, type TestServer } from '../../testing/test-server.ts';

const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

const createReport = `mutation Create($input: CreateReportInput!) {
  createReport(input: $input) {
    report { id content dataslots from to }
    unmapped { elementId spaceName dataType }
    attention { kind elementId name }
  }
}`;

interface Creation {
  report: { id: number; content: { elements: Array<Record<string, unknown>> }; dataslots: unknown[] };
  unmapped: Array<{ elementId: string; spaceName: string; dataType: string | null }>;
  attention: Array<{ kind: string; elementId: string | null; name: string | null }>;
}

// September 2026 for the template, November 2026 for the new report (Helsinki, both at local midnight).
const september = { from: '2026-08-31T21:00:00.000Z', to: '2026-09-30T21:00:00.000Z' };
const november = { from: '2026-10-31T22:00:00.000Z', to: '2026-11-30T22:00:00.000Z' };

describe.each(testDatabases)('a report made from a template on %s', (kind) => {
  let olo: TestServer;
  let owner: TestClient;
  let schoolId: number;
  let newProjectId: number;
  let templateId: number;
  const sql = () => olo.server.database.sql;

  async function spaceOf(projectId: number, name: string): Promise<number> {
    const [row] = await sql()<Array<{ id: number }>>`
      insert into spaces (project_id, name, show) values (${projectId}, ${name}, true) returning id`;
    return row?.id as number;
  }
  async function seriesOf(projectId: number, spaceId: number, dataType: string, unit: string): Promise<number> {
    const [row] = await sql()<Array<{ id: number }>>`
      insert into series (project_id, space_id, name, data_type, data_unit)
      values (${projectId}, ${spaceId}, ${dataType}, ${dataType}, ${unit}) returning id`;
    return row?.id as number;
  }
  /** A reading every six hours over the range. */
  async function readings(seriesId: number, range: { from: string; to: string }, value: number) {
    await sql()`select olo_series_data_months(array[date_trunc('month', ${range.from}::timestamptz at time zone 'UTC') at time zone 'UTC', date_trunc('month', ${range.to}::timestamptz at time zone 'UTC') at time zone 'UTC'])`;
    await sql()`insert into series_data (series_id, time, value)
      select ${seriesId}, time, ${value}
      from generate_series(${range.from}::timestamptz, ${range.to}::timestamptz - interval '1 second', interval '6 hours') as time`;
  }

  beforeAll(async () => {
    olo = await startTestServer(kind);
    ({ client: owner } = await signedInClient(olo.url));
    const organizationId = (await createOrganization(owner, { name: 'Koulut' })).id;
    schoolId = (await createProject(owner, organizationId, { name: 'Kallion koulu' })).id;
    newProjectId = (await createProject(owner, organizationId, { name: 'Kirkonkylän koulu' })).id;
    const schoolRoom = await spaceOf(schoolId, 'Luokka 1');
    const schoolGym = await spaceOf(schoolId, 'Liikuntasali');
    await seriesOf(schoolId, schoolRoom, 'CO2', 'ppm');
    const newRoom = await spaceOf(newProjectId, 'Luokka 1');
    const co2 = await seriesOf(newProjectId, newRoom, 'CO2', 'ppm');
    await seriesOf(newProjectId, newRoom, 'Volt', 'V');
    await readings(co2, november, 640);

    const upload = await uploadAttachment(
      owner,
      { projectId: schoolId },
      { name: 'pohja.png', type: 'image/png', bytes: png },
    );
    const [template] = await sql()<Array<{ id: number }>>`
      insert into reports (project_id, name, from_at, to_at, template, content, dataslots)
      values (${schoolId}, 'Sisäilma', ${september.from}::timestamptz, ${september.to}::timestamptz, true, ${JSON.stringify(
        {
          version: 1,
          elements: [
            { id: 'title', kind: 'text', style: 'title', text: '{report.name}: {project.name}' },
            { id: 'intro', kind: 'text', text: 'Kallion koulun luokat ja liikuntasali' },
            {
              id: 'rooms',
              kind: 'text',
              text: '{space.name}',
              repeatPerSpace: true,
              children: [{ id: 'graph', kind: 'graph', series: [{ space: { kind: 'current' }, dataType: null }] }],
            },
            {
              id: 'table',
              kind: 'dataTable',
              series: [{ space: { kind: 'space', id: schoolRoom, name: 'Luokka 1' }, dataType: 'CO2' }],
              data: { dataslotId: 'school' },
            },
            {
              id: 'plan',
              kind: 'imageTour',
              title: 'Pohjapiirros',
              images: [
                {
                  attachmentId: upload.body.id,
                  pins: [
                    { space: { kind: 'space', id: schoolRoom, name: 'Luokka 1' }, x: 0.2, y: 0.3 },
                    { space: { kind: 'space', id: schoolGym, name: 'Liikuntasali' }, x: 0.7, y: 0.3 },
                  ],
                },
              ],
            },
          ],
        },
      )}::jsonb, ${JSON.stringify([
        // As stored before ranges were relative: the template's own dates.
        { id: 'school', name: 'Kouluaika', ...september, filters: [], nulls: false, mode: 'avg', slot: 3600 },
        {
          id: 'lastweek',
          name: 'Viimeinen viikko',
          from: '2026-09-23T21:00:00.000Z',
          to: september.to,
          filters: [],
          nulls: false,
          mode: 'avg',
          slot: 3600,
        },
        {
          id: 'visit',
          name: 'Tarkastuskäynti',
          from: '2026-09-10T21:00:00.000Z',
          to: '2026-09-11T21:00:00.000Z',
          filters: [],
          nulls: false,
          mode: 'avg',
          slot: 3600,
        },
      ])}::jsonb)
      returning id`;
    templateId = template?.id as number;
  });
  afterAll(() => olo?.close());

  it('fits the new project: its slots follow the new range, and the notice lists what needs the author', async () => {
    const { createReport: made } = expectData(
      await owner.graphql<{ createReport: Creation }>(createReport, {
        input: { projectId: newProjectId, name: 'Marraskuu', templateId, ...november },
      }),
    );
    // The template's dates became relative: its whole range and its last week; a visit mid-month stays fixed.
    expect(made.report.dataslots).toEqual([
      expect.objectContaining({ id: 'school', range: { kind: 'whole' } }),
      expect.objectContaining({ id: 'lastweek', range: { kind: 'last', days: 7 } }),
      expect.objectContaining({
        id: 'visit',
        range: { kind: 'fixed', from: '2026-09-10T21:00:00.000Z', to: '2026-09-11T21:00:00.000Z' },
      }),
    ]);
    // The table of school hours reads November, where the new project has its readings.
    const table = made.report.content.elements.find((element) => element.id === 'table') as {
      data: { dataslotId: string; slot: null; mode: null; nulls: null; filters: null };
    };
    const report = { from: Date.parse(november.from), to: Date.parse(november.to), dataslots: made.report.dataslots };
    const view = resolveReportElementView(
      report as Parameters<typeof resolveReportElementView>[0],
      table.data,
      {},
      'Europe/Helsinki',
    );
    expect(view).toMatchObject({
      from: Date.parse(november.from),
      to: Date.parse(november.to),
      dataslotName: 'Kouluaika',
    });

    expect(made.unmapped).toEqual([]);
    expect(made.attention).toEqual([
      { kind: 'text', elementId: 'intro', name: 'Kallion koulun luokat ja liikuntasali' },
      { kind: 'imageTour', elementId: 'plan', name: 'Pohjapiirros' },
      { kind: 'pin', elementId: 'plan', name: 'Liikuntasali' },
      { kind: 'fixedDataslot', elementId: null, name: 'Tarkastuskäynti' },
      // September has no readings here; November (the range, school hours, the last week) has.
      { kind: 'noData', elementId: null, name: 'Tarkastuskäynti' },
    ]);
  });

  it('lists the range itself when the new project has no readings in it, and graphs of all types leave the battery out', async () => {
    const { createReport: made } = expectData(
      await owner.graphql<{ createReport: Creation }>(createReport, {
        input: {
          projectId: newProjectId,
          name: 'Tammikuu',
          templateId,
          from: '2027-01-01T00:00:00+02:00',
          to: '2027-02-01T00:00:00+02:00',
        },
      }),
    );
    expect(made.attention.filter((item) => item.kind === 'noData').map((item) => item.name)).toEqual([
      null,
      'Kouluaika',
      'Viimeinen viikko',
      'Tarkastuskäynti',
    ]);
    await owner.graphql('mutation P($id: Int!) { publishReport(id: $id) { id } }', { id: made.report.id });
    const published = expectData(
      await owner.graphql<{ report: { publicId: string } }>('query R($id: Int!) { report(id: $id) { publicId } }', {
        id: made.report.id,
      }),
    ).report;
    const { publicReport } = expectData(
      await new TestClient(olo.url).graphql<{
        publicReport: { context: { series: Array<{ name: string }> } };
      }>('query P($publicId: String!) { publicReport(publicId: $publicId) { context { series { name } } } }', {
        publicId: published.publicId,
      }),
    );
    // The graph of "all types" of Luokka 1 and the pin there: its CO2, not the meter's battery voltage.
    expect(publicReport.context.series.map((item) => item.name)).toEqual(['CO2']);
  });
});
