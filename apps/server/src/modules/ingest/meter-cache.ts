import type { MeterRow } from '../meters/meters.repository.ts';

export interface MeterCacheOptions {
  /** After this, a cached meter is still used but read again in the background, ms. */
  refreshAfterMs: number;
}

/**
 * The ingest's meters by serial. Look-ups that arrive together share one query, and a cached
 * meter past its age is served while it is read again in the background, so that a busy uplink
 * stream never waits on the database for meters it already knows (on PGlite every query queues
 * behind the writer's transaction). Admin changes reach it through `forget`, which also discards
 * any look-up that was under way, so that an answer read before the change is not kept.
 */
export class MeterCache {
  private readonly cached = new Map<string, { meter: MeterRow; at: number }>();
  /** Serials forgotten while a look-up was under way: bumped by `forget`, checked before caching. */
  private readonly generation = new Map<string, number>();
  private readonly waiting = new Map<
    string,
    Array<{ resolve(meter: MeterRow | undefined): void; reject(error: unknown): void }>
  >();
  private readonly refreshing = new Set<string>();
  private flushScheduled = false;

  constructor(
    private readonly findBySerials: (serials: string[]) => Promise<MeterRow[]>,
    private readonly options: MeterCacheOptions = { refreshAfterMs: 10_000 },
  ) {}

  /** The meter of `serial`, or undefined when there is none. */
  async get(serial: string): Promise<MeterRow | undefined> {
    const entry = this.cached.get(serial);
    if (entry) {
      if (Date.now() - entry.at >= this.options.refreshAfterMs && !this.refreshing.has(serial)) {
        this.refreshing.add(serial);
        this.load(serial)
          .catch(() => {})
          .finally(() => this.refreshing.delete(serial));
      }
      return entry.meter;
    }
    return this.load(serial);
  }

  /** Keeps `meter` as read now (after the ingest created or changed it). */
  set(meter: MeterRow): void {
    this.cached.set(meter.serial, { meter, at: Date.now() });
  }

  forget(serial: string): void {
    this.cached.delete(serial);
    this.generation.set(serial, (this.generation.get(serial) ?? 0) + 1);
  }

  private load(serial: string): Promise<MeterRow | undefined> {
    return new Promise((resolve, reject) => {
      const waiters = this.waiting.get(serial);
      if (waiters) waiters.push({ resolve, reject });
      else this.waiting.set(serial, [{ resolve, reject }]);
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    this.flushScheduled = false;
    const batch = new Map(this.waiting);
    this.waiting.clear();
    const serials = [...batch.keys()];
    const generations = new Map(serials.map((serial) => [serial, this.generation.get(serial) ?? 0]));
    let rows: MeterRow[];
    try {
      rows = await this.findBySerials(serials);
    } catch (error) {
      for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
      return;
    }
    const found = new Map(rows.map((row) => [row.serial, row]));
    const now = Date.now();
    for (const [serial, waiters] of batch) {
      const meter = found.get(serial);
      if ((this.generation.get(serial) ?? 0) === generations.get(serial)) {
        if (meter) this.cached.set(serial, { meter, at: now });
        else this.cached.delete(serial);
      }
      for (const waiter of waiters) waiter.resolve(meter);
    }
  }
}
