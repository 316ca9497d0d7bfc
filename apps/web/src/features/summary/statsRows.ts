import type { AggregateResult } from '@olo/data-engine';
import { formatMeasurement } from '@olo/shared';
import { type SeriesColors, seriesColor, seriesUnit, shownSeries } from './chartGroups.ts';

export interface StatsRow {
  seriesId: number;
  space: string;
  name: string;
  color: string;
  unit: string;
  /** Rounded by the type's decimals in the viewer's language; '-' when the series has no values. */
  min: string;
  avg: string;
  max: string;
}

/** A min/avg/max row per shown series, in the data API's order (spaces by name, series by type importance). */
export function statsRows(
  result: Pick<AggregateResult, 'series' | 'spaces'>,
  locale: string,
  noSpace: string,
  colors: SeriesColors = new Map(),
): StatsRow[] {
  const spaceNames = new Map(result.spaces.map((space) => [space.id, space.name]));
  return shownSeries(result).map(({ series, stats, index }) => {
    const format = (value: number | undefined) => formatMeasurement(value, series.dataType, locale);
    return {
      seriesId: series.id,
      space: (series.spaceId === null ? undefined : spaceNames.get(series.spaceId)) ?? noSpace,
      name: series.name,
      color: seriesColor(series, index, colors),
      unit: seriesUnit(series),
      min: format(stats?.min),
      avg: format(stats?.avg),
      max: format(stats?.max),
    };
  });
}
