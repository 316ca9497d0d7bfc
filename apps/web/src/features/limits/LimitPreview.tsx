import { Box, Paper, Slider, Stack, Text } from '@mantine/core';
import { bandColor, formatMeasurement, isNormalValue, type LimitScale, unitLabel } from '@olo/shared';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { limitBandsPlugin } from '../charts/limitBandsPlugin.ts';
import { useTimeChart } from '../charts/useTimeChart.ts';
import { useMeasurementLabel } from '../ui/useMeasurementLabel.ts';
import { BandedGauge } from './BandedGauge.tsx';
import { BandsStrip } from './BandsStrip.tsx';
import { sampleDay, sampleValue, unitOf } from './limitForm.ts';

const chartHeight = 180;

/** The sample graph's day: yesterday midnight, local time, so that its axis reads as a plain day. */
function sampleDayStart(): number {
  const start = new Date();
  start.setHours(0, 0, 0, 0);
  return start.getTime() / 1000 - 24 * 60 * 60;
}

/** A made-up day of values of the type crossing the bands, the bands drawn behind at the limit's opacity. */
function SampleGraph({ scale, dataType }: { scale: LimitScale; dataType: string }) {
  const { t, i18n } = useTranslation();
  const typeLabel = useMeasurementLabel();
  const locale = i18n.language;
  const unit = unitLabel(unitOf(dataType), i18n.language);
  const data = useMemo(() => sampleDay(scale, sampleDayStart()), [scale]);
  const container = useTimeChart(
    JSON.stringify([locale, dataType, scale]),
    () => ({
      locale,
      timeLabel: t('Time'),
      series: [{ label: t('Sample'), color: '#343a40' }],
      formatValue: (value) => `${formatMeasurement(value, dataType, locale)} ${unit}`.trim(),
      valueRange: [scale.min, scale.max],
      plugins: [limitBandsPlugin(() => [{ scaleKey: 'y', scale }])],
    }),
    data,
    chartHeight,
  );
  return (
    <div
      ref={container}
      role="img"
      aria-label={t('Sample graph of {{type}} over a day, with the bands behind it', {
        type: typeLabel(dataType) || '',
      })}
      style={{ minHeight: chartHeight }}
      data-testid="limit-sample-graph"
    />
  );
}

/** The gauge of a sample value on the scale, the value dragged along it; in words too whether it is normal. */
function GaugePreview({ scale, dataType }: { scale: LimitScale; dataType: string }) {
  const { t, i18n } = useTranslation();
  const typeLabel = useMeasurementLabel();
  const unit = unitLabel(unitOf(dataType), i18n.language);
  const [value, setValue] = useState(() => sampleValue(scale));
  // A changed scale keeps the value on it.
  useEffect(() => setValue((current) => Math.min(scale.max, Math.max(scale.min, current))), [scale]);
  const color = bandColor(scale, value) ?? scale.maxcolor;
  const normal = isNormalValue(scale, value);
  const step = (scale.max - scale.min) / 200;
  const valueText = `${formatMeasurement(value, dataType, i18n.language)} ${unit}`.trim();
  return (
    <Stack gap={6} data-testid="limit-gauge-preview">
      <BandedGauge
        scale={scale}
        range={scale}
        value={value}
        valueText={valueText}
        label={t('Sample gauge of {{type}}', { type: typeLabel(dataType) || t('Sample') })}
        size={220}
        valueTestId="limit-sample-value"
      />
      <Text size="sm" c="dimmed" ta="center">
        {normal ? t('Normal') : t('Outside the normal range')}
      </Text>
      {!scale.split && (
        <Text size="xs" c="dimmed" ta="center">
          {t('The gauge shows no bands, only the value in its band colour.')}
        </Text>
      )}
      <BandsStrip scale={scale} unit={unit} marker={value} />
      <Slider
        aria-label={t('Sample value')}
        label={(shown) => formatMeasurement(shown, dataType, i18n.language)}
        min={scale.min}
        max={scale.max}
        step={step}
        value={value}
        onChange={setValue}
        color={color}
      />
    </Stack>
  );
}

/** What the limit being edited looks like: a gauge with a sample value to drag, and a sample day's graph. */
export function LimitPreview({ scale, dataType }: { scale: LimitScale | null; dataType: string }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="sm" component="section" aria-label={t('Preview')} data-testid="limit-preview">
      <Stack gap="sm">
        <Text fw={500}>{t('Preview')}</Text>
        {scale ? (
          <>
            <GaugePreview scale={scale} dataType={dataType} />
            <Box>
              <SampleGraph scale={scale} dataType={dataType} />
            </Box>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {t('The preview shows once the scale and its edges are valid.')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
