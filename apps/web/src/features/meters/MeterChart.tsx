import { Box, Text } from '@mantine/core';
import { chartColor, formatMeasurement, unitLabel } from '@olo/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useTimeChart } from '../charts/useTimeChart.ts';
import { useDisplayZone } from '../ui/timeZone.tsx';
import { useChannelLabel, useMeasurementLabel } from '../ui/useMeasurementLabel.ts';
import { type ChartReading, chartSeriesOf } from './meterReadings.ts';

const chartHeight = 300;

/** The raw values of one measurement type over the readings (oldest first), one line per channel. */
export function MeterChart({ readings, dataType }: { readings: readonly ChartReading[]; dataType: string }) {
  const { t, i18n } = useTranslation();
  const typeLabel = useMeasurementLabel();
  const channelLabel = useChannelLabel();
  const locale = i18n.language;
  const { zone } = useDisplayZone();
  const { channels, unit, data } = useMemo(() => chartSeriesOf(readings, dataType), [readings, dataType]);
  // Every line is of the one type: a line is named by the type, and by its channel only when there are several.
  const labels = channels.map((name, _index, all) =>
    channelLabel(
      { name, type: dataType },
      all.map((other) => ({ name: other, type: dataType })),
    ),
  );
  const container = useTimeChart(
    JSON.stringify([locale, zone, dataType, unit, labels]),
    () => ({
      locale,
      timeZone: zone,
      timeLabel: t('Time'),
      series: labels.map((label, index) => ({ label, color: chartColor(index) })),
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
        aria-label={t('Chart of {{type}}: {{channels}}', { type: typeLabel(dataType), channels: labels.join(', ') })}
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
