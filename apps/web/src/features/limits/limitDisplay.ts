import { formatMeasurement, unitLabel } from '@olo/shared';

/** What a limit's normal range needs to be shown. */
export interface NormalRange {
  normalMin?: number | null;
  normalMax?: number | null;
}

/** Whether the limit has a normal range at all: an active-limit alarm watches nothing without one. */
export function hasNormalRange<Limit extends NormalRange>(limit: Limit | null | undefined): limit is Limit {
  return !!limit && (typeof limit.normalMin === 'number' || typeof limit.normalMax === 'number');
}

/**
 * A limit's normal range with the measurement's rounding and unit: "400–950 ppm", "≤ 950 ppm", "≥ 20,0 °C"
 * (bounds are normal values); '' without a range.
 */
export function normalRangeText(
  limit: NormalRange | null | undefined,
  dataType: string | null | undefined,
  unit: string | null | undefined,
  locale: string,
): string {
  if (!hasNormalRange(limit)) return '';
  const value = (bound: number) => formatMeasurement(bound, dataType, locale);
  const { normalMin, normalMax } = limit;
  const text =
    typeof normalMin === 'number' && typeof normalMax === 'number'
      ? `${value(normalMin)}–${value(normalMax)}`
      : typeof normalMin === 'number'
        ? `≥ ${value(normalMin)}`
        : `≤ ${value(normalMax as number)}`;
  return unit ? `${text} ${unitLabel(unit, locale)}` : text;
}
