import { describe, expect, it } from 'vitest';
import { arcFraction, arcPath, gaugeDrawing, neutralGaugeColor } from './gaugeDrawing.ts';

const co2 = {
  min: 400,
  max: 2000,
  limits: [750, 950, 1200],
  colors: ['#2f9e44', '#94d82d', '#fab005'],
  maxcolor: '#e03131',
  split: true,
};
const pressure = {
  min: -50,
  max: 50,
  limits: [-10, 10],
  colors: ['#1c7ed6', '#2f9e44'],
  maxcolor: '#e03131',
  split: true,
};

describe('gauge drawing', () => {
  it('lays the bands of a split limit along the arc and fills from the scale start in the value band colour', () => {
    const drawing = gaugeDrawing(co2, { min: 0, max: 1 }, 1000);
    expect(drawing.bands).toEqual([
      { from: 0, to: 350 / 1600, color: '#2f9e44' },
      { from: 350 / 1600, to: 550 / 1600, color: '#94d82d' },
      { from: 550 / 1600, to: 800 / 1600, color: '#fab005' },
      { from: 800 / 1600, to: 1, color: '#e03131' },
    ]);
    expect(drawing.fill).toEqual({ from: 0, to: 600 / 1600 });
    expect(drawing.color).toBe('#fab005');
    // Yellow on white is unreadable: the text keeps the hue, darkened to 4.5:1.
    expect(drawing.textColor).not.toBe('#fab005');
    expect([drawing.min, drawing.max]).toEqual([400, 2000]);
  });

  it('fills a scale across zero from zero, either way', () => {
    expect(gaugeDrawing(pressure, { min: 0, max: 1 }, 25).fill).toEqual({ from: 0.5, to: 0.75 });
    const suction = gaugeDrawing(pressure, { min: 0, max: 1 }, -30);
    expect(suction.fill).toEqual({ from: 0.2, to: 0.5 });
    expect(suction.color).toBe('#1c7ed6');
    expect(suction.origin).toBe(0);
  });

  it('draws no bands when the limit does not split the arc, yet colours the value by its band', () => {
    const drawing = gaugeDrawing({ ...co2, split: false }, { min: 0, max: 1 }, 1500);
    expect(drawing.bands).toEqual([]);
    expect(drawing.color).toBe('#e03131');
  });

  it('without a limit draws on the fallback range in the neutral colour, and leaves the arc empty without a value', () => {
    const temperature = gaugeDrawing(null, { min: 0, max: 40 }, 21);
    expect(temperature.color).toBe(neutralGaugeColor);
    expect(temperature.bands).toEqual([]);
    expect(temperature.fill).toEqual({ from: 0, to: 21 / 40 });
    expect(gaugeDrawing(co2, { min: 0, max: 1 }, null).fill).toBeNull();
    expect(gaugeDrawing(co2, { min: 0, max: 1 }, Number.NaN).color).toBe(neutralGaugeColor);
  });

  it('pins values beyond the ends to them and survives a scale being edited into nonsense', () => {
    expect(arcFraction(5000, { min: 400, max: 2000 })).toBe(1);
    expect(arcFraction(0, { min: 400, max: 2000 })).toBe(0);
    expect(arcFraction(10, { min: 5, max: 5 })).toBe(0);
    expect(gaugeDrawing({ ...co2, max: 300 }, { min: 0, max: 1 }, 500).bands).toEqual([]);
  });

  it('draws arcs over the top from the left end to the right end', () => {
    const geometry = { centerX: 80, centerY: 80, radius: 60 };
    expect(arcPath({ from: 0, to: 1 }, geometry)).toBe('M 20 80 A 60 60 0 0 1 140 80');
    expect(arcPath({ from: 0, to: 0.5 }, geometry)).toBe('M 20 80 A 60 60 0 0 1 80 20');
  });
});
