import type { DataFilter } from '@olo/data-engine';
import { dataFilterSchema } from '@olo/shared';
import { instantOfInput } from './wallTime.ts';

export type WeekRangeFilter = Extract<DataFilter, { type: 'weekrange' }>;

/** A weekday's row in the week-hours editor: allowed or not, and its hours (`to` exclusive, 24 = midnight). */
export interface WeekdayHours {
  weekday: number;
  allowed: boolean;
  from: number;
  to: number;
}

export const isoWeekdays = [1, 2, 3, 4, 5, 6, 7] as const;

/**
 * A new filter of a type: office hours on working days (the usual first wish), or `today` (a wall-clock day of the
 * project) removed, whole or its first hour.
 */
export function newFilter(type: DataFilter['type'], today: string, timeZone: string): DataFilter {
  if (type === 'weekrange') {
    return { type, hours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, from: 8, to: 16 })) };
  }
  if (type === 'removeday') return { type, day: today };
  return (
    removeRangeOfInputs(`${today}T00:00`, `${today}T01:00`, timeZone) ?? {
      type,
      from: `${today}T00:00:00.000Z`,
      to: `${today}T01:00:00.000Z`,
    }
  );
}

/**
 * The editor's rows of a week-hours filter, Monday first. The editor offers one span a weekday: a weekday with
 * several spans shows from the first one's start to the last one's end, and is saved so once edited.
 */
export function weekdayRows(filter: WeekRangeFilter): WeekdayHours[] {
  return isoWeekdays.map((weekday) => {
    const spans = filter.hours.filter((window) => window.weekday === weekday);
    if (spans.length === 0) return { weekday, allowed: false, from: 8, to: 16 };
    return {
      weekday,
      allowed: true,
      from: Math.min(...spans.map((span) => span.from)),
      to: Math.max(...spans.map((span) => span.to)),
    };
  });
}

/** The filter of the editor's rows; a row whose end is not after its start is left out, as it allows nothing. */
export function weekRangeOfRows(rows: readonly WeekdayHours[]): WeekRangeFilter {
  return {
    type: 'weekrange',
    hours: rows
      .filter((row) => row.allowed && row.from < row.to)
      .map((row) => ({ weekday: row.weekday, from: row.from, to: row.to })),
  };
}

/** A remove-range filter from two datetime-local inputs on the project's wall clock; null unless it is valid. */
export function removeRangeOfInputs(fromInput: string, toInput: string, timeZone: string): DataFilter | null {
  const from = instantOfInput(fromInput, timeZone);
  const to = instantOfInput(toInput, timeZone);
  if (from === null || to === null) return null;
  const parsed = dataFilterSchema.safeParse({
    type: 'removerange',
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
  });
  return parsed.success ? parsed.data : null;
}

/** A remove-day filter from a date input; null unless it is a day. */
export function removeDayOfInput(day: string): DataFilter | null {
  const parsed = dataFilterSchema.safeParse({ type: 'removeday', day });
  return parsed.success ? parsed.data : null;
}

export function replaceFilter(filters: readonly DataFilter[], index: number, filter: DataFilter): DataFilter[] {
  return filters.map((item, position) => (position === index ? filter : item));
}

export function removeFilter(filters: readonly DataFilter[], index: number): DataFilter[] {
  return filters.filter((_, position) => position !== index);
}
