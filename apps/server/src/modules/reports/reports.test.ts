import { dataViewErrors, reportErrors } from '@olo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../testing/test-databases.ts';
import { expectData, TestClient } from '../../testing/test-server.ts';
import {
  type ContextData,
  cloneReport,
  createReport,
  issueOf,
  publicReport,
  type ReportData,
  type ReportsWorld,
  range,
  readReport,
  startReportsWorld,
  summaryOf,
} from './reports.testing.ts';

describe.each(testDatabases)('reports on %s', (kind) => {
  let world: ReportsWorld;

  beforeAll(async () => {
    world = await startReportsWorld(kind);
  });
  afterAll(() => world?.olo.close());

  it('saves with the version it read, and refuses a stale version without changing anything', async () => {
    const { owner, projectB, create, update, stored } = world;
    const { report } = await create(owner, { projectId: projectB, name: 'Syksy' });
    expect(report).toMatchObject({
      name: 'Syksy',
      content: { version: 1, elements: [] },
      dataslots: [],
      published: false,
      publicId: null,
      template: false,
      version: 1,
    });
    const content = { version: 1, elements: [{ id: 'title', kind: 'text', text: '{project.name}', style: 'title' }] };
    const saved = expectData(await update(owner, { id: report.id, version: 1, name: 'Syksy 2026', content }));
    expect(saved.updateReport).toMatchObject({ name: 'Syksy 2026', version: 2 });
    // Defaults filled in as stored.
    expect(saved.updateReport.content.elements[0]).toMatchObject({ repeatPerSpace: false, children: [] });

    // Another tab still holds version 1.
    const stale = await update(owner, {
      id: report.id,
      version: 1,
      name: 'Vanha',
      content: { version: 1, elements: [] },
    });
    expect(stale.errors?.[0]).toMatchObject({
      message: reportErrors.changedElsewhere,
      extensions: { code: 'CONFLICT' },
    });
    expect(await stored(report.id)).toMatchObject({ name: 'Syksy 2026', version: 2 });

    const reread = expectData(await owner.graphql<{ report: ReportData }>(readReport, { id: report.id })).report;
    expect(reread.content.elements).toHaveLength(1);
    expect(
      expectData(
        await owner.graphql<{ deleteReport: boolean }>('mutation D($id: Int!) { deleteReport(id: $id) }', {
          id: report.id,
        }),
      ).deleteReport,
    ).toBe(true);
    expect(expectData(await owner.graphql<{ report: null }>(readReport, { id: report.id })).report).toBeNull();
  });

  it('refuses oversized and hostile content with its message, and changes nothing', async () => {
    const { owner, projectB, create, update, stored } = world;
    const { report } = await create(owner, { projectId: projectB, name: 'Rajat' });
    const before = await stored(report.id);
    const text = (id: string) => ({ id, kind: 'text', text: 'x' });
    let nested: Record<string, unknown> = text('leaf');
    for (let depth = 0; depth < 6; depth++) nested = { ...text(`level${depth}`), children: [nested] };
    let deepJson: unknown = [];
    for (let depth = 0; depth < 200; depth++) deepJson = [deepJson];
    const javascriptLink = {
      id: 'intro',
      kind: 'richText',
      doc: {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [
              { type: 'text', text: 'Klikkaa', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] },
            ],
          },
        ],
      },
    };
    const refusals: Array<[Record<string, unknown>, string]> = [
      [
        { content: { version: 1, elements: Array.from({ length: 301 }, (_, index) => text(`t${index}`)) } },
        reportErrors.tooManyElements,
      ],
      [{ content: { version: 1, elements: [nested] } }, reportErrors.tooDeep],
      [{ content: { version: 1, elements: [{ ...text('deep'), extra: deepJson }] } }, reportErrors.tooDeep],
      [
        { content: { version: 1, elements: [{ ...text('big'), text: 'x'.repeat(600 * 1024) }] } },
        reportErrors.tooLarge,
      ],
      [{ content: { version: 1, elements: [javascriptLink] } }, reportErrors.invalidLink],
      [{ content: { version: 1, elements: [text('same'), text('same')] } }, reportErrors.duplicateElementId],
      [{ content: { version: 2, elements: [] } }, reportErrors.unsupportedVersion],
      [
        {
          dataslots: Array.from({ length: 21 }, (_, index) => ({
            id: `slot${index}`,
            name: `Jakso ${index}`,
            ...range,
            slot: 3600,
          })),
        },
        dataViewErrors.tooManyViews,
      ],
      // Against the stored start.
      [{ to: '2026-09-01T00:00:00Z' }, dataViewErrors.toBeforeFrom],
    ];
    for (const [fields, message] of refusals) {
      const response = await update(owner, { id: report.id, version: 1, ...fields });
      expect(response.errors?.[0]?.extensions?.code, message).toBe('BAD_USER_INPUT');
      expect(issueOf(response)).toBe(message);
    }
    expect(await stored(report.id)).toEqual(before);
  });

  it('opens a report stored under content version 0 (a bare array of elements)', async () => {
    const { owner, projectB, sql, update, stored } = world;
    const [row] = await sql()<Array<{ id: number }>>`
      insert into reports (project_id, name, content, from_at, to_at)
      values (${projectB}, 'Vanha raportti',
        ${JSON.stringify([{ kind: 'text', text: 'Otsikko', children: [{ kind: 'richText' }] }])}::jsonb,
        ${range.from}, ${range.to})
      returning id`;
    const report = expectData(await owner.graphql<{ report: ReportData }>(readReport, { id: row?.id })).report;
    expect(report.content.version).toBe(1);
    expect(report.content.elements).toMatchObject([
      { kind: 'text', text: 'Otsikko', children: [{ kind: 'richText', doc: { type: 'doc' } }] },
    ]);
    // Each element got an id, and saving the upgraded content back stores the current version.
    const id = report.content.elements[0]?.id as string;
    expect(id).toMatch(/^[A-Za-z0-9_-]+$/);
    expectData(await update(owner, { id: row?.id, version: 1, content: report.content }));
    expect((await stored(row?.id as number)).content).toMatchObject({ version: 1, elements: [{ id }] });
  });

  it('publishes under a new public id each time; the public view shows only what the report references', async () => {
    const { olo, owner, projectB, spaces, series, sql, create, update } = world;
    const { report } = await create(owner, { projectId: projectB, name: 'Julkinen' });
    expectData(
      await update(owner, {
        id: report.id,
        content: { version: 1, elements: [summaryOf('co2', { kind: 'all' }, 'CO2')] },
      }),
    );
    const [alarm] = await sql()<Array<{ id: string }>>`
      insert into alarms (project_id, name, range_end) values (${projectB}, 'CO2 yli 1200', 1200) returning id`;
    await sql()`insert into alarms_triggered (alarm_id, series_id, project_id, time, end_at, data, peak) values
      (${alarm?.id as string}, ${series.b101co2 as number}, ${projectB}, '2026-10-05T08:00:00Z', '2026-10-05T09:00:00Z', 1300, 1450),
      (${alarm?.id as string}, ${series.bHallTemp as number}, ${projectB}, '2026-10-05T08:00:00Z', null, 30, null)`;
    const anonymous = new TestClient(olo.url);

    const first = expectData(
      await owner.graphql<{ publishReport: ReportData }>(
        'mutation P($id: Int!) { publishReport(id: $id) { publicId published version } }',
        { id: report.id },
      ),
    ).publishReport;
    expect(first).toMatchObject({ published: true, version: 2 });
    const seen = expectData(
      await anonymous.graphql<{ publicReport: { context: ContextData } }>(publicReport, { publicId: first.publicId }),
    ).publicReport;
    expect(seen).toMatchObject({
      publicId: first.publicId,
      name: 'Julkinen',
      context: { projectName: 'Kirkonkylän koulu' },
    });
    // Only the shown spaces' CO2: not the hall's temperature, not the hidden attic's CO2.
    expect(seen.context.series).toEqual([{ id: series.b101co2, name: 'CO2' }]);
    expect(seen.context.spaces).toEqual([{ id: spaces.b101, name: ' luokka 101 ' }]);
    expect(seen.context.alarmEpisodes).toEqual([{ id: expect.any(String), seriesId: series.b101co2 }]);

    const second = expectData(
      await owner.graphql<{ publishReport: ReportData }>(
        'mutation P($id: Int!) { publishReport(id: $id) { publicId } }',
        { id: report.id },
      ),
    ).publishReport;
    expect(second.publicId).not.toBe(first.publicId);
    const old = await anonymous.graphql(publicReport, { publicId: first.publicId });
    expect(old.errors?.[0]).toMatchObject({ message: 'Not found', extensions: { code: 'NOT_FOUND' } });
    expectData(await anonymous.graphql(publicReport, { publicId: second.publicId }));

    const unpublished = expectData(
      await owner.graphql<{ unpublishReport: ReportData }>(
        'mutation U($id: Int!) { unpublishReport(id: $id) { publicId published } }',
        { id: report.id },
      ),
    ).unpublishReport;
    expect(unpublished).toEqual({ publicId: null, published: false });
    expect((await anonymous.graphql(publicReport, { publicId: second.publicId })).errors?.[0]?.message).toBe(
      'Not found',
    );
    expect((await anonymous.graphql(publicReport, { publicId: 'not-a-uuid' })).errors?.[0]?.message).toBe('Not found');
  });

  it("keeps a second tenant out of another's reports: no reading, writing, cloning out or in", async () => {
    const { owner, tenant, projectB, projectZ, sql, create, update, stored } = world;
    const { report } = await create(owner, { projectId: projectB, name: 'Salainen' });
    const { report: own } = await create(tenant, { projectId: projectZ, name: 'Oma' });
    const before = await stored(report.id);
    const denied = [
      await tenant.graphql(readReport, { id: report.id }),
      await tenant.graphql('query L($id: Int!) { reports(projectId: $id) { id } }', { id: projectB }),
      await update(tenant, { id: report.id, name: 'Minun' }),
      await tenant.graphql('mutation D($id: Int!) { deleteReport(id: $id) }', { id: report.id }),
      await tenant.graphql('mutation P($id: Int!) { publishReport(id: $id) { id } }', { id: report.id }),
      await tenant.graphql(cloneReport, { input: { id: report.id, projectId: projectZ } }),
      await tenant.graphql(cloneReport, { input: { id: own.id, projectId: projectB } }),
      await tenant.graphql(createReport, { input: { ...range, projectId: projectB, name: 'Tunkeutuja' } }),
    ];
    for (const response of denied) expect(response.errors?.[0]?.message).toBe('Permission denied');
    expect(await stored(report.id)).toEqual(before);
    const [count] = await sql()<
      Array<{ count: number }>
    >`select count(*)::int as count from reports where project_id = ${projectB} and name = 'Tunkeutuja'`;
    expect(count?.count).toBe(0);
  });
});
