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

  it('waits 500 ms × 2^attempt, at most 5 times', async () => {
    expect(maxSocketRetries).toBe(5);
    expect([0, 1, 2, 3, 4].map(socketRetryDelayMs)).toEqual([500, 1000, 2000, 4000, 8000]);
    vi.useFakeTimers();
    try {
      let done = false;
      const waiting = waitBeforeSocketRetry(2).then(() => {
        done = true;
      });
      await vi.advanceTimersByTimeAsync(1999);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await waiting;
      expect(done).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
