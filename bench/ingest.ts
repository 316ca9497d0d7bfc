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
 *
 * Environment: BENCH_DATABASES (pglite,postgres), BENCH_METERS (1000), BENCH_UPLINKS (30000),
 * BENCH_PROFILE (a folder: CPU profile of Olo during the throughput phase), BENCH_MAX_SECONDS (60, cap of the throughput phase), BENCH_PUBLISHERS (16), BENCH_WINDOW (200 per
 * client), BENCH_RATE (1000), BENCH_LATENCY_SECONDS (15), TEST_DATABASE_URL
 * (postgres://postgres@127.0.0.1:5432/test: a new database is created there and dropped).
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { findDriver } from '@olo/drivers';
import postgres from 'postgres';
import { createLogger, createServer, type OloServer } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { ReadingsRepository } from '../apps/server/src/modules/ingest/readings.repository.ts';
import { parseUplink, providerOfTopic } from '../apps/server/src/modules/ingest/uplink-formats.ts';
import { MetersRepository } from '../apps/server/src/modules/meters/meters.repository.ts';
import { buildUplink, modelSpecs, simulatedMeters } from '../apps/server/src/simulator/uplinks.ts';
import { createTestDatabase, type DatabaseKind } from '../apps/server/src/testing/test-databases.ts';
import type { PrepareCommand, RunCommand, RunResult } from './ingest-publisher.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const env = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number`);
  return value;
};
const databases = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',').map((kind) => kind.trim());
const meterCount = env('BENCH_METERS', 1000);
const throughputUplinks = env('BENCH_UPLINKS', 30_000);
const maxSeconds = env('BENCH_MAX_SECONDS', 60);
const publishers = env('BENCH_PUBLISHERS', 16);
const window = env('BENCH_WINDOW', 200);
const rate = env('BENCH_RATE', 1000);
const latencySeconds = env('BENCH_LATENCY_SECONDS', 15);
process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';

const goals = { postgres: 50_000, pglite: 20_000, p99Ms: 250 };
const seed = 'olo-bench';
const intervalMs = 60_000;
const ingestToken = 'bench-ingest-token-0123456789abcdef';
const wallClock = () => performance.timeOrigin + performance.now();

/** A CPU profile and an allocation profile of this process (Olo) over one phase, for `BENCH_PROFILE=<folder>`. */
async function startProfile(): Promise<{ stop(file: string): Promise<void> }> {
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  await session.post('HeapProfiler.enable');
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 64 * 1024,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  return {
    async stop(file) {
      const { profile } = await session.post('Profiler.stop');
      const { profile: allocations } = await session.post('HeapProfiler.stopSampling');
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, JSON.stringify(profile));
      fs.writeFileSync(file.replace(/\.cpuprofile$/, '.heapprofile'), JSON.stringify(allocations));
      session.disconnect();
    },
  };
}

// ---------- where the writer's time goes: ReadingsRepository's methods, timed in place ----------

const timings = new Map<string, { calls: number; ms: number; rows: number }>();
/** Times calls of `prototype[name]`; `rowsArgument` is the argument whose length counts rows. */
function timeMethod(target: object, name: string, rowsArgument: number) {
  const prototype = target as Record<string, (...args: unknown[]) => Promise<unknown>>;
  const original = prototype[name] as (...args: unknown[]) => Promise<unknown>;
  prototype[name] = async function (this: unknown, ...args: unknown[]) {
    const started = performance.now();
    try {
      return await original.apply(this, args);
    } finally {
      const entry = timings.get(name) ?? { calls: 0, ms: 0, rows: 0 };
      entry.calls++;
      entry.ms += performance.now() - started;
      const rows = args[rowsArgument];
      if (Array.isArray(rows)) entry.rows += rows.length;
      timings.set(name, entry);
    }
  };
}
/** The writer's transaction and the statements in it, in their order. */
const writerSteps = [
  'transaction',
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

// ---------- processes: RSS and CPU from /proc ----------

const clockTicks = 100;
function procStat(pid: number): { cpuMs: number; rssBytes: number } | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const pageSize = 4096;
    return {
      cpuMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks,
      rssBytes: Number(fields[21]) * pageSize,
    };
  } catch {
    return undefined;
  }
}

function processes(): { pglite: number[]; postgres: number[] } {
  const found = { pglite: [] as number[], postgres: [] as number[] };
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === process.pid && cmdline.includes('pglite-host')) found.pglite.push(Number(entry));
      if (stat.includes('(postgres)')) found.postgres.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

const cpuOf = (pids: number[]) => pids.reduce((sum, pid) => sum + (procStat(pid)?.cpuMs ?? 0), 0);

/** CPU time the whole machine spent busy, ms (all cores; /proc/stat counts in clock ticks). */
function machineBusyMs(): number {
  const fields = (fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  const total = fields.reduce((sum, value) => sum + value, 0);
  return ((total - idle) * 1000) / clockTicks;
}

class Sampler {
  peakRss = 0;
  peakPgliteRss = 0;
  private timer: NodeJS.Timeout | undefined;
  constructor(private readonly pglitePids: number[]) {}
  start() {
    this.timer = setInterval(() => this.sample(), 100);
  }
  sample() {
    this.peakRss = Math.max(this.peakRss, process.memoryUsage.rss());
    for (const pid of this.pglitePids) {
      this.peakPgliteRss = Math.max(this.peakPgliteRss, procStat(pid)?.rssBytes ?? 0);
    }
  }
  stop() {
    clearInterval(this.timer);
    this.sample();
  }
}

// ---------- the publisher process ----------

class Publisher {
  private readonly child = fork(path.join(here, 'ingest-publisher.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  get pid(): number {
    return this.child.pid as number;
  }
  private request<T>(message: PrepareCommand | RunCommand): Promise<T> {
    return new Promise((resolve, reject) => {
      const onMessage = (answer: { type: string; message?: string }) => {
        this.child.off('exit', onExit);
        if (answer.type === 'error') reject(new Error(`publisher: ${answer.message}`));
        else resolve(answer as T);
      };
      const onExit = (code: number) => reject(new Error(`publisher exited with ${code}`));
      this.child.once('message', onMessage);
      this.child.once('exit', onExit);
      this.child.send(message);
    });
  }
  prepare(command: Omit<PrepareCommand, 'type'>) {
    return this.request<{ uplinks: Record<string, number> }>({ type: 'prepare', ...command });
  }
  run(command: Omit<RunCommand, 'type'>) {
    return this.request<RunResult>({ type: 'run', ...command });
  }
  async close() {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.send({ type: 'exit' });
    await exited;
  }
}

// ---------- set-up: a series for every channel of every meter ----------

const fleet = simulatedMeters({ count: meterCount, seed });

/** Channels (name, type, unit) each model's uplinks decode into. */
function channelsOf(meter: (typeof fleet)[number]) {
  const uplink = buildUplink(meter, intervalMs, 0);
  const provider = providerOfTopic(uplink.topic);
  if (!provider) throw new Error('not an uplink topic');
  const parsed = parseUplink(provider, JSON.parse(uplink.payload));
  const decoded = findDriver(modelSpecs[meter.model].driverId)?.decode(parsed.payload as Buffer, parsed.fPort ?? 0);
  if (!decoded?.ok) throw new Error(`simulated ${meter.model} payload did not decode`);
  return decoded.channels;
}

const channelsByModel = new Map(fleet.slice(0, 4).map((meter) => [meter.model, channelsOf(meter)]));
const valuesPerUplink = (index: number) =>
  channelsByModel.get((fleet[index % fleet.length] as (typeof fleet)[number]).model)?.length ?? 0;

async function setUp(sql: postgres.Sql): Promise<Map<number, string>> {
  const [organization] = await sql`insert into organizations (name, slug) values ('Bench', 'bench') returning id`;
  const [project] =
    await sql`insert into projects (organization_id, name) values (${organization?.id}, 'Bench') returning id`;
  const meters = await sql<Array<{ id: number; serial: string }>>`
    insert into meters (serial, driver, organization_id, provider)
    select serial, driver, ${organization?.id}::uuid, provider
    from unnest(${sql.array(fleet.map((meter) => meter.serial))}::text[],
                ${sql.array(fleet.map((meter) => modelSpecs[meter.model].driverId))}::text[],
                ${sql.array(fleet.map((meter) => meter.format))}::text[]) as u(serial, driver, provider)
    returning id, serial`;
  const meterId = new Map(meters.map((row) => [row.serial, row.id]));
  const rows = fleet.flatMap((meter) =>
    (channelsByModel.get(meter.model) ?? []).map((channel) => ({ meter, channel })),
  );
  const series = await sql<Array<{ id: number; name: string }>>`
    insert into series (project_id, name, data_type, data_unit)
    select ${project?.id}::int, name, data_type, data_unit
    from unnest(${sql.array(rows.map((row) => `${row.meter.serial}:${row.channel.name}`))}::text[],
                ${sql.array(rows.map((row) => row.channel.type))}::text[],
                ${sql.array(rows.map((row) => row.channel.unit))}::text[]) as u(name, data_type, data_unit)
    returning id, name`;
  await sql`
    insert into series_datasources (series_id, meter_id, channel)
    select series_id, meter_id, channel
    from unnest(${sql.array(series.map((row) => row.id))}::int[],
                ${sql.array(series.map((row) => meterId.get(row.name.split(':')[0] as string) as number))}::int[],
                ${sql.array(series.map((row) => row.name.split(':')[1] as string))}::text[]) as u(series_id, meter_id, channel)`;
  return new Map(series.map((row) => [row.id, row.name.split(':')[0] as string]));
}

const count = async (sql: postgres.Sql, table: string) =>
  (await sql.unsafe(`select count(*)::int as n from ${table}`))[0]?.n as number;

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
  cpu: { olo: number; database: number; publisher: number; wallMs: number; eventLoop: number; machine: number };
  batches: { count: number; readings: number };
  profile: Map<string, { calls: number; ms: number; rows: number }>;
  /** The same during the fixed-rate phase. */
  latencyProfile: Map<string, { calls: number; ms: number; rows: number }>;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number);

async function runOn(kind: DatabaseKind): Promise<Outcome> {
  const database = await createTestDatabase(kind);
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    MQTT_PORT: '0',
    DATA_DIR: database.dataDir,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    INGEST_TOKEN: ingestToken,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
  });
  const server = await createServer(config, createLogger(config));
  const publisher = new Publisher();
  try {
    const sql = server.database.sql;
    const serialOfSeries = await setUp(sql);
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
    const cpuBefore = {
      olo: process.cpuUsage(),
      database: cpuOf(kind === 'pglite' ? pids.pglite : pids.postgres),
      publisher: procStat(publisher.pid)?.cpuMs ?? 0,
      loop: performance.eventLoopUtilization(),
      wall: performance.now(),
      machine: machineBusyMs(),
    };
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
    const cpu = {
      olo: (() => {
        const used = process.cpuUsage(cpuBefore.olo);
        return (used.user + used.system) / 1000;
      })(),
      database: cpuOf(kind === 'pglite' ? pids.pglite : pids.postgres) - cpuBefore.database,
      publisher: (procStat(publisher.pid)?.cpuMs ?? cpuBefore.publisher) - cpuBefore.publisher,
      wallMs: performance.now() - cpuBefore.wall,
      eventLoop: performance.eventLoopUtilization(cpuBefore.loop).utilization,
      machine: machineBusyMs() - cpuBefore.machine,
    };
    const profile = new Map([...timings].map(([name, entry]) => [name, { ...entry }]));
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
      const seen = new Map<string, number>();
      const stop = new AbortController();
      const listening = (async () => {
        for await (const event of server.events.subscribe('series.latest', stop.signal)) {
          const at = wallClock();
          for (const value of event.values) {
            const key = `${serialOfSeries.get(value.seriesId)}|${Date.parse(value.time)}`;
            if (!seen.has(key)) seen.set(key, at);
          }
        }
      })();
      const result = await publisher.run({ phase: 'latency', rate, window });
      await new Promise((resolve) => setTimeout(resolve, 200));
      stop.abort();
      await listening;
      latencyProfile = new Map([...timings].map(([name, entry]) => [name, { ...entry }]));
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

const fmt = (value: number, digits = 0) =>
  Number.isFinite(value)
    ? value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : '–';
const mb = (bytes: number) => (bytes > 0 ? `${fmt(bytes / 1024 / 1024)} MB` : '–');

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
    add(name === 'transaction' ? 'per batch: transaction (all)' : `  ${name}`, (o) => {
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
    const entry = o.latencyProfile.get('transaction');
    return entry ? `${fmt(entry.ms / entry.calls, 1)} ms` : '–';
  });
  add('  meter look-ups (findBySerials)', (o) => lookUps(o.latencyProfile.get('findBySerials')));
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  for (const row of rows) {
    console.log(`  ${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('   ')}`);
  }
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
