import type { LimitScale } from './limits.ts';

/**
 * Measurement types of a structure's own moisture (an RH probe in a concrete slab, decision 0154): their limits are
 * drying targets that the value falls to and stays under, not a comfort range it moves in and out of.
 */
export const structureMoistureTypes: readonly string[] = ['Structure humidity'];

export function isStructureMoisture(dataType: string | null | undefined): boolean {
  return typeof dataType === 'string' && structureMoistureTypes.includes(dataType);
}

/**
 * The drying targets of a limit, highest first: its band edges inside a normal range that is open below (a value
 * "at most 85 %"), e.g. edges 80, 85, 90 with normal ≤ 85 give [85, 80]. None for a limit of any other shape.
 */
export function dryingTargets(limit: Pick<LimitScale, 'limits' | 'normalMin' | 'normalMax'>): number[] {
  const { normalMin, normalMax } = limit;
  if (normalMin !== null || normalMax === null) return [];
  return limit.limits.filter((edge) => edge <= normalMax).sort((a, b) => b - a);
}

/** The drying targets of a series: those of its limit when the series measures a structure's moisture. */
export function seriesDryingTargets(
  dataType: string,
  limit: Partial<Pick<LimitScale, 'limits' | 'normalMin' | 'normalMax'>> | null | undefined,
): number[] {
  if (!isStructureMoisture(dataType) || !limit?.limits || limit.normalMax === undefined) return [];
  return dryingTargets({ limits: limit.limits, normalMin: limit.normalMin ?? null, normalMax: limit.normalMax });
}

/**
 * When a target was reached for good: `reached` at the first value from which every later value is at or under the
 * target (`sinceStart` when that is the first value: it was reached before or at the start of the data); `notYet`
 * when the newest value is above it; `noData` without values.
 */
export type TargetReached =
  | { state: 'reached'; at: number; sinceStart: boolean }
  | { state: 'notYet' }
  | { state: 'noData' };

/** When the values (ascending by time, nulls skipped) fell to `target` and stayed there. */
export function targetReached(
  points: ReadonlyArray<{ time: number; value: number | null }>,
  target: number,
): TargetReached {
  let firstTime: number | null = null;
  let reachedAt: number | null = null;
  for (const point of points) {
    if (point.value === null || !Number.isFinite(point.value)) continue;
    firstTime ??= point.time;
    if (point.value > target) reachedAt = null;
    else reachedAt ??= point.time;
  }
  if (firstTime === null) return { state: 'noData' };
  if (reachedAt === null) return { state: 'notYet' };
  return { state: 'reached', at: reachedAt, sinceStart: reachedAt === firstTime };
}
