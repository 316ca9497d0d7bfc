/** The states of a background job's record a user watches (a recomputation, an export). */
export const progressStatuses = ['queued', 'running', 'done', 'failed'] as const;
export type ProgressStatus = (typeof progressStatuses)[number];

/**
 * Whole percent done of a record with `done` of an estimated `total` units: 0 while the total is
 * unknown, 99 at most until the record is done (the estimate may be outrun), 100 when done.
 */
export function percentDone(status: string, done: number, total: number | null): number {
  if (status === 'done') return 100;
  if (!total) return 0;
  return Math.min(99, Math.floor((done * 100) / total));
}
