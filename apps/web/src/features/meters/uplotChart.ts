import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ChartSeries {
  label: string;
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
}

/** Seconds since the epoch, then one array of values per series. */
export type TimeChartData = [number[], ...(number | null)[][]];

const day = 24 * 60 * 60;

/**
 * Tick labels of the time axis in the viewer's language and time zone: the time of day when ticks are hours apart,
 * with the date under it where the day changes; the date alone when they are days apart.
 */
function timeAxisValues(locale: string) {
  const date = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'numeric' });
  const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' });
  const timeWithSeconds = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
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

/** A line chart of time series drawn with uPlot into `target`. */
export function createTimeChart(target: HTMLElement, options: TimeChartOptions, data: TimeChartData): uPlot {
  const legendTime = new Intl.DateTimeFormat(options.locale, { dateStyle: 'short', timeStyle: 'medium' });
  const number = new Intl.NumberFormat(options.locale, { useGrouping: false, maximumFractionDigits: 2 });
  return new uPlot(
    {
      width: options.width,
      height: options.height,
      scales: { x: { time: true } },
      series: [
        {
          label: options.timeLabel,
          value: (_chart, value) => (value == null ? '-' : legendTime.format(new Date(value * 1000))),
        },
        ...options.series.map((series) => ({
          label: series.label,
          stroke: series.color,
          width: 2,
          spanGaps: true,
          points: { show: false },
          value: (_chart: uPlot, value: number | null) => (value == null ? '-' : options.formatValue(value)),
        })),
      ],
      axes: [
        { values: timeAxisValues(options.locale), space: 60 },
        { values: (_chart, splits) => splits.map((split) => number.format(split)), size: 60 },
      ],
    },
    data,
    target,
  );
}

export type TimeChart = uPlot;
