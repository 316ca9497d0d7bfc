import type uPlot from 'uplot';
import { describe, expect, it } from 'vitest';
import { bandRects, type LimitBandSet, limitBandsPlugin } from './limitBandsPlugin.ts';

const co2: LimitBandSet = {
  scaleKey: 'y0',
  scale: {
    min: 400,
    max: 2000,
    limits: [800, 1200],
    colors: ['#2f9e44', '#fab005'],
    maxcolor: '#e03131',
    opacity: 0.2,
  },
};
// A plot 100 px tall from y = 10 showing 0..2000 ppm: 20 ppm a pixel, upwards.
const toPixel = (value: number) => 110 - value / 20;
const plot = { top: 10, height: 100 };

describe('limit bands on a graph', () => {
  it('spans each band between its edges, the end bands to the plot edges, at the limit opacity', () => {
    expect(bandRects(co2, toPixel, plot)).toEqual([
      { top: 70, height: 40, color: '#2f9e44', opacity: 0.2 },
      { top: 50, height: 20, color: '#fab005', opacity: 0.2 },
      { top: 10, height: 40, color: '#e03131', opacity: 0.2 },
    ]);
  });

  it('leaves out bands outside the plot and clips the others to it', () => {
    // Zoomed to 900..1100 ppm: only the middle band shows, over the whole plot.
    const zoomed = (value: number) => 110 - ((value - 900) / 200) * 100;
    expect(bandRects(co2, zoomed, plot)).toEqual([{ top: 10, height: 100, color: '#fab005', opacity: 0.2 }]);
  });

  it('paints behind the lines on each clear and tells how many bands it painted', () => {
    const filled: Array<[string, number, number]> = [];
    const ctx = {
      save() {},
      restore() {},
      globalAlpha: 1,
      fillStyle: '',
      fillRect(_x: number, y: number, _width: number, height: number) {
        filled.push([String(this.fillStyle), y, height]);
      },
    };
    const root = { dataset: {} as Record<string, string> };
    const chart = {
      ctx,
      bbox: { left: 0, top: 10, width: 300, height: 100 },
      scales: { y0: { min: 0, max: 2000 }, y1: { min: null, max: null } },
      valToPos: (value: number) => toPixel(value),
      root,
    } as unknown as uPlot;
    let shown = true;
    const plugin = limitBandsPlugin(() => (shown ? [co2, { ...co2, scaleKey: 'y1' }] : []));
    const paint = plugin.hooks.drawClear as (chart: uPlot) => void;
    paint(chart);
    expect(filled.map(([color]) => color)).toEqual(['#2f9e44', '#fab005', '#e03131']);
    expect(root.dataset.limitBands).toBe('3');
    shown = false;
    paint(chart);
    expect(root.dataset.limitBands).toBe('0');
  });
});
