import { formatDataPeriod } from '@olo/shared';
import { describe, expect, it } from 'vitest';
import { planFetches, preloadPeriods } from './fetch-plan.ts';
import { localMidnight } from './ranges.ts';

const helsinki = 'Europe/Helsinki';
const at = (iso: string) => Date.parse(iso);
const midnight = (year: number, month: number, day: number) => localMidnight(year, month, day, helsinki);
const names = (periods: Parameters<typeof formatDataPeriod>[0][]) => periods.map(formatDataPeriod);
const daysOf = (month: string, first: number, last: number) =>
  Array.from({ length: last - first + 1 }, (_, index) => `${month}-${String(first + index).padStart(2, '0')}`);

describe('planFetches', () => {
  const now = at('2026-05-20T09:00:00Z');

  it('fetches whole months as months first, then the days of partial months', () => {
    const range = { from: midnight(2026, 1, 15), to: midnight(2026, 4, 10) + 12 * 3_600_000 };
    expect(names(planFetches(range, helsinki, now))).toEqual([
      '2026-02',
      '2026-03',
      ...daysOf('2026-01', 15, 31),
      ...daysOf('2026-04', 1, 10),
    ]);
  });

  it('fetches a closed range of exactly one past month as that month', () => {
    const range = { from: midnight(2026, 3, 1), to: midnight(2026, 4, 1) - 1 };
    expect(names(planFetches(range, helsinki, now))).toEqual(['2026-03']);
  });

  it('fetches a month that misses its last millisecond by day', () => {
    const range = { from: midnight(2026, 3, 1), to: midnight(2026, 4, 1) - 2 };
    expect(names(planFetches(range, helsinki, now))).toEqual(daysOf('2026-03', 1, 31));
  });

  it('fetches the current month by day, and nothing after now', () => {
    const range = { from: midnight(2026, 5, 1), to: midnight(2026, 6, 1) - 1 };
    expect(names(planFetches(range, helsinki, now))).toEqual(daysOf('2026-05', 1, 20));
    expect(planFetches({ from: midnight(2026, 6, 1), to: midnight(2026, 7, 1) - 1 }, helsinki, now)).toEqual([]);
  });

  it('takes the days of the project time zone', () => {
    // 22:30 UTC on 27 March is already 28 March in Helsinki; the 29th has 23 hours.
    const range = { from: at('2026-03-27T22:30:00Z'), to: midnight(2026, 3, 31) - 1 };
    expect(names(planFetches(range, helsinki, now))).toEqual(daysOf('2026-03', 28, 30));
    expect(names(planFetches(range, 'UTC', now))).toEqual(daysOf('2026-03', 27, 30));
  });

  it('crosses a year', () => {
    const range = { from: midnight(2025, 11, 20), to: midnight(2026, 1, 2) - 1 };
    expect(names(planFetches(range, helsinki, now))).toEqual(['2025-12', ...daysOf('2025-11', 20, 30), '2026-01-01']);
  });
});

describe('preloadPeriods', () => {
  const now = at('2026-03-25T09:00:00Z');
  const range = { from: midnight(2026, 3, 10), to: now };

  it('goes back three whole months before the range, nearest first', () => {
    expect(names(preloadPeriods(range, 600, helsinki, now, null))).toEqual(['2026-02', '2026-01', '2025-12']);
  });

  it('leaves out months that ended before the project start', () => {
    expect(names(preloadPeriods(range, 3600, helsinki, now, midnight(2026, 1, 15)))).toEqual(['2026-02', '2026-01']);
    expect(names(preloadPeriods(range, 3600, helsinki, now, midnight(2026, 2, 1)))).toEqual(['2026-02']);
  });

  it('leaves out the current month, which is fetched by day', () => {
    const nextMonth = { from: midnight(2026, 4, 2), to: midnight(2026, 4, 9) };
    expect(names(preloadPeriods(nextMonth, 3600, helsinki, now, null))).toEqual(['2026-02', '2026-01']);
  });

  it('preloads nothing for slots under ten minutes', () => {
    expect(preloadPeriods(range, 120, helsinki, now, null)).toEqual([]);
  });
});
