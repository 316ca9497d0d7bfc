import { Group, Paper, SemiCircleProgress, Text } from '@mantine/core';
import { measurementTypeStyle } from '@olo/shared';
import { useTranslation } from 'react-i18next';
import { useMeasurementLabel } from '../ui/useMeasurementLabel.ts';
import { gaugeColors, gaugePercent, gaugeRange } from './gaugeScale.ts';
import { formatLiveValue, type LiveSeries } from './liveSeries.ts';
import { ReadingAge } from './ReadingAge.tsx';

/** One series' newest value on a half-circle gauge in its measurement type's colours. */
export function LiveGauge({ series, now }: { series: LiveSeries; now: number }) {
  const { i18n } = useTranslation();
  const typeLabel = useMeasurementLabel();
  const locale = i18n.language;
  const colors = gaugeColors(series.dataType);
  const range = gaugeRange(series.dataType);
  const percent = gaugePercent(series.latest?.data, range);
  // The ends of the arc are whole numbers: their decimals would only add noise.
  const bound = (value: number) => new Intl.NumberFormat(locale, { useGrouping: false }).format(value);
  const type = typeLabel(series.dataType);

  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      bg={colors.background}
      className={measurementTypeStyle(series.dataType).cssClass}
      role="group"
      aria-label={series.name}
      data-testid={`live-gauge-${series.id}`}
    >
      <Text fw={600} c={colors.title} ta="center" truncate="end">
        {series.name}
      </Text>
      {/* The type under the name, unless the name says it already. */}
      <Text size="xs" c={colors.detail} ta="center">
        {type === series.name ? '\u00a0' : type}
      </Text>
      <SemiCircleProgress
        mx="auto"
        mt="xs"
        size={160}
        thickness={14}
        value={percent ?? 0}
        filledSegmentColor={colors.filled}
        emptySegmentColor={colors.empty}
        transitionDuration={300}
        labelPosition="bottom"
        label={
          <Text component="span" fw={700} fz="lg" c={colors.title} data-testid="live-value">
            {formatLiveValue(series, locale)}
          </Text>
        }
      />
      <Group justify="space-between" w={160} mx="auto" wrap="nowrap">
        <Text size="xs" c={colors.detail}>
          {bound(range.min)}
        </Text>
        <Text size="xs" c={colors.detail}>
          {bound(range.max)}
        </Text>
      </Group>
      <Text ta="center" size="xs" c={colors.detail} data-testid="live-age">
        {/* A non-breaking space keeps gauges without a value as tall as the others. */}
        {series.latest ? <ReadingAge time={series.latest.time} now={now} /> : '\u00a0'}
      </Text>
    </Paper>
  );
}
