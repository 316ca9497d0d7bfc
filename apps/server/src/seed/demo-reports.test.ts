import path from 'node:path';
import {
  createPrintTemplateInput,
  parseReportContent,
  type ReportElementKind,
  reportCoverContentSchema,
  reportDataslotsSchema,
  reportReferencedSeries,
  walkReportElements,
} from '@olo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectDataBody } from '../modules/data/data.schema.ts';
import { testDatabases } from '../testing/test-databases.ts';
import { startTestServer, TestClient, type TestServer } from '../testing/test-server.ts';
import { seedDemoAlarms } from './demo-alarms.ts';
import { demoDryingProject, demoProject, seedDemoData } from './demo-data.ts';
import { seedDemoMeters } from './demo-meters.ts';
import {
  demoCover,
  demoDryingReport,
  demoFloorPlanPng,
  demoPrintTemplate,
  demoReportPublicId,
  demoSchoolReport,
  seedDemoReports,
} from './demo-reports.ts';

interface ReportRow {
  id: number;
  printtemplate_id: number | null;
  name: string;
  code: string;
  project_id: number;
  content: unknown;
  dataslots: unknown;
  from_at: Date | string;
  to_at: Date | string;
  public_id: string;
  published: boolean;
  template: boolean;
  summary: boolean;
  cover_id: number | null;
}

describe.each(testDatabases)('demo reports on %s', (kind) => {
  let olo: TestServer;
  const now = Date.parse('2026-11-18T10:30:00Z');
  const seed = () =>
    seedDemoReports({
      db: olo.server.database.db,
      attachmentsDir: path.join(olo.server.config.dataDir, 'attachments'),
      now,
    });
  const reportRows = () => olo.server.database.sql<ReportRow[]>`
    select r.*, p.code from reports r join projects p on p.id = r.project_id order by p.code`;

  beforeAll(async () => {
    olo = await startTestServer(kind);
    await seedDemoData({ db: olo.server.database.db, accounts: olo.server.services.accounts });
    await seedDemoMeters(olo.server.database.db);
    await seedDemoAlarms(olo.server.database.db);
  });
  afterAll(() => olo?.close());

  it('adds the cover, the school’s published template and the slab’s drying report once, however often it runs', async () => {
    expect(await seed()).toEqual({ created: true });
    expect(await seed()).toEqual({ created: false });
    const rows = await reportRows();
    expect(rows.map((row) => [row.code, row.name])).toEqual([
      [demoProject.code, demoSchoolReport.name],
      [demoDryingProject.code, demoDryingReport.name],
    ]);
    const covers = await olo.server.database.sql<Array<{ id: number; name: string; cover: unknown }>>`
      select id, name, cover from report_covers`;
    expect(covers.map((cover) => cover.name)).toEqual([demoCover.name]);
    expect(reportCoverContentSchema.safeParse(covers[0]?.cover).success).toBe(true);
    expect(rows.every((row) => row.cover_id === covers[0]?.id)).toBe(true);

    // The print template is as an admin could have saved it (nothing for the sanitizer to take out), and both use it.
    const templates = await olo.server.database.sql<
      Array<{ id: number; name: string; header: string; footer: string }>
    >`
      select id, name, header, footer from print_templates`;
    expect(templates.map((template) => template.name)).toEqual([demoPrintTemplate.name]);
    const saved = createPrintTemplateInput.parse({
      organizationId: '00000000-0000-4000-8000-000000000001',
      ...demoPrintTemplate,
    });
    expect([templates[0]?.header, templates[0]?.footer]).toEqual([saved.header, saved.footer]);
    expect(rows.every((row) => row.printtemplate_id === templates[0]?.id)).toBe(true);

    const [school, drying] = [...rows] as [ReportRow, ReportRow];
    expect(school).toMatchObject({ public_id: demoReportPublicId, published: true, template: true, summary: true });
    expect(drying).toMatchObject({ published: false, template: false, summary: true });
    // The last 30 days up to the local midnight of the seed's day (Helsinki, UTC+2 in November).
    expect(new Date(school.to_at).toISOString()).toBe('2026-11-17T22:00:00.000Z');
    expect(new Date(school.from_at).toISOString()).toBe('2026-10-18T21:00:00.000Z');
  });

  it('stores content that parses, with every kind of element, a section repeated per space and school hours', async () => {
    const [school, drying] = [...(await reportRows())] as [ReportRow, ReportRow];
    for (const row of [school, drying]) {
      const parsed = parseReportContent(row.content);
      expect(parsed.success, row.name).toBe(true);
      expect(reportDataslotsSchema.safeParse(row.dataslots).success).toBe(true);
    }
    const parsed = parseReportContent(school.content);
    if (!parsed.success) throw new Error(parsed.message);
    const kinds = new Set<ReportElementKind>();
    walkReportElements(parsed.data.elements, (element) => kinds.add(element.kind));
    expect([...kinds].sort()).toEqual(['dataTable', 'graph', 'imageTour', 'richText', 'summary', 'text']);
    // The drying report forecasts when the slab reaches its targets, fitted to a month of hand readings.
    const dryingContent = parseReportContent(drying.content);
    if (!dryingContent.success) throw new Error(dryingContent.message);
    expect(dryingContent.data.elements.find((element) => element.kind === 'dryingForecast')).toMatchObject({
      title: 'Kuivumisennuste',
      windowDays: 30,
    });
    const repeated = parsed.data.elements.find((element) => element.repeatPerSpace);
    expect(repeated?.children.map((child) => child.kind)).toEqual(['text', 'graph', 'summary']);
    const [slot] = reportDataslotsSchema.parse(school.dataslots);
    expect(slot).toMatchObject({ id: 'kouluaika', name: 'Kouluaika', slot: 3600 });
    expect(slot?.filters).toEqual([
      { type: 'weekrange', hours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, from: 8, to: 16 })) },
    ]);

    // It shows every series of the school's three spaces.
    const { sql } = olo.server.database;
    const spaces = await sql<Array<{ id: number; name: string; show: boolean }>>`
      select id, name, show from spaces where project_id = ${school.project_id}`;
    const series = await sql<Array<{ id: number; spaceId: number | null; dataType: string }>>`
      select id, space_id as "spaceId", data_type as "dataType" from series where project_id = ${school.project_id}`;
    const referenced = reportReferencedSeries(parsed.data, { spaces, series });
    expect(referenced.seriesIds.sort()).toEqual(series.map((item) => item.id).sort());
    expect(referenced.spaceIds.sort()).toEqual(spaces.map((space) => space.id).sort());
  });

  it('serves the school report’s floor plan and data at its public link to anybody', async () => {
    const [school] = [...(await reportRows())] as [ReportRow];
    const parsed = parseReportContent(school.content);
    if (!parsed.success) throw new Error(parsed.message);
    let floorPlanId = '';
    walkReportElements(parsed.data.elements, (element) => {
      if (element.kind === 'imageTour') floorPlanId = element.images[0]?.attachmentId ?? '';
    });
    const anonymous = new TestClient(olo.url);
    const image = await anonymous.fetch(`/api/public-reports/${demoReportPublicId}/attachments/${floorPlanId}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(demoFloorPlanPng());

    const [project] = await olo.server.database.sql<Array<{ dataId: string }>>`
      select data_id as "dataId" from projects where id = ${school.project_id}`;
    const data = await anonymous.fetch(
      `/api/public-reports/${demoReportPublicId}/data/${school.project_id}/2026-11/${project?.dataId}/3600`,
    );
    expect(data.status).toBe(200);
    const body = (await data.json()) as ProjectDataBody;
    expect(body.spaces.map((space) => space.name).sort()).toEqual(['Liikuntasali', 'Luokka 101', 'Luokka 102']);
    expect(body.series).toHaveLength(9);
  });
});
