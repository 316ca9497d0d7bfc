/**
 * Data API benchmark (npm run bench:data): a real Olo on a fresh PGlite folder and then on a fresh
 * PostgreSQL database, with 50 series × 90 days of 2-minute values (3.24 million rows, written
 * straight into series_data and its hourly rollup). A signed-in member then asks
 * `GET /api/data/...` over HTTP:
 *
 * - a month at 3600 s slots (from the hourly rollup), and a day at 120 s slots (from series_data);
 *   p50 and p95 of the whole request, body read and decompressed (it asks with
 *   `Accept-Encoding: gzip, br` as browsers do; fetch decodes); the body's size on the wire and
 *   decoded;
 * - the baseline, in the same run: the same aggregation as a plain `date_bin` GROUP BY over the
 *   raw rows, straight in SQL (no HTTP, no JSON), p50 and p95.
 *
 * Goal (issue 5): p95 under 20 ms for the month on PostgreSQL, at least 10 times faster than the
 * plain GROUP BY. Environment: BENCH_DATABASES (pglite,postgres), BENCH_REQUESTS (40),
 * BENCH_BASELINE_RUNS (8), TEST_DATABASE_URL.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import type postgres from 'postgres';
import { createOrganization, createProject, signedInClient } from '../apps/server/src/testing/factories.ts';
import type { DatabaseKind } from '../apps/server/src/testing/test-databases.ts';
import { startTestServer } from '../apps/server/src/testing/test-server.ts';

const env = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};
const databases = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',').map((kind) => kind.trim());
const requests = env('BENCH_REQUESTS', 40);
const baselineRuns = env('BENCH_BASELINE_RUNS', 8);
process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';

const seriesCount = 50;
const timeZone = 'Europe/Helsinki';
/** 90 days ending at the end of October 2026, in Helsinki: August, September and October whole. */
const firstDay = '2026-08-03';
const months = ['2026-08', '2026-09', '2026-10'];
const days = ['2026-09-14', '2026-10-01', '2026-10-25', '2026-10-31'];
const goals = { monthP95Ms: 20, speedup: 10 };

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
};

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

/** The values, as the ingest would have written them: series_data and the additive hourly rollup. */
async function fill(sql: postgres.Sql, seriesIds: number[]) {
  const from = `${firstDay}T00:00:00+03`;
  const to = '2026-11-01T00:00:00+02';
  await sql`select olo_series_data_months(array[${from}::timestamptz, '2026-09-15'::timestamptz, '2026-10-15'::timestamptz, ${to}::timestamptz - interval '1 second'])`;
  for (const id of seriesIds) {
    // A daily wave with noise, different per series; one series at a time keeps PGlite's memory low.
    await sql`
      insert into series_data (series_id, time, value)
      select ${id}, t, round((20 + ${id % 7} + 3 * sin(extract(epoch from t) / 13751) + random())::numeric, 2)
      from generate_series(${from}::timestamptz, ${to}::timestamptz - interval '2 minutes', interval '2 minutes') as t`;
  }
  await sql`
    insert into series_rollup_hour (series_id, hour, sum, min, max, count)
    select series_id, date_trunc('hour', time, 'UTC'), sum(value), min(value), max(value), count(*)
    from series_data where series_id = any(${sql.array(seriesIds)}::int[]) group by 1, 2`;
  await sql`analyze series_data`;
  await sql`analyze series_rollup_hour`;
}

/** The same aggregation straight over the raw rows: what a plain time-series query would do. */
function baseline(sql: postgres.Sql, seriesIds: number[], from: string, to: string, slotSeconds: number) {
  return sql`
    select series_id, date_bin(${`${slotSeconds} seconds`}::interval, time, ${from}::timestamptz) as slot,
           sum(value), min(value), max(value), count(*)
    from series_data
    where series_id = any(${sql.array(seriesIds)}::int[]) and time >= ${from}::timestamptz and time < ${to}::timestamptz
    group by 1, 2`;
}

/** `bytes`: the body decoded (characters); `wireBytes`: as sent (Content-Length), with `encoding`. */
interface Timing {
  p50: number;
  p95: number;
  bytes: number;
  wireBytes: number;
  encoding: string;
}

interface Figures {
  kind: string;
  rows: number;
  fillSeconds: number;
  /** Computed for every request (a new dataId each time). */
  month: Timing;
  /** Asked again: settled periods come from the answers kept in memory. */
  monthWarm: Timing;
  day: Timing;
  dayWarm: Timing;
  baselineMonth: { p50: number; p95: number };
  baselineDay: { p50: number; p95: number };
}

async function runOn(kind: DatabaseKind): Promise<Figures> {
  const olo = await startTestServer(kind, { LOG_LEVEL: 'warn' });
  try {
    const { client } = await signedInClient(olo.url);
    const organization = await createOrganization(client);
    const project = await createProject(client, organization.id, { timeZone });
    const sql = olo.server.database.sql;
    const seriesIds = (
      await sql<Array<{ id: number }>>`
        insert into series (project_id, name, data_type, data_unit)
        select ${project.id}, 'Sarja ' || n, 'Temperature', '°C' from generate_series(1, ${seriesCount}) as n
        returning id`
    ).map((row) => row.id);
    const fillStarted = performance.now();
    await fill(sql, seriesIds);
    const fillSeconds = (performance.now() - fillStarted) / 1000;
    const [{ rows } = { rows: 0 }] = await sql<Array<{ rows: number }>>`select count(*)::int as rows from series_data`;

    /**
     * Cold: a new dataId before every request, so nothing is answered from the settled-answer cache.
     * Warm: the same periods asked again, as members opening the project do.
     */
    const measure = async (periods: string[], slotSeconds: number, cold: boolean): Promise<Timing> => {
      const times: number[] = [];
      let bytes = 0;
      let wireBytes = 0;
      let encoding = '';
      let [{ dataId } = { dataId: '' }] = await sql<Array<{ dataId: string }>>`
        select data_id as "dataId" from projects where id = ${project.id}`;
      const ask = async (period: string) => {
        const response = await client.fetch(`/api/data/${project.id}/${period}/${dataId}/${slotSeconds}`, {
          headers: { 'accept-encoding': 'gzip, br' },
        });
        if (response.status !== 200) throw new Error(`/api/data answered ${response.status}`);
        bytes = (await response.text()).length;
        wireBytes = Number(response.headers.get('content-length') ?? bytes);
        encoding = response.headers.get('content-encoding') ?? 'identity';
      };
      // One unmeasured round first: the server's first query plans, the database's first reads.
      for (const period of periods) await ask(period);
      for (let index = 0; index < requests; index++) {
        if (cold) {
          [{ dataId } = { dataId: '' }] = await sql<Array<{ dataId: string }>>`
            update projects set data_id = gen_random_uuid() where id = ${project.id} returning data_id as "dataId"`;
        }
        times.push(await timed(() => ask(periods[index % periods.length] as string)));
      }
      return { p50: percentile(times, 50), p95: percentile(times, 95), bytes, wireBytes, encoding };
    };
    const measureBaseline = async (ranges: Array<[string, string]>, slotSeconds: number) => {
      const times: number[] = [];
      for (let index = 0; index < baselineRuns; index++) {
        const [from, to] = ranges[index % ranges.length] as [string, string];
        times.push(await timed(() => baseline(sql, seriesIds, from, to, slotSeconds)));
      }
      return { p50: percentile(times, 50), p95: percentile(times, 95) };
    };
    const month = await measure(months, 3600, true);
    const monthWarm = await measure(months, 3600, false);
    const day = await measure(days, 120, true);
    const dayWarm = await measure(days, 120, false);
    const baselineMonth = await measureBaseline(
      [
        ['2026-08-01T00:00:00+03', '2026-09-01T00:00:00+03'],
        ['2026-09-01T00:00:00+03', '2026-10-01T00:00:00+03'],
        ['2026-10-01T00:00:00+03', '2026-11-01T00:00:00+02'],
      ],
      3600,
    );
    const baselineDay = await measureBaseline(
      days.map((dayText) => [`${dayText}T00:00:00+03`, `${dayText}T23:59:59.999+03`] as [string, string]),
      120,
    );
    return { kind, rows, fillSeconds, month, monthWarm, day, dayWarm, baselineMonth, baselineDay };
  } finally {
    await olo.close();
  }
}

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
const size = (timing: Timing) =>
  `${(timing.bytes / 1024).toFixed(0)} kB, ${timing.encoding} ${(timing.wireBytes / 1024).toFixed(0)} kB`;
const results: Figures[] = [];
console.log(`Running on ${databases.join(' and ')} (filling 3.24 million rows takes a while)…`);
for (const kind of databases) {
  results.push(await runOn(kind as DatabaseKind));
  process.stdout.write(`  ${kind} done\n`);
}
console.log(
  `\nData API benchmark: ${seriesCount} series × 90 days of 2-minute values; ${requests} requests each; node ${process.version}, ${os.cpus().length} cores.\n`,
);
const goalNote = (f: Figures, met: boolean, goal: string) =>
  f.kind === 'postgres' ? ` (goal ${goal}: ${met ? 'met' : 'MISSED'})` : '';
const rows: Array<[string, (figures: Figures) => string]> = [
  ['series_data rows', (f) => f.rows.toLocaleString('en')],
  ['fill (insert + rollup), s', (f) => f.fillSeconds.toFixed(1)],
  ['month at 3600 s: body, on the wire', (f) => size(f.month)],
  ['  /api/data warm (asked again), p50', (f) => fmt(f.monthWarm.p50)],
  [
    '    p95',
    (f) => `${fmt(f.monthWarm.p95)}${goalNote(f, f.monthWarm.p95 < goals.monthP95Ms, `< ${goals.monthP95Ms}`)}`,
  ],
  ['  /api/data cold (computed), p50', (f) => fmt(f.month.p50)],
  ['    p95', (f) => `${fmt(f.month.p95)}${goalNote(f, f.month.p95 < goals.monthP95Ms, `< ${goals.monthP95Ms}`)}`],
  ['  plain date_bin GROUP BY, p50', (f) => fmt(f.baselineMonth.p50)],
  ['    p95', (f) => fmt(f.baselineMonth.p95)],
  [
    '  GROUP BY p95 / cold p95',
    (f) => {
      const ratio = f.baselineMonth.p95 / f.month.p95;
      return `${ratio.toFixed(1)}×${goalNote(f, ratio >= goals.speedup, `≥ ${goals.speedup}`)}`;
    },
  ],
  ['day at 120 s: body, on the wire', (f) => size(f.day)],
  ['  /api/data warm, p50 / p95', (f) => `${fmt(f.dayWarm.p50)} / ${fmt(f.dayWarm.p95)}`],
  ['  /api/data cold, p50 / p95', (f) => `${fmt(f.day.p50)} / ${fmt(f.day.p95)}`],
  ['  plain date_bin GROUP BY, p50 / p95', (f) => `${fmt(f.baselineDay.p50)} / ${fmt(f.baselineDay.p95)}`],
];
const width = 38;
console.log(`  ${''.padEnd(width)} ${results.map((f) => f.kind.padEnd(32)).join(' ')}`);
for (const [label, value] of rows) {
  console.log(`  ${label.padEnd(width)} ${results.map((f) => value(f).padEnd(32)).join(' ')}`);
}
const postgresFigures = results.find((f) => f.kind === 'postgres');
const missed =
  postgresFigures &&
  (postgresFigures.monthWarm.p95 >= goals.monthP95Ms ||
    postgresFigures.month.p95 >= goals.monthP95Ms ||
    postgresFigures.baselineMonth.p95 / postgresFigures.month.p95 < goals.speedup);
process.exit(missed ? 1 : 0);
