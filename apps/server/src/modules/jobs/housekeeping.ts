import type { Logger } from 'pino';
import { z } from 'zod';
import { defineJob, type JobSchedule } from './jobs.service.ts';

/** Days a finished recomputation's record is kept (the pages list a day of them; decision 0101). */
export const recalculationsKeptDays = 30;

/** Records deleted per step and run: a backlog goes over the next runs rather than in one long statement. */
export const housekeepingBatch = 1000;

/**
 * Hourly at :20 (decision 0101): each step deletes a bounded batch of what has expired (export
 * files and records, old recomputation records) and resolves how many went. A failing step is
 * logged and the others still run; the schedule goes on either way.
 */
export function housekeepingSchedule(steps: Record<string, () => Promise<number>>, logger: Logger): JobSchedule {
  return {
    job: defineJob({
      name: 'housekeeping',
      payload: z.object({}),
      maxAttempts: 1,
      handle: async () => {
        for (const [name, step] of Object.entries(steps)) {
          try {
            const removed = await step();
            if (removed > 0) logger.info({ step: name, removed }, 'housekeeping');
          } catch (error) {
            logger.error({ err: error, step: name }, 'housekeeping step failed');
          }
        }
      },
    }),
    next: (after) => {
      const next = new Date(Math.floor(after.getTime() / 3_600_000) * 3_600_000 + 20 * 60_000);
      return next > after ? next : new Date(next.getTime() + 3_600_000);
    },
    payload: () => ({}),
  };
}
