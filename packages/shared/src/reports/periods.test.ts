import { describe, expect, it } from 'vitest';
import { latestWholePeriod, periodKey, reportPeriodSchema, reportRange } from './periods.ts';

const helsinki = 'Europe/Helsinki';
const range = (kind: 'previousWeek' | 'previousMonth' | 'previousQuarter' | 'lastDays', now: string, days?: number) => {
  const period = reportPeriodSchema.parse({ kind, days: days ?? null });
  const { from, to } = latestWholePeriod(period, new Date(now), helsinki);
  return [from.toISOString(), to.toISOString()];
};

describe('a report rolling period', () => {
  it('is the previous Monday-to-Monday week in the project time zone', () => {
    // Monday 2 March 2026 10:00 in Helsinki (UTC+2): the week 23 Feb – 2 Mar.
    expect(range('previousWeek', '2026-03-02T08:00:00Z')).toEqual([
      '2026-02-22T22:00:00.000Z',
      '2026-03-01T22:00:00.000Z',
    ]);
    // Sunday 1 March 23:30 local is still in the week 23 Feb – 2 Mar, so the previous one is 16–23 Feb.
    expect(range('previousWeek', '2026-03-01T21:30:00Z')).toEqual([
      '2026-02-15T22:00:00.000Z',
      '2026-02-22T22:00:00.000Z',
    ]);
  });

  it('spans a spring DST change as 167 hours and an autumn one as 169', () => {
    // The week of 23–30 March 2026 holds the change to summer time on Sunday 29 March.
    const [from, to] = range('previousWeek', '2026-04-01T09:00:00Z');
    expect(from).toBe('2026-03-22T22:00:00.000Z');
    expect(to).toBe('2026-03-29T21:00:00.000Z');
    expect((Date.parse(to as string) - Date.parse(from as string)) / 3_600_000).toBe(167);
    const [autumnFrom, autumnTo] = range('previousWeek', '2026-10-28T09:00:00Z');
    expect((Date.parse(autumnTo as string) - Date.parse(autumnFrom as string)) / 3_600_000).toBe(169);
  });

  it('is the previous calendar month, across a year end and a leap February', () => {
    expect(range('previousMonth', '2026-01-01T00:30:00+02:00')).toEqual([
      '2025-11-30T22:00:00.000Z',
      '2025-12-31T22:00:00.000Z',
    ]);
    expect(range('previousMonth', '2028-03-31T12:00:00Z')).toEqual([
      '2028-01-31T22:00:00.000Z',
      '2028-02-29T22:00:00.000Z',
    ]);
    // 31 March 23:30 UTC is already 1 April in Helsinki: the previous month is March, ending at the summer-time midnight.
    expect(range('previousMonth', '2026-03-31T23:30:00Z')).toEqual([
      '2026-02-28T22:00:00.000Z',
      '2026-03-31T21:00:00.000Z',
    ]);
  });

  it('is the previous quarter', () => {
    expect(range('previousQuarter', '2026-02-15T12:00:00Z')).toEqual([
      '2025-09-30T21:00:00.000Z',
      '2025-12-31T22:00:00.000Z',
    ]);
    expect(range('previousQuarter', '2026-07-01T12:00:00Z')).toEqual([
      '2026-03-31T21:00:00.000Z',
      '2026-06-30T21:00:00.000Z',
    ]);
  });

  it('is the last N whole days ending at today midnight', () => {
    expect(range('lastDays', '2026-03-10T12:00:00Z', 7)).toEqual([
      '2026-03-02T22:00:00.000Z',
      '2026-03-09T22:00:00.000Z',
    ]);
  });

  it('refuses a lastDays without days and days out of bounds, and drops days of other kinds', () => {
    expect(reportPeriodSchema.safeParse({ kind: 'lastDays' }).success).toBe(false);
    expect(reportPeriodSchema.safeParse({ kind: 'lastDays', days: 0 }).success).toBe(false);
    expect(reportPeriodSchema.safeParse({ kind: 'lastDays', days: 367 }).success).toBe(false);
    expect(reportPeriodSchema.safeParse({ kind: 'lastDays', days: 1.5 }).success).toBe(false);
    expect(reportPeriodSchema.safeParse({ kind: 'nextYear' }).success).toBe(false);
    expect(reportPeriodSchema.parse({ kind: 'previousMonth', days: 5 })).toEqual({ kind: 'previousMonth', days: null });
  });

  it('leaves a fixed range as it is and keys a period by its instants', () => {
    const fixed = { from: new Date('2026-01-01T00:00:00Z'), to: new Date('2026-02-01T00:00:00Z'), period: null };
    expect(reportRange(fixed, new Date(), helsinki)).toEqual({ from: fixed.from, to: fixed.to });
    const rolling = { ...fixed, period: reportPeriodSchema.parse({ kind: 'previousMonth' }) };
    const moved = reportRange(rolling, new Date('2026-05-05T10:00:00Z'), helsinki);
    expect(periodKey(moved)).toBe('2026-03-31T21:00:00.000Z/2026-04-30T21:00:00.000Z');
  });
});
