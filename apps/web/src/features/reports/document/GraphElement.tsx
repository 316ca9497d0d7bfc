import type { ReportElementOf } from '@olo/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canDrawCharts } from '../../charts/useTimeChart.ts';
import { chartGroups } from '../../data-slots/chartGroups.ts';
import { SummaryChart } from '../../data-slots/SummaryChart.tsx';
import { useMeasurementLabel } from '../../ui/useMeasurementLabel.ts';
import { DataElementFrame, DataElementState, hasValues, ViewLine } from './DataElementFrame.tsx';
import { useContextLooks, useContextWeather, useContextWeatherSeries } from './reportLooks.ts';
import type { ReportScope } from './reportScope.ts';
import { useElementData } from './useReportData.ts';

/** A report graph's plot height in CSS px: a space's three graphs (temperature, humidity, CO2) fit one A4 page. */
const reportChartHeight = 220;

/**
 * Whether every chart under the root has painted at least once (`data-draws`, which SummaryChart counts); true at
 * once where charts are not drawn at all (no canvas), since there is nothing to wait for.
 */
export function useChartsDrawn(
  root: React.RefObject<HTMLDivElement | null>,
  expected: number,
  testId = 'summary-chart',
): boolean {
  // Of the number of charts it was found for: a new number is not drawn until checked again.
  const [drawn, setDrawn] = useState({ expected: -1, drawn: false });
  useEffect(() => {
    const node = root.current;
    if (!node || expected === 0 || !canDrawCharts()) {
      setDrawn({ expected, drawn: true });
      return;
    }
    const check = () => {
      const charts = [...node.querySelectorAll<HTMLElement>(`[data-testid="${testId}"]`)];
      setDrawn({
        expected,
        drawn: charts.length >= expected && charts.every((chart) => Number(chart.dataset.draws ?? 0) > 0),
      });
    };
    check();
    node.addEventListener('summary-chart-draw', check);
    return () => node.removeEventListener('summary-chart-draw', check);
  }, [root, expected, testId]);
  return drawn.expected === expected && drawn.drawn;
}

/**
 * A graph of the chosen series over the element's view, drawn by the summary view's own chart code: one plot per
 * space and unit (or per measurement type), the series' colours and their limits' bands behind the lines.
 */
export function GraphElement({ element, scope }: { element: ReportElementOf<'graph'>; scope: ReportScope }) {
  const { t } = useTranslation();
  const typeLabel = useMeasurementLabel();
  const looks = useContextLooks(scope.context);
  const weather = useContextWeather(scope.context);
  const weatherSeries = useContextWeatherSeries(scope.context);
  const { view, seriesIds, result, ready } = useElementData(scope, element);
  const noSpace = t('No space');
  const drawable = hasValues(result, ready);
  const groups = useMemo(
    () =>
      drawable && result
        ? chartGroups(result, element.groupBy, { typeLabel, noSpace }, looks, weather, weatherSeries)
        : [],
    [drawable, result, element.groupBy, typeLabel, noSpace, looks, weather, weatherSeries],
  );
  const charts = useRef<HTMLDivElement>(null);
  const drawn = useChartsDrawn(charts, groups.length);
  return (
    <DataElementFrame kind="graph" title={element.title} ready={ready && drawn}>
      <ViewLine view={view} timeZone={scope.context.timeZone} />
      <DataElementState seriesCount={seriesIds.length} result={result} ready={ready} />
      <div ref={charts}>
        {drawable &&
          groups.map((group) => (
            <SummaryChart
              key={group.key}
              group={group}
              times={result.times}
              nulls={result.nulls}
              timeZone={scope.context.timeZone}
              showLimits={element.showLimits}
              height={reportChartHeight}
            />
          ))}
      </div>
    </DataElementFrame>
  );
}
