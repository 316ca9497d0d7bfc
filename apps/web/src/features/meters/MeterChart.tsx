import { Box, Text } from '@mantine/core';
import { chartColor, formatMeasurement, unitLabel } from '@olo/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDisplayZone } from '../ui/timeZone.tsx';
import { useMeasurementLabel } from '../ui/useMeasurementLabel.ts';
import { type ChartReading, chartSeriesOf } from './meterFormat.ts';
import { useTimeChart } from './useTimeChart.ts';

const chartHeight = 300;

/** The raw values of one measurement type over the readings (oldest first), one line per channel. */
export function MeterChart({ readings, dataType }: { readings: readonly ChartReading[]; dataType: string }) {
  const { t, i18n } = useTranslation();
  const typeLabel = useMeasurementLabel();
  const locale = i18n.language;
  const { zone } = useDisplayZone();
  const { channels, unit, data } = useMemo(() => chartSeriesOf(readings, dataType), [readings, dataType]);
  const container = useTimeChart(
    JSON.stringify([locale, zone, dataType, unit, channels]),
    () => ({
      locale,
      timeZone: zone,
      timeLabel: t('Time'),
      series: channels.map((name, index) => ({ label: name, color: chartColor(index) })),
      formatValue: (value) => `${formatMeasurement(value, dataType, locale)} ${unitLabel(unit, locale)}`.trim(),
    }),
    data,
    chartHeight,
  );

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
