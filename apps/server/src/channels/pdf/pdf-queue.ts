import { AppError } from '../../shared/errors.ts';

export const pdfBusyMessage = 'PDF renderer busy';
export const pdfTenantBusyMessage =
  "This organization's PDFs already fill its place in the queue; try again in a moment";
export const pdfQueueWaitMessage = 'The PDF waited longer than {seconds} s for the renderer; try again later';

export interface PdfQueueOptions {
  /** Renders that may hold a page at once. */
  pages: number;
  /** Renders that may wait for a page, all tenants together; one more is refused. */
  queueMax: number;
  /** Renders of one tenant that may wait; one more of that tenant is refused. Default: `queueMax`. */
  tenantQueueMax?: number;
  /** The longest a render may wait for a page, ms; it then fails with `pdfQueueWaitMessage`. Default: none. */
  queueWaitMs?: number;
}

/** A render waiting for a page. */
interface Waiter {
  tenant: string;
  admit: () => void;
  timer: NodeJS.Timeout | undefined;
}

/**
 * The renderer's pages as places that renders take and give back (decision 0140): a render takes a free one, else
 * waits in its tenant's queue; a freed place is handed to the next tenant in turn (`nextWaiter`).
 */
export class PdfQueue {
  private active = 0;
  /** Renders holding a page, by tenant. */
  private readonly activeOf = new Map<string, number>();
  /** Waiting renders by tenant. */
  private readonly waiting = new Map<string, Waiter[]>();
  private waitingCount = 0;
  /** When each tenant with a render held or waiting last got a page (a count of starts): the turn goes to the earliest. */
  private readonly lastStart = new Map<string, number>();
  private starts = 0;

  constructor(private readonly options: PdfQueueOptions) {}

  async acquire(tenant: string): Promise<void> {
    if (this.active < this.options.pages) {
      this.active++;
      this.count(tenant, 1);
      return;
    }
    if (this.waitingCount >= this.options.queueMax) throw new AppError('TOO_MANY_REQUESTS', pdfBusyMessage);
    const queue = this.waiting.get(tenant) ?? [];
    if (queue.length >= (this.options.tenantQueueMax ?? this.options.queueMax)) {
      throw new AppError('TOO_MANY_REQUESTS', pdfTenantBusyMessage);
    }
    // The releasing render hands its place over, so `active` stays counted.
    await new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { tenant, admit: resolve, timer: undefined };
      const waitMs = this.options.queueWaitMs;
      if (waitMs !== undefined) {
        waiter.timer = setTimeout(() => {
          this.dequeue(waiter);
          reject(
            new AppError('UNAVAILABLE', pdfQueueWaitMessage, undefined, { seconds: String(Math.round(waitMs / 1000)) }),
          );
        }, waitMs);
        // A wait left over at shutdown does not keep the process alive.
        waiter.timer.unref();
      }
      queue.push(waiter);
      if (!this.waiting.has(tenant)) this.waiting.set(tenant, queue);
      this.waitingCount++;
    });
  }

  /** Hands the freed page to the next tenant's render, or frees it. */
  release(tenant: string): void {
    this.count(tenant, -1);
    const next = this.nextWaiter();
    if (!next) {
      this.active--;
      return;
    }
    clearTimeout(next.timer);
    this.count(next.tenant, 1);
    this.dequeue(next);
    next.admit();
  }

  /**
   * The first waiting render of the tenant holding the fewest pages, among equals the one whose last render started
   * earliest (or never): a tenant that arrives while another holds every page gets the next page before that tenant's
   * next render, so it waits for one render at most.
   */
  private nextWaiter(): Waiter | undefined {
    let chosen: Waiter | undefined;
    let chosenHeld = Number.POSITIVE_INFINITY;
    let chosenStart = Number.POSITIVE_INFINITY;
    for (const [tenant, queue] of this.waiting) {
      const held = this.activeOf.get(tenant) ?? 0;
      const start = this.lastStart.get(tenant) ?? 0;
      if (queue[0] && (held < chosenHeld || (held === chosenHeld && start < chosenStart))) {
        chosen = queue[0];
        chosenHeld = held;
        chosenStart = start;
      }
    }
    return chosen;
  }

  /** Takes a waiter out of its tenant's queue. */
  private dequeue(waiter: Waiter): void {
    const queue = this.waiting.get(waiter.tenant);
    const index = queue?.indexOf(waiter) ?? -1;
    if (!queue || index < 0) return;
    queue.splice(index, 1);
    this.waitingCount--;
    if (queue.length === 0) this.waiting.delete(waiter.tenant);
    this.forgetIfIdle(waiter.tenant);
  }

  /** Counts a tenant's render getting (1) or giving up (-1) a page. */
  private count(tenant: string, change: number): void {
    const held = (this.activeOf.get(tenant) ?? 0) + change;
    if (change > 0) this.lastStart.set(tenant, ++this.starts);
    if (held > 0) this.activeOf.set(tenant, held);
    else this.activeOf.delete(tenant);
    this.forgetIfIdle(tenant);
  }

  /** A tenant with nothing held or waiting is forgotten, so that tenants seen once do not grow memory. */
  private forgetIfIdle(tenant: string): void {
    if (!this.activeOf.has(tenant) && !this.waiting.has(tenant)) this.lastStart.delete(tenant);
  }
}
