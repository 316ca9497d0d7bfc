/**
 * What the ingest benchmarks share (bench/ingest.ts, bench/alarms.ts): a real Olo on a fresh
 * database, the publisher process (ingest-publisher.ts) and its simulated fleet, the set-up of
 * series for the fleet's channels, statement timings, CPU and memory from /proc, and formatting.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { findDriver } from '@olo/drivers';
import type postgres from 'postgres';
import { createLogger, createServer, type OloServer } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { parseUplink, providerOfTopic } from '../apps/server/src/modules/ingest/uplink-formats.ts';
import {
  buildUplink,
  modelSpecs,
  type SimulatedMeter,
  type SimulatedModel,
  simulatedMeters,
} from '../apps/server/src/simulator/uplinks.ts';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from '../apps/server/src/testing/test-databases.ts';
import type { PrepareCommand, RunCommand, RunResult } from './ingest-publisher.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/** A non-negative number from the environment. */
export const env = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number`);
  return value;
};
process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';

export const seed = 'olo-bench';
export const intervalMs = 60_000;
export const ingestToken = 'bench-ingest-token-0123456789abcdef';
export const wallClock = () => performance.timeOrigin + performance.now();

/** A CPU profile and an allocation profile of this process (Olo) over one phase, for `BENCH_PROFILE=<folder>`. */
export async function startProfile(): Promise<{ stop(file: string): Promise<void> }> {
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

// ---------- where the time goes: repository methods, timed in place ----------

export type Timings = Map<string, { calls: number; ms: number; rows: number }>;
export const timings: Timings = new Map();
/** A copy of the timings so far. */
export const snapshotTimings = (): Timings => new Map([...timings].map(([name, entry]) => [name, { ...entry }]));

/** Times calls of `prototype[name]`; `rowsArgument` is the argument whose length counts rows. */
export function timeMethod(target: object, name: string, rowsArgument: number) {
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

// ---------- processes: RSS and CPU from /proc ----------

const clockTicks = 100;
export function procStat(pid: number): { cpuMs: number; rssBytes: number } | undefined {
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

export function processes(): { pglite: number[]; postgres: number[] } {
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

export const cpuOf = (pids: number[]) => pids.reduce((sum, pid) => sum + (procStat(pid)?.cpuMs ?? 0), 0);

/** CPU time the whole machine spent busy, ms (all cores; /proc/stat counts in clock ticks). */
export function machineBusyMs(): number {
  const fields = (fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  const total = fields.reduce((sum, value) => sum + value, 0);
  return ((total - idle) * 1000) / clockTicks;
}

/** CPU ms over a phase: per process, and the whole machine (other work included). */
export interface CpuUse {
  olo: number;
  database: number;
  publisher: number;
  wallMs: number;
  eventLoop: number;
  machine: number;
}

/** Starts counting CPU of Olo (this process), the database's processes and the publisher; call the result to stop. */
export function measureCpu(kind: DatabaseKind, pids: { pglite: number[]; postgres: number[] }, publisherPid: number) {
  const databasePids = kind === 'pglite' ? pids.pglite : pids.postgres;
  const before = {
    olo: process.cpuUsage(),
    database: cpuOf(databasePids),
    publisher: procStat(publisherPid)?.cpuMs ?? 0,
    loop: performance.eventLoopUtilization(),
    wall: performance.now(),
    machine: machineBusyMs(),
  };
  return (): CpuUse => {
    const used = process.cpuUsage(before.olo);
    return {
      olo: (used.user + used.system) / 1000,
      database: cpuOf(databasePids) - before.database,
      publisher: (procStat(publisherPid)?.cpuMs ?? before.publisher) - before.publisher,
      wallMs: performance.now() - before.wall,
      eventLoop: performance.eventLoopUtilization(before.loop).utilization,
      machine: machineBusyMs() - before.machine,
    };
  };
}

export class Sampler {
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

export class Publisher {
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
  /** Ends a full-speed run early: no new uplinks go out, the run answers once those under way are acknowledged. */
  stop() {
    if (this.child.exitCode === null) this.child.send({ type: 'stop' });
  }
  async close() {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.send({ type: 'exit' });
    await exited;
  }
}

// ---------- the simulated fleet and its series ----------

export type Fleet = SimulatedMeter[];
export const simulatedFleet = (count: number): Fleet => simulatedMeters({ count, seed });

/** The channels (name, type, unit, value) an uplink decodes into. */
export function decodeUplink(meter: SimulatedMeter, slot: number) {
  const uplink = buildUplink(meter, intervalMs, slot);
  const provider = providerOfTopic(uplink.topic);
  if (!provider) throw new Error('not an uplink topic');
  const parsed = parseUplink(provider, JSON.parse(uplink.payload));
  const decoded = findDriver(modelSpecs[meter.model].driverId)?.decode(parsed.payload as Buffer, parsed.fPort ?? 0);
  if (!decoded?.ok) throw new Error(`simulated ${meter.model} payload did not decode`);
  return decoded.channels;
}

/** Channels (name, type, unit) each model of the fleet's uplinks decode into. */
export const channelsByModel = (fleet: Fleet) =>
  new Map<SimulatedModel, ReturnType<typeof decodeUplink>>(
    fleet.slice(0, 4).map((meter) => [meter.model, decodeUplink(meter, 0)]),
  );

export interface BenchSeries {
  id: number;
  serial: string;
  channel: string;
  projectId: number;
}

/**
 * An organization, its project(s) and a series fed by each channel of each meter: one project for
 * the whole fleet, or one per meter (`projectPerMeter`). `maxSeries` stops after that many series
 * (the last meter's other channels then feed none).
 */
export async function setUpSeries(
  sql: postgres.Sql,
  fleet: Fleet,
  options: { projectPerMeter?: boolean; maxSeries?: number } = {},
): Promise<BenchSeries[]> {
  const channels = channelsByModel(fleet);
  const [organization] = await sql`insert into organizations (name, slug) values ('Bench', 'bench') returning id`;
  const projectNames = options.projectPerMeter ? fleet.map((meter) => `Bench ${meter.serial}`) : ['Bench'];
  const projects = await sql<Array<{ id: number; name: string }>>`
    insert into projects (organization_id, name)
    select ${organization?.id}::uuid, name from unnest(${sql.array(projectNames)}::text[]) as u(name)
    returning id, name`;
  const projectOf = new Map(projects.map((row) => [row.name, row.id]));
  const projectOfMeter = (meter: SimulatedMeter) =>
    projectOf.get(options.projectPerMeter ? `Bench ${meter.serial}` : 'Bench') as number;
  const meters = await sql<Array<{ id: number; serial: string }>>`
    insert into meters (serial, driver, organization_id, provider)
    select serial, driver, ${organization?.id}::uuid, provider
    from unnest(${sql.array(fleet.map((meter) => meter.serial))}::text[],
                ${sql.array(fleet.map((meter) => modelSpecs[meter.model].driverId))}::text[],
                ${sql.array(fleet.map((meter) => meter.format))}::text[]) as u(serial, driver, provider)
    returning id, serial`;
  const meterId = new Map(meters.map((row) => [row.serial, row.id]));
  const rows = fleet
    .flatMap((meter) => (channels.get(meter.model) ?? []).map((channel) => ({ meter, channel })))
    .slice(0, options.maxSeries ?? Number.POSITIVE_INFINITY);
  const series = await sql<Array<{ id: number; name: string; projectId: number }>>`
    insert into series (project_id, name, data_type, data_unit)
    select project_id, name, data_type, data_unit
    from unnest(${sql.array(rows.map((row) => projectOfMeter(row.meter)))}::int[],
                ${sql.array(rows.map((row) => `${row.meter.serial}:${row.channel.name}`))}::text[],
                ${sql.array(rows.map((row) => row.channel.type))}::text[],
                ${sql.array(rows.map((row) => row.channel.unit))}::text[]) as u(project_id, name, data_type, data_unit)
    returning id, name, project_id as "projectId"`;
  await sql`
    insert into series_datasources (series_id, meter_id, channel)
    select series_id, meter_id, channel
    from unnest(${sql.array(series.map((row) => row.id))}::int[],
                ${sql.array(series.map((row) => meterId.get(row.name.split(':')[0] as string) as number))}::int[],
                ${sql.array(series.map((row) => row.name.split(':')[1] as string))}::text[]) as u(series_id, meter_id, channel)`;
  return series.map((row) => ({
    id: row.id,
    serial: row.name.split(':')[0] as string,
    channel: row.name.split(':')[1] as string,
    projectId: row.projectId,
  }));
}

export const count = async (sql: postgres.Sql, table: string) =>
  (await sql.unsafe(`select count(*)::int as n from ${table}`))[0]?.n as number;

// ---------- a real Olo on a fresh database ----------

export async function startOlo(kind: DatabaseKind): Promise<{ server: OloServer; database: TestDatabase }> {
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
  return { server, database };
}

/**
 * When the first 'series.latest' event carrying each value arrived, keyed `serial|time ms`
 * (`serialOfSeries`: series id → its meter's serial), until `stop`.
 */
export function listenLatest(server: OloServer, serialOfSeries: Map<number, string>) {
  const seen = new Map<string, number>();
  const abort = new AbortController();
  const listening = (async () => {
    for await (const event of server.events.subscribe('series.latest', abort.signal)) {
      const at = wallClock();
      for (const value of event.values) {
        const key = `${serialOfSeries.get(value.seriesId)}|${Date.parse(value.time)}`;
        if (!seen.has(key)) seen.set(key, at);
      }
    }
  })();
  return {
    seen,
    async stop() {
      abort.abort();
      await listening;
    },
  };
}

// ---------- figures ----------

export const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number);

export const fmt = (value: number, digits = 0) =>
  Number.isFinite(value)
    ? value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : '–';
export const mb = (bytes: number) => (bytes > 0 ? `${fmt(bytes / 1024 / 1024)} MB` : '–');

/** Prints rows as aligned columns. */
export function printTable(rows: string[][]) {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  for (const row of rows) {
    console.log(`  ${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('   ')}`);
  }
}
