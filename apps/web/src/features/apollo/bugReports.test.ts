import { describe, expect, it, vi } from 'vitest';
import { createBugReporter, isConnectionFailure } from './bugReports.ts';

const report = (message: string) => ({ message, url: null, data: null });

describe('bug reporter', () => {
  it('drops repeats of a message and reports over the rate within the window', async () => {
    let time = 0;
    const send = vi.fn(async () => true);
    const reportBug = createBugReporter({ send, maxPerWindow: 2, windowMs: 1000, now: () => time });
    expect(reportBug(report('a'))).toBe(true);
    await Promise.resolve();
    await Promise.resolve();
    expect(reportBug(report('a'))).toBe(false);
    expect(reportBug(report('b'))).toBe(true);
    await Promise.resolve();
    await Promise.resolve();
    expect(reportBug(report('c'))).toBe(false);
    time = 1000;
    expect(reportBug(report('a'))).toBe(true);
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('survives a report that cannot be sent', async () => {
    const send = vi.fn(async () => {
      throw new Error('offline');
    });
    const reportBug = createBugReporter({ send });
    expect(reportBug(report('x'))).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reportBug(report('y'))).toBe(true);
  });
});

describe('connection failures', () => {
  it("are a request aborted on leaving a page or a network that failed, in every browser's words", () => {
    expect(isConnectionFailure(new DOMException('signal is aborted without reason', 'AbortError'))).toBe(true);
    expect(isConnectionFailure(new TypeError('Failed to fetch'))).toBe(true);
    expect(isConnectionFailure(new TypeError('NetworkError when attempting to fetch resource.'))).toBe(true);
    expect(isConnectionFailure(new TypeError('Load failed'))).toBe(true);
  });

  it("are not a bug in Olo's code or an error answer, which are still reported", () => {
    expect(isConnectionFailure(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    const serverError = Object.assign(new Error('Response not successful: Received status code 500'), {
      name: 'ServerError',
    });
    expect(isConnectionFailure(serverError)).toBe(false);
    expect(isConnectionFailure('Failed to fetch')).toBe(false);
  });
});
