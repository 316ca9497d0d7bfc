import type { SeriesResult } from '@olo/data-engine';
import {
  indoorOutdoorDifference,
  matchWeather,
  spaceWeatherSeries,
  type WeatherPoint,
  weatherComparisons,
} from '@olo/shared';

/** The weather series each space shows beside its own (Space.weather), by space id: its series id. */
export type SpaceWeatherMap = ReadonlyMap<number, number>;

/**
 * Which weather series each space shows, from the project's spaces and series as the API answers them (spaces that
 * show none are left out).
 */
export function spaceWeatherMap(
  spaces: ReadonlyArray<{
    id: number;
    weather?: boolean | null;
    weatherId?: number | null;
    weatherDatatype?: string | null;
  }>,
  series: ReadonlyArray<{ id: number; weatherId?: number | null; dataType: string }>,
): SpaceWeatherMap {
  const map = new Map<number, number>();
  for (const space of spaces) {
    const weather = spaceWeatherSeries({ ...space, weather: space.weather ?? false }, series);
    if (weather) map.set(space.id, weather.id);
  }
  return map;
}

/**
 * The series' looks with each space's weather series following the space's weather limit (Space.weatherLimit) where
 * one is set; a weather series that several spaces show follows the first one's.
 */
export function withWeatherLimits<Look extends { limit: unknown }, L extends { id: number }>(
  looks: ReadonlyMap<number, Look>,
  spaces: ReadonlyArray<{ id: number; weatherLimit?: number | null }>,
  spaceWeather: SpaceWeatherMap,
  limits: readonly L[],
): Map<number, Look | (Omit<Look, 'limit'> & { limit: L })> {
  const result = new Map<number, Look | (Omit<Look, 'limit'> & { limit: L })>(looks);
  const set = new Set<number>();
  for (const space of spaces) {
    const seriesId = spaceWeather.get(space.id);
    const limit = limits.find((candidate) => candidate.id === space.weatherLimit);
    if (seriesId === undefined || !limit || set.has(seriesId)) continue;
    const look = looks.get(seriesId);
    if (!look) continue;
    result.set(seriesId, { ...look, limit });
    set.add(seriesId);
  }
  return result;
}

/** A series' slots with values, as weather points (ascending, like the data API's). */
export function weatherPoints(item: Pick<SeriesResult, 'points'>): WeatherPoint[] {
  return item.points.flatMap((point) => (point.value === null ? [] : [{ time: point.time, value: point.value }]));
}

/** An indoor series' outdoor counterpart over a period: the mean of the weather values matched to its slots. */
export interface MatchedOutdoor {
  /** Mean of the matched weather values, in the weather series' unit; null when none matched. */
  outdoor: number | null;
  /** Mean of the indoor value less its matched outdoor one, where the indoor type has a comparison; else null. */
  difference: number | null;
}

/**
 * The outdoor value matched to an indoor series' slots (the same slot, else the nearest within 2 h, none past the
 * project's end) and the comparison with it (shared `weatherComparisons`; CO2 against outdoor air).
 */
export function matchedOutdoor(
  indoor: Pick<SeriesResult, 'points'> & { series: { dataType: string } },
  weather: Pick<SeriesResult, 'points'> & { series: { dataType: string } },
  projectEnd: number | null = null,
): MatchedOutdoor {
  const outdoorPoints = weatherPoints(weather);
  const comparison = weatherComparisons.find((one) => one.indoor === indoor.series.dataType);
  const compares =
    comparison !== undefined && (comparison.outdoor === null || comparison.outdoor === weather.series.dataType);
  let outdoorSum = 0;
  let outdoorCount = 0;
  let differenceSum = 0;
  let differenceCount = 0;
  for (const point of indoor.points) {
    if (point.value === null) continue;
    const matched = matchWeather(outdoorPoints, point.time, projectEnd);
    if (matched) {
      outdoorSum += matched.value;
      outdoorCount++;
    }
    if (!compares) continue;
    const difference = indoorOutdoorDifference(
      { dataType: indoor.series.dataType, time: point.time, value: point.value },
      outdoorPoints,
      projectEnd,
    );
    if (difference !== undefined) {
      differenceSum += difference;
      differenceCount++;
    }
  }
  return {
    outdoor: outdoorCount > 0 ? outdoorSum / outdoorCount : null,
    difference: differenceCount > 0 ? differenceSum / differenceCount : null,
  };
}
