import { Box, Text } from '@mantine/core';
import { type LimitScale, limitBands } from '@olo/shared';
import { useTranslation } from 'react-i18next';

/**
 * A limit's bands as a strip from min to max, each as wide as its share of the scale, with the edges written under it
 * and each band's colour named for screen readers: colour is never the only signal. `marker` puts a tick at a value.
 */
export function BandsStrip({
  scale,
  unit = '',
  marker,
  height = 14,
  testId,
}: {
  scale: Pick<LimitScale, 'min' | 'max' | 'limits' | 'colors' | 'maxcolor'>;
  unit?: string;
  marker?: number;
  height?: number;
  testId?: string;
}) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language, { useGrouping: false, maximumFractionDigits: 2 });
  const span = scale.max - scale.min;
  const bands = limitBands(scale);
  /** Where a value sits along the strip, as a CSS percentage (values beyond the ends at the ends). */
  const share = (value: number) => `${(Math.min(Math.max((value - scale.min) / span, 0), 1) * 100).toFixed(2)}%`;
  const width = (from: number, to: number) => `${(((to - from) / span) * 100).toFixed(2)}%`;
  const description = bands
    .map((band) => `${number.format(band.from)}–${number.format(band.to)}: ${band.color}`)
    .join(', ');
  return (
    <Box data-testid={testId} style={{ minWidth: 120 }}>
      <Box
        role="img"
        aria-label={`${t('Bands')}${unit ? ` (${unit})` : ''}: ${description}`}
        style={{ position: 'relative', display: 'flex', height, borderRadius: 4, overflow: 'hidden' }}
      >
        {bands.map((band) => (
          <Box
            key={`${band.from}-${band.to}`}
            data-color={band.color}
            style={{ width: width(band.from, band.to), background: band.color }}
          />
        ))}
        {marker !== undefined && (
          <Box
            aria-hidden
            style={{
              position: 'absolute',
              left: share(marker),
              top: 0,
              bottom: 0,
              width: 3,
              marginLeft: -1,
              background: '#000000',
              boxShadow: '0 0 0 1px #ffffff',
            }}
          />
        )}
      </Box>
      <Box aria-hidden pos="relative" h={18}>
        {[scale.min, ...scale.limits, scale.max].map((edge, index, edges) => (
          <Text
            // biome-ignore lint/suspicious/noArrayIndexKey: edges are positions on the scale, in order.
            key={index}
            size="xs"
            c="dimmed"
            pos="absolute"
            top={0}
            left={share(edge)}
            // The ends stay inside the strip; an edge is centred under its place.
            style={{
              transform:
                index === 0 ? undefined : index === edges.length - 1 ? 'translateX(-100%)' : 'translateX(-50%)',
              whiteSpace: 'nowrap',
            }}
          >
            {number.format(edge)}
          </Text>
        ))}
      </Box>
    </Box>
  );
}
