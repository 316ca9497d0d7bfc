import { Stack, Text, Title } from '@mantine/core';
import { unitLabel } from '@olo/shared';
import { memo, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useUplotChart } from '../charts/useTimeChart.ts';
import { type ChartGroup, chartData, groupBandSets } from './chartGroups.ts';

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
  const data = useMemo(() => chartData(times, group), [times, group]);
  const structure = JSON.stringify([
    group.units,
    group.lines.map((line) => [line.seriesId, line.label, line.color, line.unit, line.dataType, line.weather]),
    nulls,
    i18n.language,
    timeZone,
  ]);
  const bandSets = useMemo(() => (showLimits ? groupBandSets(group) : []), [group, showLimits]);
  // The plugin reads the bands at every paint, the newest ones.
  const bands = useRef(bandSets);
  bands.current = bandSets;
  const timeLabel = t('Time');
  const locale = i18n.language;
  return useUplotChart({
    structure,
    load: () => import('./summaryChart.ts'),
    create: ({ createSummaryChart }, element, size, values) =>
      createSummaryChart(
        element,
        group,
        {
          ...size,
          locale,
          timeZone,
          timeLabel,
          nulls,
          onDraw: () => markDrawn(element),
          bandSets: () => bands.current,
        },
        values,
      ),
    data,
    height: chartHeight,
    // Bands shown or hidden, or a limit changed: paint again; the plugin reads them at every paint.
    repaint: JSON.stringify(bandSets),
  });
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
