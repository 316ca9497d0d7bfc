import { z } from 'zod';
import { isValidSlotSeconds } from '../data-slots.ts';
import { dataFilterSchema, dataModes, dataViewBounds, dataViewErrors } from '../data-views.ts';
import { nameField } from '../input-fields.ts';
import { instantOfWallTime, zoneOffsetMs } from '../time-zones.ts';
import { reportBounds, reportErrors } from './bounds.ts';
import type { ReportElementData } from './elements.ts';

/**
 * A report's data slots (spec §3 Report): named ranges with how their values are shown. A slot's
 * range is stored relative to the report's range, so that a template's slots fit the report made
 * from it whatever its dates (decision 0157): the whole range, or its last days. A weekday
 * schedule within either is the slot's `weekrange` filter. Fixed dates remain for slots stored
 * before ranges were relative, and for an author who wants them.
 */
export const reportDataslotBounds = { daysMax: 3660 } as const;
export const reportDataslotErrors = { days: 'Days must be a whole number from 1 to 3660' } as const;

export const reportDataslotRangeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('whole') }).strict(),
  z
    .object({
      kind: z.literal('last'),
      days: z
        .number()
        .int({ message: reportDataslotErrors.days })
        .min(1, { message: reportDataslotErrors.days })
        .max(reportDataslotBounds.daysMax, { message: reportDataslotErrors.days }),
    })
    .strict(),
  z
    .object({
      kind: z.literal('fixed'),
      /** ISO date-times with an offset. */
      from: z.iso.datetime({ offset: true, message: 'Invalid date' }),
      to: z.iso.datetime({ offset: true, message: 'Invalid date' }),
    })
    .strict()
    .refine((range) => Date.parse(range.from) < Date.parse(range.to), {
      message: dataViewErrors.toBeforeFrom,
      path: ['to'],
    }),
]);
export type ReportDataslotRange = z.output<typeof reportDataslotRangeSchema>;

const slotSeconds = z.number().refine(isValidSlotSeconds, { message: dataViewErrors.invalidSlot });

/**
 * A slot stored before ranges were relative held `from` and `to` of its own: read as fixed dates,
 * so that those reports keep opening and showing what they showed.
 */
function withRange(stored: unknown): unknown {
  if (stored === null || typeof stored !== 'object' || 'range' in stored) return stored;
  const { from, to, ...rest } = stored as Record<string, unknown>;
  if (from === undefined && to === undefined) return stored;
  return { ...rest, range: { kind: 'fixed', from, to } };
}

/** A named range of a report with how it is shown: a summary view's data view (same fields, same engine). */
export const reportDataslotSchema = z.preprocess(
  withRange,
  z
    .object({
      id: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, { message: 'Invalid id' }),
      name: nameField,
      range: reportDataslotRangeSchema.default({ kind: 'whole' }),
      filters: z.array(dataFilterSchema).max(dataViewBounds.filtersMax, { message: 'Too many' }).default([]),
      nulls: z.boolean().default(false),
      mode: z.enum(dataModes).default('avg'),
      slot: slotSeconds,
    })
    .strict(),
);
export type ReportDataslot = z.output<typeof reportDataslotSchema>;

const dayMs = 86_400_000;

/**
 * The instants, epoch ms `[from, to)`, a slot covers in a report of `[from, to)`: its whole range,
 * or the last `days` days of it counted on the project's wall clock (a day with a daylight-saving
 * change is 23 or 25 hours), never before the report's start; fixed dates as they are.
 */
export function reportDataslotInstants(
  range: ReportDataslotRange,
  report: { from: Date | number; to: Date | number },
  timeZone: string,
): { from: number; to: number } {
  const from = Number(report.from);
  const to = Number(report.to);
  if (range.kind === 'fixed') return { from: Date.parse(range.from), to: Date.parse(range.to) };
  if (range.kind === 'whole') return { from, to };
  const wallEnd = to + zoneOffsetMs(to, timeZone);
  const start = instantOfWallTime(wallEnd - range.days * dayMs, timeZone).getTime();
  return { from: Math.max(from, start), to };
}

/**
 * A slot's fixed dates read against the range of the report they were made for: the whole range,
 * or its last days when the slot ends with the report (to the hour, as a daylight-saving change
 * may shift a day), so that a template's slot fits any report made from it. Any other fixed range
 * stays fixed (`relative` false).
 */
export function relativeDataslotRange(
  range: ReportDataslotRange,
  report: { from: Date | number; to: Date | number },
): { range: ReportDataslotRange; relative: boolean } {
  if (range.kind !== 'fixed') return { range, relative: true };
  const reportFrom = Number(report.from);
  const reportTo = Number(report.to);
  const from = Date.parse(range.from);
  const to = Date.parse(range.to);
  const hour = 3_600_000;
  if (Math.abs(to - reportTo) >= hour) return { range, relative: false };
  if (from <= reportFrom + hour) return { range: { kind: 'whole' }, relative: true };
  return { range: { kind: 'last', days: Math.max(1, Math.round((to - from) / dayMs)) }, relative: true };
}

export const reportDataslotsSchema = z
  .array(reportDataslotSchema)
  .max(reportBounds.dataslotsMax, { message: dataViewErrors.tooManyViews })
  .superRefine((slots, context) => {
    const ids = new Set<string>();
    for (const slot of slots) {
      if (ids.has(slot.id)) context.addIssue({ code: 'custom', message: reportErrors.duplicateDataslotId });
      ids.add(slot.id);
    }
  });

/** Data slots as stored, old fixed dates read as such; one that no longer parses is left out rather than hiding the report. */
export function parseStoredDataslots(stored: unknown): ReportDataslot[] {
  const all = reportDataslotsSchema.safeParse(stored);
  if (all.success) return all.data;
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((item) => {
    const slot = reportDataslotSchema.safeParse(item);
    return slot.success ? [slot.data] : [];
  });
}

/** The range, slot and options an element's values are computed with (`reportElementDataSchema`). */
export interface ReportElementView {
  /** Epoch ms, [from, to). */
  from: number;
  to: number;
  /** Null: the data engine's default for the range. */
  slotSeconds: number | null;
  mode: (typeof dataModes)[number];
  nulls: boolean;
  filters: z.output<typeof dataFilterSchema>[];
  /** The data slot's name, or null on the report's range (also when the slot named is gone). */
  dataslotName: string | null;
}

export function resolveReportElementView(
  report: { from: Date | number; to: Date | number; dataslots: readonly ReportDataslot[] },
  elementData: ReportElementData,
  projectDefaults: {
    slot?: number | null;
    mode?: (typeof dataModes)[number];
    nulls?: boolean;
    filters?: z.output<typeof dataFilterSchema>[];
  },
  /** The project's: a slot's last days are counted on its wall clock. */
  timeZone: string,
): ReportElementView {
  const slot = elementData.dataslotId ? report.dataslots.find((item) => item.id === elementData.dataslotId) : undefined;
  const base = slot
    ? {
        ...reportDataslotInstants(slot.range, report, timeZone),
        slotSeconds: slot.slot,
        mode: slot.mode,
        nulls: slot.nulls,
        filters: slot.filters,
        dataslotName: slot.name,
      }
    : {
        from: Number(report.from),
        to: Number(report.to),
        slotSeconds: projectDefaults.slot ?? null,
        mode: projectDefaults.mode ?? 'avg',
        nulls: projectDefaults.nulls ?? false,
        filters: projectDefaults.filters ?? [],
        dataslotName: null,
      };
  return {
    ...base,
    slotSeconds: elementData.slot ?? base.slotSeconds,
    mode: elementData.mode ?? base.mode,
    nulls: elementData.nulls ?? base.nulls,
    filters: elementData.filters ?? base.filters,
  };
}
