import type { TimeRange } from '@olo/data-engine';
import { instantOfWallTime, zoneOffsetMs } from '@olo/shared';

// The summary's inputs show dates and times on the project's wall clock, whatever the viewer's own time zone.

const pad = (value: number) => String(value).padStart(2, '0');

/** `YYYY-MM-DDTHH:mm` of an instant (epoch ms) on the zone's wall clock, as a datetime-local input shows it. */
export function wallTimeInput(instant: number, timeZone: string): string {
  const wall = new Date(instant + zoneOffsetMs(instant, timeZone));
  return `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}T${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
}

/** `YYYY-MM-DD` of an instant on the zone's wall clock, as a date input shows it. */
export function wallDayInput(instant: number, timeZone: string): string {
  return wallTimeInput(instant, timeZone).slice(0, 10);
}

const inputPattern = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/;

/** The instant (epoch ms) a date or datetime-local input means on the zone's wall clock; null when malformed. */
export function instantOfInput(value: string, timeZone: string): number | null {
  const match = inputPattern.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map((part) => Number(part ?? 0)) as number[];
  const wall = Date.UTC(year as number, (month as number) - 1, day, hour, minute);
  const check = new Date(wall);
  if (Number.isNaN(wall) || check.getUTCDate() !== day || check.getUTCMonth() !== (month as number) - 1) return null;
  return instantOfWallTime(wall, timeZone).getTime();
}

/**
 * The range of whole days between two date inputs, both included: from the first day's midnight to the last
 * instant before the midnight after the last day (ranges are closed). Null when a day is malformed or the last is
 * before the first.
 */
export function rangeOfDays(fromDay: string, toDay: string, timeZone: string): TimeRange | null {
  const from = instantOfInput(fromDay, timeZone);
  const lastDay = inputPattern.exec(toDay.trim());
  if (from === null || !lastDay || lastDay[4] !== undefined) return null;
  const afterLast = Date.UTC(Number(lastDay[1]), Number(lastDay[2]) - 1, Number(lastDay[3]) + 1);
  const to = instantOfWallTime(afterLast, timeZone).getTime() - 1;
  if (instantOfInput(toDay, timeZone) === null || to < from) return null;
  return { from, to };
}
