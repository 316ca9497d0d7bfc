import { describe, expect, it } from 'vitest';
import { chartColor, seriesColor } from './chart-palette.ts';
import { contrastRatio } from './contrast.ts';
import { bandColor, gaugeOrigin, isNormalValue, limitBands, readableOn } from './limit-bands.ts';

const co2 = {
  min: 400,
  max: 2000,
  limits: [750, 950, 1200],
  colors: ['#2b8a3e', '#5c940d', '#e67700'],
  maxcolor: '#c92a2a',
};

describe('limit bands', () => {
  it('splits the scale at its edges, the top band in maxcolor', () => {
    expect(limitBands(co2)).toEqual([
      { from: 400, to: 750, color: '#2b8a3e' },
      { from: 750, to: 950, color: '#5c940d' },
      { from: 950, to: 1200, color: '#e67700' },
      { from: 1200, to: 2000, color: '#c92a2a' },
    ]);
    expect(limitBands({ ...co2, limits: [], colors: [] })).toEqual([{ from: 400, to: 2000, color: '#c92a2a' }]);
  });

  it('colours a value by its band, an edge by the band above, values past the ends by the end bands', () => {
    expect(bandColor(co2, 600)).toBe('#2b8a3e');
    expect(bandColor(co2, 950)).toBe('#e67700');
    expect(bandColor(co2, 1199.9)).toBe('#e67700');
    expect(bandColor(co2, 5000)).toBe('#c92a2a');
    expect(bandColor(co2, 100)).toBe('#2b8a3e');
    expect(bandColor(co2, null)).toBeNull();
    expect(bandColor(co2, Number.NaN)).toBeNull();
  });

  it('judges the normal range with its bounds included and open ends unbounded', () => {
    expect(isNormalValue({ normalMin: null, normalMax: 950 }, 950)).toBe(true);
    expect(isNormalValue({ normalMin: null, normalMax: 950 }, 951)).toBe(false);
    expect(isNormalValue({ normalMin: 20, normalMax: 24 }, 19.9)).toBe(false);
    expect(isNormalValue({ normalMin: null, normalMax: null }, -1e9)).toBe(true);
  });

  it('fills a gauge from zero when its scale spans zero', () => {
    expect(gaugeOrigin({ min: -50, max: 50 })).toBe(0);
    expect(gaugeOrigin({ min: 400, max: 2000 })).toBe(400);
    expect(gaugeOrigin({ min: -30, max: -5 })).toBe(-30);
  });

  it('keeps a band colour as text only where it is readable, else darkens it to 4.5:1', () => {
    expect(readableOn('#c92a2a')).toBe('#c92a2a');
    const amber = readableOn('#e67700');
    expect(amber).not.toBe('#e67700');
    expect(contrastRatio(amber, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(readableOn('#5c940d', '#1a1b1e'), '#1a1b1e')).toBeGreaterThanOrEqual(4.5);
  });

  it('gives a series its chosen colour, else the palette colour of its id', () => {
    expect(seriesColor({ id: 7, color: '#123456' })).toBe('#123456');
    expect(seriesColor({ id: 7 })).toBe(chartColor(6));
    expect(seriesColor({ id: 7, color: null })).toBe(seriesColor({ id: 7 }));
  });
});
