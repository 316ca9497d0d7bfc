import { instantOfWallTime, wallDateIn, zoneOffsetMs } from '@olo/shared';

/**
 * A time range of the data view, epoch milliseconds, closed at both ends: `to` is the last instant
 * shown, so that 1–7 March reads as such (to = 7 March 23:59:59.999) and a range ending at the latest
 * data time still holds that reading's slot.
 */
export interface TimeRange {
  from: number;
  to: number;
}

export const dayMs = 86_400_000;

/** Epoch ms of local midnight starting `day` of `month` (1–12) in `timeZone`; days and months past their end roll over. */
export function localMidnight(year: number, month: number, day: number, timeZone: string): number {
  return instantOfWallTime(Date.UTC(year, month - 1, day), timeZone).getTime();
}

/** ISO weekday of a calendar date: 1 Monday … 7 Sunday. */
export function isoWeekday(date: { year: number; month: number; day: number }): number {
  const sundayFirst = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
  return sundayFirst === 0 ? 7 : sundayFirst;
}

/**
 * The range a data view shows before anyone picks one (spec §4): it ends at the latest data time
 * (now when the project has none yet) and starts `defaultSelect` days earlier by the project's wall
 * clock, but not before the project start.
 */
export function defaultRange(project: {
  latestDataTime: number | null;
  /** Days. */
  defaultSelect: number;
  startAt: number | null;
  timeZone: string;
  now: number;
}): TimeRange {
  const to = project.latestDataTime ?? project.now;
  const wallTo = to + zoneOffsetMs(to, project.timeZone);
  let from = instantOfWallTime(wallTo - project.defaultSelect * dayMs, project.timeZone).getTime();
  // A start after the latest data (moved by hand) would leave nothing to show: the days before it are kept then.
  if (project.startAt !== null && project.startAt > from && project.startAt <= to) from = project.startAt;
  return { from, to };
}

/** Spec §9: the slot length when none is chosen, by the length of the range. */
const defaultSlots: ReadonlyArray<{ underDays: number; slotSeconds: number }> = [
  { underDays: 2, slotSeconds: 120 },
  { underDays: 8, slotSeconds: 600 },
  { underDays: 15, slotSeconds: 1200 },
  { underDays: 56, slotSeconds: 3600 },
];
const longRangeSlotSeconds = 7200;
/** Slot lengths an automatic slot may grow to, each dividing a day (the data API's rule). */
const readableSlots = [120, 300, 600, 1200, 1800, 3600, 7200, 10_800, 21_600, 43_200, 86_400] as const;

/**
 * The slot length when none is chosen: spec §9's by the length of the range, grown to the next longer one while the
 * range would hold more than `maxSlots` slots (the summary gives 1.5 a pixel of its plot, decision 0156), so that a
 * month on a phone is not a tangle of 10-minute slots.
 */
export function defaultSlotSeconds(range: TimeRange, maxSlots?: number | null): number {
  // The range is closed: 1–2 March (to = 2 March 23:59:59.999) is two whole days.
  const lengthMs = range.to - range.from + 1;
  const spec = defaultSlots.find((row) => lengthMs < row.underDays * dayMs)?.slotSeconds ?? longRangeSlotSeconds;
  if (!maxSlots || maxSlots < 1) return spec;
  const readable = readableSlots.find((seconds) => seconds >= spec && lengthMs / (seconds * 1000) <= maxSlots);
  return readable ?? Math.max(spec, readableSlots[readableSlots.length - 1] as number);
}

export type QuickRangeId = 'thisWeek' | 'lastWeek' | 'lastTwoWeeks' | 'thisMonth' | 'lastMonth';

export interface QuickRange {
  id: QuickRangeId;
  /** An i18n key. */
  label: string;
  range: TimeRange;
}

/**
 * The quick date ranges of spec §9 at `now` (epoch ms): whole ISO weeks (Monday first) and whole
 * months of the project's time zone, so the current week and month run to their end; 'Last 2 weeks'
 * is the two whole weeks before this one, as 'Last week' is the one whole week before it.
 */
export function quickRanges(now: number, timeZone: string): QuickRange[] {
  const today = wallDateIn(new Date(now), timeZone);
  const monday = today.day - (isoWeekday(today) - 1);
  const weeks = (firstWeek: number, count: number): TimeRange => ({
    from: localMidnight(today.year, today.month, monday + 7 * firstWeek, timeZone),
    to: localMidnight(today.year, today.month, monday + 7 * (firstWeek + count), timeZone) - 1,
  });
  const month = (offset: number): TimeRange => ({
    from: localMidnight(today.year, today.month + offset, 1, timeZone),
    to: localMidnight(today.year, today.month + offset + 1, 1, timeZone) - 1,
  });
  return [
    { id: 'thisWeek', label: 'This week', range: weeks(0, 1) },
    { id: 'lastWeek', label: 'Last week', range: weeks(-1, 1) },
    { id: 'lastTwoWeeks', label: 'Last 2 weeks', range: weeks(-2, 2) },
    { id: 'thisMonth', label: 'This month', range: month(0) },
    { id: 'lastMonth', label: 'Last month', range: month(-1) },
  ];
}
