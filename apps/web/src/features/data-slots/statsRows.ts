import type { AggregateResult } from '@olo/data-engine';
import { bandColor, formatMeasurement } from '@olo/shared';
import { matchedOutdoor, type SpaceWeatherMap } from '../weather/chartWeather.ts';
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
  /** The space's outdoor weather matched to the series' slots (Space.weather); null when the space shows none. */
  outdoor: StatsOutdoor | null;
}

export interface StatsOutdoor {
  /** Mean of the weather values matched to the series' slots, formatted; '-' when none matched. */
  value: string;
  unit: string;
  /** The indoor–outdoor comparison's mean, formatted in the series' unit, with its indoor type; none for other types. */
  difference: { value: string; indoorType: string } | null;
}

/** A min/avg/max row per shown series, in the data API's order (spaces by name, series by type importance). */
export function statsRows(
  result: Pick<AggregateResult, 'series' | 'spaces'>,
  locale: string,
  noSpace: string,
  looks: SeriesLooks = new Map(),
  spaceWeather: SpaceWeatherMap = new Map(),
  projectEnd: number | null = null,
  /** The project's weather series: no row of their own, they are the Outdoors column of the spaces that show them. */
  weatherSeriesIds: ReadonlySet<number> = new Set(),
): StatsRow[] {
  const spaceNames = new Map(result.spaces.map((space) => [space.id, space.name]));
  const outdoorOf = (item: AggregateResult['series'][number]): StatsOutdoor | null => {
    const weatherId = item.series.spaceId === null ? undefined : spaceWeather.get(item.series.spaceId);
    const weather = result.series.find((candidate) => candidate.series.id === weatherId);
    if (!weather) return null;
    const matched = matchedOutdoor(item, weather, projectEnd);
    return {
      value: formatMeasurement(matched.outdoor ?? undefined, weather.series.dataType, locale),
      unit: seriesUnit(weather.series),
      difference:
        matched.difference === null
          ? null
          : {
              value: formatMeasurement(matched.difference, item.series.dataType, locale),
              indoorType: item.series.dataType,
            },
    };
  };
  const rowed = shownSeries(result).filter((item) => !weatherSeriesIds.has(item.series.id));
  return rowed.map((item) => {
    const { series, stats } = item;
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
      outdoor: outdoorOf(item),
    };
  });
}
