import { formatMeasurement, unitLabel } from '@olo/shared';
import type uPlot from 'uplot';
import { axisNumber, drawTimeChart, targetScales, timeAxisValues, valueAxisValues } from '../charts/chartOptions.ts';
import { limitBandsPlugin } from '../charts/limitBandsPlugin.ts';

export interface ForecastChartOptions {
  width: number;
  height: number;
  locale: string;
  timeZone: string;
  timeLabel: string;
  color: string;
  unit: string;
  dataType: string;
  targets: readonly number[];
  /** Legend names: the series, the forecast, the interval's edges. */
  labels: { series: string; forecast: string; low: string; high: string };
  onDraw?: () => void;
}

/** Seconds since the epoch; the readings; the fitted curve; the interval's low and high edges. */
export type ForecastChartData = [number[], (number | null)[], (number | null)[], (number | null)[], (number | null)[]];

/** The interval's fill between its edges (series 3 and 4), a tint of the series' colour. */
function intervalBandPlugin(color: string): uPlot.Plugin {
  return {
    opts: (_chart, options) => ({ ...options, bands: [{ series: [4, 3], fill: `${color}33` }] }),
    hooks: {},
  };
}

/** The readings, the fitted curve dashed on past them, its interval as a band, and the targets as dashed lines. */
export function createForecastChart(target: HTMLElement, options: ForecastChartOptions, data: ForecastChartData) {
  const legendTime = new Intl.DateTimeFormat(options.locale, {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: options.timeZone,
  });
  const number = axisNumber(options.locale);
  const unit = unitLabel(options.unit, options.locale);
  const value = (_chart: uPlot, shown: number | null) =>
    shown == null ? '-' : `${formatMeasurement(shown, options.dataType, options.locale)} ${unit}`.trim();
  const bandSet = {
    scaleKey: 'y',
    scale: { min: 0, max: 100, limits: [], colors: [], maxcolor: '', opacity: 0 },
    targets: options.targets,
  };
  return drawTimeChart(
    target,
    options,
    {
      legendTime,
      tickZone: options.timeZone,
      scales: targetScales([bandSet]),
      lines: [
        { label: options.labels.series, color: options.color, spanGaps: true, value },
        { label: options.labels.forecast, color: options.color, dash: [8, 5], spanGaps: true, value },
        { label: options.labels.low, color: `${options.color}66`, width: 1, spanGaps: true, value },
        { label: options.labels.high, color: `${options.color}66`, width: 1, spanGaps: true, value },
      ],
      axes: [
        { values: timeAxisValues(options.locale, options.timeZone), space: 60 },
        { values: valueAxisValues(number), size: 52, label: unit },
      ],
      draw: () => options.onDraw?.(),
      plugins: [
        intervalBandPlugin(options.color),
        limitBandsPlugin(
          () => [bandSet],
          (target) => `${number.format(target)} ${unit}`.trim(),
        ),
      ],
    },
    data,
  );
}
