import { describe, expect, it, vi } from 'vitest';
import {
  fatalCloseCodes,
  maxSocketRetries,
  shouldRetrySocket,
  socketRetryDelayMs,
  waitBeforeSocketRetry,
} from './socketRetry.ts';

describe('websocket retry rule', () => {
  it('does not retry the fatal close codes of spec section 8', () => {
    expect([...fatalCloseCodes].sort()).toEqual([4004, 4005, 4400, 4401, 4403, 4406, 4409, 4429, 4500]);
    for (const code of fatalCloseCodes) {
      expect(shouldRetrySocket({ code, reason: 'x', wasClean: true }), String(code)).toBe(false);
    }
  });

  it('retries other closes and errors without a close code', () => {
    for (const code of [1001, 1006, 1011, 1012, 4408, 4499, 4504]) {
      expect(shouldRetrySocket({ code, reason: '' }), String(code)).toBe(true);
    }
    expect(shouldRetrySocket(new Error('connection refused'))).toBe(true);
  });

  it('waits 500 ms × 2^attempt plus a random 0.3–3 s, at most 5 times', async () => {
    expect(maxSocketRetries).toBe(5);
    expect([0, 1, 2, 3, 4].map((retries) => socketRetryDelayMs(retries, 0))).toEqual([800, 1300, 2300, 4300, 8300]);
    expect(socketRetryDelayMs(0, 0.999_999)).toBeCloseTo(3_500, 0);
    // Clients cut off together do not all come back at once.
    const waits = Array.from({ length: 50 }, () => socketRetryDelayMs(1));
    expect(new Set(waits).size).toBeGreaterThan(1);
    expect(waits.every((wait) => wait >= 1_300 && wait < 4_000)).toBe(true);
    vi.useFakeTimers();
    try {
      let done = false;
      const waiting = waitBeforeSocketRetry(2, 0.5).then(() => {
        done = true;
      });
      // 2000 ms + 300 + 0.5 × 2700 = 3650 ms.
      await vi.advanceTimersByTimeAsync(3649);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await waiting;
      expect(done).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
