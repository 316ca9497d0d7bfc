import { instantOfWallTime, zoneOffsetMs } from './time-zones.ts';

/**
 * The periods of the data API (shared ARCHITECTURE §4): a month `YYYY-MM` or a day `YYYY-MM-DD`
 * of the project's time zone, cut into slots aligned to each local midnight.
 */
export type DataPeriod = { year: number; month: number; day: number | null };

export const dataSlotLimits = { minSeconds: 60, maxSeconds: 86_400 } as const;

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
    seconds >= dataSlotLimits.minSeconds &&
    seconds <= dataSlotLimits.maxSeconds &&
    dataSlotLimits.maxSeconds % seconds === 0
  );
}

export interface PeriodSlots {
  /** Epoch seconds of the period's first local midnight, and of the midnight after its last day. */
  from: number;
  to: number;
  /**
   * Slot starts, epoch seconds, ascending. Each local day starts one at its midnight and then
   * every `slotSeconds` of elapsed time; a day's last slot ends at the next midnight, so on a
   * 25-hour day with 7200 s slots it is an hour long, and a 23-hour day has 23 one-hour slots.
   */
  starts: number[];
  /** Whether every day starts on a whole UTC hour, so that whole-hour slots are whole UTC hours. */
  hourAligned: boolean;
}

export function periodSlots(period: DataPeriod, timeZone: string, slotSeconds: number): PeriodSlots {
  const firstDay = period.day ?? 1;
  const lastDay = period.day ?? daysInMonth(period.year, period.month);
  const midnight = (day: number) =>
    Math.round(instantOfWallTime(Date.UTC(period.year, period.month - 1, day), timeZone).getTime() / 1000);
  const starts: number[] = [];
  let hourAligned = true;
  let dayStart = midnight(firstDay);
  const from = dayStart;
  for (let day = firstDay; day <= lastDay; day++) {
    const next = midnight(day + 1);
    if (dayStart % 3600 !== 0) hourAligned = false;
    for (let start = dayStart; start < next; start += slotSeconds) starts.push(start);
    dayStart = next;
  }
  return { from, to: dayStart, starts, hourAligned };
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
