import type { AggregateResult } from '@olo/data-engine';
import { bandColor, formatMeasurement } from '@olo/shared';
import { lineColor, type SeriesLooks, seriesUnit, shownSeries } from './chartGroups.ts';

/** The band colours of a row's values on the series' limit; null without a limit or a value. */
export interface StatsBands {
  min: string | null;
  avg: string | null;
  max: string | null;
}

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
  /** Readings in the kept slots, grouped in the viewer's language ("1 234"); '0' when none. */
  count: string;
  /** For the screen only: the export writes the numbers alone. */
  bands: StatsBands;
}

/** A min/avg/max row per shown series, in the data API's order (spaces by name, series by type importance). */
export function statsRows(
  result: Pick<AggregateResult, 'series' | 'spaces'>,
  locale: string,
  noSpace: string,
  looks: SeriesLooks = new Map(),
): StatsRow[] {
  const spaceNames = new Map(result.spaces.map((space) => [space.id, space.name]));
  return shownSeries(result).map(({ series, stats }) => {
    const format = (value: number | undefined) => formatMeasurement(value, series.dataType, locale);
    const limit = looks.get(series.id)?.limit ?? null;
    const band = (value: number | undefined) => (limit ? bandColor(limit, value) : null);
    return {
      seriesId: series.id,
      space: (series.spaceId === null ? undefined : spaceNames.get(series.spaceId)) ?? noSpace,
      name: series.name,
      color: lineColor(series.id, looks),
      unit: seriesUnit(series),
      min: format(stats?.min),
      avg: format(stats?.avg),
      max: format(stats?.max),
      count: new Intl.NumberFormat(locale).format(stats?.count ?? 0),
      bands: { min: band(stats?.min), avg: band(stats?.avg), max: band(stats?.max) },
    };
  });
}
