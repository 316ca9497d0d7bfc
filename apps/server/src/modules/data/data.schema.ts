import { isValidSlotSeconds, parseDataPeriod } from '@olo/shared';
import { z } from 'zod';

/** The path of `GET /api/data/{projectId}/{period}/{dataId}/{slotSeconds}` (shared ARCHITECTURE §4). */
export const dataRequestSchema = z.object({
  projectId: z.coerce.number().int().positive(),
  period: z.string().transform((text, context) => {
    const period = parseDataPeriod(text);
    if (!period) {
      context.addIssue({ code: 'custom', message: 'Invalid period: expected YYYY-MM or YYYY-MM-DD' });
      return z.NEVER;
    }
    return period;
  }),
  dataId: z.uuid({ message: 'Invalid data id' }),
  slotSeconds: z.coerce
    .number()
    .refine(isValidSlotSeconds, { message: 'Invalid slot: seconds from 60 to 86400 that divide a day' }),
});

export type DataRequest = z.output<typeof dataRequestSchema>;

/** One series' aggregate over one slot: sum, min, max, count of its stored values. */
export type SlotAggregate = [sum: number, min: number, max: number, count: number];

export interface ProjectDataBody {
  projectId: number;
  period: string;
  dataId: string;
  slotSeconds: number;
  timeZone: string;
  /** Epoch seconds: the period's first local midnight, and the one after it. */
  from: number;
  to: number;
  /** Every slot start of the period, epoch seconds (a daylight-saving day has 23 or 25 hours). */
  slots: number[];
  spaces: Array<{ id: number; name: string; show: boolean }>;
  series: Array<{
    id: number;
    name: string;
    spaceId: number | null;
    dataType: string;
    dataUnit: string | null;
    dataName: string | null;
    colorId: number | null;
    limitId: number | null;
  }>;
  /** Slot start (epoch seconds) → series id → aggregate; slots and series without values are left out. */
  data: Record<string, Record<string, SlotAggregate>>;
}
