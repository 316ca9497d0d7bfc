import { instantOfWallTime, zoneOffsetMs } from './time-zones.ts';

/**
 * The periods of the data API (shared ARCHITECTURE §4): a month `YYYY-MM` or a day `YYYY-MM-DD`
 * of the project's time zone, cut into slots aligned to each local midnight.
 */
export type DataPeriod = { year: number; month: number; day: number | null };

export const dataSlotBounds = { minSeconds: 60, maxSeconds: 86_400 } as const;

/**
 * How long after its end a period is still served as changing (`no-cache`): network servers
 * deliver late readings, which still land in it. A value older than this (less an hour of clock
 * skew) that reaches a project's series changes its dataId instead (the ingest writer).
 */
export const periodSettleMs = 2 * 86_400_000;

/** `2026-03` or `2026-03-29`; null for anything else (including 2026-02-30). */
export function parseDataPeriod(text: string): DataPeriod | null {
  const match = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(text);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = match[3] === undefined ? null : Number(match[3]);
  if (month < 1 || month > 12) return null;
  if (day !== null && (day < 1 || day > daysInMonth(year, month))) return null;
  return { year, month, day };
}

export function formatDataPeriod(period: DataPeriod): string {
  const month = `${period.year}-${String(period.month).padStart(2, '0')}`;
  return period.day === null ? month : `${month}-${String(period.day).padStart(2, '0')}`;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Slots divide a day evenly, from a minute to a day, so that every day starts a slot at midnight. */
export function isValidSlotSeconds(seconds: number): boolean {
  return (
    Number.isInteger(seconds) &&
    seconds >= dataSlotBounds.minSeconds &&
    seconds <= dataSlotBounds.maxSeconds &&
    dataSlotBounds.maxSeconds % seconds === 0
  );
}

/**
 * Slots up to this length run by elapsed time from each local midnight (a 25-hour day has 25
 * one-hour slots); longer ones start at the same wall-clock times every day (decision 0055).
 */
export const elapsedSlotMaxSeconds = 3600;

/**
 * Raised whenever the slots of some period and length change, so that what browsers keep of the
 * old ones (settled answers are immutable for a year) is not used: `dataUrl` carries it for the
 * lengths it concerns. 2: slots longer than an hour follow the wall clock (decision 0055).
 */
export const wallClockSlotsVersion = 2;

export interface PeriodSlots {
  /** Epoch seconds of the period's first local midnight, and of the midnight after its last day. */
  from: number;
  to: number;
  /**
   * Slot starts, epoch seconds, ascending. No slot crosses a local midnight, and a slot of 86,400 s
   * is one local calendar day (23, 24 or 25 hours). Slots up to an hour start at midnight and then
   * every `slotSeconds` of elapsed time, so a 23-hour day has 23 one-hour slots and a 25-hour one
   * 25. A longer slot starts at a wall-clock time that is a multiple of its length (00:00, 06:00,
   * 12:00, 18:00 for six hours), at the first instant the clock shows that time or later, so every
   * day has the same slots and the one that holds a daylight-saving change is an hour shorter or longer.
   */
  starts: number[];
  /** Whether every slot boundary is a whole UTC hour, so that whole-hour slots can be read from the hourly rollup. */
  hourAligned: boolean;
}

export function periodSlots(period: DataPeriod, timeZone: string, slotSeconds: number): PeriodSlots {
  const firstDay = period.day ?? 1;
  const lastDay = period.day ?? daysInMonth(period.year, period.month);
  const wallMidnight = (day: number) => Date.UTC(period.year, period.month - 1, day);
  const midnight = (day: number) => Math.round(instantOfWallTime(wallMidnight(day), timeZone).getTime() / 1000);
  const starts: number[] = [];
  let dayStart = midnight(firstDay);
  const from = dayStart;
  for (let day = firstDay; day <= lastDay; day++) {
    const next = midnight(day + 1);
    // A day a zone skips as a whole (Samoa's 30 December 2011) has no slot.
    if (next > dayStart) starts.push(dayStart);
    if (slotSeconds <= elapsedSlotMaxSeconds) {
      for (let start = dayStart + slotSeconds; start < next; start += slotSeconds) starts.push(start);
    } else {
      const offsets = {
        first: zoneOffsetMs(dayStart * 1000, timeZone),
        last: zoneOffsetMs(next * 1000 - 1000, timeZone),
      };
      for (let wall = slotSeconds; wall < 86_400; wall += slotSeconds) {
        const start = firstInstantShowing(wallMidnight(day) + wall * 1000, offsets, timeZone) / 1000;
        // A wall time the clock skips as a whole slot (a zone changing its date) starts no slot.
        if (start > (starts.at(-1) ?? dayStart) && start < next) starts.push(start);
      }
    }
    dayStart = next;
  }
  const hourAligned = dayStart % 3600 === 0 && starts.every((start) => start % 3600 === 0);
  return { from, to: dayStart, starts, hourAligned };
}

/**
 * The first instant (epoch ms) at which the wall clock of `timeZone` shows `wall` (as if UTC epoch
 * ms) or later, on a day whose offsets are `first` at its midnight and `last` before the next one:
 * of a time shown twice (clocks going back), the first; of a time skipped (clocks going forward),
 * the instant of the change. Slots then hold exactly the times their wall-clock span shows.
 */
function firstInstantShowing(wall: number, offsets: { first: number; last: number }, timeZone: string): number {
  const shown = [wall - offsets.first, wall - offsets.last].filter(
    (instant) => zoneOffsetMs(instant, timeZone) === wall - instant,
  );
  if (shown.length > 0) return Math.min(...shown);
  // Skipped: the offset is `first` just before the change and `last` from it on; found to the second.
  let low = Math.min(wall - offsets.first, wall - offsets.last);
  let high = Math.max(wall - offsets.first, wall - offsets.last);
  while (high - low > 1000) {
    const middle = low + Math.floor((high - low) / 2000) * 1000;
    if (zoneOffsetMs(middle, timeZone) === offsets.first) low = middle;
    else high = middle;
  }
  return high;
}

/** Whether the period has ended at `now` (epoch ms), by the wall clock of its time zone. */
export function periodEnded(period: DataPeriod, timeZone: string, now: number): boolean {
  const lastDay = period.day ?? daysInMonth(period.year, period.month);
  const end = instantOfWallTime(Date.UTC(period.year, period.month - 1, lastDay + 1), timeZone).getTime();
  return end <= now;
}

/** The period (month, or day when `byDay`) that holds `instant` in `timeZone`. */
export function periodOf(instant: number, timeZone: string, byDay: boolean): DataPeriod {
  const wall = new Date(instant + zoneOffsetMs(instant, timeZone));
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: byDay ? wall.getUTCDate() : null,
  };
}
