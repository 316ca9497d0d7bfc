/**
 * Alarms benchmark (npm run bench:alarms, issue 6): "10,000 alarms over 2,000 series, readings at
 * the ingest benchmark's rate; added cost per reading and p99 from reading to queued notification.
 * Goal: p99 under 50 ms, ingest rate down by less than 10 %."
 *
 * A real Olo (createServer, embedded MQTT broker, a fresh PostgreSQL database, or PGlite), the
 * ingest benchmark's publisher process (MQTT, QoS 1) and simulated meters, each meter its own
 * project, a series for each channel up to 2,000 series. Then, in one run on one database:
 *
 * 1. throughput with no alarms (the baseline "no alarms"): uplinks as fast as Olo acknowledges them;
 *    measured again at the end with the alarms deleted, and the drop taken against the two's mean;
 * 2. after a warm-up of a quarter phase with them, the same with 5 alarms on every series (10,000,
 *    inserted with SQL, each with an SMS action): three that the simulated
 *    values never meet (sensor range, high for 15 min, low), and two that fire on a share of the
 *    series (BENCH_FIRING): a threshold with a repeat every 10 min crossed during the latency phase,
 *    and one with a 3 min duration and hysteresis crossed during phase 2. Values/s of both, the drop,
 *    and the added time and CPU per reading;
 * 3. latency at the ingest benchmark's fixed rate (1,000 uplinks/s) with the alarms: for uplinks
 *    whose values open or end an episode, publish → the project's 'project.updated' event on the
 *    server's bus. That event is published after the commit of the batch's transaction, which also
 *    holds the episode and the queued notification (its alarms.notify job), so it is when the
 *    notification is queued and visible. Against publish → 'series.latest' for all uplinks.
 *
 * The thresholds come from the readings the publisher will send (the same layout of slots,
 * bench/uplink-layout.ts, decoded here). Which batch wrote each uplink and which uplinks set off
 * alarm events is read from the writer (ReadingWriter's write and after-commit handler, wrapped in
 * place); the bus's publish, wrapped, tells which batch each event came from, and subscribers on
 * the bus (as GraphQL subscriptions are) when it arrived: so every uplink is timed, not only those
 * whose value was its series' latest in the batch. The alarm statements are timed in place as
 * bench/ingest.ts times the writer's.
 *
 * Environment: BENCH_DATABASES (postgres; pglite,postgres for both), BENCH_SERIES (2000),
 * BENCH_RUNS (1: whole runs per database, goals checked on the medians), BENCH_FIRING (0.2: share of
 * series with alarms that fire), BENCH_PROFILE (a folder: CPU and
 * allocation profiles of Olo in each throughput phase), BENCH_UPLINKS (60000 per throughput
 * phase), BENCH_MAX_SECONDS (60, cap of each throughput phase), BENCH_PUBLISHERS (16), BENCH_WINDOW
 * (200 per client), BENCH_RATE (1000), BENCH_LATENCY_SECONDS (15), TEST_DATABASE_URL
 * (postgres://postgres@127.0.0.1:5432/test: a new database is created there and dropped).
 */
import os from 'node:os';
import path from 'node:path';
import { constants, monitorEventLoopDelay, PerformanceObserver, performance } from 'node:perf_hooks';
import type postgres from 'postgres';
import type { OloServer } from '../apps/server/src/app.ts';
import type { EventMap, Topic } from '../apps/server/src/events/event-bus.ts';
import { AlarmEngineRepository } from '../apps/server/src/modules/alarms/alarm-engine.repository.ts';
import type { AlarmOutcome } from '../apps/server/src/modules/alarms/alarm-engine.ts';
import { ReadingWriter, type WrittenBatch } from '../apps/server/src/modules/ingest/reading-writer.ts';
import { ReadingsRepository, type ReadingToStore } from '../apps/server/src/modules/ingest/readings.repository.ts';
import type { DatabaseKind } from '../apps/server/src/testing/test-databases.ts';
import {
  type BenchSeries,
  type CpuUse,
  channelsByModel,
  count,
  decodeUplink,
  env,
  type Fleet,
  fmt,
  ingestToken,
  intervalMs,
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
  type Timings,
  timeMethod,
  timings,
  wallClock,
} from './ingest-harness.ts';
import { layOutPhases } from './uplink-layout.ts';

const databases = (process.env.BENCH_DATABASES ?? 'postgres').split(',').map((kind) => kind.trim());
const seriesCount = env('BENCH_SERIES', 2000);
const firingShare = Math.min(1, env('BENCH_FIRING', 0.2));
const throughputUplinks = env('BENCH_UPLINKS', 60_000);
const maxSeconds = env('BENCH_MAX_SECONDS', 60);
const publishers = env('BENCH_PUBLISHERS', 16);
const window = env('BENCH_WINDOW', 200);
const rate = env('BENCH_RATE', 1000);
const latencySeconds = env('BENCH_LATENCY_SECONDS', 15);
/** BENCH_ACTIONS=0: the alarms' SMS actions are inactive, so events queue no notification (the engine alone). */
const withActions = env('BENCH_ACTIONS', 1) !== 0;
/** BENCH_RUNS: whole runs per database (each on a fresh database); the goals are checked on their medians. */
const runs = Math.max(1, env('BENCH_RUNS', 1));

const goals = { p99Ms: 50, dropPercent: 10 };
const alarmsPerSeries = 5;

// ---------- the fleet: the fewest meters whose channels give the series ----------

const fleet: Fleet = (() => {
  const candidates = simulatedFleet(seriesCount);
  const channels = channelsByModel(candidates);
  let total = 0;
  let meters = 0;
  while (total < seriesCount && meters < candidates.length) {
    total += channels.get((candidates[meters] as Fleet[number]).model)?.length ?? 0;
    meters++;
  }
  return simulatedFleet(meters);
})();
const meterCount = fleet.length;

// ---------- what the writer's batches set off, and where the alarms' time goes ----------

/**
 * The writer's batches while `recording`: each batch's readings (meter id | time ms) and alarm
 * outcomes (ReadingWriter's write, wrapped), and which topics its after-commit handler published
 * (the handler wrapped on the writer, the bus's publish wrapped by runOn): the in-process bus emits
 * them there, in order, so the n-th event a subscriber receives is the n-th published.
 */
interface Batch {
  readings: string[];
  alarms: AlarmOutcome[];
}
let recording = false;
/** While the latency phase runs: when each reading reached the writer (kept only then, as it costs). */
let timingReceipts = false;
const batches: Batch[] = [];
/** The batch whose events are being published, if any. */
let publishing: number | undefined;
/** Readings (meter id | reading time) by when the writer was handed them, while recording. */
const receivedAt = new Map<string, number>();
/** Per topic, the batch of each event published, in order (see runOn). */
const publishedBy = {
  'project.updated': [] as Array<{ batch: number; projectId: number }>,
  'series.latest': [] as number[],
};
{
  const readingsOf = new WeakMap<WrittenBatch, string[]>();
  const prototype = ReadingWriter.prototype as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  const write = prototype.write as (readings: ReadingToStore[]) => Promise<WrittenBatch>;
  prototype.write = async function (this: unknown, ...args: unknown[]) {
    const readings = args[0] as ReadingToStore[];
    const written = await write.call(this, readings);
    readingsOf.set(
      written,
      readings.map((reading) => `${reading.meterId}|${reading.time.getTime()}`),
    );
    return written;
  };
  // When each reading reached Olo's writer (after MQTT and decoding): the start of "reading → queued".
  const enqueue = prototype.enqueue as (reading: ReadingToStore) => Promise<void>;
  prototype.enqueue = function (this: unknown, ...args: unknown[]) {
    const reading = args[0] as ReadingToStore;
    if (timingReceipts) receivedAt.set(`${reading.meterId}|${reading.time.getTime()}`, wallClock());
    return enqueue.call(this, reading);
  };
  const hooked = new WeakSet<object>();
  const writeWithRetries = prototype.writeWithRetries as (...args: unknown[]) => Promise<unknown>;
  prototype.writeWithRetries = function (this: { onWritten: (batch: WrittenBatch) => void }, ...args: unknown[]) {
    if (!hooked.has(this)) {
      hooked.add(this);
      const onWritten = this.onWritten;
      this.onWritten = (written) => {
        if (recording) {
          publishing = batches.push({ readings: readingsOf.get(written) ?? [], alarms: written.alarms }) - 1;
        }
        try {
          onWritten(written);
        } finally {
          publishing = undefined;
        }
      };
    }
    return writeWithRetries.apply(this, args);
  };
}
const alarmSteps = ['readBeforeBatch', 'readStates', 'rulesFor', 'writeEvaluation'];
timeMethod(ReadingsRepository.prototype, 'batchTransaction', 1);
timeMethod(ReadingsRepository.prototype, 'insertReadings', 1);
timeMethod(ReadingsRepository.prototype, 'insertSeriesValues', 1);
for (const name of alarmSteps) timeMethod(AlarmEngineRepository.prototype, name, 1);

// ---------- the alarms: five per series, thresholds from the values the publisher will send ----------

interface AlarmRow {
  projectId: number;
  seriesId: number;
  name: string;
  inside: boolean;
  rangeStart: number | null;
  rangeEnd: number | null;
  duration: string | null;
  repeatAfter: string | null;
  hysteresis: number | null;
}

const minutes = (n: number) => JSON.stringify({ years: 0, months: 0, days: 0, hours: 0, minutes: n, seconds: 0 });

/** Each series' values in time order, per phase, as the publisher will send them. */
function expectedValues(laidOut: ReturnType<typeof layOutPhases>, phase: string, series: BenchSeries[]) {
  const seriesOf = new Map(series.map((row) => [`${row.serial}:${row.channel}`, row.id]));
  const values = new Map<number, number[]>();
  for (const { meter, slot } of laidOut.get(phase) ?? []) {
    for (const channel of decodeUplink(meter, slot)) {
      const id = seriesOf.get(`${meter.serial}:${channel.name}`);
      if (id === undefined || typeof channel.value !== 'number') continue;
      const list = values.get(id) ?? [];
      list.push(channel.value);
      values.set(id, list);
    }
  }
  return values;
}

const rangeOf = (values: number[] | undefined) =>
  values && values.length > 0 ? { min: Math.min(...values), max: Math.max(...values) } : undefined;

/**
 * Five alarms a series: three the values never meet, and on the firing share two that do: a
 * threshold halfway through the latency phase's values (repeat every 10 min), and one halfway
 * through phase 2's with a 3 min duration and some hysteresis. Elsewhere those two sit above every value.
 */
function planAlarms(series: BenchSeries[], alarmPhase: Map<number, number[]>, latencyPhase: Map<number, number[]>) {
  // The firing share among the series whose values move in both phases, spread evenly.
  const moving = series.filter((row) => {
    const a = rangeOf(alarmPhase.get(row.id));
    const b = rangeOf(latencyPhase.get(row.id));
    return a && b && a.min < a.max && b.min < b.max;
  });
  const firingCount = Math.min(moving.length, Math.round(firingShare * series.length));
  const firing = new Set(
    Array.from(
      { length: firingCount },
      (_, index) => (moving[Math.floor((index * moving.length) / firingCount)] as BenchSeries).id,
    ),
  );
  const rows: AlarmRow[] = [];
  for (const row of series) {
    const all = [...(alarmPhase.get(row.id) ?? []), ...(latencyPhase.get(row.id) ?? [])];
    const { min, max } = rangeOf(all) ?? { min: 0, max: 0 };
    const span = Math.max(max - min, Math.abs(max) * 0.05, 1);
    const base = { projectId: row.projectId, seriesId: row.id, duration: null, repeatAfter: null, hysteresis: null };
    const above = max + span;
    rows.push(
      { ...base, name: `${row.id} sensor range`, inside: false, rangeStart: min - 2 * span, rangeEnd: max + 2 * span },
      {
        ...base,
        name: `${row.id} high for 15 min`,
        inside: false,
        rangeStart: null,
        rangeEnd: above,
        duration: minutes(15),
        repeatAfter: minutes(60),
      },
      { ...base, name: `${row.id} low`, inside: true, rangeStart: null, rangeEnd: min - span },
    );
    const latency = rangeOf(latencyPhase.get(row.id));
    const alarm = rangeOf(alarmPhase.get(row.id));
    const isFiring = firing.has(row.id) && latency && alarm;
    rows.push(
      {
        ...base,
        name: `${row.id} threshold`,
        inside: false,
        rangeStart: null,
        rangeEnd: isFiring ? (latency.min + latency.max) / 2 : above,
        repeatAfter: minutes(10),
      },
      {
        ...base,
        name: `${row.id} over limit for 3 min`,
        inside: false,
        rangeStart: null,
        rangeEnd: isFiring ? (alarm.min + alarm.max) / 2 : above,
        duration: minutes(3),
        hysteresis: isFiring ? (alarm.max - alarm.min) / 50 : null,
      },
    );
  }
  return { rows, firing: firing.size };
}

async function insertAlarms(sql: postgres.Sql, rows: AlarmRow[]): Promise<number> {
  const inserted = await sql<Array<{ id: string; name: string }>>`
    insert into alarms (project_id, name, inside, range_start, range_end, duration, repeat_after, hysteresis)
    select project_id, name, inside, range_start, range_end, duration::jsonb, repeat_after::jsonb, hysteresis
    from unnest(${sql.array(rows.map((row) => row.projectId))}::int[],
                ${sql.array(rows.map((row) => row.name))}::text[],
                ${sql.array(rows.map((row) => row.inside))}::bool[],
                ${sql.array(rows.map((row) => row.rangeStart) as number[])}::float8[],
                ${sql.array(rows.map((row) => row.rangeEnd) as number[])}::float8[],
                ${sql.array(rows.map((row) => row.duration) as string[])}::text[],
                ${sql.array(rows.map((row) => row.repeatAfter) as string[])}::text[],
                ${sql.array(rows.map((row) => row.hysteresis) as number[])}::float8[])
      as u(project_id, name, inside, range_start, range_end, duration, repeat_after, hysteresis)
    returning id, name`;
  const idOf = new Map(inserted.map((row) => [row.name, row.id]));
  await sql`
    insert into alarms_series (alarm_id, series_id)
    select * from unnest(${sql.array(rows.map((row) => idOf.get(row.name) as string))}::uuid[],
                         ${sql.array(rows.map((row) => row.seriesId))}::int[])`;
  // Every alarm notifies someone of its triggers, repeats and ends: an SMS (no gateway here, so each
  // is recorded as not sent), through the notify and delivery jobs as in production.
  await sql`
    insert into alarms_actions (alarm_id, type, sms, trigger_at_end, active)
    select id, 'sms', '+358401234567', true, ${withActions} from unnest(${sql.array(inserted.map((row) => row.id))}::uuid[]) as id`;
  return inserted.length;
}

// ---------- phases ----------

interface Throughput {
  uplinks: number;
  values: number;
  seconds: number;
  capped: boolean;
  cpu: CpuUse;
  profile: Timings;
}

/** Uplinks as fast as Olo acknowledges them (acknowledged = committed), capped at BENCH_MAX_SECONDS. */
async function throughput(kind: DatabaseKind, server: OloServer, publisher: Publisher, phase: string) {
  const sql = server.database.sql;
  const before = { values: await count(sql, 'series_data'), readings: await count(sql, 'meter_readings') };
  // Each phase starts with the tables vacuumed and right after a checkpoint. Otherwise the previous
  // phase's autovacuum, or a checkpoint (whose full-page images double the WAL), falls inside
  // some phases and not others: the two baselines of one run had differed by up to 30 %.
  if (kind === 'postgres') {
    await sql`vacuum (analyze)`;
    await sql`checkpoint`;
  }
  timings.clear();
  const stopCpu = measureCpu(kind, processes(), publisher.pid);
  const profiler = process.env.BENCH_PROFILE ? await startProfile() : undefined;
  let capped = false;
  const deadline = setTimeout(() => {
    capped = true;
    publisher.stop();
  }, maxSeconds * 1000);
  const result = await publisher.run({ phase, rate: 0, window }).finally(() => clearTimeout(deadline));
  if (profiler) await profiler.stop(path.join(process.env.BENCH_PROFILE as string, `${phase}-${kind}.cpuprofile`));
  const cpu = stopCpu();
  const profile = snapshotTimings();
  const after = { values: await count(sql, 'series_data'), readings: await count(sql, 'meter_readings') };
  return {
    uplinks: after.readings - before.readings,
    values: after.values - before.values,
    seconds: (result.lastAckAt - result.firstSentAt) / 1000,
    capped,
    cpu,
    profile,
  } satisfies Throughput;
}

/** Garbage collection pauses of one kind: how many, their sum and the longest (ms). */
interface GcPauses {
  count: number;
  ms: number;
  max: number;
}

const gcSummary = (pauses: number[]): GcPauses => ({
  count: pauses.length,
  ms: pauses.reduce((sum, ms) => sum + ms, 0),
  max: Math.max(0, ...pauses),
});

interface Latency {
  count: number;
  matched: number;
  p50: number;
  p99: number;
  max: number;
}

function latencyOf(delays: number[], total: number): Latency {
  delays.sort((a, b) => a - b);
  return {
    count: total,
    matched: delays.length,
    p50: percentile(delays, 50),
    p99: percentile(delays, 99),
    max: delays.at(-1) ?? Number.NaN,
  };
}

interface Outcome {
  kind: DatabaseKind;
  /** Which of BENCH_RUNS (1 …). */
  run?: number;
  series: number;
  alarms: number;
  firingSeries: number;
  insertAlarmsMs: number;
  baseline: Throughput;
  /** The same with the alarms deleted, after the other phases. */
  baselineAfter: Throughput;
  withAlarms: Throughput;
  events: { phase2: Record<string, number>; latency: Record<string, number> };
  /** Publish → 'project.updated' of uplinks that opened or ended an episode. */
  notified: Latency;
  /** Handed to Olo's writer (after MQTT and decoding) → 'project.updated', same uplinks. */
  notifiedSinceReceived: Latency;
  /** Publish → 'series.latest' of uplinks with an alarm event of any kind (repeats included). */
  anyEvent: Latency;
  /** Publish → 'series.latest' of all uplinks. */
  latest: Latency;
  latencyProfile: Timings;
  /** Olo's event loop during the latency phase: delay p50, p99 and max (ms); GC pauses' count, sum and longest (ms). */
  loop: { p50: number; p99: number; max: number; gc: { minor: GcPauses; major: GcPauses } };
  peakRss: number;
  peakPgliteRss: number;
}

const eventCounts = (outcomes: AlarmOutcome[]) => {
  const counts: Record<string, number> = { triggered: 0, repeated: 0, ended: 0 };
  for (const outcome of outcomes) counts[outcome.event.kind] = (counts[outcome.event.kind] ?? 0) + 1;
  return counts;
};

async function runOn(kind: DatabaseKind): Promise<Outcome> {
  const { server, database } = await startOlo(kind);
  const publisher = new Publisher();
  try {
    const sql = server.database.sql;
    const series = await setUpSeries(sql, fleet, { projectPerMeter: true, maxSeries: seriesCount });
    const projectOfSeries = new Map(series.map((row) => [row.id, row.projectId]));
    const latencyUplinks = Math.round(rate * latencySeconds);
    const phases = {
      // Every meter, and long enough for the JIT and the database's caches: after only one uplink a
      // meter, the first baseline ran cold, 10–25 % slower than the one after, flattering the drop.
      warmup: Math.max(meterCount, Math.round(throughputUplinks / 2)),
      baseline: throughputUplinks,
      // A quarter phase with the alarms before phase 2, as for the baseline: the alarms' code
      // (engine, queue, deliveries) in place in the JIT, every watch with its state row, and the
      // storm under way, as in a running Olo (decision 0048). With one uplink a meter, the first
      // run's phase 2 ran this code cold, 4–8 points of drop more than the runs after it.
      alarmsWarmup: Math.max(meterCount, Math.round(throughputUplinks / 4)),
      alarms: throughputUplinks,
      latency: latencyUplinks,
      baselineAfter: throughputUplinks,
    };
    const now = Date.now();
    const laidOut = layOutPhases(fleet, phases, intervalMs, now);
    const plan = planAlarms(
      series,
      expectedValues(laidOut, 'alarms', series),
      expectedValues(laidOut, 'latency', series),
    );
    await publisher.prepare({
      url: `mqtt://127.0.0.1:${server.broker.port}`,
      username: 'olo',
      password: ingestToken,
      clients: publishers,
      meters: meterCount,
      seed,
      intervalMs,
      phases,
      now,
    });
    process.stdout.write(`  ${kind}: ${meterCount} meters, ${series.length} series; `);

    // Warm-up: the ingest's meter cache, the tables' first pages and the JIT in place.
    await publisher.run({ phase: 'warmup', rate: 0, window });
    const pglitePids = processes().pglite;
    const sampler = new Sampler(pglitePids);
    sampler.start();

    const baseline = await throughput(kind, server, publisher, 'baseline');
    process.stdout.write(`no alarms ${baseline.uplinks} uplinks in ${baseline.seconds.toFixed(1)} s; `);

    const started = performance.now();
    const alarms = await insertAlarms(sql, plan.rows);
    const insertAlarmsMs = performance.now() - started;
    await publisher.run({ phase: 'alarmsWarmup', rate: 0, window });

    recording = true;
    const withAlarms = await throughput(kind, server, publisher, 'alarms');
    const phase2Events = eventCounts(batches.flatMap((batch) => batch.alarms));
    process.stdout.write(`${alarms} alarms ${withAlarms.uplinks} uplinks in ${withAlarms.seconds.toFixed(1)} s; `);

    // Latency: when the events of each uplink's batch reached a subscriber, against when it was published.
    batches.length = 0;
    publishedBy['project.updated'].length = 0;
    publishedBy['series.latest'].length = 0;
    timings.clear();
    const publish = server.events.publish;
    // Every event of the two topics in publishing order (-1: not from a batch of this phase).
    server.events.publish = ((topic: Topic, payload: EventMap[Topic]) => {
      if (topic === 'project.updated') {
        publishedBy[topic].push({ batch: publishing ?? -1, projectId: (payload as { projectId: number }).projectId });
      } else if (topic === 'series.latest') {
        publishedBy[topic].push(publishing ?? -1);
      }
      return publish.call(server.events, topic, payload);
    }) as typeof publish;
    const arrivals = {
      'project.updated': [] as Array<{ at: number; projectId: number }>,
      'series.latest': [] as number[],
    };
    const abort = new AbortController();
    const listening = Promise.all([
      (async () => {
        for await (const event of server.events.subscribe('project.updated', abort.signal)) {
          arrivals['project.updated'].push({ at: wallClock(), projectId: event.projectId });
        }
      })(),
      (async () => {
        for await (const _ of server.events.subscribe('series.latest', abort.signal)) {
          arrivals['series.latest'].push(wallClock());
        }
      })(),
    ]);
    timingReceipts = true;
    // What holds Olo's event loop while it should answer at once: its delays and garbage collection.
    const loopDelay = monitorEventLoopDelay({ resolution: 5 });
    // Scavenges of the young generation, and the rest (mark-compact, incremental marking, weak callbacks).
    const gcPauses = { minor: [] as number[], major: [] as number[] };
    const gcObserver = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const kind = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind;
        (kind === constants.NODE_PERFORMANCE_GC_MINOR ? gcPauses.minor : gcPauses.major).push(entry.duration);
      }
    });
    gcObserver.observe({ entryTypes: ['gc'] });
    loopDelay.enable();
    const result = await publisher.run({ phase: 'latency', rate, window });
    loopDelay.disable();
    gcObserver.disconnect();
    await new Promise((resolve) => setTimeout(resolve, 500));
    abort.abort();
    await listening;
    server.events.publish = publish;
    recording = false;
    timingReceipts = false;
    const latencyProfile = snapshotTimings();
    const latencyEvents = eventCounts(batches.flatMap((batch) => batch.alarms));
    sampler.stop();

    // Each batch's first series.latest and its project.updated per project, as the subscribers got them.
    const latestAt = new Map<number, number>();
    publishedBy['series.latest'].forEach((batch, index) => {
      const at = arrivals['series.latest'][index];
      if (at !== undefined && !latestAt.has(batch)) latestAt.set(batch, at);
    });
    const updatedAt = new Map<string, number>();
    let misordered = 0;
    publishedBy['project.updated'].forEach(({ batch, projectId }, index) => {
      const arrival = arrivals['project.updated'][index];
      if (arrival?.projectId !== projectId) misordered++;
      else updatedAt.set(`${batch}|${projectId}`, arrival.at);
    });
    if (misordered > 0) console.warn(`\n  ${misordered} project.updated events did not arrive in publishing order`);
    // Uplinks (meter id | reading time): their batch; those that opened or ended an episode, their project.
    const meterIdOf = new Map(
      (await sql<Array<{ id: number; serial: string }>>`select id, serial from meters`).map((row) => [
        row.serial,
        row.id,
      ]),
    );
    const meterOfSeries = new Map(series.map((row) => [row.id, meterIdOf.get(row.serial) as number]));
    const batchOf = new Map<string, number>();
    const notifying = new Map<string, number>();
    const anyEvent = new Set<string>();
    batches.forEach((batch, index) => {
      for (const key of batch.readings) batchOf.set(key, index);
      for (const outcome of batch.alarms) {
        const key = `${meterOfSeries.get(outcome.seriesId)}|${outcome.event.time}`;
        anyEvent.add(key);
        if (outcome.event.kind !== 'repeated') notifying.set(key, projectOfSeries.get(outcome.seriesId) as number);
      }
    });
    const notified: number[] = [];
    const notifiedSinceReceived: number[] = [];
    const anyEventDelays: number[] = [];
    const latest: number[] = [];
    for (const [serial, timeMs, sentAt] of result.uplinks ?? []) {
      const key = `${meterIdOf.get(serial)}|${timeMs}`;
      const batch = batchOf.get(key);
      if (batch === undefined) continue;
      const latestArrival = latestAt.get(batch);
      if (latestArrival !== undefined) {
        latest.push(latestArrival - sentAt);
        if (anyEvent.has(key)) anyEventDelays.push(latestArrival - sentAt);
      }
      const projectId = notifying.get(key);
      const updatedArrival = projectId === undefined ? undefined : updatedAt.get(`${batch}|${projectId}`);
      if (updatedArrival !== undefined) {
        notified.push(updatedArrival - sentAt);
        const received = receivedAt.get(key);
        if (received !== undefined) notifiedSinceReceived.push(updatedArrival - received);
      }
    }
    process.stdout.write('latency done.\n');
    // The baseline again once the alarms are gone and their deliveries done: the tables grow and
    // the database's background work changes over a run, which must not count as the alarms' cost.
    for (let waited = 0; waited < 60_000; waited += 200) {
      const [pending] = await sql<Array<{ count: number }>>`
        select count(*)::int as count from jobs where name in ('alarms.notify', 'alarms.deliver') and done_at is null and attempts < max_attempts`;
      if ((pending?.count ?? 0) === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await sql`truncate alarms cascade`;
    const baselineAfter = await throughput(kind, server, publisher, 'baselineAfter');
    return {
      kind,
      series: series.length,
      alarms,
      firingSeries: plan.firing,
      insertAlarmsMs,
      baseline,
      baselineAfter,
      withAlarms,
      events: { phase2: phase2Events, latency: latencyEvents },
      notified: latencyOf(notified, notifying.size),
      notifiedSinceReceived: latencyOf(notifiedSinceReceived, notifying.size),
      anyEvent: latencyOf(anyEventDelays, anyEvent.size),
      latest: latencyOf(latest, result.uplinks?.length ?? 0),
      latencyProfile,
      loop: {
        p50: loopDelay.percentile(50) / 1e6,
        p99: loopDelay.percentile(99) / 1e6,
        max: loopDelay.max / 1e6,
        gc: { minor: gcSummary(gcPauses.minor), major: gcSummary(gcPauses.major) },
      },
      peakRss: sampler.peakRss,
      peakPgliteRss: sampler.peakPgliteRss,
    };
  } finally {
    await publisher.close();
    await server.close();
    await database.drop();
  }
}

// ---------- report ----------

const valuesPerSecond = (t: Throughput) => t.values / t.seconds;
/** The two baselines' mean: one before the alarms phases, one after. */
const baselineRate = (o: Outcome) => (valuesPerSecond(o.baseline) + valuesPerSecond(o.baselineAfter)) / 2;
const dropPercent = (o: Outcome) => (1 - valuesPerSecond(o.withAlarms) / baselineRate(o)) * 100;

function report(outcomes: Outcome[]) {
  const [load] = os.loadavg();
  if ((load ?? 0) > 1) {
    console.log(
      `\nNote: the load average was ${fmt(load ?? 0, 1)} during the run; other work on the machine skews these figures.`,
    );
  }
  console.log(
    `\nAlarms benchmark: ${meterCount} meters (a project each), ${seriesCount} series, ${alarmsPerSeries} alarms a ` +
      `series (${fmt(firingShare * 100)} % of series with 2 that fire); ${throughputUplinks} uplinks at full speed ` +
      `from ${publishers} MQTT clients (window ${window}) without alarms (baseline "no alarms") and with them, then ` +
      `${rate}/s for ${latencySeconds} s with them; node ${process.version}, ${os.availableParallelism()} cores.\n`,
  );
  const rows: string[][] = [
    ['', ...outcomes.map((outcome) => (runs > 1 ? `${outcome.kind} #${outcome.run}` : outcome.kind))],
  ];
  const add = (label: string, cell: (outcome: Outcome) => string) => rows.push([label, ...outcomes.map(cell)]);
  const phase = (t: Throughput) =>
    `${fmt(t.uplinks)} uplinks, ${fmt(t.values)} values in ${fmt(t.seconds, 2)} s${t.capped ? ' (capped)' : ''}`;
  add(
    'alarms (series with firing ones)',
    (o) => `${fmt(o.alarms)} (${fmt(o.firingSeries)}), inserted in ${fmt(o.insertAlarmsMs)} ms`,
  );
  add('baseline "no alarms": committed', (o) => phase(o.baseline));
  add('with alarms: committed', (o) => phase(o.withAlarms));
  add(
    'channel values / s: no alarms, before / after',
    (o) =>
      `${fmt(valuesPerSecond(o.baseline))} / ${fmt(valuesPerSecond(o.baselineAfter))} (mean ${fmt(baselineRate(o))})`,
  );
  add('  with alarms', (o) => fmt(valuesPerSecond(o.withAlarms)));
  add('  drop', (o) => `${fmt(dropPercent(o), 1)} % (goal < ${goals.dropPercent} %)`);
  add('added time per reading (uplink)', (o) => {
    const perUplink = (t: Throughput) => (t.seconds * 1e6) / t.uplinks;
    const base = (perUplink(o.baseline) + perUplink(o.baselineAfter)) / 2;
    return `${fmt(perUplink(o.withAlarms) - base)} µs (${fmt(base)} → ${fmt(perUplink(o.withAlarms))})`;
  });
  add('  per channel value', (o) => {
    const perValue = (t: Throughput) => (t.seconds * 1e6) / t.values;
    return `${fmt(perValue(o.withAlarms) - (perValue(o.baseline) + perValue(o.baselineAfter)) / 2, 1)} µs`;
  });
  add('CPU per uplink, Olo + database: no alarms', (o) => {
    const c = o.baseline.cpu;
    return `${fmt((c.olo / o.baseline.uplinks) * 1000)} + ${fmt((c.database / o.baseline.uplinks) * 1000)} µs`;
  });
  add('  with alarms', (o) => {
    const c = o.withAlarms.cpu;
    return `${fmt((c.olo / o.withAlarms.uplinks) * 1000)} + ${fmt((c.database / o.withAlarms.uplinks) * 1000)} µs`;
  });
  add('  other work on the machine (no alarms / alarms)', (o) => {
    const others = (c: CpuUse) => (Math.max(0, c.machine - c.olo - c.database - c.publisher) / c.wallMs) * 100;
    return `${fmt(others(o.baseline.cpu))} % / ${fmt(others(o.withAlarms.cpu))} % (of ${os.availableParallelism() * 100} %)`;
  });
  add(
    'alarm events with alarms (opened, repeated, ended)',
    (o) =>
      `${fmt(o.events.phase2.triggered ?? 0)}, ${fmt(o.events.phase2.repeated ?? 0)}, ${fmt(o.events.phase2.ended ?? 0)}`,
  );
  const perBatch = (profile: Timings, name: string, batches: number) => {
    const entry = profile.get(name);
    return entry ? `${fmt(entry.ms / batches, 1)} ms` : '–';
  };
  add('writer batches, mean readings: no alarms', (o) => {
    const entry = o.baseline.profile.get('insertReadings');
    return entry ? `${fmt(entry.calls)}, ${fmt(entry.rows / entry.calls)}` : '–';
  });
  add('  with alarms', (o) => {
    const entry = o.withAlarms.profile.get('insertReadings');
    return entry ? `${fmt(entry.calls)}, ${fmt(entry.rows / entry.calls)}` : '–';
  });
  add('per batch: transaction, no alarms', (o) =>
    perBatch(o.baseline.profile, 'batchTransaction', o.baseline.profile.get('batchTransaction')?.calls ?? 1),
  );
  add('  with alarms', (o) =>
    perBatch(o.withAlarms.profile, 'batchTransaction', o.withAlarms.profile.get('batchTransaction')?.calls ?? 1),
  );
  for (const name of alarmSteps) {
    add(`    ${name} (calls a batch)`, (o) => {
      const batches = o.withAlarms.profile.get('batchTransaction')?.calls ?? 1;
      const entry = o.withAlarms.profile.get(name);
      return entry ? `${perBatch(o.withAlarms.profile, name, batches)} (${fmt(entry.calls / batches, 1)})` : '–';
    });
  }
  add(`at ${rate}/s with alarms: events (opened, repeated, ended)`, (o) => {
    const e = o.events.latency;
    return `${fmt(e.triggered ?? 0)}, ${fmt(e.repeated ?? 0)}, ${fmt(e.ended ?? 0)}`;
  });
  add('  writer batches, mean readings, transaction', (o) => {
    const readings = o.latencyProfile.get('insertReadings');
    const transaction = o.latencyProfile.get('batchTransaction');
    return readings && transaction
      ? `${fmt(readings.calls)}, ${fmt(readings.rows / readings.calls)}, ${fmt(transaction.ms / transaction.calls, 1)} ms`
      : '–';
  });
  add(
    '  Olo event loop delay p50 / p99 / max',
    (o) => `${fmt(o.loop.p50, 1)} / ${fmt(o.loop.p99, 1)} / ${fmt(o.loop.max, 1)} ms`,
  );
  const pauses = (g: GcPauses) => `${fmt(g.count)}, ${fmt(g.ms)} ms, longest ${fmt(g.max, 1)} ms`;
  add('  GC pauses: scavenges; other (count, sum)', (o) => `${pauses(o.loop.gc.minor)}; ${pauses(o.loop.gc.major)}`);
  const latency = (l: Latency) =>
    `p50 ${fmt(l.p50)} / p99 ${fmt(l.p99)} / max ${fmt(l.max)} ms (${fmt(l.matched)} of ${fmt(l.count)})`;
  add('  publish → project.updated, opened or ended', (o) => latency(o.notified));
  add('  goal p99 < 50 ms', (o) => (o.notified.p99 < goals.p99Ms ? 'met' : 'MISSED'));
  add('  received by the writer → project.updated, same uplinks', (o) => latency(o.notifiedSinceReceived));
  add('  publish → series.latest, uplinks with any event', (o) => latency(o.anyEvent));
  add('  publish → series.latest, all uplinks', (o) => latency(o.latest));
  add('peak RSS, Olo process / PGlite child', (o) => `${mb(o.peakRss)} / ${mb(o.peakPgliteRss)}`);
  printTable(rows);
  console.log('');
  for (const kind of new Set(outcomes.map((o) => o.kind))) {
    const ofKind = outcomes.filter((o) => o.kind === kind);
    const drop = median(ofKind.map(dropPercent));
    const p99 = median(ofKind.map((o) => o.notified.p99));
    const dropMet = drop < goals.dropPercent;
    const p99Met = p99 < goals.p99Ms;
    const unmeasured = ofKind.some((o) => o.notified.matched === 0);
    const p99Verdict = unmeasured ? 'not measured (no episode opened or ended)' : p99Met ? 'met' : 'MISSED';
    const of = ofKind.length > 1 ? `, median of ${ofKind.length} runs` : '';
    if (ofKind.length > 1) {
      console.log(
        `Runs (${kind}): drop ${ofKind.map((o) => `${fmt(dropPercent(o), 1)} %`).join(', ')}; ` +
          `p99 ${ofKind.map((o) => `${fmt(o.notified.p99)} ms`).join(', ')}`,
      );
    }
    console.log(
      `Goal check (${kind}${of}): p99 reading → queued notification ${fmt(p99)} ms < ${goals.p99Ms} ms: ` +
        `${p99Verdict}; ingest rate drop ${fmt(drop, 1)} % < ${goals.dropPercent} %: ${dropMet ? 'met' : 'MISSED'}`,
    );
    if (!dropMet || !p99Met || unmeasured || ofKind.some((o) => o.baseline.capped)) process.exitCode = 1;
  }
}

/** The middle value (of an even count, the upper of the two middle ones). */
const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

const outcomes: Outcome[] = [];
console.log('Running (the default run takes a few minutes)…');
for (const kind of databases) {
  if (kind !== 'pglite' && kind !== 'postgres') throw new Error(`Unknown database ${kind}`);
  for (let run = 1; run <= runs; run++) outcomes.push({ ...(await runOn(kind)), run });
}
report(outcomes);
