import fs from 'node:fs';
import path from 'node:path';
import { exportUrl } from '@olo/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createProject, signedInClient } from '../../testing/factories.ts';
import { testDatabases } from '../../testing/test-databases.ts';
import { expectData, startTestServer, type TestClient, type TestServer } from '../../testing/test-server.ts';
import { ReadingsRepository, type SeriesValue } from '../ingest/readings.repository.ts';
import { housekeepingBatch, recalculationsKeptDays } from '../jobs/housekeeping.ts';
import { RecalculationTasksRepository } from '../recalculation/recalculation.repository.ts';

const zone = 'Europe/Helsinki';
// Four days of ten-minute values: 576 rows of two series at a ten-minute slot.
const from = Date.parse('2026-10-01T21:00:00Z');
const to = Date.parse('2026-10-05T20:59:59.999Z');

const start = `mutation S($input: StartDataExportInput!) {
  startDataExport(input: $input) { id status percent url }
}`;
const list = `query L($id: Int!) {
  project(id: $id) { dataExports { id status percent rowsDone rowsTotal url filename size error finishedAt } }
}`;

interface Listed {
  id: number;
  status: string;
  percent: number;
  rowsDone: number;
  rowsTotal: number | null;
  url: string | null;
  filename: string | null;
  size: number | null;
  error: string | null;
}

describe.each(testDatabases)('background exports on %s', (kind) => {
  let olo: TestServer;
  let owner: TestClient;
  let other: TestClient;
  let projectId: number;

  beforeAll(async () => {
    olo = await startTestServer(kind);
    ({ client: owner } = await signedInClient(olo.url));
    const second = await signedInClient(olo.url);
    other = second.client;
    const organization = await createOrganization(owner);
    projectId = (await createProject(owner, organization.id, { timeZone: zone, name: 'Koulu' })).id;
    const sql = olo.server.database.sql;
    // The second user is a member of the same project: they may export it, but not fetch the owner's file.
    await sql`insert into project_memberships (project_id, user_id) values (${projectId}, ${second.account.id}::uuid)`;
    const [space] = await sql<Array<{ id: number }>>`
      insert into spaces (project_id, name, show) values (${projectId}, 'Luokka', true) returning id`;
    const series = await sql<Array<{ id: number }>>`
      insert into series (project_id, space_id, name, data_type, data_unit)
      values (${projectId}, ${space?.id as number}, 'Lämpö', 'Temperature', '°C'),
             (${projectId}, ${space?.id as number}, 'CO2', 'CO2', 'ppm')
      returning id`;
    const values: SeriesValue[] = [];
    for (let t = from, i = 0; t <= to; t += 600_000, i++) {
      values.push({ seriesId: series[0]?.id as number, time: new Date(t), value: 20 + Math.sin(i / 9) });
      values.push({ seriesId: series[1]?.id as number, time: new Date(t), value: 400 + ((i * 31) % 300) });
    }
    const readings = new ReadingsRepository(sql);
    await readings.transaction(async (tx) => {
      await readings.ensureSeriesMonths(
        tx,
        values.map((value) => value.time),
      );
      await readings.insertSeriesValues(tx, values);
    });
  });
  afterAll(() => olo?.close());

  const query = { from, to, slot: 600, mode: 'avg' as const, nulls: false, filters: [], lang: 'fi' as const };

  async function listed(client: TestClient): Promise<Listed[]> {
    return expectData(await client.graphql<{ project: { dataExports: Listed[] } }>(list, { id: projectId })).project
      .dataExports;
  }

  /** Starts an export and polls its progress until it is done: the percents seen on the way. */
  async function runExport(format: 'csv' | 'xlsx'): Promise<{ row: Listed; seen: number[] }> {
    const { startDataExport } = expectData(
      await owner.graphql<{ startDataExport: { id: number; status: string; url: string | null } }>(start, {
        input: {
          projectId,
          format,
          ...query,
          from: new Date(from).toISOString(),
          to: new Date(to).toISOString(),
        },
      }),
    );
    expect(startDataExport).toMatchObject({ status: 'queued', url: null });
    const seen: number[] = [];
    const deadline = Date.now() + 20_000;
    for (;;) {
      const row = (await listed(owner)).find((item) => item.id === startDataExport.id) as Listed;
      seen.push(row.percent);
      if (row.status === 'done') return { row, seen };
      if (Date.now() > deadline) throw new Error(`export not done: ${JSON.stringify(row)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('writes a CSV in the background with its progress, and it downloads as the direct export does', async () => {
    const { row, seen } = await runExport('csv');
    // Progress only moves forward and ends at 100 with every row written.
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(row).toMatchObject({ percent: 100, rowsDone: 576, rowsTotal: 576, error: null });
    expect(row.filename).toBe('Koulu-2026-10-02-2026-10-05.csv');
    const direct = await owner.fetch(exportUrl({ projectId, format: 'csv', ...query }));
    const file = await owner.fetch(row.url as string);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('Koulu-2026-10-02-2026-10-05.csv');
    expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const body = Buffer.from(await file.arrayBuffer());
    expect(body.equals(Buffer.from(await direct.arrayBuffer()))).toBe(true);
    expect(row.size).toBe(body.length);
  });

  it('writes an Excel workbook with the same cells as the direct export', async () => {
    const { row } = await runExport('xlsx');
    const sheets = async (response: Response) => {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as never);
      return workbook.worksheets.map((sheet) => ({
        name: sheet.name,
        // The streaming writer leaves an empty text cell out: both are an empty cell to Excel.
        rows: sheet.getSheetValues().map((values) => JSON.stringify(values).replaceAll('""', 'null')),
      }));
    };
    const background = await sheets(await owner.fetch(row.url as string));
    const direct = await sheets(await owner.fetch(exportUrl({ projectId, format: 'xlsx', ...query })));
    expect(background.map((sheet) => sheet.name)).toEqual(['Arvot', 'Tilastot']);
    expect(background[0]?.rows).toHaveLength(578);
    expect(background).toEqual(direct);
  });

  it("keeps one user's export from another member of the project", async () => {
    const [mine] = await listed(owner);
    expect(mine?.url).toBeTruthy();
    expect(await listed(other)).toEqual([]);
    const response = await other.fetch(mine?.url as string);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { message: string }).message).toBe('Ei löytynyt');
    // Signed out: asked to sign in.
    expect((await fetch(new URL(mine?.url as string, olo.url))).status).toBe(401);
  });

  it('refuses a fourth unfinished export of a user, and an export beyond the bounds', async () => {
    const sql = olo.server.database.sql;
    const [user] = await sql<Array<{ user_id: string }>>`select user_id from data_exports limit 1`;
    await sql`
      insert into data_exports (project_id, user_id, format, language, request, expires_at)
      select ${projectId}, ${user?.user_id as string}::uuid, 'csv', 'fi', '{}'::jsonb, now() + interval '1 hour'
      from generate_series(1, 3)`;
    const input = {
      projectId,
      format: 'csv',
      ...query,
      from: new Date(from).toISOString(),
      to: new Date(to).toISOString(),
    };
    const refused = await owner.graphql(start, { input });
    expect(refused.errors?.[0]?.message).toBe(
      'You have too many exports under way: at most 3; wait until one is ready',
    );
    await sql`delete from data_exports where request = '{}'::jsonb`;
    const tooLarge = await owner.graphql(start, {
      input: { ...input, slot: 60, from: '2020-01-01T00:00:00Z', to: '2026-01-01T00:00:00Z' },
    });
    expect(tooLarge.errors?.[0]?.message).toMatch(/^The export is too large/);
    const badSlot = await owner.graphql(start, { input: { ...input, slot: 7 } });
    expect(badSlot.errors?.[0]?.message).toBe('Invalid input');
  });

  it('deletes an expired export with its file', async () => {
    const sql = olo.server.database.sql;
    const [mine] = await listed(owner);
    const [stored] = await sql<Array<{ file: string }>>`select file from data_exports where id = ${mine?.id as number}`;
    const filePath = path.join(olo.server.config.dataDir, 'exports', stored?.file as string);
    expect(fs.existsSync(filePath)).toBe(true);
    await sql`update data_exports set expires_at = now() - interval '1 second' where id = ${mine?.id as number}`;
    // Expired: gone from the list and from the download at once, before housekeeping runs.
    expect((await listed(owner)).map((row) => row.id)).not.toContain(mine?.id);
    expect((await owner.fetch(mine?.url as string)).status).toBe(404);
    expect(await olo.server.services.backgroundExports.deleteExpired()).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(filePath)).toBe(false);
    expect(await sql`select id from data_exports where id = ${mine?.id as number}`).toHaveLength(0);
  });

  it('housekeeping deletes recomputation records finished more than 30 days ago, and keeps newer ones', async () => {
    const sql = olo.server.database.sql;
    const [meter] = await sql<
      Array<{ id: number }>
    >`insert into meters (serial) values ('housekeeping-1') returning id`;
    const rows = await sql<Array<{ id: number }>>`
      insert into recalculations (meter_id, reason, status, finished_at)
      values (${meter?.id as number}, 'calibration', 'done', now() - interval '31 days'),
             (${meter?.id as number}, 'calibration', 'done', now() - interval '29 days'),
             (${meter?.id as number}, 'calibration', 'running', null)
      returning id`;
    const tasks = new RecalculationTasksRepository(sql);
    expect(await tasks.purgeFinished(recalculationsKeptDays, housekeepingBatch)).toBe(1);
    const left = await sql<Array<{ id: number }>>`
      select id from recalculations where meter_id = ${meter?.id as number} order by id`;
    expect(left.map((row) => row.id)).toEqual([rows[1]?.id, rows[2]?.id]);
  });
});
