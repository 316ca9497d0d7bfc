import { Box } from '@mantine/core';
import { type LimitScale, limitBands } from '@olo/shared';

type StripScale = Pick<LimitScale, 'min' | 'max' | 'limits' | 'colors' | 'maxcolor'>;

/** A limit's bands from min to max as a strip, each as wide as its share of the scale. */
export function LimitStrip({ limit }: { limit: StripScale }) {
  const span = limit.max - limit.min;
  return (
    <Box
      data-testid="limit-strip"
      aria-hidden
      style={{ display: 'flex', height: 10, width: '100%', maxWidth: 240, borderRadius: 4, overflow: 'hidden' }}
    >
      {limitBands(limit).map((band) => (
        <div
          key={`${band.from}-${band.to}`}
          data-color={band.color}
          style={{ flexGrow: span > 0 ? Math.max(band.to - band.from, 0) : 1, flexBasis: 0, background: band.color }}
        />
      ))}
    </Box>
  );
}
