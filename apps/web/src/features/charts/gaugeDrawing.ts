import { bandColor, gaugeOrigin, type LimitScale, limitBands, readableOn } from '@olo/shared';

/** What a gauge needs of a limit: the scale and its bands; the rest (normal range, opacity) is for alarms and graphs. */
export type GaugeScale = Pick<LimitScale, 'min' | 'max' | 'limits' | 'colors' | 'maxcolor' | 'split'>;

/**
 * What the live and summary views draw of a series' limit: the gauge's scale, the bands' opacity behind graphs and,
 * where the query asks for it, the normal range (a structure's drying targets come from it).
 */
export type DrawnLimit = GaugeScale &
  Pick<LimitScale, 'opacity'> &
  Partial<Pick<LimitScale, 'normalMin' | 'normalMax'>>;

/** The span a gauge without a limit covers (its measurement type's typical range). */
export interface GaugeSpan {
  min: number;
  max: number;
}

/**
 * The fill of a gauge whose series follows no limit: a grey that says nothing good or bad (a temperature is not
 * red by its type), with 3:1 contrast on white as a gauge arc needs (WCAG non-text contrast).
 */
export const neutralGaugeColor = '#868e96';

/** A stretch of the arc, as fractions of it from its left end (0) to its right end (1). */
export interface ArcSpan {
  from: number;
  to: number;
}

export interface GaugeDrawing {
  min: number;
  max: number;
  /** Where the fill starts (0 on a scale that spans it, else min). */
  origin: number;
  /** The limit's bands along the arc when it says to show them (`split`), else none. */
  bands: Array<ArcSpan & { color: string }>;
  /** From the origin to the value; null without a value. */
  fill: ArcSpan | null;
  /** The colour of the value's band, or the neutral colour without a limit (or without a value). */
  color: string;
  /** `color` made readable as text on the gauge's background (WCAG AA). */
  textColor: string;
}

/** How far along its arc a value is, 0..1, pinned to the ends; a scale with no width puts everything at its start. */
export function arcFraction(value: number, span: GaugeSpan): number {
  const width = span.max - span.min;
  if (!(width > 0) || !Number.isFinite(value)) return 0;
  return Math.min(1, Math.max(0, (value - span.min) / width));
}

/**
 * What a gauge draws for a value: on the limit's scale when the series follows one (its bands, the value in its
 * band's colour), else on `fallback` in the neutral colour. The fill runs from `gaugeOrigin` to the value, so a
 * −50…50 Pa gauge fills from 0 either way.
 */
export function gaugeDrawing(
  scale: GaugeScale | null | undefined,
  fallback: GaugeSpan,
  value: number | null | undefined,
  background = '#ffffff',
): GaugeDrawing {
  const span = scale ?? fallback;
  const origin = gaugeOrigin(span);
  const hasValue = typeof value === 'number' && Number.isFinite(value);
  const bands =
    scale?.split && scale.max > scale.min
      ? limitBands(scale)
          .map((band) => ({ from: arcFraction(band.from, span), to: arcFraction(band.to, span), color: band.color }))
          .filter((band) => band.to > band.from)
      : [];
  let fill: ArcSpan | null = null;
  if (hasValue) {
    const [from, to] = [arcFraction(origin, span), arcFraction(value, span)].sort((a, b) => a - b) as [number, number];
    fill = { from, to };
  }
  const color = (scale && bandColor(scale, value)) ?? neutralGaugeColor;
  return { min: span.min, max: span.max, origin, bands, fill, color, textColor: readableOn(color, background) };
}

/** The drawing box of a gauge: a half circle on its flat side; its arcs are stroked along their centre lines. */
export interface GaugeGeometry {
  centerX: number;
  centerY: number;
  radius: number;
}

/**
 * The SVG path of a stretch of a half-circle arc that runs from the left end over the top to the right end.
 * An arc never spans more than the half circle, so the small-arc flag always holds; sweep 1 is clockwise on screen.
 */
export function arcPath(span: ArcSpan, { centerX, centerY, radius }: GaugeGeometry): string {
  const point = (fraction: number) => {
    const angle = Math.PI * (1 - fraction);
    return `${round(centerX + radius * Math.cos(angle))} ${round(centerY - radius * Math.sin(angle))}`;
  };
  return `M ${point(span.from)} A ${radius} ${radius} 0 0 1 ${point(span.to)}`;
}

const round = (value: number) => Math.round(value * 100) / 100;
