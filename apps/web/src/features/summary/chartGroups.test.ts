import { chartColor } from '@olo/shared';
import { describe, expect, it } from 'vitest';
import { alignedValues, chartGroups } from './chartGroups.ts';
import { dataSeries, resultOf } from './testSummary.ts';

const labels = { typeLabel: (type: string) => (type === 'Temperature' ? 'Lämpötila' : type), noSpace: 'Ei tilaa' };
const spaces = [
  { id: 1, name: 'Luokka 101', show: true },
  { id: 2, name: 'Sali', show: true },
  { id: 3, name: 'Varasto', show: false },
];
const times = [1000, 2000, 3000];
const result = resultOf(
  spaces,
  [
    { series: dataSeries(11, 1, 'Lämpötila', 'Temperature'), values: { 1000: 20, 3000: 21 } },
    { series: dataSeries(21, 2, 'Lämpötila', 'Temperature', { dataUnit: 'K' }), values: { 2000: 293 } },
    { series: dataSeries(12, 1, 'Hiilidioksidi', 'CO2'), values: { 1000: 600 } },
    { series: dataSeries(40, null, 'Ulkona', 'Temperature'), values: { 1000: -3 } },
    { series: dataSeries(41, 1, 'Sisäinen', 'ignore'), values: { 1000: 1 } },
    { series: dataSeries(13, 1, 'Kosteus', 'Humidity', { colorId: 5 }), values: { 2000: 40 } },
  ],
  times,
);

describe('graph groups', () => {
  it('by space: a graph per space with series, in the data API order, series in no space last, an axis per unit', () => {
    const groups = chartGroups(result, 'space', labels, new Map([[5, '#123456']]));
    expect(groups.map((group) => group.title)).toEqual(['Luokka 101', 'Sali', 'Ei tilaa']);
    const [room, hall] = groups;
    expect(room?.lines.map((line) => line.label)).toEqual(['Lämpötila', 'Hiilidioksidi', 'Kosteus']);
    expect(room?.units).toEqual(['°C', 'ppm', '%RH']);
    expect(hall?.units).toEqual(['K']);
    // Colours by place among the project's series (ignore counts, as the palette is the project's), or their own.
    expect(room?.lines.map((line) => line.color)).toEqual([chartColor(0), chartColor(2), '#123456']);
    expect(room?.lines[0]?.values).toEqual([20, null, 21]);
  });

  it('by type: a graph per measurement type, its lines named with their space; ignore series are never drawn', () => {
    const groups = chartGroups(result, 'type', labels);
    expect(groups.map((group) => group.title)).toEqual(['Lämpötila', 'CO2', 'Humidity']);
    const temperature = groups[0];
    expect(temperature?.lines.map((line) => line.label)).toEqual([
      'Luokka 101: Lämpötila',
      'Sali: Lämpötila',
      'Ei tilaa: Ulkona',
    ]);
    expect(temperature?.units).toEqual(['°C', 'K']);
    // A series keeps its colour in both groupings.
    expect(temperature?.lines[1]?.color).toBe(chartColor(1));
    expect(groups.flatMap((group) => group.lines).some((line) => line.seriesId === 41)).toBe(false);
  });

  it('leaves out spaces without series', () => {
    expect(chartGroups(result, 'space', labels).some((group) => group.title === 'Varasto')).toBe(false);
  });

  it('puts each value at its slot on the time axis; a gap point stays null', () => {
    const series = { series: dataSeries(1, 1, 'x', 'CO2'), points: [{ time: 3000, value: null }], stats: null };
    expect(alignedValues(series, times)).toEqual([null, null, null]);
    expect(alignedValues({ ...series, points: [{ time: 2000, value: 5 }] }, times)).toEqual([null, 5, null]);
  });
});
