import { rateLimits, SlidingWindow } from '../../shared/rate-limits.ts';

/**
 * Failed sign-ins of one account: the first `freeFailures` within `windowMs` cost nothing; after
 * them each further attempt waits `firstDelayMs`, doubled for every further failure, at most
 * `maxDelayMs` after the latest failure. Others' guesses thus slow the owner down by minutes at
 * most, never lock the account.
 */
export const loginDelay = {
  freeFailures: 5,
  firstDelayMs: 1000,
  maxDelayMs: 5 * 60 * 1000,
  windowMs: 60 * 60 * 1000,
} as const;

/** The account an attempt is counted against: its user id, or the name given when none matched. */
export function loginAccountKey(user: { id: string } | undefined, givenName: string): string {
  return user ? `user:${user.id}` : `name:${givenName.trim().toLowerCase()}`;
}

/**
 * Failed password checks (sign-in, a wrong old password) per account with a progressive delay,
 * and per IP as a plain limit (`rateLimits.loginFailuresPerIp` times RATE_LIMIT_FACTOR).
 */
export class LoginThrottle {
  constructor(
    private readonly factor = 1,
    private readonly window = new SlidingWindow(),
  ) {}

  private get ipLimit(): number {
    return Math.floor(rateLimits.loginFailuresPerIp.limit * this.factor);
  }

  /** Milliseconds until the next attempt on this account from this IP may go ahead; 0 = now. */
  waitMs(ip: string | undefined, account: string): number {
    const now = this.window.now();
    let wait = 0;
    const failures = this.window.recent(`account:${account}`, loginDelay.windowMs);
    const latest = failures.at(-1);
    if (failures.length >= loginDelay.freeFailures && latest !== undefined) {
      const delay = Math.min(
        loginDelay.maxDelayMs,
        loginDelay.firstDelayMs * 2 ** (failures.length - loginDelay.freeFailures),
      );
      wait = latest + delay - now;
    }
    if (ip !== undefined && this.ipLimit > 0) {
      const fromIp = this.window.recent(`ip:${ip}`, rateLimits.loginFailuresPerIp.windowMs);
      const oldest = fromIp[0];
      if (fromIp.length >= this.ipLimit && oldest !== undefined) {
        wait = Math.max(wait, oldest + rateLimits.loginFailuresPerIp.windowMs - now);
      }
    }
    return Math.max(0, wait);
  }

  recordFailure(ip: string | undefined, account: string): void {
    this.window.record(`account:${account}`, loginDelay.windowMs);
    if (ip !== undefined) this.window.record(`ip:${ip}`, rateLimits.loginFailuresPerIp.windowMs);
  }

  recordSuccess(account: string): void {
    this.window.forget(`account:${account}`);
  }
}
