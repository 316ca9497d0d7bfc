/**
 * WCAG 2 contrast ratio of two `#rrggbb` colours, from 1 (the same) to 21 (black on white). Text wants at least
 * 4.5 (AA, normal size), lines and gauge arcs against their background at least 3 (non-text contrast).
 */
export function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [relativeLuminance(first), relativeLuminance(second)].sort((a, b) => b - a) as [
    number,
    number,
  ];
  return (lighter + 0.05) / (darker + 0.05);
}

/** Relative luminance of a `#rrggbb` colour, 0 for black to 1 for white (WCAG 2 definition). */
export function relativeLuminance(hex: string): number {
  const [red, green, blue] = linearRgb(hex);
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

/** The red, green and blue light of a `#rrggbb` sRGB colour, each 0 to 1 and proportional to intensity (gamma undone). */
export function linearRgb(hex: string): [number, number, number] {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new RangeError(`not a #rrggbb colour: ${hex}`);
  return match.slice(1).map((channel) => {
    const value = Number.parseInt(channel, 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
}
