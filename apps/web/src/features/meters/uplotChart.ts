import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { lonePoints } from './lonePoints.ts';
import { dateLocale } from './meterFormat.ts';
import { vectorPrintPlugin } from './vectorPrintPlugin.ts';

export interface ChartSeries {
  label: string;
  color: string;
  /** Dash and gap lengths, for lines that are limits rather than values. */
  dash?: number[];
  width?: number;
}

/** A moment drawn as a vertical dashed line across the chart. */
export interface ChartMarker {
  /** Seconds since the epoch. */
  time: number;
  color: string;
}

export interface TimeChartOptions {
  width: number;
  height: number;
  locale: string;
  /** The legend's name for the time. */
  timeLabel: string;
  series: readonly ChartSeries[];
  /** A y value as the legend shows it. */
  formatValue: (value: number) => string;
  /** The legend shows points as dates of the chart's zone (points that each stand for a day there). */
  days?: boolean;
  /** The wall clock the time axis and legend show (a project's); the viewer's own without one. */
  timeZone?: string;
  markers?: readonly ChartMarker[];
  /** The value axis's fixed ends (a limit's scale), instead of the data's. */
  valueRange?: [number, number];
  /** Drawing added to the chart (a limit's bands behind the lines). */
  plugins?: uPlot.Plugin[];
}

/** Seconds since the epoch, then one array of values per series. */
export type TimeChartData = [number[], ...(number | null)[][]];

const day = 24 * 60 * 60;

/**
 * Tick labels of the time axis in the viewer's language and the chart's time zone: the time of day when ticks are
 * hours apart, with the date under it where the day changes; the date alone when they are days apart.
 */
function timeAxisValues(locale: string, timeZone: string | undefined) {
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
      const clock = (increment < 60 ? timeWithSeconds : time).format(instant);
      const label = dayText === previousDay ? clock : `${clock}\n${dayText}`;
      previousDay = dayText;
      return label;
    });
  };
}

function drawMarkers(chart: uPlot, markers: readonly ChartMarker[]) {
  const { ctx, bbox } = chart;
  for (const marker of markers) {
    const x = chart.valToPos(marker.time, 'x', true);
    if (x < bbox.left || x > bbox.left + bbox.width) continue;
    ctx.save();
    ctx.strokeStyle = marker.color;
    ctx.lineWidth = 2 * uPlot.pxRatio;
    ctx.setLineDash([6 * uPlot.pxRatio, 4 * uPlot.pxRatio]);
    ctx.beginPath();
    ctx.moveTo(x, bbox.top);
    ctx.lineTo(x, bbox.top + bbox.height);
    ctx.stroke();
    ctx.restore();
  }
}

/** A line chart of time series drawn with uPlot into `target`. */
export function createTimeChart(target: HTMLElement, options: TimeChartOptions, data: TimeChartData): uPlot {
  const locale = dateLocale(options.locale);
  const legendTime = new Intl.DateTimeFormat(
    locale,
    options.days
      ? { dateStyle: 'short', timeZone: options.timeZone }
      : { dateStyle: 'short', timeStyle: 'medium', timeZone: options.timeZone },
  );
  const number = new Intl.NumberFormat(options.locale, { useGrouping: false, maximumFractionDigits: 2 });
  const zone = options.timeZone;
  return new uPlot(
    {
      width: options.width,
      height: options.height,
      scales: { x: { time: true }, ...(options.valueRange ? { y: { range: options.valueRange } } : {}) },
      // Ticks fall on the zone's whole hours and midnights, which the labels then name.
      ...(zone ? { tzDate: (seconds: number) => uPlot.tzDate(new Date(seconds * 1000), zone) } : {}),
      plugins: [...(options.plugins ?? []), vectorPrintPlugin()],
      series: [
        {
          label: options.timeLabel,
          value: (_chart, value) => (value == null ? '-' : legendTime.format(new Date(value * 1000))),
        },
        ...options.series.map((series) => ({
          label: series.label,
          stroke: series.color,
          width: series.width ?? 2,
          dash: series.dash,
          spanGaps: true,
          points: lonePoints(true),
          value: (_chart: uPlot, value: number | null) => (value == null ? '-' : options.formatValue(value)),
        })),
      ],
      axes: [
        { values: timeAxisValues(locale, zone), space: 60 },
        { values: (_chart, splits) => splits.map((split) => number.format(split)), size: 60 },
      ],
      hooks: { draw: [(chart) => drawMarkers(chart, options.markers ?? [])] },
    },
    data,
    target,
  );
}

export type TimeChart = uPlot;
