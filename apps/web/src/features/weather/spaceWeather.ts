import { indoorOutdoorDifference, weatherComparisons } from '@olo/shared';
import type { DrawnLimit } from '../charts/gaugeDrawing.ts';

/** What a view knows of the space's weather series now: its type, unit and newest value (epoch ms). */
export interface SpaceWeatherNow {
  seriesId: number;
  name: string;
  dataType: string;
  unit: string;
  /** Newest value; none while the source has reported nothing. */
  value: number | null;
  time: number | null;
  /** Space.weatherLimit when set, else the series' own; weather series follow no default limit. */
  limit: DrawnLimit | null;
}

/** One indoor–outdoor comparison of a space (shared `weatherComparisons`), in the indoor series' unit. */
export interface WeatherComparison {
  /** The comparison's kind by its indoor type: 'Temperature', 'Absolute humidity' or 'CO2'. */
  indoorType: string;
  indoorSeriesId: number;
  unit: string;
  difference: number;
}

/**
 * The comparisons a space's indoor series make with its weather now: each indoor series of a compared type against
 * the weather value that belongs to its reading (within 2 h, none past the project's end); CO2 against outdoor air.
 */
export function spaceWeatherComparisons(
  weather: SpaceWeatherNow,
  indoor: ReadonlyArray<{ id: number; dataType: string; unit: string; value: number | null; time: number | null }>,
  projectEnd: number | null = null,
): WeatherComparison[] {
  const outdoorPoints =
    weather.value !== null && weather.time !== null ? [{ time: weather.time, value: weather.value }] : [];
  const comparisons: WeatherComparison[] = [];
  for (const series of indoor) {
    if (series.value === null || series.time === null) continue;
    const comparison = weatherComparisons.find((one) => one.indoor === series.dataType);
    if (!comparison) continue;
    if (comparison.outdoor !== null && comparison.outdoor !== weather.dataType) continue;
    const difference = indoorOutdoorDifference(
      { dataType: series.dataType, time: series.time, value: series.value },
      outdoorPoints,
      projectEnd,
    );
    if (difference === undefined) continue;
    comparisons.push({ indoorType: series.dataType, indoorSeriesId: series.id, unit: series.unit, difference });
  }
  return comparisons;
}

/** The translation key that names a comparison, by its indoor type. */
export function comparisonLabelKey(indoorType: string): string {
  if (indoorType === 'Temperature') return 'Difference to outdoors';
  if (indoorType === 'Absolute humidity') return 'Moisture above outdoors';
  return 'CO2 above outdoors';
}
