/**
 * Ingest benchmark (npm run bench:ingest): a real Olo (createServer, embedded MQTT broker, a fresh
 * PGlite data folder, then a fresh PostgreSQL database) with a series for every channel of N
 * simulated meters. A publisher process sends their uplinks over MQTT, QoS 1:
 *
 * - throughput: as fast as the server takes them. The embedded broker acknowledges an uplink only
 *   after its transaction committed, so first publish → last acknowledgement is publish → committed
 *   rows; the rows are then counted in meter_readings and series_data.
 * - latency: a fixed 1,000 uplinks/s; publish → the 'series.latest' event on the server's bus
 *   (what GraphQL subscriptions forward), p50/p99/max.
 * - ceiling: the same number of series_data rows written by a plain COPY (PostgreSQL) or, as
 *   COPY FROM STDIN is not available over PGlite's socket, one multi-row insert from unnest.
 *
 * Also: peak RSS of the Olo process and the PGlite child, CPU per process, and where a batch's
 * transaction spends its time (ReadingsRepository's statements, timed by wrapping its methods).
 * Goals (issue 4): ≥ 50,000 channel values/s on PostgreSQL, ≥ 20,000 on PGlite, p99 < 250 ms.
 * The machinery it shares with bench/alarms.ts is in bench/ingest-harness.ts.
 *
 * Environment: BENCH_DATABASES (pglite,postgres), BENCH_METERS (1000), BENCH_UPLINKS (30000),
 * BENCH_PROFILE (a folder: CPU profile of Olo during the throughput phase), BENCH_MAX_SECONDS (60, cap of the throughput phase), BENCH_PUBLISHERS (16), BENCH_WINDOW (200 per
 * client), BENCH_RATE (1000), BENCH_LATENCY_SECONDS (15), TEST_DATABASE_URL
 * (postgres://postgres@127.0.0.1:5432/test: a new database is created there and dropped).
 */
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import postgres from 'postgres';
import type { OloServer } from '../apps/server/src/app.ts';
import { ReadingsRepository } from '../apps/server/src/modules/ingest/readings.repository.ts';
import { MetersRepository } from '../apps/server/src/modules/meters/meters.repository.ts';
import type { DatabaseKind } from '../apps/server/src/testing/test-databases.ts';
import {
  type CpuUse,
  channelsByModel as channelsOfModels,
  count,
  env,
  fmt,
  ingestToken,
  intervalMs,
  listenLatest,
  mb,
  measureCpu,
  Publisher,
  percentile,
  printTable,
  processes,
  Sampler,
  seed,
  setUpSeries,
  simulatedFleet,
  snapshotTimings,
  startOlo,
  startProfile,
  timeMethod,
  timings,
  wallClock,
} from './ingest-harness.ts';
import type { RunResult } from './ingest-publisher.ts';

const databases = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',').map((kind) => kind.trim());
const meterCount = env('BENCH_METERS', 1000);
const throughputUplinks = env('BENCH_UPLINKS', 30_000);
const maxSeconds = env('BENCH_MAX_SECONDS', 60);
const publishers = env('BENCH_PUBLISHERS', 16);
const window = env('BENCH_WINDOW', 200);
const rate = env('BENCH_RATE', 1000);
const latencySeconds = env('BENCH_LATENCY_SECONDS', 15);

const goals = { postgres: 50_000, pglite: 20_000, p99Ms: 250 };
// ---------- where the writer's time goes: ReadingsRepository's methods, timed in place ----------

/** The writer's transaction and the statements in it, in their order. */
const writerSteps = [
  'batchTransaction',
  'insertReadings',
  'lockMetersShared',
  'routingVersions',
  'routing',
  'insertSeriesValues',
  'updateMeters',
];
for (const name of writerSteps) {
  timeMethod(ReadingsRepository.prototype, name, 1);
}
// The ingest's meter look-ups (one query per uplink whose meter is not cached).
timeMethod(MetersRepository.prototype, 'findBySerials', 0);

// ---------- set-up: a series for every channel of every meter ----------

const fleet = simulatedFleet(meterCount);
const channelsByModel = channelsOfModels(fleet);
const valuesPerUplink = (index: number) =>
  channelsByModel.get((fleet[index % fleet.length] as (typeof fleet)[number]).model)?.length ?? 0;

// ---------- the ceiling: the same number of rows straight into series_data ----------

async function ceiling(
  kind: DatabaseKind,
  server: OloServer,
  databaseUrl: string | undefined,
  rows: number,
  seriesIds: number[],
) {
  // Times a year ahead of anything the pipeline stored, one second apart per series.
  const start = Date.now() + 365 * 86_400_000;
  const ids = Array.from({ length: rows }, (_, index) => seriesIds[index % seriesIds.length] as number);
  const times = ids.map((_, index) => new Date(start + Math.floor(index / seriesIds.length) * 1000).toISOString());
  const values = ids.map((_, index) => 400 + (index % 1000) / 10);
  const results: Array<{ method: string; seconds: number }> = [];
  // The months' partitions (migration 0007) are made before the clock starts, as Olo's writer has them by then.
  const lastMs = Date.parse(times.at(-1) as string) + 86_400_000 * 30;
  await server.database
    .sql`select olo_series_data_months(${server.database.sql.array([new Date(start).toISOString(), new Date(lastMs).toISOString(), new Date(start + 86_400_000 * 30).toISOString()])}::timestamptz[])`;
  const unnest = async (sql: postgres.Sql, offsetMs: number) => {
    const shifted = offsetMs ? times.map((time) => new Date(Date.parse(time) + offsetMs).toISOString()) : times;
    const started = performance.now();
    await sql`
      insert into series_data (series_id, time, value)
      select * from unnest(${sql.array(ids)}::int[], ${sql.array(shifted)}::timestamptz[], ${sql.array(values)}::float8[])`;
    return (performance.now() - started) / 1000;
  };
  if (kind === 'postgres' && databaseUrl) {
    const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    const text = ids.map((id, index) => `${id}\t${times[index]}\t${values[index]}\n`).join('');
    const started = performance.now();
    const writable = await sql`copy series_data (series_id, time, value) from stdin`.writable();
    await pipeline(Readable.from([text]), writable);
    results.push({ method: 'COPY FROM STDIN', seconds: (performance.now() - started) / 1000 });
    results.push({ method: 'insert … unnest', seconds: await unnest(sql, 86_400_000 * 30) });
    await sql.end();
  } else {
    // COPY FROM STDIN resets PGlite's socket connection, so the ceiling there is one unnest insert.
    results.push({ method: 'insert … unnest (no COPY)', seconds: await unnest(server.database.sql, 0) });
  }
  return results;
}

// ---------- one database ----------

interface Outcome {
  kind: DatabaseKind;
  uplinks: number;
  values: number;
  seconds: number;
  complete: boolean;
  latency: { count: number; matched: number; p50: number; p95: number; p99: number; max: number; ackP99: number };
  ceilings: Array<{ method: string; seconds: number }>;
  peakRss: number;
  peakPgliteRss: number;
  /** CPU ms during the throughput phase: per process, and the whole machine (other work included). */
  cpu: CpuUse;
  batches: { count: number; readings: number };
  profile: Map<string, { calls: number; ms: number; rows: number }>;
  /** The same during the fixed-rate phase. */
  latencyProfile: Map<string, { calls: number; ms: number; rows: number }>;
}

async function runOn(kind: DatabaseKind): Promise<Outcome> {
  const { server, database } = await startOlo(kind);
  const publisher = new Publisher();
  try {
    const sql = server.database.sql;
    const serialOfSeries = new Map((await setUpSeries(sql, fleet)).map((series) => [series.id, series.serial]));
    const latencyUplinks = Math.round(rate * latencySeconds);
    await publisher.prepare({
      url: `mqtt://127.0.0.1:${server.broker.port}`,
      username: 'olo',
      password: ingestToken,
      clients: publishers,
      meters: meterCount,
      seed,
      intervalMs,
      phases: { warmup: meterCount, throughput: throughputUplinks, latency: latencyUplinks },
    });
    process.stdout.write(`  ${kind}: ${meterCount} meters, ${serialOfSeries.size} series; `);

    // Warm-up: every meter once, so the ingest's meter cache and the tables' first pages are in place.
    await publisher.run({ phase: 'warmup', rate: 0, window });
    const pids = processes();
    const sampler = new Sampler(pids.pglite);
    sampler.start();

    const before = { values: await count(sql, 'series_data'), readings: await count(sql, 'meter_readings') };
    timings.clear();
    const stopCpu = measureCpu(kind, pids, publisher.pid);
    const profiler = process.env.BENCH_PROFILE ? await startProfile() : undefined;
    const deadline = setTimeout(() => {
      console.log(`\n  (throughput phase capped at ${maxSeconds} s: BENCH_MAX_SECONDS)`);
      void publisher.close();
    }, maxSeconds * 1000);
    let throughput: RunResult;
    try {
      throughput = await publisher.run({ phase: 'throughput', rate: 0, window });
    } catch {
      // Capped: what committed by now counts, over the time until now.
      throughput = { type: 'done', phase: 'throughput', firstSentAt: NaN, lastAckAt: wallClock(), acked: 0, failed: 0 };
    } finally {
      clearTimeout(deadline);
    }
    if (profiler) await profiler.stop(path.join(process.env.BENCH_PROFILE as string, `throughput-${kind}.cpuprofile`));
    const cpu = stopCpu();
    const profile = snapshotTimings();
    const after = { values: await count(sql, 'series_data'), readings: await count(sql, 'meter_readings') };
    const uplinks = after.readings - before.readings;
    const values = after.values - before.values;
    const expectedValues = Array.from({ length: throughputUplinks }, (_, index) =>
      valuesPerUplink(meterCount + index),
    ).reduce((sum, n) => sum + n, 0);
    const seconds = Number.isFinite(throughput.firstSentAt)
      ? (throughput.lastAckAt - throughput.firstSentAt) / 1000
      : maxSeconds;
    process.stdout.write(`throughput ${uplinks} uplinks in ${seconds.toFixed(1)} s; `);

    let latencyProfile: Outcome['profile'] = new Map();
    let latency: Outcome['latency'] = { count: 0, matched: 0, p50: NaN, p95: NaN, p99: NaN, max: NaN, ackP99: NaN };
    if (throughput.acked === throughputUplinks && latencyUplinks > 0) {
      // Latency: the first live event that carries an uplink's value, against when it was published.
      timings.clear();
      const { seen, stop } = listenLatest(server, serialOfSeries);
      const result = await publisher.run({ phase: 'latency', rate, window });
      await new Promise((resolve) => setTimeout(resolve, 200));
      await stop();
      latencyProfile = snapshotTimings();
      const delays: number[] = [];
      const acks: number[] = [];
      for (const [serial, timeMs, sentAt, ackAt] of result.uplinks ?? []) {
        const eventAt = seen.get(`${serial}|${timeMs}`);
        if (eventAt !== undefined) delays.push(eventAt - sentAt);
        if (ackAt > 0) acks.push(ackAt - sentAt);
      }
      delays.sort((a, b) => a - b);
      acks.sort((a, b) => a - b);
      latency = {
        count: result.uplinks?.length ?? 0,
        matched: delays.length,
        p50: percentile(delays, 50),
        p95: percentile(delays, 95),
        p99: percentile(delays, 99),
        max: delays.at(-1) ?? NaN,
        ackP99: percentile(acks, 99),
      };
      process.stdout.write(`latency ${latency.matched}/${latency.count} matched; `);
    }
    sampler.stop();

    const ceilings = await ceiling(kind, server, database.databaseUrl, values, [...serialOfSeries.keys()]);
    console.log('ceiling done.');
    return {
      kind,
      uplinks,
      values,
      seconds,
      complete: throughput.acked === throughputUplinks && uplinks === throughputUplinks && values === expectedValues,
      latency,
      ceilings,
      peakRss: sampler.peakRss,
      peakPgliteRss: sampler.peakPgliteRss,
      cpu,
      batches: { count: profile.get('insertReadings')?.calls ?? 0, readings: profile.get('insertReadings')?.rows ?? 0 },
      profile,
      latencyProfile,
    };
  } finally {
    await publisher.close();
    await server.close();
    await database.drop();
  }
}

// ---------- report ----------

function report(outcomes: Outcome[]) {
  const [load] = os.loadavg();
  if ((load ?? 0) > 1) {
    console.log(
      `\nNote: the load average was ${fmt(load ?? 0, 1)} during the run; other work on the machine skews these figures.`,
    );
  }
  console.log(
    `\nIngest benchmark: ${meterCount} meters (Elsys ERS CO2, Milesight AM307 and EM500-CO2, DL-PR26; ` +
      `TTS and ChirpStack), ${throughputUplinks} uplinks at full speed from ${publishers} MQTT clients ` +
      `(window ${window}), then ${rate}/s for ${latencySeconds} s; node ${process.version}, ${os.availableParallelism()} cores.\n`,
  );
  const rows: string[][] = [['', ...outcomes.map((outcome) => outcome.kind)]];
  const add = (label: string, cell: (outcome: Outcome) => string) => rows.push([label, ...outcomes.map(cell)]);
  add('uplinks committed', (o) => `${fmt(o.uplinks)}${o.complete ? '' : ' (INCOMPLETE)'}`);
  add('channel values → series_data', (o) => fmt(o.values));
  add('publish → all committed', (o) => `${fmt(o.seconds, 2)} s`);
  add('readings (uplinks) / s', (o) => fmt(o.uplinks / o.seconds));
  add('channel values / s', (o) => fmt(o.values / o.seconds));
  add('goal, channel values / s', (o) => {
    const goal = o.kind === 'postgres' ? goals.postgres : goals.pglite;
    return `≥ ${fmt(goal)}: ${o.values / o.seconds >= goal ? 'met' : 'MISSED'}`;
  });
  const methods = [...new Set(outcomes.flatMap((o) => o.ceilings.map((c) => c.method)))];
  for (const method of methods) {
    add(`ceiling: ${method}, rows / s`, (o) => {
      const found = o.ceilings.find((c) => c.method === method);
      return found ? fmt(o.values / found.seconds) : '–';
    });
  }
  add('pipeline / first ceiling', (o) => {
    const first = o.ceilings[0];
    return first ? `${fmt((o.values / o.seconds / (o.values / first.seconds)) * 100, 1)} %` : '–';
  });
  add(`live event latency at ${rate}/s, p50`, (o) => `${fmt(o.latency.p50)} ms`);
  add('  p95', (o) => `${fmt(o.latency.p95)} ms`);
  add(
    '  p99',
    (o) => `${fmt(o.latency.p99)} ms (goal < ${goals.p99Ms}: ${o.latency.p99 < goals.p99Ms ? 'met' : 'MISSED'})`,
  );
  add('  max', (o) => `${fmt(o.latency.max)} ms`);
  add('  uplinks matched to an event', (o) => `${fmt(o.latency.matched)} of ${fmt(o.latency.count)}`);
  add('  publish → PUBACK (committed), p99', (o) => `${fmt(o.latency.ackP99)} ms`);
  add('peak RSS, Olo process', (o) => mb(o.peakRss));
  add('peak RSS, PGlite child', (o) => mb(o.peakPgliteRss));
  add(
    'CPU during throughput: Olo main',
    (o) => `${fmt((o.cpu.olo / o.cpu.wallMs) * 100)} % (event loop busy ${fmt(o.cpu.eventLoop * 100)} %)`,
  );
  add('  database (PGlite child / postgres)', (o) => `${fmt((o.cpu.database / o.cpu.wallMs) * 100)} %`);
  add('  publisher process', (o) => `${fmt((o.cpu.publisher / o.cpu.wallMs) * 100)} %`);
  add('  other work on the machine', (o) => {
    const others = o.cpu.machine - o.cpu.olo - o.cpu.database - o.cpu.publisher;
    return `${fmt((Math.max(0, others) / o.cpu.wallMs) * 100)} % (of ${os.availableParallelism() * 100} %)`;
  });
  add(
    'CPU per uplink: Olo + database',
    (o) => `${fmt((o.cpu.olo / o.uplinks) * 1000)} + ${fmt((o.cpu.database / o.uplinks) * 1000)} µs`,
  );
  add('  → values / s if the cores were busy', (o) => {
    // What the machine's cores could do at this CPU cost per uplink, with nothing waiting on anything.
    const perUplinkMs = (o.cpu.olo + o.cpu.database) / o.uplinks;
    return fmt(((os.availableParallelism() * 1000) / perUplinkMs) * (o.values / o.uplinks));
  });
  add('writer batches, mean readings', (o) => `${fmt(o.batches.count)}, ${fmt(o.batches.readings / o.batches.count)}`);
  for (const name of writerSteps) {
    add(name === 'batchTransaction' ? 'per batch: transaction (all)' : `  ${name}`, (o) => {
      const entry = o.profile.get(name);
      return entry
        ? `${fmt(entry.ms / entry.calls, 1)} ms (${fmt((entry.ms / (o.seconds * 1000)) * 100)} % of run)`
        : '–';
    });
  }
  const lookUps = (entry: { calls: number; ms: number } | undefined) =>
    entry ? `${fmt(entry.calls)}, ${fmt(entry.ms / entry.calls, 1)} ms each` : '0';
  add('meter look-ups (findBySerials)', (o) => lookUps(o.profile.get('findBySerials')));
  add(`at ${rate}/s: writer batches, mean readings`, (o) => {
    const entry = o.latencyProfile.get('insertReadings');
    return entry ? `${fmt(entry.calls)}, ${fmt(entry.rows / entry.calls)}` : '–';
  });
  add('  transaction', (o) => {
    const entry = o.latencyProfile.get('batchTransaction');
    return entry ? `${fmt(entry.ms / entry.calls, 1)} ms` : '–';
  });
  add('  meter look-ups (findBySerials)', (o) => lookUps(o.latencyProfile.get('findBySerials')));
  printTable(rows);
  const failed = outcomes.some(
    (o) =>
      !o.complete ||
      o.values / o.seconds < (o.kind === 'postgres' ? goals.postgres : goals.pglite) ||
      !(o.latency.p99 < goals.p99Ms),
  );
  if (failed) process.exitCode = 1;
}

const outcomes: Outcome[] = [];
console.log('Running (the default run takes about two minutes)…');
for (const kind of databases) {
  if (kind !== 'pglite' && kind !== 'postgres') throw new Error(`Unknown database ${kind}`);
  outcomes.push(await runOn(kind));
}
report(outcomes);
