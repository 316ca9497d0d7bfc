import { useMemo } from 'react';
import type { SeriesLooks } from '../../data-slots/chartGroups.ts';
import type { ReportContextInfo } from './reportScope.ts';

/** The series' colours and limits from the report's context, as the summary view's graphs and tables take them. */
export function useContextLooks(context: ReportContextInfo): SeriesLooks {
  return useMemo(
    () => new Map(context.series.map((item) => [item.id, { color: item.color, limit: item.limit }])),
    [context.series],
  );
}
