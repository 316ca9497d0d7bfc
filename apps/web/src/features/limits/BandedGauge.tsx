import { Box, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { arcPath, type GaugeScale, type GaugeSpan, gaugeDrawing } from '../charts/gaugeDrawing.ts';

/** Drawing units of the SVG; the gauge is drawn `size` px wide and shrinks with a narrower parent. */
const box = { width: 160, height: 82 };
const center = { centerX: 80, centerY: 80 };
/** The bands run as a thin ring outside the value's arc, so that the fill never hides them. */
const bandRing = { radius: 76, thickness: 6 };
const valueArc = { radius: 63, thickness: 14 };
/** The value's arc where the fill is not: a light grey that leaves the bands and the fill to carry the colour. */
const trackColor = '#e9ecef';

export interface BandedGaugeProps {
  /** The limit the value follows; none draws the value on `range` in a neutral colour. */
  scale?: GaugeScale | null;
  /** The span without a limit (the measurement type's typical range, `gaugeRange`). */
  range: GaugeSpan;
  value: number | null | undefined;
  /** The value as shown, with its unit ('-' without a value). */
  valueText: string;
  /** What the gauge measures: its accessible name. */
  label: string;
  /** The background the gauge is drawn on: the value's text colour is made readable on it. */
  background?: string;
  /** The colour of the scale's ends under the arc (readable on `background`). */
  detailColor?: string;
  /** Widest size in px. */
  size?: number;
  /** Test id of the value text (the live pages' is `live-value`). */
  valueTestId?: string;
}

/**
 * A half-circle gauge of a value on a limit's scale (spec §3 Limit): the bands along the arc when the limit says
 * `split`, the fill from the scale's origin (0 on a scale across it) to the value in its band's colour, and the value
 * as text in that colour made readable. A `meter` for assistive technology, its value text included.
 */
export function BandedGauge({
  scale,
  range,
  value,
  valueText,
  label,
  background = '#ffffff',
  detailColor = '#495057',
  size = 160,
  valueTestId = 'gauge-value',
}: BandedGaugeProps) {
  const { i18n } = useTranslation();
  const drawing = gaugeDrawing(scale, range, value, background);
  const hasValue = typeof value === 'number' && Number.isFinite(value);
  // The ends are whole numbers as a limit names them: grouping would only add noise to a short label.
  const end = new Intl.NumberFormat(i18n.language, { useGrouping: false, maximumFractionDigits: 2 });
  const bandArc = { ...center, radius: bandRing.radius };
  const fillArc = { ...center, radius: valueArc.radius };

  return (
    <Box
      role="meter"
      aria-label={label}
      aria-valuemin={drawing.min}
      aria-valuemax={drawing.max}
      aria-valuenow={hasValue ? Math.min(drawing.max, Math.max(drawing.min, value)) : undefined}
      aria-valuetext={valueText}
      mx="auto"
      w="100%"
      maw={size}
      data-testid="banded-gauge"
      data-limited={scale ? 'true' : 'false'}
    >
      <Box pos="relative">
        <svg
          viewBox={`0 0 ${box.width} ${box.height}`}
          width="100%"
          style={{ display: 'block' }}
          aria-hidden="true"
          focusable="false"
        >
          {drawing.bands.map((band) => (
            <path
              key={`${band.from}-${band.to}`}
              d={arcPath(band, bandArc)}
              stroke={band.color}
              strokeWidth={bandRing.thickness}
              fill="none"
              data-testid="gauge-band"
              data-color={band.color}
            />
          ))}
          <path
            d={arcPath({ from: 0, to: 1 }, fillArc)}
            stroke={trackColor}
            strokeWidth={valueArc.thickness}
            fill="none"
          />
          {drawing.fill && drawing.fill.to > drawing.fill.from && (
            <path
              d={arcPath(drawing.fill, fillArc)}
              stroke={drawing.color}
              strokeWidth={valueArc.thickness}
              fill="none"
              data-testid="gauge-fill"
              data-color={drawing.color}
              style={{ transition: 'd 300ms ease' }}
            />
          )}
        </svg>
        <Text
          component="span"
          pos="absolute"
          bottom={0}
          left={0}
          right={0}
          ta="center"
          fw={700}
          fz="lg"
          lh={1.2}
          style={{ color: hasValue ? drawing.textColor : undefined }}
          data-testid={valueTestId}
          data-band-color={hasValue ? drawing.color : undefined}
          data-text-color={hasValue ? drawing.textColor : undefined}
        >
          {valueText}
        </Text>
      </Box>
      <Group justify="space-between" wrap="nowrap" aria-hidden="true">
        <Text size="xs" c={detailColor}>
          {end.format(drawing.min)}
        </Text>
        <Text size="xs" c={detailColor}>
          {end.format(drawing.max)}
        </Text>
      </Group>
    </Box>
  );
}
