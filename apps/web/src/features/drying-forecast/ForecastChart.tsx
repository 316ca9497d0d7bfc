import type { DryingFit } from '@olo/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useUplotChart } from '../charts/useTimeChart.ts';
import type { ForecastChartData } from './forecastChart.ts';

const defaultColor = '#1c7ed6';

/** Painted: counts paints on the element and tells the page, as the summary's charts do (the report waits for it). */
function markDrawn(element: HTMLElement) {
  element.dataset.draws = String(Number(element.dataset.draws ?? 0) + 1);
  element.dispatchEvent(new CustomEvent('summary-chart-draw', { bubbles: true }));
}

/** The readings and the fitted curve on one time axis (seconds): the curve from the fit's first reading on. */
export function forecastChartData(
  points: ReadonlyArray<{ time: number; value: number | null }>,
  fit: DryingFit | null,
): ForecastChartData {
  const readings = new Map<number, number | null>();
  for (const point of points) if (point.value !== null) readings.set(Math.round(point.time / 1000), point.value);
  const curve = new Map((fit?.curve ?? []).map((point) => [Math.round(point.time / 1000), point]));
  const times = [...new Set([...readings.keys(), ...curve.keys()])].sort((a, b) => a - b);
  return [
    times,
    times.map((time) => readings.get(time) ?? null),
    times.map((time) => curve.get(time)?.value ?? null),
    times.map((time) => curve.get(time)?.low ?? null),
    times.map((time) => curve.get(time)?.high ?? null),
  ];
}

/** The drying forecast's graph: readings, the dashed continuation, its interval as a band, the targets dashed. */
export function ForecastChart({
  points,
  fit,
  targets,
  color,
  unit,
  dataType,
  seriesName,
  timeZone,
  height = 220,
}: {
  points: ReadonlyArray<{ time: number; value: number | null }>;
  fit: DryingFit | null;
  targets: readonly number[];
  color: string | null;
  unit: string;
  dataType: string;
  seriesName: string;
  timeZone: string;
  height?: number;
}) {
  const { t, i18n } = useTranslation();
  const data = useMemo(() => forecastChartData(points, fit), [points, fit]);
  const lineColor = color && /^#[0-9a-f]{6}$/i.test(color) ? color : defaultColor;
  const labels = {
    series: seriesName,
    forecast: t('Forecast'),
    low: t('Forecast interval, low'),
    high: t('Forecast interval, high'),
  };
  const locale = i18n.language;
  const timeLabel = t('Time');
  const container = useUplotChart({
    structure: JSON.stringify([lineColor, unit, dataType, targets, labels, locale, timeZone]),
    load: () => import('./forecastChart.ts'),
    create: ({ createForecastChart }, element, size, values) =>
      createForecastChart(
        element,
        {
          ...size,
          locale,
          timeZone,
          timeLabel,
          color: lineColor,
          unit,
          dataType,
          targets,
          labels,
          onDraw: () => markDrawn(element),
        },
        values as ForecastChartData,
      ),
    data,
    height,
  });
  return <div ref={container} data-testid="drying-forecast-chart" style={{ minHeight: height }} />;
}
