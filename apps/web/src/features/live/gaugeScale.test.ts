import { describe, expect, it } from 'vitest';
import { gaugeColors, gaugePercent, gaugeRange } from './gaugeScale.ts';

describe('gauge scale', () => {
  it('places a value along its type range, pinned to the ends, and leaves the arc empty without a value', () => {
    const co2 = gaugeRange('CO2');
    expect(gaugePercent(1200, co2)).toBe(50);
    expect(gaugePercent(5000, co2)).toBe(100);
    expect(gaugePercent(300, co2)).toBe(0);
    expect(gaugePercent(null, co2)).toBeNull();
    expect(gaugePercent(Number.NaN, co2)).toBeNull();
    expect(gaugeRange('Something else')).toEqual({ min: 0, max: 100 });
  });

  it('draws in the colours of the measurement type style', () => {
    expect(gaugeColors('Temperature')).toEqual({
      background: '#fff5f5',
      title: '#c92a2a',
      detail: '#495057',
      filled: '#e03131',
      empty: '#e0313133',
    });
  });
});
