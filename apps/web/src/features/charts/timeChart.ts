import uPlot from 'uplot';
import { dateLocale } from '../ui/format.ts';
import { axisNumber, drawTimeChart, timeAxisValues, valueAxisValues } from './chartOptions.ts';

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
  const number = axisNumber(options.locale);
  const valueText = (value: number | null) => (value == null ? '-' : options.formatValue(value));
  return drawTimeChart(
    target,
    options,
    {
      legendTime,
      tickZone: options.timeZone,
      scales: options.valueRange ? { y: { range: options.valueRange } } : {},
      plugins: options.plugins,
      lines: options.series.map((series) => ({
        ...series,
        spanGaps: true,
        value: (_chart, value) => valueText(value),
      })),
      axes: [
        { values: timeAxisValues(locale, options.timeZone, true), space: 60 },
        { values: valueAxisValues(number), size: 60 },
      ],
      draw: (chart) => drawMarkers(chart, options.markers ?? []),
    },
    data,
  );
}

export type TimeChart = uPlot;
