import { describe, expect, it } from 'vitest';
import { statsRows } from './statsRows.ts';
import { dataSeries, resultOf } from './testDataSlots.ts';

describe('min/avg/max rows', () => {
  const result = resultOf(
    [{ id: 1, name: 'Luokka 101', show: true }],
    [
      {
        series: dataSeries(11, 1, 'Lämpötila', 'Temperature'),
        values: {},
        stats: { min: 19.04, avg: 21.456, max: 23.95, count: 30 },
      },
      {
        series: dataSeries(12, 1, 'Hiilidioksidi', 'CO2'),
        values: {},
        stats: { min: 412.4, avg: 655.5, max: 1203, count: 3 },
      },
      {
        series: dataSeries(13, 1, 'Paine', 'Differential pressure'),
        values: {},
        stats: { min: -1.234, avg: 0, max: 2.5, count: 3 },
      },
      { series: dataSeries(14, null, 'Ulkona', 'Humidity'), values: {} },
      { series: dataSeries(15, 1, 'Sisäinen', 'ignore'), values: {}, stats: { min: 1, avg: 1, max: 1, count: 1 } },
    ],
    [],
  );

  it('rounds by the type decimals in the viewer language, with the unit, and "-" for a series without values', () => {
    expect(
      statsRows(result, 'fi', 'Ei tilaa').map(({ space, name, unit, min, avg, max }) => [
        space,
        name,
        unit,
        min,
        avg,
        max,
      ]),
    ).toEqual([
      ['Luokka 101', 'Lämpötila', '°C', '19,0', '21,5', '24,0'],
      ['Luokka 101', 'Hiilidioksidi', 'ppm', '412', '656', '1203'],
      // Finnish writes a minus sign, not a hyphen.
      ['Luokka 101', 'Paine', 'Pa', '\u22121,23', '0,00', '2,50'],
      ['Ei tilaa', 'Ulkona', '%RH', '-', '-', '-'],
    ]);
    expect(statsRows(result, 'en', 'No space')[0]?.avg).toBe('21.5');
  });

  it('gives each value the colour of its band on the series limit, and none without a limit or a value', () => {
    const limit = { min: 400, max: 2000, limits: [600, 1200], colors: ['#2f9e44', '#fab005'], maxcolor: '#e03131' };
    const looks = new Map([
      [12, { color: null, limit: { ...limit, split: true, opacity: 0.2 } }],
      [14, { color: '#123456', limit: { ...limit, split: true, opacity: 0.2 } }],
    ]);
    const rows = statsRows(result, 'fi', 'Ei tilaa', looks);
    expect(rows.find((row) => row.seriesId === 12)?.bands).toEqual({ min: '#2f9e44', avg: '#fab005', max: '#e03131' });
    expect(rows.find((row) => row.seriesId === 11)?.bands).toEqual({ min: null, avg: null, max: null });
    expect(rows.find((row) => row.seriesId === 14)).toMatchObject({
      color: '#123456',
      bands: { min: null, avg: null, max: null },
    });
  });
});
