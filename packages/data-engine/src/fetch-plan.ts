import { type DataPeriod, periodOf } from '@olo/shared';
import { localMidnight, type TimeRange } from './ranges.ts';

/** Spec §9: preload goes back this many months before the range. */
export const preloadMonthCount = 3;

/**
 * Below this slot length nothing is preloaded: three months of 2-minute slots are about 65,000
 * slots a series, too much to fetch and hold before anybody asks for them.
 */
export const preloadMinSlotSeconds = 600;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Months counted from year 0, so that stepping across a year is plain arithmetic. */
function monthNumber(period: { year: number; month: number }): number {
  return period.year * 12 + period.month - 1;
}

function monthOfNumber(number: number): DataPeriod {
  return { year: Math.floor(number / 12), month: (number % 12) + 1, day: null };
}

/**
 * The periods of the data API that hold a range (spec §9): months that lie wholly inside it are
 * fetched as months, first; then the days of months it covers in part, and of the current month,
 * which is always fetched by day (its slice would change with every reading). Nothing after `now`
 * (epoch ms) is asked for: it has no data yet.
 */
export function planFetches(range: TimeRange, timeZone: string, now: number): DataPeriod[] {
  const last = Math.min(range.to, now);
  if (last < range.from) return [];
  const first = periodOf(range.from, timeZone, true);
  const end = periodOf(last, timeZone, true);
  const current = monthNumber(periodOf(now, timeZone, false));
  const months: DataPeriod[] = [];
  const days: DataPeriod[] = [];
  for (let number = monthNumber(first); number <= monthNumber(end); number++) {
    const { year, month } = monthOfNumber(number);
    const whole =
      range.from <= localMidnight(year, month, 1, timeZone) &&
      range.to >= localMidnight(year, month + 1, 1, timeZone) - 1;
    if (whole && number !== current) {
      months.push({ year, month, day: null });
      continue;
    }
    const firstDay = number === monthNumber(first) ? (first.day ?? 1) : 1;
    const lastDay = number === monthNumber(end) ? (end.day ?? 1) : daysInMonth(year, month);
    for (let day = firstDay; day <= lastDay; day++) days.push({ year, month, day });
  }
  return [...months, ...days];
}

/**
 * The months preloaded after a range's own slices (spec §9), nearest first: the three before the
 * range's first month, as whole months, leaving out months that ended before the project start and
 * the current month (fetched by day when asked for). None for slots under `preloadMinSlotSeconds`.
 */
export function preloadPeriods(
  range: TimeRange,
  slotSeconds: number,
  timeZone: string,
  now: number,
  projectStart: number | null,
): DataPeriod[] {
  if (slotSeconds < preloadMinSlotSeconds) return [];
  const first = monthNumber(periodOf(range.from, timeZone, false));
  const current = monthNumber(periodOf(now, timeZone, false));
  const periods: DataPeriod[] = [];
  for (let back = 1; back <= preloadMonthCount; back++) {
    const period = monthOfNumber(first - back);
    if (first - back >= current) continue;
    if (projectStart !== null && localMidnight(period.year, period.month + 1, 1, timeZone) <= projectStart) continue;
    periods.push(period);
  }
  return periods;
}

/** The month that holds a day period (itself for a month). */
export function monthOf(period: DataPeriod): DataPeriod {
  return { year: period.year, month: period.month, day: null };
}
