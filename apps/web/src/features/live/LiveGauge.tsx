import { Badge, ColorSwatch, Group, Paper, Text } from '@mantine/core';
import { measurementTypeStyle } from '@olo/shared';
import { useTranslation } from 'react-i18next';
import { BandedGauge } from '../limits/BandedGauge.tsx';
import { useMeasurementLabel } from '../ui/useMeasurementLabel.ts';
import { gaugeRange } from './gaugeScale.ts';
import { formatLiveValue, type LiveSeries } from './liveSeries.ts';
import { ReadingAge } from './ReadingAge.tsx';

/** The card's background: the value's text colour is made readable on it. */
const cardBackground = '#ffffff';
/** Red 9 of Mantine's palette: white text on it passes AA (5.4:1), and so does the outline against white. */
const alarmColor = '#c92a2a';

/**
 * One series' newest value on a gauge of the limit it follows (its bands, the value in its band's colour), or of its
 * type's typical range in a neutral colour when it follows none. A series whose alarm episode is open is outlined
 * and says so in words.
 */
export function LiveGauge({ series, now }: { series: LiveSeries; now: number }) {
  const { t, i18n } = useTranslation();
  const typeLabel = useMeasurementLabel();
  const type = typeLabel(series.dataType);
  const valueText = formatLiveValue(series, i18n.language);

  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      bg={cardBackground}
      className={measurementTypeStyle(series.dataType).cssClass}
      role="group"
      aria-label={series.name}
      data-testid={`live-gauge-${series.id}`}
      data-alarming={series.alarming ? 'true' : undefined}
      style={series.alarming ? { outline: `3px solid ${alarmColor}`, outlineOffset: -1 } : undefined}
    >
      <Group gap={6} justify="center" wrap="nowrap">
        <ColorSwatch color={series.color} size={10} withShadow={false} aria-hidden />
        <Text fw={600} ta="center" truncate="end">
          {series.name}
        </Text>
      </Group>
      {/* The type under the name, unless the name says it already. */}
      <Text size="xs" c="gray.7" ta="center">
        {type === series.name ? '\u00a0' : type}
      </Text>
      {series.alarming && (
        <Group justify="center" mt={4}>
          <Badge color={alarmColor} size="sm" data-testid="live-alarming">
            {t('In alarm')}
          </Badge>
        </Group>
      )}
      <BandedGauge
        scale={series.limit}
        range={gaugeRange(series.dataType)}
        value={series.latest?.data}
        valueText={valueText}
        label={`${series.name}: ${type}`}
        background={cardBackground}
        valueTestId="live-value"
      />
      <Text ta="center" size="xs" c="gray.7" data-testid="live-age">
        {/* A non-breaking space keeps gauges without a value as tall as the others. */}
        {series.latest ? <ReadingAge time={series.latest.time} now={now} /> : '\u00a0'}
      </Text>
    </Paper>
  );
}
