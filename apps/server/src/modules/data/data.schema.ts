import { isValidSlotSeconds, parseDataPeriod } from '@olo/shared';
import { z } from 'zod';

/** A month or a day of the data API's path (the data and weather routes). */
export const dataPeriodField = z.string().transform((text, context) => {
  const period = parseDataPeriod(text);
  if (!period) {
    context.addIssue({ code: 'custom', message: 'Invalid period: expected YYYY-MM or YYYY-MM-DD' });
    return z.NEVER;
  }
  return period;
});

/** A slot length of the data API, seconds. */
export const slotSecondsField = z.coerce
  .number()
  .refine(isValidSlotSeconds, { message: 'Invalid slot: seconds from 60 to 86400 that divide a day' });

/** The path of `GET /api/data/{projectId}/{period}/{dataId}/{slotSeconds}` (shared ARCHITECTURE §4). */
export const dataRequestSchema = z.object({
  projectId: z.coerce.number().int().positive(),
  period: dataPeriodField,
  dataId: z.uuid({ message: 'Invalid data id' }),
  slotSeconds: slotSecondsField,
});

export type DataRequest = z.output<typeof dataRequestSchema>;

export type { ProjectDataBody, SlotAggregate } from '@olo/shared';
