import type { LimitScale } from '../limits.ts';
import { contrastRatio } from './contrast.ts';

/** One band of a limit: values from `from` to `to` take `color`; the last band's `to` is the scale's max. */
export interface LimitBand {
  from: number;
  to: number;
  color: string;
}

type BandScale = Pick<LimitScale, 'min' | 'max' | 'limits' | 'colors' | 'maxcolor'>;

/** The bands of a scale from min to max, in order (spec §3 Limit: `colors` per band, `maxcolor` above the last edge). */
export function limitBands(scale: BandScale): LimitBand[] {
  const bands: LimitBand[] = [];
  let from = scale.min;
  scale.limits.forEach((edge, index) => {
    bands.push({ from, to: edge, color: scale.colors[index] ?? scale.maxcolor });
    from = edge;
  });
  bands.push({ from, to: scale.max, color: scale.maxcolor });
  return bands;
}

/**
 * The colour of a value on a scale: the band it falls in, an edge belonging to the band above it (a CO2 limit edged
 * at 1200 ppm colours 1200 as the band above). Values beyond the ends take the end bands; no value, no colour.
 */
export function bandColor(scale: BandScale, value: number | null | undefined): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  const index = scale.limits.findIndex((edge) => value < edge);
  return index === -1 ? scale.maxcolor : (scale.colors[index] ?? scale.maxcolor);
}

/** Whether a value is inside the normal range, bounds included; an open end does not bound. What an `activeLimit` alarm watches. */
export function isNormalValue(scale: Pick<LimitScale, 'normalMin' | 'normalMax'>, value: number): boolean {
  return (
    (scale.normalMin === null || value >= scale.normalMin) && (scale.normalMax === null || value <= scale.normalMax)
  );
}

/**
 * Where a gauge's fill starts: at zero when the scale spans it (a −50…50 Pa gauge fills from 0 towards the value),
 * else at the scale's min.
 */
export function gaugeOrigin(scale: Pick<LimitScale, 'min' | 'max'>): number {
  return scale.min < 0 && scale.max > 0 ? 0 : scale.min;
}

/**
 * A colour for text on `background` with at least `ratio` contrast (WCAG AA 4.5 for text): the colour itself when it
 * has it, else the colour darkened (or, on a dark background, lightened) step by step until it does, so a value keeps
 * its band's hue and stays readable.
 */
export function readableOn(color: string, background = '#ffffff', ratio = 4.5): string {
  if (contrastRatio(color, background) >= ratio) return color;
  const towards = contrastRatio('#000000', background) >= contrastRatio('#ffffff', background) ? 0 : 255;
  const channels = [1, 3, 5].map((start) => Number.parseInt(color.slice(start, start + 2), 16));
  for (let step = 1; step <= 20; step++) {
    const mixed = `#${channels
      .map((channel) =>
        Math.round(channel + ((towards - channel) * step) / 20)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')}`;
    if (contrastRatio(mixed, background) >= ratio) return mixed;
  }
  return towards === 0 ? '#000000' : '#ffffff';
}
