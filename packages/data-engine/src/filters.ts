import { type DataFilter, dataFilterSchema } from '@olo/shared';
import { dayMs, isoWeekday } from './ranges.ts';
import { cachedZoneOffsetMs } from './zone-offsets.ts';

const hourMs = 3_600_000;

export { type DataFilter, dataFilterSchema } from '@olo/shared';

/**
 * The valid filters of a stored list (project defaults and reports keep them as free JSON); others
 * are left out, since one malformed filter should not hide a whole view.
 */
export function parseDataFilters(items: readonly unknown[]): DataFilter[] {
  return items.flatMap((item) => {
    const parsed = dataFilterSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** A slot, epoch milliseconds: its start and the start of the next one. Slots never cross a local midnight. */
export interface SlotSpan {
  start: number;
  end: number;
}

function formatDay(year: number, month: number, day: number): string {
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Whether a slot passes every filter (each filter narrows the view further). */
export function slotPredicate(filters: readonly DataFilter[], timeZone: string): (slot: SlotSpan) => boolean {
  if (filters.length === 0) return () => true;
  const removedDays = new Set(filters.flatMap((filter) => (filter.type === 'removeday' ? [filter.day] : [])));
  const removedRanges = filters.flatMap((filter) =>
    filter.type === 'removerange' ? [{ from: Date.parse(filter.from), to: Date.parse(filter.to) }] : [],
  );
  const weekRanges = filters.flatMap((filter) => (filter.type === 'weekrange' ? [filter.hours] : []));
  return (slot) => {
    if (removedRanges.some((range) => slot.start < range.to && slot.end > range.from)) return false;
    if (removedDays.size === 0 && weekRanges.length === 0) return true;
    const wall = slot.start + cachedZoneOffsetMs(slot.start, timeZone);
    const date = new Date(wall);
    const local = { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
    if (removedDays.has(formatDay(local.year, local.month, local.day))) return false;
    const weekday = isoWeekday(local);
    // Fractional local hours of the slot's day; a slot ends at the latest at its day's midnight (hour 24).
    const wallMidnight = wall - (((wall % dayMs) + dayMs) % dayMs);
    const fromHour = (wall - wallMidnight) / hourMs;
    // By the wall clock at its end, since a slot may hold a daylight-saving change (decision 0055);
    // but a slot that holds just the hour the clocks go back ends at the wall time it started, 03:00 to 03:00.
    const endHour = (slot.end + cachedZoneOffsetMs(slot.end, timeZone) - wallMidnight) / hourMs;
    const toHour = Math.min(24, endHour > fromHour ? endHour : fromHour + (slot.end - slot.start) / hourMs);
    return weekRanges.every((hours) =>
      hours.some((window) => window.weekday === weekday && window.from < toHour && window.to > fromHour),
    );
  };
}

export function applyFilters(slots: readonly SlotSpan[], filters: readonly DataFilter[], timeZone: string): SlotSpan[] {
  const passes = slotPredicate(filters, timeZone);
  return slots.filter(passes);
}
