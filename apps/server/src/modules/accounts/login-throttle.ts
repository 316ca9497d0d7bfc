/**
 * Counts failed logins per IP and per username in a sliding window, in memory. Several instances
 * each keep their own counts, which only loosens the limit by the number of instances.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limits = { perUsername: 10, perIp: 50, windowMs: 15 * 60 * 1000 },
    private readonly now: () => number = Date.now,
  ) {}

  private recent(key: string): number[] {
    const since = this.now() - this.limits.windowMs;
    const times = (this.failures.get(key) ?? []).filter((time) => time > since);
    if (times.length === 0) this.failures.delete(key);
    else this.failures.set(key, times);
    return times;
  }

  isBlocked(ip: string | undefined, username: string): boolean {
    return (
      this.recent(`u:${username.toLowerCase()}`).length >= this.limits.perUsername ||
      (ip !== undefined && this.recent(`i:${ip}`).length >= this.limits.perIp)
    );
  }

  recordFailure(ip: string | undefined, username: string): void {
    for (const key of [`u:${username.toLowerCase()}`, ip === undefined ? undefined : `i:${ip}`]) {
      if (key) this.failures.set(key, [...this.recent(key), this.now()]);
    }
  }

  recordSuccess(username: string): void {
    this.failures.delete(`u:${username.toLowerCase()}`);
  }
}
