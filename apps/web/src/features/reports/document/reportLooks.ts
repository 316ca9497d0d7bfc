import { useMemo } from 'react';
import type { SeriesLooks } from '../../data-slots/chartGroups.ts';
import { type SpaceWeatherMap, spaceWeatherMap } from '../../weather/chartWeather.ts';
import type { ReportContextInfo } from './reportScope.ts';

/** The series' colours and limits from the report's context, as the summary view's graphs and tables take them. */
export function useContextLooks(context: ReportContextInfo): SeriesLooks {
  return useMemo(
    () => new Map(context.series.map((item) => [item.id, { color: item.color, limit: item.limit }])),
    [context.series],
  );
}

/** The weather series each space of the report's context shows beside its own (Space.weather). */
export function useContextWeather(context: ReportContextInfo): SpaceWeatherMap {
  return useMemo(() => spaceWeatherMap(context.spaces, context.series), [context.spaces, context.series]);
}

/** The weather series of the report's context: drawn beside the spaces that show them, never on their own. */
export function useContextWeatherSeries(context: ReportContextInfo): ReadonlySet<number> {
  return useMemo(
    () => new Set(context.series.flatMap((series) => (series.weatherId == null ? [] : [series.id]))),
    [context.series],
  );
}
