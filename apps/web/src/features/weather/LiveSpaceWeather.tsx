import type { LiveSpace } from '../live/liveSeries.ts';
import { SpaceWeatherValue } from './SpaceWeatherValue.tsx';
import { spaceWeatherComparisons } from './spaceWeather.ts';

/** A live space's outdoor value and its indoor series' comparisons with it; nothing for a space without weather. */
export function LiveSpaceWeather({ space }: { space: LiveSpace }) {
  if (!space.weather) return null;
  const indoor = space.series.map((series) => ({
    id: series.id,
    dataType: series.dataType,
    unit: series.unit,
    value: series.latest?.data ?? null,
    time: series.latest ? Date.parse(series.latest.time) : null,
  }));
  return <SpaceWeatherValue weather={space.weather} comparisons={spaceWeatherComparisons(space.weather, indoor)} />;
}
