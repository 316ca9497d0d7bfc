import { z } from 'zod';
import { elapsedSlotMaxSeconds, wallClockSlotsVersion } from './data-slots.ts';

/**
 * The answers of `GET /api/data/{projectId}/{period}/{dataId}/{slotSeconds}` (shared ARCHITECTURE §4),
 * written by the server (apps/server/src/modules/data) and read by the client data engine.
 */

/** One series' aggregate over one slot: sum, min, max and count of its stored values. */
export const slotAggregateSchema = z.tuple([z.number(), z.number(), z.number(), z.number()]);
export type SlotAggregate = z.infer<typeof slotAggregateSchema>;

export const dataSpaceSchema = z.object({ id: z.number(), name: z.string(), show: z.boolean() });
export type DataSpace = z.infer<typeof dataSpaceSchema>;

export const dataSeriesSchema = z.object({
  id: z.number(),
  name: z.string(),
  spaceId: z.number().nullable(),
  dataType: z.string(),
  dataUnit: z.string().nullable(),
  dataName: z.string().nullable(),
  colorId: z.number().nullable(),
  limitId: z.number().nullable(),
});
export type DataSeries = z.infer<typeof dataSeriesSchema>;

function isSlotAggregate(value: unknown): value is SlotAggregate {
  return (
    Array.isArray(value) &&
    value.length === 4 &&
    value.every((item) => typeof item === 'number' && Number.isFinite(item))
  );
}

function isSlotData(value: unknown): value is Record<string, Record<string, SlotAggregate>> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  for (const bySeries of Object.values(value)) {
    if (typeof bySeries !== 'object' || bySeries === null || Array.isArray(bySeries)) return false;
    for (const aggregate of Object.values(bySeries)) if (!isSlotAggregate(aggregate)) return false;
  }
  return true;
}

/**
 * Checked by hand rather than as a zod record of tuples, which takes about 6 µs a tuple: a month
 * of 10-minute slots for 30 series holds 130,000 of them.
 */
const slotDataSchema = z.custom<Record<string, Record<string, SlotAggregate>>>(isSlotData, {
  message: 'Invalid slot data',
});

export const projectDataBodySchema = z.object({
  projectId: z.number(),
  period: z.string(),
  dataId: z.string(),
  slotSeconds: z.number(),
  timeZone: z.string(),
  /** Epoch seconds: the period's first local midnight, and the one after it. */
  from: z.number(),
  to: z.number(),
  /** Every slot start of the period, epoch seconds (a daylight-saving day has 23 or 25 hours). */
  slots: z.array(z.number()),
  spaces: z.array(dataSpaceSchema),
  series: z.array(dataSeriesSchema),
  /** Slot start (epoch seconds) → series id → aggregate; slots and series without values are left out. */
  data: slotDataSchema,
});
export type ProjectDataBody = z.infer<typeof projectDataBodySchema>;

/** The 409 answer to a request under an old dataId: the id to ask with instead. */
export const staleDataIdBodySchema = z.object({ error: z.literal('Stale data id'), dataId: z.string().min(1) });

/** Where members read a project's data. */
export const defaultDataPath = '/api/data';

export function dataUrl(request: {
  projectId: number;
  period: string;
  dataId: string;
  slotSeconds: number;
  baseUrl?: string;
  /** The data API's path: `/api/data`, or a published report's copy of it (`/api/public-reports/{publicId}/data`). */
  dataPath?: string;
}): string {
  const path = [request.projectId, request.period, request.dataId, request.slotSeconds].map((part) =>
    encodeURIComponent(String(part)),
  );
  // Only the lengths whose slots changed carry the version: browsers keep using what they hold of the others.
  const version = request.slotSeconds > elapsedSlotMaxSeconds ? `?slots=${wallClockSlotsVersion}` : '';
  return `${request.baseUrl ?? ''}${request.dataPath ?? defaultDataPath}/${path.join('/')}${version}`;
}
