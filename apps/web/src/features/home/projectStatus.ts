import { bandColor, measurementSortRank } from '@olo/shared';
import type { LiveSeries, LiveSpace } from '../live/liveSeries.ts';

/** The types a status strip shows (spec section 9 priority); a pressure difference by either name, a slab's RH too. */
const mainTypes = new Set([
  'Temperature',
  'Humidity',
  'Structure humidity',
  'CO2',
  'Paine-ero',
  'Differential pressure',
]);

/** A space's main values: its series of the main types, in priority order, each with its band colour (or none). */
export interface SpaceMainValues {
  id: number;
  name: string;
  values: Array<{ series: LiveSeries; band: string | null }>;
}

const rankedAs: Record<string, string> = { 'Differential pressure': 'Paine-ero', 'Structure humidity': 'Humidity' };
const mainRank = (dataType: string) => measurementSortRank(rankedAs[dataType] ?? dataType);

/** The spaces that have series of the main types, each with those series' newest values coloured by their limits. */
export function mainValues(spaces: readonly LiveSpace[]): SpaceMainValues[] {
  return spaces
    .map((space) => ({
      id: space.id,
      name: space.name,
      values: space.series
        .filter((series) => mainTypes.has(series.dataType))
        .sort((a, b) => mainRank(a.dataType) - mainRank(b.dataType))
        .map((series) => ({
          series,
          band: series.limit && series.latest ? bandColor(series.limit, series.latest.data) : null,
        })),
    }))
    .filter((space) => space.values.length > 0);
}

/** The newest of the server's latestReadingAt and the values pushed since, as an ISO time; null when none. */
export function newestReading(latestReadingAt: string | null, spaces: readonly LiveSpace[]): string | null {
  let newest = latestReadingAt ? Date.parse(latestReadingAt) : Number.NEGATIVE_INFINITY;
  for (const space of spaces) {
    for (const series of space.series) {
      if (series.latest) newest = Math.max(newest, Date.parse(series.latest.time));
    }
  }
  return Number.isFinite(newest) ? new Date(newest).toISOString() : null;
}

/**
 * An SVG path of a sparkline `width` × `height` through the hourly values, the last 24 hours left to right up to
 * `now`; an hour without a value breaks the line. Empty when there is nothing to draw.
 */
export function sparklinePath(
  hours: readonly string[],
  values: readonly number[],
  now: number,
  width: number,
  height: number,
): string {
  if (values.length === 0) return '';
  const end = Math.floor(now / 3_600_000) * 3_600_000;
  const start = end - 23 * 3_600_000;
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || 1;
  let path = '';
  let previousHour = Number.NaN;
  hours.forEach((hour, index) => {
    const time = Date.parse(hour);
    const x = ((time - start) / (end - start)) * width;
    const y = max === min ? height / 2 : height - (((values[index] as number) - min) / span) * height;
    const joined = time - previousHour === 3_600_000;
    path += `${path && joined ? 'L' : 'M'}${x.toFixed(1)} ${y.toFixed(1)}`;
    if (!joined && values.length === 1) path += `h0.1`;
    previousHour = time;
  });
  return path;
}
