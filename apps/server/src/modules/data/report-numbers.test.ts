import {
  type AggregateOptions,
  aggregate,
  localMidnight,
  type ProjectDataBody,
  projectDataBodySchema,
  type ShareScale,
  seriesTimeShares,
  slotRows,
} from '@olo/data-engine';
import type { DataFilter, DataMode } from '@olo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createProject, signedInClient } from '../../testing/factories.ts';
import { testDatabases } from '../../testing/test-databases.ts';
import { startTestServer, type TestClient, type TestServer } from '../../testing/test-server.ts';
import { ReadingsRepository, type SeriesValue } from '../ingest/readings.repository.ts';

const timeZone = 'Europe/Helsinki';
/** A CO2 limit: good below 800 ppm, fair to 1200, poor above; normal 450..1000 (not on an edge, to tell them apart). */
const co2Scale: ShareScale = {
  min: 400,
  max: 2000,
  limits: [800, 1200],
  colors: ['#2f9e44', '#f59f00'],
  maxcolor: '#e03131',
  normalMin: 450,
  normalMax: 1000,
};
const schoolHours: DataFilter = {
  type: 'weekrange',
  hours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, from: 8, to: 16 })),
};
/** 19–27 October 2026 (Monday to Tuesday), across the 25-hour Sunday when Helsinki falls back. */
const range = { from: localMidnight(2026, 10, 19, timeZone), to: localMidnight(2026, 10, 28, timeZone) - 1 };
const fromIso = new Date(range.from).toISOString();
const toIso = new Date(range.to + 1).toISOString();

/** CO2 every 6 minutes, swinging 380..1550 ppm about every 14 hours; two decimals, as a meter gives. */
function co2Values(seriesId: number): SeriesValue[] {
  const values: SeriesValue[] = [];
  for (
    let t = Date.parse('2026-10-18T18:00:00Z'), i = 0;
    t < Date.parse('2026-10-29T06:00:00Z');
    t += 6 * 60_000, i++
  ) {
    // A gap of a few hours: slots without values are no measured time.
    if (t >= Date.parse('2026-10-21T07:00:00Z') && t < Date.parse('2026-10-21T10:00:00Z')) continue;
    const level = 960 + 580 * Math.sin(i / 23);
    values.push({ seriesId, time: new Date(t), value: Math.round((level + (i % 11)) * 100) / 100 });
  }
  return values;
}

interface SqlSlot {
  start: number;
  end: number;
  /** The slot's value by the mode: the mean of its readings, or the highest. */
  value: number;
}

/**
 * The report's numbers computed apart from the data API and the engine: in SQL over the stored values,
 * slots by the project's wall clock (`at time zone`), their values by the mode and their lengths, and the shares
 * of the measured time in each band and outside the normal range from those values.
 */
describe.each(testDatabases)('report numbers on %s', (kind) => {
  let olo: TestServer;
  let admin: TestClient;
  let project: { id: number; dataId: string };
  let co2: number;
  const sql = () => olo.server.database.sql;

  beforeAll(async () => {
    olo = await startTestServer(kind);
    ({ client: admin } = await signedInClient(olo.url));
    const organization = await createOrganization(admin);
    const created = await createProject(admin, organization.id, { timeZone });
    const [room] = await sql()<Array<{ id: number }>>`
      insert into spaces (project_id, name, show) values (${created.id}, 'Luokka 101', true) returning id`;
    const [series] = await sql()<Array<{ id: number }>>`
      insert into series (project_id, space_id, name, data_type, data_unit)
      values (${created.id}, ${room?.id as number}, 'CO2', 'CO2', 'ppm') returning id`;
    co2 = series?.id as number;
    const stored = co2Values(co2);
    const readings = new ReadingsRepository(sql());
    await readings.transaction(async (tx) => {
      await readings.ensureSeriesMonths(
        tx,
        stored.map((value) => value.time),
      );
      await readings.insertSeriesValues(tx, stored);
    });
    const [row] = await sql()<Array<{ dataId: string }>>`
      select data_id as "dataId" from projects where id = ${created.id}`;
    project = { id: created.id, dataId: row?.dataId as string };
  });
  afterAll(() => olo?.close());

  /** The engine's view of the range, from the data API's answers as a member's browser gets them. */
  async function engineResult(slotSeconds: number, filters: DataFilter[], mode: DataMode) {
    const response = await admin.fetch(`/api/data/${project.id}/2026-10/${project.dataId}/${slotSeconds}`);
    expect(response.status).toBe(200);
    const body: ProjectDataBody = projectDataBodySchema.parse(await response.json());
    const options: AggregateOptions = { range, slotSeconds, filters, nulls: false, mode, timeZone };
    return aggregate([body], options);
  }

  /**
   * Slot values in SQL: hours of the wall clock (the same as elapsed hours here: school hours hold no clock change)
   * or local days (23, 24 or 25 hours long).
   */
  async function sqlSlots(unit: 'hour' | 'day', weekdaysEightToSixteen: boolean, mode: DataMode): Promise<SqlSlot[]> {
    const rows = await sql()<Array<{ start: number; end: number; value: number }>>`
      with local as (
        select date_trunc(${unit}::text, time at time zone ${timeZone}::text) as wall, value
        from series_data
        where series_id = ${co2} and time >= ${fromIso}::timestamptz and time < ${toIso}::timestamptz
          and (not ${weekdaysEightToSixteen}
            or (extract(isodow from time at time zone ${timeZone}::text) between 1 and 5
              and extract(hour from time at time zone ${timeZone}::text) between 8 and 15))
      )
      select (extract(epoch from wall at time zone ${timeZone}::text) * 1000)::float8 as start,
             (extract(epoch from (wall + ${`1 ${unit}`}::interval) at time zone ${timeZone}::text) * 1000)::float8 as "end",
             (case when ${mode} = 'max' then max(value) else avg(value) end)::float8 as value
      from local group by wall order by wall`;
    return rows.map((row) => ({ start: Number(row.start), end: Number(row.end), value: Number(row.value) }));
  }

  async function sqlStats(weekdaysEightToSixteen: boolean) {
    const [row] = await sql()<Array<{ min: number; avg: number; max: number; count: number }>>`
      select min(value)::float8 as min, avg(value)::float8 as avg, max(value)::float8 as max, count(*)::int as count
      from series_data
      where series_id = ${co2} and time >= ${fromIso}::timestamptz and time < ${toIso}::timestamptz
        and (not ${weekdaysEightToSixteen}
          or (extract(isodow from time at time zone ${timeZone}::text) between 1 and 5
            and extract(hour from time at time zone ${timeZone}::text) between 8 and 15))`;
    return row as { min: number; avg: number; max: number; count: number };
  }

  function sharesOf(slots: SqlSlot[]) {
    const measured = slots.reduce((total, slot) => total + (slot.end - slot.start), 0);
    const share = (test: (value: number) => boolean) =>
      slots.filter((slot) => test(slot.value)).reduce((total, slot) => total + (slot.end - slot.start), 0) / measured;
    return {
      measuredMs: measured,
      bands: [
        share((value) => value < 800),
        share((value) => value >= 800 && value < 1200),
        share((value) => value >= 1200),
      ],
      above: share((value) => value > 1000),
      below: share((value) => value < 450),
    };
  }

  it.each([
    ['hourly means of school hours (weekdays 8–16)', 3600, true, 'avg'],
    ['hourly highest readings of school hours', 3600, true, 'max'],
    ['daily means of every day, the 25-hour Sunday included', 86_400, false, 'avg'],
  ] as const)('a table and a summary of %s equal the stored values', async (_name, slotSeconds, school, mode) => {
    const result = await engineResult(slotSeconds, school ? [schoolHours] : [], mode);
    const wanted = await sqlSlots(slotSeconds === 3600 ? 'hour' : 'day', school, mode);
    expect(wanted.length).toBeGreaterThan(school ? 40 : 8);

    // DataTable, layout slots: a row per slot with a value, in the project's time zone.
    const rows = slotRows(result, [co2], false);
    expect(rows.map((row) => [row.start, row.end])).toEqual(wanted.map((slot) => [slot.start, slot.end]));
    rows.forEach((row, index) => {
      expect(row.values[0]).toBeCloseTo(wanted[index]?.value as number, 9);
    });
    if (!school) expect(rows.map((row) => (row.end - row.start) / 3_600_000)).toContain(25);

    // DataTable, layout stats, and the summary's min/avg/max: every reading of the kept slots.
    const stats = result.series.find((item) => item.series.id === co2)?.stats;
    const sqlStat = await sqlStats(school);
    expect(stats?.count).toBe(sqlStat.count);
    expect(stats?.min).toBe(sqlStat.min);
    expect(stats?.max).toBe(sqlStat.max);
    expect(stats?.avg).toBeCloseTo(sqlStat.avg, 9);

    // Summary: shares of time per band and outside the normal range, from the slots' values.
    const item = result.series.find((entry) => entry.series.id === co2);
    const shares = seriesTimeShares(item ?? { points: [] }, result, co2Scale);
    const sqlShares = sharesOf(wanted);
    expect(shares?.measuredMs).toBe(sqlShares.measuredMs);
    shares?.bands.forEach((band, index) => {
      expect(band.share).toBeCloseTo(sqlShares.bands[index] as number, 12);
    });
    expect(shares?.above).toBeCloseTo(sqlShares.above, 12);
    expect(shares?.below).toBeCloseTo(sqlShares.below, 12);
    // School hours' means reach every band and both sides of the normal range: no share is trivially zero.
    if (school && mode === 'avg')
      expect([...sqlShares.bands, sqlShares.above, sqlShares.below].every((share) => share > 0)).toBe(true);
  });
});
