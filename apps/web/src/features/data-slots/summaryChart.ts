import { formatMeasurement, unitLabel } from '@olo/shared';
import type uPlot from 'uplot';
import { axisNumber, drawTimeChart, targetScales, timeAxisValues, valueAxisValues } from '../charts/chartOptions.ts';
import { nearestValue } from '../charts/chartReadout.ts';
import { type LimitBandSet, limitBandsPlugin } from '../charts/limitBandsPlugin.ts';
import type { ChartGroup } from './chartGroups.ts';

export interface SummaryChartOptions {
  width: number;
  height: number;
  locale: string;
  timeZone: string;
  timeLabel: string;
  /** Nulls on: an empty slot is a gap; off: the line goes on across it. */
  nulls: boolean;
  /** The limit bands to paint behind the lines, read at every paint (a toggle redraws; `groupBandSets`). */
  bandSets?: () => readonly LimitBandSet[];
  /** Called after every paint (the benchmark and the browser tests wait for it). */
  onDraw?: () => void;
}

/** Seconds since the epoch, then one array of values per line. */
export type SummaryChartData = uPlot.AlignedData;

/** Below this plot width (px, a phone) ticks are spaced wider and the y axis is narrower, so labels never overlap. */
const narrowPlot = 420;
/** Axis text: 12 px stays legible on a phone; uPlot's own default is 12 px too but bolder labels crowd it. */
const axisFont = '12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
const axisLabelFont = 'bold 12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/** Minimum px between time ticks: each label is a time over a date, about 70 px wide. */
function timeTickSpace(_chart: uPlot, _axis: number, _min: number, _max: number, plotWidth: number): number {
  return plotWidth < narrowPlot ? 90 : 70;
}

/** Minimum px between value ticks: fewer on a short plot. */
function valueTickSpace(_chart: uPlot, _axis: number, _min: number, _max: number, plotHeight: number): number {
  return plotHeight < 200 ? 40 : 30;
}

/** A target line's label: the value and its axis' unit, "85 %RH". */
function targetLabel(group: ChartGroup, number: Intl.NumberFormat, locale: string) {
  return (value: number, scaleKey: string) =>
    `${number.format(value)} ${unitLabel(group.units[Number(scaleKey.slice(1))] ?? '', locale)}`.trim();
}

/**
 * A graph of a group's lines with uPlot: a y scale and axis per unit (the first on the left, others on the right;
 * grouped by space a graph has one unit), the unit as the axis label, limit bands behind the lines when given. uPlot
 * itself gives drag-to-zoom, double-click to reset and a legend under the plot whose entries toggle their line.
 * On a phone's width the axes are narrower and the ticks sparser (decision 0080).
 */
export function createSummaryChart(
  target: HTMLElement,
  group: ChartGroup,
  options: SummaryChartOptions,
  data: SummaryChartData,
): uPlot {
  const legendTime = new Intl.DateTimeFormat(options.locale, {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: options.timeZone,
  });
  const number = axisNumber(options.locale);
  const scaleOf = (unit: string) => `y${group.units.indexOf(unit)}`;
  return drawTimeChart(
    target,
    options,
    {
      legendTime,
      scales: targetScales(options.bandSets?.() ?? []),
      lines: group.lines.map((line) => ({
        label: line.label,
        color: line.color,
        scale: scaleOf(line.unit),
        // Outdoor weather beside the space's own series: dashed, so it reads as no reading of the space.
        ...(line.weather ? { dash: [8, 4] } : {}),
        spanGaps: !options.nulls,
        value: (chart: uPlot, value: number | null, seriesIndex: number, index: number | null) => {
          const text = (shown: number) =>
            `${formatMeasurement(shown, line.dataType, options.locale)} ${unitLabel(line.unit, options.locale)}`.trim();
          if (value != null) return text(value);
          // Between readings: the nearest one, with its time, rather than a dash (decision 0156).
          const nearest = index === null ? null : nearestValue(chart.data, seriesIndex, index);
          return nearest ? `${text(nearest.value)} (${legendTime.format(new Date(nearest.time * 1000))})` : '-';
        },
      })),
      axes: [
        {
          values: timeAxisValues(options.locale, options.timeZone),
          space: timeTickSpace,
          font: axisFont,
          size: 44,
        },
        ...group.units.map((unit, index) => ({
          scale: `y${index}`,
          label: unitLabel(unit, options.locale),
          labelFont: axisLabelFont,
          labelSize: 20,
          font: axisFont,
          side: index === 0 ? 3 : 1,
          grid: { show: index === 0 },
          space: valueTickSpace,
          // Room for "1 234" and the unit label; a phone's plot keeps the rest of its 390 px for the lines.
          size: options.width < narrowPlot ? 48 : 60,
          values: valueAxisValues(number),
        })),
      ],
      draw: () => options.onDraw?.(),
      plugins: options.bandSets ? [limitBandsPlugin(options.bandSets, targetLabel(group, number, options.locale))] : [],
    },
    data,
  );
}
