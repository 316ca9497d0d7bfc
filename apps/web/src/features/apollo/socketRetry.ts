/** Close codes after which reconnecting cannot help (spec section 8). */
export const fatalCloseCodes: readonly number[] = [4500, 4005, 4400, 4004, 4401, 4403, 4406, 4409, 4429];

export const maxSocketRetries = 5;

const baseRetryWaitMs = 500;

export function socketRetryDelayMs(retries: number): number {
  return baseRetryWaitMs * 2 ** retries;
}

export function waitBeforeSocketRetry(retries: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, socketRetryDelayMs(retries)));
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
