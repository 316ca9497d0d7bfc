import { Stack, Text, Title } from '@mantine/core';
import { unitLabel } from '@olo/shared';
import { memo, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { canDrawCharts } from '../meters/useTimeChart.ts';
import { type ChartGroup, groupBandSets } from './chartGroups.ts';
import type { SummaryChartData, SummaryChartInstance, SummaryChartOptions } from './summaryChart.ts';

const defaultChartHeight = 280;

/** Painted: counts paints on the element and tells the page (the benchmark and browser tests listen). */
function markDrawn(element: HTMLElement) {
  element.dataset.draws = String(Number(element.dataset.draws ?? 0) + 1);
  element.dispatchEvent(new CustomEvent('summary-chart-draw', { bubbles: true }));
}

/**
 * The uPlot chart of a group: built again only when what it draws changes (its lines, units, gaps, language),
 * otherwise fed new data, so that a change of mode or range redraws the same chart.
 */
function useSummaryChart(
  group: ChartGroup,
  times: readonly number[],
  nulls: boolean,
  timeZone: string,
  showLimits: boolean,
  chartHeight: number,
) {
  const { t, i18n } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<SummaryChartInstance | null>(null);
  const module = useRef<typeof import('./summaryChart.ts') | null>(null);
  const data = useMemo<SummaryChartData | null>(
    () => (module.current ? module.current.chartData(times, group) : null),
    [times, group],
  );
  const structure = JSON.stringify([
    group.units,
    group.lines.map((line) => [line.seriesId, line.label, line.color, line.unit, line.dataType]),
    nulls,
    i18n.language,
    timeZone,
  ]);
  const latest = useRef({ group, times, nulls, timeZone, timeLabel: t('Time'), locale: i18n.language });
  latest.current = { group, times, nulls, timeZone, timeLabel: t('Time'), locale: i18n.language };
  const bandSets = useMemo(() => (showLimits ? groupBandSets(group) : []), [group, showLimits]);
  const bands = useRef(bandSets);
  bands.current = bandSets;
  const bandsKey = JSON.stringify(bandSets);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `structure` stands for the options, read through `latest`.
  useEffect(() => {
    const element = container.current;
    if (!element || !canDrawCharts()) return;
    let cancelled = false;
    void import('./summaryChart.ts').then((loaded) => {
      if (cancelled) return;
      module.current = loaded;
      const now = latest.current;
      const options: SummaryChartOptions = {
        width: element.clientWidth || 600,
        height: chartHeight,
        locale: now.locale,
        timeZone: now.timeZone,
        timeLabel: now.timeLabel,
        nulls: now.nulls,
        onDraw: () => markDrawn(element),
        bandSets: () => bands.current,
      };
      chart.current?.destroy();
      chart.current = loaded.createSummaryChart(element, now.group, options, loaded.chartData(now.times, now.group));
    });
    return () => {
      cancelled = true;
      chart.current?.destroy();
      chart.current = null;
    };
  }, [structure]);

  useEffect(() => {
    if (data) chart.current?.setData(data);
  }, [data]);

  // Bands shown or hidden, or a limit changed: paint again; the plugin reads them at every paint.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `bandsKey` stands for the bands, read through `bands`.
  useEffect(() => {
    chart.current?.redraw(false);
  }, [bandsKey]);

  useEffect(() => {
    const element = container.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (element.clientWidth > 0) chart.current?.setSize({ width: element.clientWidth, height: chartHeight });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [chartHeight]);

  return container;
}

/** The dashed target lines in words under the graph, since a canvas says nothing to a screen reader (decision 0155). */
function TargetLegend({ group }: { group: ChartGroup }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language, { useGrouping: false, maximumFractionDigits: 1 });
  const targets = groupBandSets(group).flatMap((set) =>
    (set.targets ?? []).map((value) =>
      `${number.format(value)} ${unitLabel(group.units[Number(set.scaleKey.slice(1))] ?? '', i18n.language)}`.trim(),
    ),
  );
  if (targets.length === 0) return null;
  return (
    <Text size="sm" data-testid="summary-chart-targets">
      <span
        aria-hidden
        style={{ borderTop: '2px dashed #343a40', display: 'inline-block', width: 24, marginRight: 6 }}
      />
      {t('Drying targets (dashed): {{targets}}', { targets: targets.join(', ') })}
    </Text>
  );
}

/** One graph of the summary: a space's or a measurement type's series. */
export const SummaryChart = memo(function SummaryChart({
  group,
  times,
  nulls,
  timeZone,
  showLimits = true,
  height = defaultChartHeight,
}: {
  group: ChartGroup;
  times: readonly number[];
  nulls: boolean;
  timeZone: string;
  /** Paint the lines' limit bands behind them (one set per axis). */
  showLimits?: boolean;
  /** The plot's height in CSS px (a report's graphs are lower, three fit a page). */
  height?: number;
}) {
  const container = useSummaryChart(group, times, nulls, timeZone, showLimits, height);
  return (
    <Stack gap={4} component="section" aria-label={group.title} data-testid="summary-graph">
      <Title order={4}>{group.title}</Title>
      <div ref={container} data-testid="summary-chart" style={{ minHeight: height }} />
      {showLimits && <TargetLegend group={group} />}
    </Stack>
  );
});
