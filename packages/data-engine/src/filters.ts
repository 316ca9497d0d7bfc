import { parseDataPeriod } from '@olo/shared';
import { z } from 'zod';
import { dayMs, isoWeekday } from './ranges.ts';
import { cachedZoneOffsetMs } from './zone-offsets.ts';

const hourMs = 3_600_000;

/**
 * The filters of a data view (spec §3, "Data view options"). They act on whole slots, by the
 * project's wall clock: the server has already summed each slot, so a slot is kept or dropped as one.
 */
export const weekRangeFilterSchema = z.object({
  type: z.literal('weekrange'),
  /**
   * The allowed hours of each ISO weekday (1 Monday … 7 Sunday), local time, `from` inclusive and
   * `to` exclusive: { weekday: 1, from: 8, to: 16 } is Monday 08:00–16:00. A weekday with no entry
   * has no allowed hours. A slot is kept when any part of it lies in allowed hours, so with day slots
   * the office-hours filter keeps working days rather than nothing.
   */
  hours: z.array(
    z
      .object({
        weekday: z.number().int().min(1).max(7),
        from: z.number().int().min(0).max(23),
        to: z.number().int().min(1).max(24),
      })
      .refine((window) => window.from < window.to, { message: 'Invalid range' }),
  ),
});

export const removeDayFilterSchema = z.object({
  type: z.literal('removeday'),
  /** A local day, YYYY-MM-DD: every slot of it is dropped. */
  day: z.string().refine((day) => parseDataPeriod(day)?.day != null, { message: 'Invalid date' }),
});

export const removeRangeFilterSchema = z
  .object({
    type: z.literal('removerange'),
    /** ISO date-times with an offset; every slot that overlaps [from, to) is dropped. */
    from: z.iso.datetime({ offset: true }),
    to: z.iso.datetime({ offset: true }),
  })
  .refine((filter) => Date.parse(filter.from) < Date.parse(filter.to), { message: 'Invalid range' });

export const dataFilterSchema = z.discriminatedUnion('type', [
  weekRangeFilterSchema,
  removeDayFilterSchema,
  removeRangeFilterSchema,
]);
export type DataFilter = z.infer<typeof dataFilterSchema>;

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
    // Fractional local hours; a slot ends at the latest at its day's midnight (hour 24).
    const fromHour = (((wall % dayMs) + dayMs) % dayMs) / hourMs;
    const toHour = Math.min(24, fromHour + (slot.end - slot.start) / hourMs);
    return weekRanges.every((hours) =>
      hours.some((window) => window.weekday === weekday && window.from < toHour && window.to > fromHour),
    );
  };
}

export function applyFilters(slots: readonly SlotSpan[], filters: readonly DataFilter[], timeZone: string): SlotSpan[] {
  const passes = slotPredicate(filters, timeZone);
  return slots.filter(passes);
}
