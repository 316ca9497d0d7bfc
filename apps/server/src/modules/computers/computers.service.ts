import type { Logger } from 'pino';
import type { ComputerRow, ComputersRepository } from './computers.repository.ts';

/** How often a running instance moves its last_seen_at forward, ms. */
const heartbeatMs = 60_000;
/** How long the known computers are kept before they are read again, ms; an unknown id reads them at once. */
const cacheMs = 60_000;

/**
 * The Olo instances ("computers") sharing the database: this one registers itself at start-up
 * and keeps its last-seen time fresh; the others are looked up for the system errors they recorded.
 */
export class ComputersService {
  private known: Promise<Map<number, ComputerRow>> | undefined;
  private knownAt = 0;
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(private readonly deps: { repository: ComputersRepository; logger: Logger }) {}

  /** Registers this instance and keeps its last-seen time fresh until `close`. */
  async start(name: string, hostname: string): Promise<ComputerRow> {
    const computer = await this.deps.repository.register(name, hostname);
    this.heartbeat = setInterval(() => {
      this.deps.repository.touch(computer.id).catch((error) => {
        // Only last_seen_at lags; the next beat tries again.
        this.deps.logger.warn({ err: error }, 'marking this instance as seen failed');
      });
    }, heartbeatMs);
    this.heartbeat.unref();
    return computer;
  }

  close(): void {
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }

  /** Every registered instance, read afresh (their heartbeats move). */
  list(): Promise<ComputerRow[]> {
    return this.deps.repository.list();
  }

  async byId(id: number): Promise<ComputerRow | null> {
    let known = await this.load(false);
    if (!known.has(id)) known = await this.load(true);
    return known.get(id) ?? null;
  }

  private load(fresh: boolean): Promise<Map<number, ComputerRow>> {
    if (fresh || !this.known || Date.now() - this.knownAt > cacheMs) {
      this.knownAt = Date.now();
      const loading = this.deps.repository.list().then((rows) => new Map(rows.map((row) => [row.id, row])));
      loading.catch(() => {
        if (this.known === loading) this.known = undefined;
      });
      this.known = loading;
    }
    return this.known;
  }
}
