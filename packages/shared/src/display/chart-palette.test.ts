import { describe, expect, it } from 'vitest';
import { chartColor, chartPalette } from './chart-palette.ts';
import { contrastRatio, linearRgb } from './contrast.ts';

/** OKLab coordinates of a `#rrggbb` colour (Björn Ottosson's definition), where distance follows perceived difference. */
function oklab(hex: string): [number, number, number] {
  const [r, g, b] = linearRgb(hex);
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  return [
    0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s,
    1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s,
    0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s,
  ];
}

function distance(first: string, second: string): number {
  const [a, b] = [oklab(first), oklab(second)];
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

describe('chart palette', () => {
  it('has about 120 fixed #rrggbb colours, none twice', () => {
    expect(chartPalette).toHaveLength(120);
    for (const colour of chartPalette) expect(colour).toMatch(/^#[0-9a-f]{6}$/);
    expect(new Set(chartPalette).size).toBe(chartPalette.length);
    expect(Object.isFrozen(chartPalette)).toBe(true);
  });

  it('keeps the first colours of the earlier web charts, in their order', () => {
    expect(chartPalette.slice(0, 3)).toEqual(['#1c7ed6', '#e8590c', '#2f9e44']);
  });

  it('has colours that any two can be told apart, the first twelve clearly', () => {
    let closest = Number.POSITIVE_INFINITY;
    for (let i = 0; i < chartPalette.length; i++) {
      for (let j = 0; j < i; j++) closest = Math.min(closest, distance(chartPalette[i] ?? '', chartPalette[j] ?? ''));
    }
    expect(closest).toBeGreaterThanOrEqual(0.05);
    const first = chartPalette.slice(0, 12);
    for (const [i, colour] of first.entries()) {
      for (const other of first.slice(0, i))
        expect(distance(colour, other), `${colour} ~ ${other}`).toBeGreaterThan(0.15);
    }
  });

  it('draws every line with at least 3:1 contrast on a white chart', () => {
    for (const colour of chartPalette) expect(contrastRatio(colour, '#ffffff'), colour).toBeGreaterThanOrEqual(3);
  });

  it('gives series their colour by index, the same every time, repeating past the end', () => {
    expect(chartColor(0)).toBe('#1c7ed6');
    expect(chartColor(1)).toBe('#e8590c');
    expect(chartColor(119)).toBe(chartPalette[119]);
    expect(chartColor(120)).toBe(chartColor(0));
    expect(chartColor(-1)).toBe(chartPalette[119]);
    expect(chartColor(2.7)).toBe(chartColor(2));
    expect(chartColor(Number.NaN)).toBe(chartColor(0));
  });
});
