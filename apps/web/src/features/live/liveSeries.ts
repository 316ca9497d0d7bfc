import {
  compareSeriesOrder,
  formatMeasurement,
  measurementTypeStyle,
  seriesColor,
  spaceWeatherSeries,
  unitLabel,
} from '@olo/shared';
import type { DrawnLimit } from '../charts/gaugeDrawing.ts';
import type { SpaceWeatherNow } from '../weather/spaceWeather.ts';

/**
 * What the live pages draw from, as plain data: the member pages give the project's query (`Space`, `Serie`,
 * `SeriesLatest`), the public page its `PublicSpace`, `PublicSeries` and `PublicSeriesLatest`.
 */
export interface LiveSpaceInput {
  id: number;
  name: string;
  /** Space.show; the public view sends only shown spaces and leaves it out. */
  show?: boolean;
  /** Space.weather*: the space shows its weather source's series of this type (the member pages). */
  weather?: boolean;
  weatherId?: number | null;
  weatherDatatype?: string | null;
  /** The limit (by id, of `limits`) the space's weather value is coloured by; none: the weather series' own. */
  weatherLimit?: number | null;
  /** The weather series the space shows, named outright (`PublicSpace.weatherSeriesId`: the public view). */
  weatherSeriesId?: number | null;
}

export interface LiveSeriesInput {
  id: number;
  name: string;
  dataType: string;
  dataUnit?: string | null;
  spaceId?: number | null;
  /** The weather source of a weather series (which has no space). */
  weatherId?: number | null;
  /** The colour the series picked (`Serie.color`); none takes the palette's by its id. */
  color?: { color: string } | null;
  /** The limit the series follows (own, its organization's or the global one of its type); none leaves it neutral. */
  limit?: DrawnLimit | null;
  /** An alarm episode of the series is open (false, or left out, for viewers who may not see alarms). */
  alarming?: boolean;
}

/** A series' newest value; `time` is an ISO string. */
export interface LiveLatest {
  seriesId: number;
  data: number;
  time: string;
}

/** A series as the live pages show it: with its newest value, if it has one. */
export interface LiveSeries {
  id: number;
  name: string;
  dataType: string;
  unit: string;
  latest: LiveLatest | null;
  /** Its line colour everywhere (`seriesColor`: its own, else the palette's by its id). */
  color: string;
  limit: DrawnLimit | null;
  alarming: boolean;
}

export interface LiveSpace {
  id: number;
  name: string;
  series: LiveSeries[];
  /** The outdoor value the space shows beside its own (Space.weather); null when it shows none. */
  weather: SpaceWeatherNow | null;
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

/** The series' own unit; a series that names none is shown in its type's unit ('?' for an unknown type). */
export function seriesUnit(series: Pick<LiveSeriesInput, 'dataType' | 'dataUnit'>): string {
  return series.dataUnit ?? measurementTypeStyle(series.dataType).unit;
}

/**
 * The spaces the live pages show, by name, each with its series in display order and their newest values. Spaces
 * that are not shown (Space.show, as on the dashboard) stay out, and so do series with no space and `ignore` series,
 * which are stored but never displayed.
 */
export function liveSpaces(
  spaces: readonly LiveSpaceInput[],
  series: readonly LiveSeriesInput[],
  latests: readonly LiveLatest[],
  limits: ReadonlyArray<DrawnLimit & { id: number }> = [],
): LiveSpace[] {
  const latestBySeries = new Map(latests.map((latest) => [latest.seriesId, latest]));
  return spaces
    .filter((space) => space.show !== false)
    .sort(byName)
    .map((space) => ({
      id: space.id,
      name: space.name,
      series: series
        .filter((item) => item.spaceId === space.id && item.dataType !== 'ignore')
        .sort(compareSeriesOrder)
        .map((item) => ({
          id: item.id,
          name: item.name,
          dataType: item.dataType,
          unit: seriesUnit(item),
          latest: latestBySeries.get(item.id) ?? null,
          color: seriesColor({ id: item.id, color: item.color?.color }),
          limit: item.limit ?? null,
          alarming: item.alarming ?? false,
        })),
      weather: spaceWeatherNow(space, series, latestBySeries, limits),
    }));
}

function spaceWeatherNow(
  space: LiveSpaceInput,
  series: readonly LiveSeriesInput[],
  latestBySeries: ReadonlyMap<number, LiveLatest>,
  limits: ReadonlyArray<DrawnLimit & { id: number }>,
): SpaceWeatherNow | null {
  const weather =
    space.weatherSeriesId == null
      ? spaceWeatherSeries({ ...space, weather: space.weather ?? false }, series)
      : series.find((item) => item.id === space.weatherSeriesId);
  if (!weather) return null;
  const latest = latestBySeries.get(weather.id);
  return {
    seriesId: weather.id,
    name: weather.name,
    dataType: weather.dataType,
    unit: seriesUnit(weather),
    value: latest?.data ?? null,
    time: latest ? Date.parse(latest.time) : null,
    limit: limits.find((limit) => limit.id === space.weatherLimit) ?? weather.limit ?? null,
  };
}

/** The newest values after a push: a pushed value replaces that series' earlier one, other series keep theirs. */
export function mergeLatests<T extends LiveLatest>(current: readonly T[], pushed: readonly T[]): T[] {
  const bySeries = new Map(current.map((latest) => [latest.seriesId, latest]));
  for (const latest of pushed) bySeries.set(latest.seriesId, latest);
  return [...bySeries.values()];
}

/** A value with its unit as the live pages show it; '-' when the series has no value (spec section 5). */
export function formatLiveValue(series: Pick<LiveSeries, 'latest' | 'dataType' | 'unit'>, locale: string): string {
  const value = formatMeasurement(series.latest?.data, series.dataType, locale);
  return value === '-' ? value : `${value} ${unitLabel(series.unit, locale)}`.trim();
}
