import type { Logger } from 'pino';
import type { ReadingsRepository, ReadingToStore, SeriesValue } from './readings.repository.ts';
import { routeReadings } from './series-routing.ts';

export interface WrittenBatch {
  meterIds: number[];
  /** Latest values that moved, with the project of each series. */
  latest: Array<SeriesValue & { projectId: number }>;
  problems: Array<{ meterId: number; channel: string; message: string }>;
}

export interface ReadingWriterOptions {
  /** Readings per transaction. */
  maxBatch: number;
  /** How long a reading may wait for others to share its transaction, in ms. */
  lingerMs: number;
  /** Queued readings beyond which `enqueue` waits: the backpressure that reaches MQTT and HTTP. */
  maxQueued: number;
}

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

interface Pending {
  reading: ReadingToStore;
  resolve(): void;
  reject(error: Error): void;
}

/**
 * Writes readings in batches, one transaction each. A reading's promise resolves only after its
 * transaction committed, so that whoever acknowledges an uplink (an MQTT PUBACK, an HTTP 202)
 * does so for stored data. A failed transaction is retried with backoff, keeping the batch: a
 * database that is down for a moment delays readings but loses none. `close` writes what is queued.
 */
export class ReadingWriter {
  private readonly queue: Pending[] = [];
  private readonly roomWaiters: Array<() => void> = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> | undefined;
  private closed = false;

  constructor(
    private readonly repository: ReadingsRepository,
    private readonly onWritten: (batch: WrittenBatch) => void,
    private readonly logger: Logger,
    private readonly options: ReadingWriterOptions = { maxBatch: 2000, lingerMs: 25, maxQueued: 50_000 },
  ) {}

  get queued(): number {
    return this.queue.length;
  }

  /** Below half the queue limit: room to take readings without slowing their senders. */
  get hasRoom(): boolean {
    return !this.closed && this.queue.length < this.options.maxQueued / 2;
  }

  async enqueue(reading: ReadingToStore): Promise<void> {
    if (this.closed) throw new Error('The reading writer is closed');
    while (this.queue.length >= this.options.maxQueued) {
      await new Promise<void>((resolve) => this.roomWaiters.push(resolve));
    }
    const stored = new Promise<void>((resolve, reject) => this.queue.push({ reading, resolve, reject }));
    this.schedule();
    return stored;
  }

  private schedule(): void {
    if (this.writing || this.timer) return;
    const delay = this.queue.length >= this.options.maxBatch ? 0 : this.options.lingerMs;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.writing = this.drain().finally(() => {
        this.writing = undefined;
        if (this.queue.length > 0) this.schedule();
      });
    }, delay);
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.options.maxBatch);
      for (const waiter of this.roomWaiters.splice(0)) waiter();
      await this.writeWithRetries(batch);
    }
  }

  private async writeWithRetries(batch: Pending[]): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        const written = await this.write(batch.map((item) => item.reading));
        for (const item of batch) item.resolve();
        try {
          this.onWritten(written);
        } catch (error) {
          this.logger.error({ err: error }, 'after-write handler failed');
        }
        return;
      } catch (error) {
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

  private write(readings: ReadingToStore[]): Promise<WrittenBatch> {
    return this.repository.transaction(async (tx) => {
      const inserted = await this.repository.insertReadings(tx, readings);
      const decoded = inserted.filter((reading) => reading.channels);
      const decodedMeterIds = [...new Set(decoded.map((reading) => reading.meterId))];
      await this.repository.lockMetersShared(tx, decodedMeterIds);
      const routing = await this.repository.routing(tx, decodedMeterIds);
      const { values, problems } = routeReadings(decoded, routing);
      const latest = await this.repository.insertSeriesValues(tx, values);
      const meterIds = await this.repository.updateMeters(tx, inserted);
      const projectOf = new Map(routing.datasources.map((datasource) => [datasource.seriesId, datasource.projectId]));
      return {
        meterIds,
        latest: latest.map((value) => ({ ...value, projectId: projectOf.get(value.seriesId) as number })),
        problems,
      };
    });
  }

  /** Stops taking readings and waits until every queued one is written. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    while (this.writing || this.queue.length > 0) {
      if (this.writing) await this.writing;
      else this.writing = this.drain().finally(() => (this.writing = undefined));
    }
  }
}
