import { accountErrors } from '@olo/shared';
import { AppError } from './errors.ts';

/** At most `limit` events of one key within `windowMs` milliseconds. */
export interface RateLimit {
  limit: number;
  windowMs: number;
}

const minute = 60 * 1000;
const hour = 60 * minute;

/**
 * The limits of operations that send mail or store text, of failed sign-ins per IP, and of
 * anonymous reads that reach the database (a published report's routes), and of PDFs (each may cost a render). Each is
 * multiplied by RATE_LIMIT_FACTOR (a large site, many users behind one office address); a per-IP
 * limit counts one address, the others one account or one mail address, whichever IP asks.
 */
export const rateLimitRules = {
  registerPerIp: { limit: 10, windowMs: hour },
  registerPerAddress: { limit: 3, windowMs: hour },
  forgotPasswordPerIp: { limit: 20, windowMs: hour },
  forgotPasswordPerAddress: { limit: 3, windowMs: hour },
  resendVerificationPerAccount: { limit: 3, windowMs: hour },
  addEmailPerAccount: { limit: 10, windowMs: hour },
  addEmailPerAddress: { limit: 3, windowMs: hour },
  invitePerInviter: { limit: 50, windowMs: hour },
  invitePerInvitee: { limit: 5, windowMs: hour },
  testAlarmsActionPerAccount: { limit: 10, windowMs: 10 * minute },
  reportBugPerIp: { limit: 10, windowMs: hour },
  reportBugPerAccount: { limit: 30, windowMs: hour },
  loginFailuresPerIp: { limit: 50, windowMs: 15 * minute },
  /** Requests to a published report's data and files: a report's page asks a few hundred. */
  publicReportPerIp: { limit: 3000, windowMs: 10 * minute },
  /** A published report's PDF: each one not yet kept costs a render in Chromium (about a second). */
  publicReportPdfPerIp: { limit: 30, windowMs: 10 * minute },
  /** A member's report PDFs (`GET /api/reports/{id}.pdf`), each one not yet kept a render (decision 0140). */
  reportPdfPerAccount: { limit: 60, windowMs: 10 * minute },
  /** The same route per address: a few colleagues behind one office address. */
  reportPdfPerIp: { limit: 120, windowMs: 10 * minute },
  /** One-click unsubscribes of scheduled reports' outside addresses (`/api/report-unsubscribe/{token}`). */
  reportUnsubscribePerIp: { limit: 30, windowMs: 10 * minute },
  /** Weather sources added by one account: each asks FMI for the nearest station and queues a backfill. */
  addWeatherPerAccount: { limit: 30, windowMs: hour },
} as const satisfies Record<string, RateLimit>;

export type RateLimitName = keyof typeof rateLimitRules;

/**
 * Keys kept before expired ones are swept, so that unique keys cannot grow memory without end. The
 * next sweep waits until the keys doubled from what the last one kept: with many keys still within
 * their windows, sweeping on every record would cost a pass over all of them each time.
 */
const sweepAbove = 10_000;

/**
 * Event times per key in a sliding window, in memory. Several instances each keep their own
 * counts, which only loosens a limit by the number of instances.
 */
export class SlidingWindow {
  private readonly events = new Map<string, { times: number[]; windowMs: number }>();
  private sweepAt = sweepAbove;

  constructor(readonly now: () => number = Date.now) {}

  /** Times of the key's events within the window, oldest first. */
  recent(key: string, windowMs: number): number[] {
    const since = this.now() - windowMs;
    const entry = this.events.get(key);
    if (!entry) return [];
    const times = entry.times.filter((time) => time > since);
    if (times.length === 0) this.events.delete(key);
    else this.events.set(key, { times, windowMs: Math.max(entry.windowMs, windowMs) });
    return times;
  }

  record(key: string, windowMs: number): void {
    if (this.events.size >= this.sweepAt) this.sweep();
    this.events.set(key, { times: [...this.recent(key, windowMs), this.now()], windowMs });
  }

  forget(key: string): void {
    this.events.delete(key);
  }

  /** Keys held, expired ones not yet swept included. */
  get size(): number {
    return this.events.size;
  }

  private sweep(): void {
    for (const [key, entry] of this.events) this.recent(key, entry.windowMs);
    this.sweepAt = Math.max(sweepAbove, this.events.size * 2);
  }
}

export const tooManyRequests = () => new AppError('TOO_MANY_REQUESTS', accountErrors.tooManyRequests);

/** Counts operations per account, address and IP against `rateLimitRules`. */
export class RateLimiter {
  private readonly window: SlidingWindow;

  constructor(
    private readonly factor = 1,
    now: () => number = Date.now,
  ) {
    this.window = new SlidingWindow(now);
  }

  /** The limit of a rule, scaled; a factor of 0 turns limits off. */
  limitOf(name: RateLimitName): RateLimit | undefined {
    const rule = rateLimitRules[name];
    const limit = Math.floor(rule.limit * this.factor);
    return limit > 0 ? { limit, windowMs: rule.windowMs } : undefined;
  }

  /**
   * Counts one event under each rule and key, or throws TOO_MANY_REQUESTS (counting nothing) when
   * any of them is at its limit. An undefined key (no IP known, nobody signed in) is not counted.
   */
  take(...checks: Array<[RateLimitName, string | undefined]>): void {
    const counted = checks.flatMap(([name, key]) => {
      const rule = this.limitOf(name);
      return rule && key !== undefined ? [{ key: `${name}:${key.toLowerCase()}`, rule }] : [];
    });
    if (counted.some(({ key, rule }) => this.window.recent(key, rule.windowMs).length >= rule.limit)) {
      throw tooManyRequests();
    }
    for (const { key, rule } of counted) this.window.record(key, rule.windowMs);
  }
}
