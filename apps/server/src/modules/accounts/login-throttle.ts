import { rateLimitRules, SlidingWindow } from '../../shared/rate-limits.ts';

/**
 * Failed sign-ins of one account: the first `freeFailures` within `windowMs` cost nothing; after
 * them each further attempt waits `firstDelayMs`, doubled for every further failure, at most
 * `maxDelayMs` after the latest failure. A device (a browser with the account's device cookie)
 * has a count of its own on the same schedule, so that others' guesses, which can keep the
 * account's count in its delay for good, never hold back the owner's browser (decision 0144).
 */
export const loginDelay = {
  freeFailures: 5,
  firstDelayMs: 1000,
  maxDelayMs: 5 * 60 * 1000,
  windowMs: 60 * 60 * 1000,
} as const;

/** The clock of the sign-in delays, in ms; a test of a whole server moves it instead of waiting. */
export const loginClock = { now: (): number => Date.now() };

/** The account an attempt is counted against: its user id, or the name given when none matched. */
export function loginAccountKey(user: { id: string } | undefined, givenName: string): string {
  return user ? `user:${user.id}` : `name:${givenName.trim().toLowerCase()}`;
}

/**
 * Device entries kept at most (decision 0144), least recently failed dropped first. A device
 * cookie comes only from a successful sign-in, but one account can still mint many.
 */
export const maxDeviceEntries = 10_000;

/** Milliseconds from `now` until an attempt may follow these failures (oldest first); 0 or less = now. */
function delayLeft(failures: number[], now: number): number {
  const latest = failures.at(-1);
  if (failures.length < loginDelay.freeFailures || latest === undefined) return 0;
  const delay = Math.min(
    loginDelay.maxDelayMs,
    loginDelay.firstDelayMs * 2 ** (failures.length - loginDelay.freeFailures),
  );
  return latest + delay - now;
}

/**
 * Failed password checks (sign-in, a wrong old password) per account with a progressive delay,
 * and per IP as a plain limit (`rateLimitRules.loginFailuresPerIp` times RATE_LIMIT_FACTOR). An
 * attempt from a device that has signed in to the account before (its device cookie, passed as
 * `device`) is judged by that device's own failures instead of the account's, with the same
 * delays, so that others' guesses never keep the owner out (OWASP's device cookies). Counts live
 * in this instance's memory.
 */
export class LoginThrottle {
  /** Failure times per `<account>|<device>`, in the order they last failed. */
  private readonly devices = new Map<string, number[]>();

  constructor(
    private readonly factor = 1,
    private readonly window = new SlidingWindow(() => loginClock.now()),
  ) {}

  private get ipLimit(): number {
    return Math.floor(rateLimitRules.loginFailuresPerIp.limit * this.factor);
  }

  private deviceFailures(account: string, device: string): number[] {
    const key = `${account}|${device}`;
    const since = this.window.now() - loginDelay.windowMs;
    const failures = (this.devices.get(key) ?? []).filter((time) => time > since);
    if (failures.length === 0) this.devices.delete(key);
    return failures;
  }

  /**
   * Milliseconds until the next attempt on this account from this IP (and this device, when its
   * cookie was valid for the account) may go ahead; 0 = now.
   */
  waitMs(ip: string | undefined, account: string, device?: string): number {
    const now = this.window.now();
    let wait =
      device === undefined
        ? delayLeft(this.window.recent(`account:${account}`, loginDelay.windowMs), now)
        : delayLeft(this.deviceFailures(account, device), now);
    if (ip !== undefined && this.ipLimit > 0) {
      const fromIp = this.window.recent(`ip:${ip}`, rateLimitRules.loginFailuresPerIp.windowMs);
      const oldest = fromIp[0];
      if (fromIp.length >= this.ipLimit && oldest !== undefined) {
        wait = Math.max(wait, oldest + rateLimitRules.loginFailuresPerIp.windowMs - now);
      }
    }
    return Math.max(0, wait);
  }

  /** Counts against the device when given, else against the account; and against the IP either way. */
  recordFailure(ip: string | undefined, account: string, device?: string): void {
    if (device === undefined) this.window.record(`account:${account}`, loginDelay.windowMs);
    else {
      const failures = this.deviceFailures(account, device);
      const key = `${account}|${device}`;
      this.devices.delete(key);
      this.devices.set(key, [...failures, this.window.now()]);
      for (const oldest of this.devices.keys()) {
        if (this.devices.size <= maxDeviceEntries) break;
        this.devices.delete(oldest);
      }
    }
    if (ip !== undefined) this.window.record(`ip:${ip}`, rateLimitRules.loginFailuresPerIp.windowMs);
  }

  /**
   * A success on a device clears that device's failures only, so that the owner signing in does
   * not hand guessers new free attempts; a success without one clears the account's.
   */
  recordSuccess(account: string, device?: string): void {
    if (device === undefined) this.window.forget(`account:${account}`);
    else this.devices.delete(`${account}|${device}`);
  }

  /** Forgets every failure of the account, its devices' included (a password reset). */
  clearAccount(account: string): void {
    this.window.forget(`account:${account}`);
    const prefix = `${account}|`;
    for (const key of this.devices.keys()) if (key.startsWith(prefix)) this.devices.delete(key);
  }

  /** Device entries held (bounded by `maxDeviceEntries`). */
  get deviceEntries(): number {
    return this.devices.size;
  }
}
