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

export type { ProjectDataBody, SlotAggregate } from '@olo/shared';
