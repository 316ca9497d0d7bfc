import { periodSettleMs } from '@olo/shared';
import type { Logger } from 'pino';
import type { Tx } from '../../db/sql.ts';
import { isValueDatabaseError, sqlStateOf } from '../../shared/storable.ts';
import type { AlarmEngineRepository } from '../alarms/alarm-engine.repository.ts';
import { type AlarmOutcome, evaluateAlarms } from '../alarms/alarm-engine.ts';
import type { MeterRouting, ReadingsRepository, ReadingToStore, SeriesValue } from './readings.repository.ts';
import { routeReadings } from './series-routing.ts';

export interface WrittenBatch {
  meterIds: number[];
  /** Latest values that moved, with the project of each series. */
  latest: Array<SeriesValue & { projectId: number }>;
  problems: Array<{ meterId: number; channel: string; message: string }>;
  /** Projects that got a new dataId: a late value reached a period that caches keep for good. */
  renewedProjectIds: number[];
  /** What the values set off in the alarms watching their series (episodes opened, repeated, ended). */
  alarms: AlarmOutcome[];
}

export interface ReadingWriterOptions {
  /** Readings per transaction. */
  maxBatch: number;
  /** How long a reading may wait for others to share its transaction, in ms. */
  lingerMs: number;
  /** Queued readings beyond which `enqueue` waits: the backpressure that reaches MQTT and HTTP. */
  maxQueued: number;
  /**
   * Transactions that may be under way at once, each for its own share of the meters (by id), so
   * that two never write one meter's rows. 1 on PGlite, which is one session anyway.
   */
  lanes: number;
  /** The clock that tells late values (epoch ms). */
  now: () => number;
}

export interface ReadingWriterDeps {
  repository: ReadingsRepository;
  /** Told of each committed batch (live events); a throw is logged, the batch stays stored. */
  onWritten: (batch: WrittenBatch) => void;
  logger: Logger;
  /** Over defaultWriterOptions. */
  options?: Partial<ReadingWriterOptions>;
  /** The alarms run in the same transaction as the values they watch (decision 0041); none in some tests. */
  alarms?: AlarmEngineRepository;
  /**
   * Queues the notifications of what the alarms set off in that same transaction (decision 0042),
   * and is told to look at its queue once the transaction committed.
   */
  notifications?: {
    enqueueOutcomes(tx: Tx, outcomes: AlarmOutcome[]): Promise<unknown>;
    committed(): void;
  };
}

/** Projects of values older than a settled period's end could be (see periodSettleMs); usually none. */
function lateProjects(values: SeriesValue[], projectOf: Map<number, number>, now: number): number[] {
  const settledBefore = now - periodSettleMs + 3_600_000;
  const projects = new Set<number>();
  for (const value of values) {
    if (value.time.getTime() < settledBefore) projects.add(projectOf.get(value.seriesId) as number);
  }
  return [...projects];
}

/** Routings kept at most (a few kB each); beyond it they are all read again. */
const maxKeptRoutings = 200_000;

export const defaultWriterOptions: ReadingWriterOptions = {
  maxBatch: 2000,
  lingerMs: 5,
  maxQueued: 50_000,
  lanes: 1,
  now: () => Date.now(),
};

/**
 * Errors of a database that is away or busy for a moment (connection lost, restarting, out of
 * connections, a deadlock): the same batch is likely to succeed later.
 */
export function isTransientDatabaseError(error: unknown): boolean {
  const code = String((error as { code?: unknown })?.code ?? '');
  if (/^(08|53|57P)/.test(code) || code === '40001' || code === '40P01') return true;
  return [
    'ECONNREFUSED',
    'ECONNRESET',
    'EPIPE',
    'ETIMEDOUT',
    'ENOENT',
    'CONNECTION_CLOSED',
    'CONNECTION_ENDED',
    'CONNECTION_DESTROYED',
    'CONNECT_TIMEOUT',
  ].includes(code);
}

/**
 * A reading the database would not store (a value error of its own, isValueDatabaseError): it is
 * refused alone, and the readings that shared its batch are stored.
 */
export class ReadingRefusedError extends Error {
  constructor(
    readonly reading: ReadingToStore,
    /** The database's SQLSTATE. */
    readonly sqlState: string | undefined,
    options: { cause: unknown },
  ) {
    super('The database cannot store a value of this reading', options);
    this.name = 'ReadingRefusedError';
  }
}

interface Pending {
  reading: ReadingToStore;
  resolve(): void;
  reject(error: Error): void;
}

interface Lane {
  queue: Pending[];
  timer: NodeJS.Timeout | undefined;
  writing: Promise<void> | undefined;
}

/**
 * Writes readings in batches, one transaction each. A reading's promise resolves only after its
 * transaction committed, so that whoever acknowledges an uplink (an MQTT PUBACK, an HTTP 202)
 * does so for stored data. A failed transaction is retried with backoff, keeping the batch: a
 * database that is down for a moment delays readings but loses none. A batch that fails on a value
 * is halved, each half in a transaction of its own, until the reading that fails is alone: it is
 * refused (ReadingRefusedError) and the others are stored, so that one sender's reading cannot
 * fail another's. `close` writes what is queued.
 *
 * With several lanes, a meter's readings always take the same lane, so they are written in the
 * order they came and no two transactions wait on each other's meter rows; while one lane waits
 * for its commit, another is writing.
 */
export class ReadingWriter {
  private readonly lanes: Lane[];
  private readonly roomWaiters: Array<() => void> = [];
  private queuedCount = 0;
  private closed = false;
  private readonly options: ReadingWriterOptions;
  /** Meter id → its routing as of routing_version. */
  private readonly routings = new Map<number, { version: number; routing: MeterRouting }>();

  private readonly repository: ReadingsRepository;
  private readonly onWritten: ReadingWriterDeps['onWritten'];
  private readonly logger: Logger;
  private readonly alarms: ReadingWriterDeps['alarms'];
  private readonly notifications: ReadingWriterDeps['notifications'];

  constructor(deps: ReadingWriterDeps) {
    this.repository = deps.repository;
    this.onWritten = deps.onWritten;
    this.logger = deps.logger;
    this.alarms = deps.alarms;
    this.notifications = deps.notifications;
    this.options = { ...defaultWriterOptions, ...deps.options };
    this.lanes = Array.from({ length: Math.max(1, this.options.lanes) }, () => ({
      queue: [],
      timer: undefined,
      writing: undefined,
    }));
  }

  get queued(): number {
    return this.queuedCount;
  }

  /** Below half the queue limit: room to take readings without slowing their senders. */
  get hasRoom(): boolean {
    return !this.closed && this.queuedCount < this.options.maxQueued / 2;
  }

  async enqueue(reading: ReadingToStore): Promise<void> {
    if (this.closed) throw new Error('The reading writer is closed');
    while (this.queuedCount >= this.options.maxQueued) {
      await new Promise<void>((resolve) => this.roomWaiters.push(resolve));
    }
    const lane = this.lanes[reading.meterId % this.lanes.length] as Lane;
    const stored = new Promise<void>((resolve, reject) => lane.queue.push({ reading, resolve, reject }));
    this.queuedCount += 1;
    this.schedule(lane);
    return stored;
  }

  private schedule(lane: Lane): void {
    if (lane.writing || lane.timer) return;
    const delay = lane.queue.length >= this.options.maxBatch ? 0 : this.options.lingerMs;
    lane.timer = setTimeout(() => {
      lane.timer = undefined;
      lane.writing = this.drain(lane).finally(() => {
        lane.writing = undefined;
        if (lane.queue.length > 0) this.schedule(lane);
      });
    }, delay);
  }

  private async drain(lane: Lane): Promise<void> {
    while (lane.queue.length > 0) {
      const batch = lane.queue.splice(0, this.options.maxBatch);
      this.queuedCount -= batch.length;
      for (const waiter of this.roomWaiters.splice(0)) waiter();
      await this.writeWithRetries(batch);
    }
  }

  private async writeWithRetries(batch: Pending[]): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        const written = await this.write(batch.map((item) => item.reading));
        for (const item of batch) item.resolve();
        if (written.alarms.some((outcome) => outcome.actionIds.length > 0)) this.notifications?.committed();
        try {
          this.onWritten(written);
        } catch (error) {
          this.logger.error({ err: error }, 'after-write handler failed');
        }
        return;
      } catch (error) {
        if (isValueDatabaseError(error)) {
          await this.isolate(batch, error);
          return;
        }
        if (!isTransientDatabaseError(error)) {
          // Retrying cannot mend it: the uplinks stay unacknowledged and their senders try again.
          this.logger.error({ err: error, readings: batch.length }, 'writing readings failed');
          for (const item of batch) item.reject(error as Error);
          return;
        }
        const waitMs = Math.min(5000, 100 * 2 ** attempt);
        this.logger.error({ err: error, readings: batch.length, attempt, waitMs }, 'writing readings failed; retrying');
        await new Promise((resolve) => setTimeout(resolve, waitMs));
      }
    }
  }

  /**
   * A batch that a value of some reading failed: halves written one after the other (in order, so
   * that a meter's readings keep theirs), each in its own transaction with its own alarms, which
   * thus see what the halves before committed. A single reading that fails so is refused. One bad
   * reading in n costs about 2·log2(n) transactions.
   */
  private async isolate(batch: Pending[], error: unknown): Promise<void> {
    if (batch.length === 1) {
      const [item] = batch as [Pending];
      this.logger.warn(
        { err: error, meterId: item.reading.meterId, time: item.reading.time },
        'a reading was refused: the database cannot store one of its values',
      );
      item.reject(new ReadingRefusedError(item.reading, sqlStateOf(error), { cause: error }));
      return;
    }
    const middle = Math.ceil(batch.length / 2);
    await this.writeWithRetries(batch.slice(0, middle));
    await this.writeWithRetries(batch.slice(middle));
  }

  /**
   * Two round trips between BEGIN and COMMIT: the raw insert, the meters' lock and their routing
   * go out together (the server runs them in that order, so the routing is read under the lock),
   * then the series values and the meters' latest fields together, with the alarms' reads. What
   * the alarms set off is written in statements that go out with the COMMIT (batchTransaction).
   * Every round trip leaves the database idle, and at full speed the event loop, busy with
   * arriving uplinks, answers late.
   */
  private write(readings: ReadingToStore[]): Promise<WrittenBatch> {
    return this.repository.batchTransaction(async (tx) => {
      const meterIds = [...new Set(readings.map((reading) => reading.meterId))];
      const [inserted, , versions] = await Promise.all([
        this.repository.insertReadings(tx, readings),
        this.repository.lockMetersShared(tx, meterIds),
        this.repository.routingVersions(tx, meterIds),
        // A series value has the time of its reading.
        this.repository.ensureSeriesMonths(
          tx,
          readings.map((reading) => reading.time),
        ),
      ]);
      const routing = await this.routingOf(tx, versions);
      const { values, problems } = routeReadings(
        inserted.filter((reading) => reading.channels),
        routing,
      );
      const projectOf = new Map(routing.datasources.map((datasource) => [datasource.seriesId, datasource.projectId]));
      const renewedProjectIds = lateProjects(values, projectOf, this.options.now());
      // The statements go in this order (decision 0044): the alarms' reads from before the values
      // are stored, the values (whose series_latest upsert locks each series), then the alarms'
      // states under those locks.
      const seriesIds = [...new Set(values.map((value) => value.seriesId))];
      const notifications = this.notifications;
      const alarmsBefore = this.alarms && values.length > 0 ? this.alarms.readBeforeBatch(tx, seriesIds) : undefined;
      const [latest, updatedMeterIds, , alarms] = await Promise.all([
        this.repository.insertSeriesValues(tx, values),
        this.repository.updateMeters(tx, inserted),
        this.repository.renewDataIds(tx, renewedProjectIds),
        this.alarms && alarmsBefore
          ? evaluateAlarms(
              this.alarms,
              tx,
              values,
              alarmsBefore,
              notifications && ((notified) => notifications.enqueueOutcomes(tx, notified)),
            )
          : undefined,
      ]);
      const result: WrittenBatch = {
        meterIds: updatedMeterIds,
        latest: latest.map((value) => ({ ...value, projectId: projectOf.get(value.seriesId) as number })),
        problems,
        renewedProjectIds,
        alarms: alarms?.outcomes ?? [],
      };
      // The alarms' writes go out with the COMMIT.
      return { result, finishing: alarms?.written ?? Promise.resolve() };
    });
  }

  /**
   * The meters' routing, read under their lock: kept between batches and read again only for a
   * meter whose routing_version moved. (Changed between the two reads, a routing is kept under the
   * older version, so the next batch reads it again.)
   */
  private async routingOf(tx: Tx, versions: Array<{ id: number; version: number }>): Promise<MeterRouting> {
    const stale = versions.filter(({ id, version }) => this.routings.get(id)?.version !== version);
    if (stale.length > 0) {
      const fresh = await this.repository.routing(
        tx,
        stale.map(({ id }) => id),
      );
      if (this.routings.size + stale.length > maxKeptRoutings) this.routings.clear();
      const own = new Map<number, MeterRouting>();
      for (const { id, version } of stale) {
        const routing: MeterRouting = { datasources: [], conversions: [], calibrations: [] };
        own.set(id, routing);
        this.routings.set(id, { version, routing });
      }
      for (const datasource of fresh.datasources) own.get(datasource.meterId)?.datasources.push(datasource);
      for (const conversion of fresh.conversions) own.get(conversion.meterId)?.conversions.push(conversion);
      // In start order, as read.
      for (const calibration of fresh.calibrations) own.get(calibration.meterId)?.calibrations.push(calibration);
    }
    const combined: MeterRouting = { datasources: [], conversions: [], calibrations: [] };
    for (const { id } of versions) {
      const { routing } = this.routings.get(id) as { routing: MeterRouting };
      for (const datasource of routing.datasources) combined.datasources.push(datasource);
      for (const conversion of routing.conversions) combined.conversions.push(conversion);
      for (const calibration of routing.calibrations) combined.calibrations.push(calibration);
    }
    return combined;
  }

  /** Stops taking readings and waits until every queued one is written. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(
      this.lanes.map(async (lane) => {
        if (lane.timer) {
          clearTimeout(lane.timer);
          lane.timer = undefined;
        }
        while (lane.writing || lane.queue.length > 0) {
          if (lane.writing) await lane.writing;
          else lane.writing = this.drain(lane).finally(() => (lane.writing = undefined));
        }
      }),
    );
  }
}
