import { Box, Text } from '@mantine/core';
import { formatMeasurement } from '@olo/shared';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChartReading, chartSeriesOf } from './meterFormat.ts';
import type { TimeChart, TimeChartData } from './uplotChart.ts';
import { useMeasurementLabel } from './useMeasurementLabel.ts';

/** Line colours, in order of the channels. */
const palette = ['#1c7ed6', '#e8590c', '#2f9e44', '#ae3ec9', '#f08c00', '#0c8599', '#e03131', '#5c940d', '#3b5bdb'];

const chartHeight = 300;

/**
 * uPlot draws on a canvas, which jsdom (the unit tests' DOM) does not have: there the chart is left out and the rest
 * of the page still works.
 */
export function canDrawCharts(): boolean {
  if (typeof window === 'undefined' || typeof navigator === 'undefined') return false;
  return !/jsdom/i.test(navigator.userAgent) && typeof HTMLCanvasElement !== 'undefined';
}

/** The raw values of one measurement type over the readings (oldest first), one line per channel. */
export function MeterChart({ readings, dataType }: { readings: readonly ChartReading[]; dataType: string }) {
  const { t, i18n } = useTranslation();
  const typeLabel = useMeasurementLabel();
  const locale = i18n.language;
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<TimeChart | null>(null);
  const { channels, unit, data } = useMemo(() => chartSeriesOf(readings, dataType), [readings, dataType]);
  // The chart is created after its code loads; it then starts from the newest data, not that of the first render.
  const latestData = useRef<TimeChartData>(data);
  latestData.current = data;
  const structure = JSON.stringify([locale, dataType, unit, channels, t('Time')]);

  useEffect(() => {
    const element = container.current;
    if (!element || !canDrawCharts()) return;
    const [, shownType, shownUnit, names, timeLabel] = JSON.parse(structure) as [
      string,
      string,
      string,
      string[],
      string,
    ];
    let cancelled = false;
    void import('./uplotChart.ts').then(({ createTimeChart }) => {
      if (cancelled) return;
      chart.current?.destroy();
      chart.current = createTimeChart(
        element,
        {
          width: element.clientWidth || 600,
          height: chartHeight,
          locale,
          timeLabel,
          series: names.map((name, index) => ({ label: name, color: palette[index % palette.length] ?? '#1c7ed6' })),
          formatValue: (value) => `${formatMeasurement(value, shownType, locale)} ${shownUnit}`.trim(),
        },
        latestData.current,
      );
    });
    return () => {
      cancelled = true;
      chart.current?.destroy();
      chart.current = null;
    };
  }, [structure, locale]);

  // New readings (a live push, another range) redraw the same lines.
  useEffect(() => {
    chart.current?.setData(data);
  }, [data]);

  useEffect(() => {
    const element = container.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (element.clientWidth > 0) chart.current?.setSize({ width: element.clientWidth, height: chartHeight });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <Box>
      <div
        ref={container}
        role="img"
        aria-label={t('Chart of {{type}}: {{channels}}', { type: typeLabel(dataType), channels: channels.join(', ') })}
        style={{ minHeight: data[0].length > 0 ? chartHeight : undefined }}
      />
      {data[0].length === 0 && (
        <Text c="dimmed" ta="center" py="xl">
          {t('Timespan has no data.')}
        </Text>
      )}
    </Box>
  );
}
