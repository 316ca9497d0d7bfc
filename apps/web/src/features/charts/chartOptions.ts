import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { LimitBandSet } from './limitBandsPlugin.ts';
import { lonePoints } from './lonePoints.ts';
import { vectorPrintPlugin } from './vectorPrintPlugin.ts';

const day = 24 * 60 * 60;

/**
 * Tick labels of the time axis in the chart's time zone: the time of day when ticks are hours apart, with the date
 * under it where the day changes; the date alone when they are days apart. With `seconds`, ticks under a minute apart
 * show the seconds too.
 */
export function timeAxisValues(locale: string, timeZone: string | undefined, seconds = false) {
  const date = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'numeric', timeZone });
  const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone });
  const timeWithSeconds = new Intl.DateTimeFormat(locale, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    timeZone,
  });
  return (_chart: uPlot, splits: number[], _axis: number, _space: number, increment: number) => {
    let previousDay = '';
    return splits.map((split) => {
      const instant = new Date(split * 1000);
      const dayText = date.format(instant);
      if (increment >= day) return dayText;
      const clock = (seconds && increment < 60 ? timeWithSeconds : time).format(instant);
      const label = dayText === previousDay ? clock : `${clock}\n${dayText}`;
      previousDay = dayText;
      return label;
    });
  };
}

/** Numbers on a value axis: up to two decimals, no grouping ("1234.5" in the language's decimal sign). */
export function axisNumber(locale: string): Intl.NumberFormat {
  return new Intl.NumberFormat(locale, { useGrouping: false, maximumFractionDigits: 2 });
}

/** Value tick labels in `number` (axisNumber). */
export function valueAxisValues(number: Intl.NumberFormat) {
  return (_chart: uPlot, splits: number[]) => splits.map((split) => number.format(split));
}

/**
 * Y scales that reach a drying target even while every value lies beyond it (a slab at 78 % under its 80 % target),
 * so the dashed target line is always in view (decision 0155); other scales keep uPlot's own range.
 */
export function targetScales(sets: readonly LimitBandSet[]): uPlot.Scales {
  const scales: uPlot.Scales = {};
  for (const set of sets) {
    const targets = set.targets ?? [];
    if (targets.length === 0) continue;
    scales[set.scaleKey] = {
      range: (_chart, dataMin, dataMax) =>
        uPlot.rangeNum(
          Math.min(dataMin ?? Number.POSITIVE_INFINITY, ...targets),
          Math.max(dataMax ?? Number.NEGATIVE_INFINITY, ...targets),
          0.1,
          true,
        ),
    };
  }
  return scales;
}

/** A line of a time chart and how its legend shows a value. */
export interface TimeChartLine {
  label: string;
  color: string;
  width?: number;
  /** Dash and gap lengths, for lines that are limits rather than values. */
  dash?: number[];
  /** The y scale the line follows, when the chart has several. */
  scale?: string;
  /** Whether the line goes on across empty slots (a gap otherwise). */
  spanGaps: boolean;
  value: (chart: uPlot, value: number | null, seriesIndex: number, index: number | null) => string;
}

/** The chart's size, and the legend's name for the time. */
export interface ChartFrame {
  width: number;
  height: number;
  timeLabel: string;
}

export interface TimeChartBase {
  /** How the legend writes a point's time. */
  legendTime: Intl.DateTimeFormat;
  /** Ticks fall on this zone's whole hours and midnights (the labels name them); uPlot's own zone without one. */
  tickZone?: string;
  scales?: uPlot.Scales;
  lines: readonly TimeChartLine[];
  axes: uPlot.Axis[];
  /** Drawing added behind or over the lines (limit bands); the print repaint is always added. */
  plugins?: uPlot.Plugin[];
  draw?: (chart: uPlot) => void;
}

/**
 * The uPlot options every time chart shares: a time x scale, a legend naming the time and each line's value, lines
 * without dots but for values no line can show (lonePoints), and repainted as vectors for print (vectorPrintPlugin).
 */
export function timeChartOptions(frame: ChartFrame, base: TimeChartBase): uPlot.Options {
  const zone = base.tickZone;
  return {
    width: frame.width,
    height: frame.height,
    scales: { x: { time: true }, ...base.scales },
    ...(zone ? { tzDate: (seconds: number) => uPlot.tzDate(new Date(seconds * 1000), zone) } : {}),
    series: [
      {
        label: frame.timeLabel,
        value: (_chart, value) => (value == null ? '-' : base.legendTime.format(new Date(value * 1000))),
      },
      ...base.lines.map((line) => ({
        label: line.label,
        stroke: line.color,
        width: line.width ?? 2,
        ...(line.dash ? { dash: line.dash } : {}),
        ...(line.scale ? { scale: line.scale } : {}),
        spanGaps: line.spanGaps,
        points: lonePoints(line.spanGaps),
        value: line.value,
      })),
    ],
    axes: base.axes,
    hooks: base.draw ? { draw: [base.draw] } : {},
    plugins: [...(base.plugins ?? []), vectorPrintPlugin()],
  };
}

/** Draws a time chart (timeChartOptions) with uPlot into `target`. */
export function drawTimeChart(
  target: HTMLElement,
  frame: ChartFrame,
  base: TimeChartBase,
  data: uPlot.AlignedData,
): uPlot {
  return new uPlot(timeChartOptions(frame, base), data, target);
}
