/**
 * Data API benchmark (npm run bench:data): a real Olo on a fresh PGlite folder and then on a fresh
 * PostgreSQL database, with 50 series × 90 days of 2-minute values (3.24 million rows, written
 * straight into series_data and its hourly rollup). A signed-in member then asks
 * `GET /api/data/...` over HTTP:
 *
 * - a month at 3600 s slots (from the hourly rollup), and a day at 120 s slots (from series_data);
 *   p50 and p95 of the whole request, body read and decompressed; the body's size on the wire and
 *   decoded. The client asks with `Accept-Encoding: gzip, deflate, br` as browsers do, over a
 *   kept-alive node:http connection, and decodes the body whole with zlib off the event loop, as a
 *   browser's network process does (undici's fetch decodes in small stream chunks on the event
 *   loop, which cost more than the server's whole answer);
 * - the month in four cases: asked again (same dataId); a new dataId with no value changed (a
 *   series renamed or moved); a late value in one series' month with its new dataId (what the
 *   ingest does); and every series' month changed (a recomputation of all of it). The server keeps
 *   each series' month of hourly aggregates under the rollup versions of the UTC months it overlaps
 *   (decision 0040), so only what changed is read again;
 * - the baseline, in the same run: the same aggregation as a plain `date_bin` GROUP BY over the
 *   raw rows, straight in SQL (no HTTP, no JSON), p50 and p95.
 *
 * Goal (issue 5): p95 under 20 ms for the month on PostgreSQL, at least 10 times faster than the
 * plain GROUP BY. Environment: BENCH_DATABASES (pglite,postgres), BENCH_REQUESTS (200),
 * BENCH_BASELINE_RUNS (8), TEST_DATABASE_URL.
 */
import http from 'node:http';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
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
const requests = env('BENCH_REQUESTS', 200);
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
  // Vacuumed, not only analyzed: else autovacuum would take the new rows on while the first cases run.
  await sql`vacuum analyze series_data`;
  await sql`vacuum analyze series_rollup_hour`;
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

const decoders: Record<string, (body: Buffer) => Promise<Buffer>> = {
  br: promisify(zlib.brotliDecompress),
  gzip: promisify(zlib.gunzip),
  identity: async (body) => body,
};
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** GET `url` as a browser would: status, coding, bytes on the wire and the decoded text. */
function browserGet(url: string, cookie: string) {
  return new Promise<{ status: number; encoding: string; wireBytes: number; text: string }>((resolve, reject) => {
    const request = http.get(
      url,
      { agent, headers: { cookie, 'accept-encoding': 'gzip, deflate, br' } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const wire = Buffer.concat(chunks);
          const encoding = response.headers['content-encoding'] ?? 'identity';
          const decode = decoders[encoding];
          if (!decode) return reject(new Error(`unexpected content-encoding ${encoding}`));
          decode(wire).then(
            (body) =>
              resolve({ status: response.statusCode ?? 0, encoding, wireBytes: wire.length, text: body.toString() }),
            reject,
          );
        });
      },
    );
    request.on('error', reject);
  });
}

/** `bytes`: the body decoded (characters); `wireBytes`: as sent, with `encoding`. */
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
  /** Every series' month changed before each request (all read and assembled again). */
  month: Timing;
  /** Asked again under the same dataId. */
  monthWarm: Timing;
  /** A new dataId before each request, no value changed. */
  monthNewId: Timing;
  /** A late value in one series' month and a new dataId before each request. */
  monthOneChanged: Timing;
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

    /** What happens before each measured request: nothing, or a change, then the dataId to ask with. */
    type Before = (period: string, index: number) => Promise<void>;
    const renewDataId = async () => {
      await sql`update projects set data_id = gen_random_uuid() where id = ${project.id}`;
    };
    /** The Helsinki month, generously: the rollup rows of its UTC hours and a few around them. */
    const monthRange = (period: string): [string, string] => {
      const [year, month] = period.split('-').map(Number) as [number, number];
      return [new Date(Date.UTC(year, month - 1, 0)).toISOString(), new Date(Date.UTC(year, month, 1)).toISOString()];
    };
    const changes: Record<'none' | 'newId' | 'oneSeries' | 'everySeries', Before> = {
      none: async () => {},
      newId: renewDataId,
      // As the ingest does with a late value: the value into its hour of the rollup, a new dataId.
      oneSeries: async (period, index) => {
        const [from] = monthRange(period);
        await sql`
          update series_rollup_hour set sum = sum + 0.01, max = max + 0.01
          where series_id = ${seriesIds[index % seriesIds.length] as number}
            and hour = ${from}::timestamptz + interval '10 days 7 hours'`;
        await renewDataId();
      },
      // As a recomputation of the whole month does: every series' rows written again.
      everySeries: async (period) => {
        const [from, to] = monthRange(period);
        await sql`update series_rollup_hour set count = count where hour >= ${from}::timestamptz and hour < ${to}::timestamptz`;
        await renewDataId();
      },
    };
    const measure = async (
      periods: string[],
      slotSeconds: number,
      before: Before,
      count = requests,
    ): Promise<Timing> => {
      const times: number[] = [];
      let bytes = 0;
      let wireBytes = 0;
      let encoding = '';
      const ask = async (period: string) => {
        const [{ dataId } = { dataId: '' }] = await sql<Array<{ dataId: string }>>`
          select data_id as "dataId" from projects where id = ${project.id}`;
        return async () => {
          const answer = await browserGet(
            `${olo.url}/api/data/${project.id}/${period}/${dataId}/${slotSeconds}`,
            client.cookieHeader,
          );
          if (answer.status !== 200) throw new Error(`/api/data answered ${answer.status}`);
          bytes = answer.text.length;
          wireBytes = answer.wireBytes;
          encoding = answer.encoding;
        };
      };
      // Unmeasured rounds first: the server's first query plans, the database's first reads, and
      // enough calls for V8 to optimize the code of this case.
      for (let index = 0; index < Math.max(periods.length, 20); index++) {
        await (await ask(periods[index % periods.length] as string))();
      }
      for (let index = 0; index < count; index++) {
        const period = periods[index % periods.length] as string;
        await before(period, index);
        times.push(await timed(await ask(period)));
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
    const monthWarm = await measure(months, 3600, changes.none);
    const monthNewId = await measure(months, 3600, changes.newId);
    const monthOneChanged = await measure(months, 3600, changes.oneSeries);
    const day = await measure(days, 120, changes.newId);
    const dayWarm = await measure(days, 120, changes.none);
    // Last, and fewer: each request rewrites a month of rollup rows, whose dead rows autovacuum
    // would then clean up while later cases are measured. Vacuumed before the baseline.
    const month = await measure(months, 3600, changes.everySeries, Math.min(requests, 40));
    await sql`vacuum analyze series_rollup_hour`;
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
    return {
      kind,
      rows,
      fillSeconds,
      month,
      monthWarm,
      monthNewId,
      monthOneChanged,
      day,
      dayWarm,
      baselineMonth,
      baselineDay,
    };
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
/** The month as members ask for it; each must meet both goals. Every series changed is the worst case, shown beside. */
const typicalMonths: Array<[string, (f: Figures) => Timing]> = [
  ['asked again (same dataId)', (f) => f.monthWarm],
  ['new dataId, no value changed', (f) => f.monthNewId],
  ['a late value in one series', (f) => f.monthOneChanged],
];
const speedup = (f: Figures, timing: Timing) => f.baselineMonth.p95 / timing.p95;
const rows: Array<[string, (figures: Figures) => string]> = [
  ['series_data rows', (f) => f.rows.toLocaleString('en')],
  ['fill (insert + rollup), s', (f) => f.fillSeconds.toFixed(1)],
  ['month at 3600 s: body, on the wire', (f) => size(f.monthWarm)],
  ...typicalMonths.flatMap(
    ([label, timing]): Array<[string, (f: Figures) => string]> => [
      [
        `  ${label}, p50 / p95`,
        (f) =>
          `${fmt(timing(f).p50)} / ${fmt(timing(f).p95)}${goalNote(f, timing(f).p95 < goals.monthP95Ms, `< ${goals.monthP95Ms}`)}`,
      ],
      [
        '    GROUP BY p95 / its p95',
        (f) =>
          `${speedup(f, timing(f)).toFixed(1)}×${goalNote(f, speedup(f, timing(f)) >= goals.speedup, `≥ ${goals.speedup}`)}`,
      ],
    ],
  ),
  ['  every series changed, p50 / p95', (f) => `${fmt(f.month.p50)} / ${fmt(f.month.p95)} (worst case)`],
  ['    GROUP BY p95 / its p95', (f) => `${speedup(f, f.month).toFixed(1)}×`],
  ['  plain date_bin GROUP BY, p50 / p95', (f) => `${fmt(f.baselineMonth.p50)} / ${fmt(f.baselineMonth.p95)}`],
  ['day at 120 s: body, on the wire', (f) => size(f.day)],
  ['  asked again, p50 / p95', (f) => `${fmt(f.dayWarm.p50)} / ${fmt(f.dayWarm.p95)}`],
  ['  new dataId, p50 / p95', (f) => `${fmt(f.day.p50)} / ${fmt(f.day.p95)}`],
  ['  plain date_bin GROUP BY, p50 / p95', (f) => `${fmt(f.baselineDay.p50)} / ${fmt(f.baselineDay.p95)}`],
];
const width = 38;
console.log(`  ${''.padEnd(width)} ${results.map((f) => f.kind.padEnd(36)).join(' ')}`);
for (const [label, value] of rows) {
  console.log(`  ${label.padEnd(width)} ${results.map((f) => value(f).padEnd(36)).join(' ')}`);
}
const postgresFigures = results.find((f) => f.kind === 'postgres');
const missed =
  postgresFigures &&
  typicalMonths.some(([, timing]) => {
    const figures = timing(postgresFigures);
    return figures.p95 >= goals.monthP95Ms || speedup(postgresFigures, figures) < goals.speedup;
  });
process.exit(missed ? 1 : 0);
