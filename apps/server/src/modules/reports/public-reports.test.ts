import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { type ReportContent, reportContentVersion } from '@olo/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachments, reportCovers, reports } from '../../db/tables/index.ts';
import { createOrganization, createProject, signedInClient } from '../../testing/factories.ts';
import { testDatabases } from '../../testing/test-databases.ts';
import { startTestServer, TestClient, type TestServer } from '../../testing/test-server.ts';
import type { ProjectDataBody } from '../data/data.schema.ts';
import { ReadingsRepository, type SeriesValue } from '../ingest/readings.repository.ts';

const png = (fill: number) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, fill)]);

/** Values every 10 minutes through October 2026, a different level per series. */
function valuesOf(seriesId: number, level: number): SeriesValue[] {
  const values: SeriesValue[] = [];
  for (let t = Date.parse('2026-09-30T12:00:00Z'), i = 0; t < Date.parse('2026-11-01T12:00:00Z'); t += 600_000, i++) {
    values.push({ seriesId, time: new Date(t), value: level + (i % 13) / 10 });
  }
  return values;
}

/** A response with its body read: an unread one would keep its connection, and so the server's closing, waiting. */
async function read(pending: Promise<Response>) {
  const response = await pending;
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes, json: () => JSON.parse(bytes.toString()) };
}

/** The report's range (4–20 October, Helsinki days) and its data slot's (26–27 October, UTC+2 by then). */
const reportRange = { from: new Date('2026-10-03T21:00:00Z'), to: new Date('2026-10-20T21:00:00Z') };
const schoolHoursLate = { from: '2026-10-25T22:00:00.000Z', to: '2026-10-27T22:00:00.000Z' };
const shownSpans = [
  { from: reportRange.from.getTime() / 1000, to: reportRange.to.getTime() / 1000 },
  { from: Date.parse(schoolHoursLate.from) / 1000, to: Date.parse(schoolHoursLate.to) / 1000 },
];

/** The slots of a body that overlap a time the report shows. */
function shownSlots(body: ProjectDataBody): Set<string> {
  const bounds = [...body.slots, body.to];
  return new Set(
    body.slots
      .filter((start, i) => shownSpans.some((span) => start < span.to && (bounds[i + 1] as number) > span.from))
      .map(String),
  );
}

describe.each(testDatabases)('a published report at its public link on %s', (kind) => {
  let olo: TestServer;
  let admin: TestClient;
  let anonymous: TestClient;
  let project: { id: number; dataId: string };
  let reportId: number;
  let publicId: string;
  const ids = { yard: 0, cellar: 0, attic: 0, yardTemperature: 0, yardHumidity: 0, cellarTemperature: 0, atticCo2: 0 };
  const files = { tour: '', unshown: '', otherProject: '', logo: '' };
  const db = () => olo.server.database.db;

  const dataPath = (base: string, period: string, slot: number, projectId = project.id) =>
    `${base}/${projectId}/${period}/${project.dataId}/${slot}`;
  const publicData = (period: string, slot: number, options: { publicId?: string; projectId?: number } = {}) =>
    read(
      anonymous.fetch(
        dataPath(`/api/public-reports/${options.publicId ?? publicId}/data`, period, slot, options.projectId),
      ),
    );
  const publicFile = (attachmentId: string, id = publicId) =>
    read(anonymous.fetch(`/api/public-reports/${id}/attachments/${attachmentId}`));

  beforeAll(async () => {
    olo = await startTestServer(kind);
    ({ client: admin } = await signedInClient(olo.url));
    anonymous = new TestClient(olo.url);
    const organization = await createOrganization(admin);
    const created = await createProject(admin, organization.id, { timeZone: 'Europe/Helsinki' });
    const other = await createProject(admin, organization.id, { timeZone: 'Europe/Helsinki' });
    const { sql } = olo.server.database;
    const spaces = await sql<Array<{ id: number }>>`
      insert into spaces (project_id, name, show)
      values (${created.id}, 'Piha', true), (${created.id}, 'Kellari', true), (${created.id}, 'Ullakko', true)
      returning id`;
    [ids.yard, ids.cellar, ids.attic] = spaces.map((row) => row.id) as [number, number, number];
    const series = await sql<Array<{ id: number }>>`
      insert into series (project_id, space_id, name, data_type, data_unit)
      values (${created.id}, ${ids.yard}, 'Lämpötila', 'Temperature', '°C'),
             (${created.id}, ${ids.yard}, 'Kosteus', 'Humidity', '%'),
             (${created.id}, ${ids.cellar}, 'Lämpötila', 'Temperature', '°C'),
             (${created.id}, ${ids.attic}, 'Hiilidioksidi', 'CO2', 'ppm')
      returning id`;
    [ids.yardTemperature, ids.yardHumidity, ids.cellarTemperature, ids.atticCo2] = series.map((row) => row.id) as [
      number,
      number,
      number,
      number,
    ];
    const stored = [
      ...valuesOf(ids.yardTemperature, 5),
      ...valuesOf(ids.yardHumidity, 60),
      ...valuesOf(ids.cellarTemperature, 12),
      ...valuesOf(ids.atticCo2, 500),
    ];
    const readings = new ReadingsRepository(sql);
    await readings.transaction(async (tx) => {
      await readings.ensureSeriesMonths(
        tx,
        stored.map((value) => value.time),
      );
      await readings.insertSeriesValues(tx, stored);
    });
    const [row] = await sql<
      Array<{ dataId: string }>
    >`select data_id as "dataId" from projects where id = ${created.id}`;
    project = { id: created.id, dataId: row?.dataId as string };

    // Stored as the upload route stores them (bytes under DATA_DIR/attachments named by id, and a row).
    const upload = async (target: { projectId?: number; organizationId?: string }, fill: number) => {
      const id = crypto.randomUUID();
      const directory = path.join(olo.server.config.dataDir, 'attachments');
      await fs.mkdir(directory, { recursive: true });
      await fs.writeFile(path.join(directory, id), png(fill));
      await db()
        .insert(attachments)
        .values({
          id,
          projectId: target.projectId ?? null,
          organizationId: target.organizationId ?? null,
          name: `kuva-${fill}.png`,
          contentType: 'image/png',
          size: png(fill).length,
        });
      return id;
    };
    files.tour = await upload({ projectId: project.id }, 1);
    files.unshown = await upload({ projectId: project.id }, 2);
    files.otherProject = await upload({ projectId: other.id }, 3);
    files.logo = await upload({ organizationId: organization.id }, 4);

    // The yard's temperature by selection, the cellar through a pin; the yard's humidity and the attic are not shown.
    const content: ReportContent = {
      version: reportContentVersion,
      elements: [
        {
          id: 'graph',
          kind: 'graph',
          repeatPerSpace: false,
          pageBreakBefore: false,
          title: null,
          series: [{ space: { kind: 'space', id: ids.yard, name: 'Piha' }, dataType: 'Temperature' }],
          data: { dataslotId: null, slot: null, mode: null, nulls: null, filters: null },
          groupBy: 'space',
          showLimits: true,
          children: [],
        },
        {
          id: 'tour',
          kind: 'imageTour',
          repeatPerSpace: false,
          pageBreakBefore: false,
          title: null,
          images: [
            {
              attachmentId: files.tour,
              caption: 'Kellari',
              pins: [{ space: { kind: 'space', id: ids.cellar, name: 'Kellari' }, x: 0.5, y: 0.5 }],
            },
            { attachmentId: files.otherProject, caption: 'Toisen projektin kuva', pins: [] },
          ],
          data: { dataslotId: null, slot: null, mode: null, nulls: null, filters: null },
          children: [],
        },
      ],
    };
    const [cover] = await db()
      .insert(reportCovers)
      .values({
        organizationId: organization.id,
        name: 'Kansi',
        cover: { version: reportContentVersion, logoAttachmentId: files.logo, elements: [] },
      })
      .returning();
    const [report] = await db()
      .insert(reports)
      .values({
        projectId: project.id,
        name: 'Lokakuu',
        content,
        ...reportRange,
        dataslots: [
          {
            id: 'late',
            name: 'Loppukuu',
            range: { kind: 'fixed', ...schoolHoursLate },
            filters: [],
            nulls: false,
            mode: 'avg',
            slot: 3600,
          },
        ],
        coverId: cover?.id,
        published: true,
      })
      .returning();
    reportId = report?.id as number;
    publicId = report?.publicId as string;
  });
  afterAll(() => olo?.close());

  it.each([
    ['2026-10', 3600],
    ['2026-10', 86_400],
    ['2026-10-15', 600],
    ['2026-10-20', 7200],
    ['2026-10-26', 3600],
  ])(
    'serves %s in %i s slots with only the referenced series and spaces, as /api/data gives them to a member',
    async (period, slot) => {
      const response = await publicData(period, slot);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const body = response.json() as ProjectDataBody;
      expect(body.series.map((item) => item.id).sort()).toEqual([ids.yardTemperature, ids.cellarTemperature].sort());
      expect(body.spaces.map((space) => space.name).sort()).toEqual(['Kellari', 'Piha']);
      const dataSeries = new Set(Object.values(body.data).flatMap((bySeries) => Object.keys(bySeries)));
      expect([...dataSeries].sort()).toEqual([String(ids.yardTemperature), String(ids.cellarTemperature)].sort());

      const member = (await (await admin.fetch(dataPath('/api/data', period, slot))).json()) as ProjectDataBody;
      expect(member.series.map((item) => item.id)).toContain(ids.yardHumidity);
      const shown = new Set([String(ids.yardTemperature), String(ids.cellarTemperature)]);
      // The member's values of the shown series in the slots the report's range and data slot touch.
      const inRange = shownSlots(member);
      const memberShown = Object.fromEntries(
        Object.entries(member.data)
          .filter(([start]) => inRange.has(start))
          .map(([start, bySeries]) => [
            start,
            Object.fromEntries(Object.entries(bySeries).filter(([seriesId]) => shown.has(seriesId))),
          ]),
      );
      expect(Object.keys(memberShown).length).toBeGreaterThan(0);
      expect(body.data).toEqual(memberShown);
      expect(body.slots).toEqual(member.slots);
      expect(body.series).toEqual(member.series.filter((item) => shown.has(String(item.id))));
    },
  );

  it('answers the days and months outside the report’s times with no values', async () => {
    for (const period of ['2026-09', '2026-10-22', '2026-10-31']) {
      const response = await publicData(period, 3600);
      expect(response.status).toBe(200);
      const body = response.json() as ProjectDataBody;
      expect(body.data).toEqual({});
      expect(body.series.map((item) => item.id).sort()).toEqual([ids.yardTemperature, ids.cellarTemperature].sort());
    }
    // The member has values there.
    const member = (await (await admin.fetch(dataPath('/api/data', '2026-10-22', 3600))).json()) as ProjectDataBody;
    expect(Object.keys(member.data).length).toBeGreaterThan(0);
  });

  it('answers 304 to the ETag it gave', async () => {
    const first = await publicData('2026-10', 3600);
    const etag = first.headers.get('etag') as string;
    const again = await read(
      anonymous.fetch(dataPath(`/api/public-reports/${publicId}/data`, '2026-10', 3600), {
        headers: { 'if-none-match': etag },
      }),
    );
    expect(again.status).toBe(304);
  });

  it('answers 404 for an unknown or malformed public id and for another project than the report’s', async () => {
    expect((await publicData('2026-10', 3600, { publicId: crypto.randomUUID() })).status).toBe(404);
    expect((await publicData('2026-10', 3600, { publicId: 'not-a-uuid' })).status).toBe(404);
    expect((await publicData('2026-10', 3600, { projectId: project.id + 1 })).status).toBe(404);
    expect((await publicFile(files.tour, crypto.randomUUID())).status).toBe(404);
  });

  it('serves the files its tours and cover show, and no other file of the project or another project’s', async () => {
    const tour = await publicFile(files.tour);
    expect(tour.status).toBe(200);
    expect(tour.headers.get('content-type')).toBe('image/png');
    expect(tour.bytes).toEqual(png(1));
    const logo = await publicFile(files.logo);
    expect(logo.status).toBe(200);
    expect(logo.bytes).toEqual(png(4));
    // Of the project, but no element shows it.
    expect((await publicFile(files.unshown)).status).toBe(404);
    // Named by the tour, but another project's file.
    expect((await publicFile(files.otherProject)).status).toBe(404);
    expect((await publicFile('not-a-uuid')).status).toBe(404);
  });

  it('answers 404 while unpublished, and for the old public id once published again under a new one', async () => {
    await db().update(reports).set({ published: false }).where(eq(reports.id, reportId));
    expect((await publicData('2026-10', 86_400)).status).toBe(404);
    expect((await publicFile(files.tour)).status).toBe(404);

    const renewed = crypto.randomUUID();
    await db().update(reports).set({ published: true, publicId: renewed }).where(eq(reports.id, reportId));
    expect((await publicData('2026-10', 86_400)).status).toBe(404);
    expect((await publicFile(files.tour)).status).toBe(404);
    expect((await publicData('2026-10', 86_400, { publicId: renewed })).status).toBe(200);
    expect((await publicFile(files.tour, renewed)).status).toBe(200);
    publicId = renewed;
  });

  it('follows a rolling period: its latest whole period is shown, the fixed range no longer, and nothing is immutable', async () => {
    // The last week lies after October: of October only the fixed data slot's days are still shown.
    await db()
      .update(reports)
      .set({ period: { kind: 'previousWeek', days: null } })
      .where(eq(reports.id, reportId));
    const lastWeek = await publicData('2026-10', 86_400);
    expect(lastWeek.status).toBe(200);
    const shownDays = Object.keys((lastWeek.json() as ProjectDataBody).data).map((start) => Number(start) * 1000);
    expect(shownDays).toEqual([Date.parse(schoolHoursLate.from), Date.parse(schoolHoursLate.from) + 86_400_000]);
    // A year back holds October again; the answer may change as the period moves, so it is revalidated.
    await db()
      .update(reports)
      .set({ period: { kind: 'lastDays', days: 366 } })
      .where(eq(reports.id, reportId));
    const lastYear = await publicData('2026-10', 86_400);
    expect(Object.keys((lastYear.json() as ProjectDataBody).data).length).toBeGreaterThan(0);
    expect(lastYear.headers.get('cache-control')).toBe('public, no-cache');
    await db().update(reports).set({ period: null }).where(eq(reports.id, reportId));
  });
});

describe('the public report routes’ rate limit', () => {
  let olo: TestServer;
  beforeAll(async () => {
    // publicReportPerIp: 3000 per 10 minutes, here 3.
    olo = await startTestServer('pglite', { RATE_LIMIT_FACTOR: '0.001' });
  });
  afterAll(() => olo?.close());

  it('refuses an address that asks too often, guessed ids included', async () => {
    const client = new TestClient(olo.url);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await read(
        client.fetch(`/api/public-reports/${crypto.randomUUID()}/attachments/${crypto.randomUUID()}`),
      );
      statuses.push(response.status);
    }
    expect(statuses).toEqual([404, 404, 404, 429]);
  });
});
