/** Close codes after which reconnecting cannot help (spec section 8). */
export const fatalCloseCodes: readonly number[] = [4500, 4005, 4400, 4004, 4401, 4403, 4406, 4409, 4429];

export const maxSocketRetries = 5;

const baseRetryWaitMs = 500;
/** Spec section 9's random addition to the data websocket's backoff, ms: clients cut off together return apart. */
const jitterMinMs = 300;
const jitterMaxMs = 3_000;

/**
 * The wait before a reconnect, ms: 500 × 2^retries (spec section 9, subscriptions) plus a random 0.3–3 s (the data
 * websocket's; Olo's one socket carries both). `random` is in [0, 1).
 */
export function socketRetryDelayMs(retries: number, random: number = Math.random()): number {
  return baseRetryWaitMs * 2 ** retries + jitterMinMs + random * (jitterMaxMs - jitterMinMs);
}

export function waitBeforeSocketRetry(retries: number, random: number = Math.random()): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, socketRetryDelayMs(retries, random)));
}

export function closeCode(errOrCloseEvent: unknown): number | undefined {
  if (errOrCloseEvent && typeof errOrCloseEvent === 'object' && 'code' in errOrCloseEvent) {
    const { code } = errOrCloseEvent as { code: unknown };
    return typeof code === 'number' ? code : undefined;
  }
  return undefined;
}

/** Everything but the fatal close codes is retried, including errors that are not close events. */
export function shouldRetrySocket(errOrCloseEvent: unknown): boolean {
  const code = closeCode(errOrCloseEvent);
  return code === undefined || !fatalCloseCodes.includes(code);
}
