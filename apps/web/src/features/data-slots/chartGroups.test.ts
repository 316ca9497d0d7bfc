import { chartColor } from '@olo/shared';
import { describe, expect, it } from 'vitest';
import { alignedValues, chartGroups, groupBandSets, type SeriesLooks } from './chartGroups.ts';
import { dataSeries, resultOf } from './testDataSlots.ts';

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
const co2Limit = {
  min: 400,
  max: 2000,
  limits: [1200],
  colors: ['#2f9e44'],
  maxcolor: '#e03131',
  split: true,
  opacity: 0.2,
};
const looks: SeriesLooks = new Map([
  [13, { color: '#123456', limit: null }],
  [12, { color: null, limit: co2Limit }],
]);

describe('graph groups', () => {
  it('by space: a graph per space and unit, one y axis each, spaces in the data API order, no space last', () => {
    const groups = chartGroups(result, 'space', labels, looks);
    expect(groups.map((group) => group.title)).toEqual([
      'Luokka 101 · Lämpötila (°C)',
      'Luokka 101 · CO2 (ppm)',
      'Luokka 101 · Humidity (%RH)',
      'Sali · Lämpötila (K)',
      'Ei tilaa · Lämpötila (°C)',
    ]);
    expect(groups.every((group) => group.units.length === 1)).toBe(true);
    const [temperature, co2, humidity] = groups;
    expect(temperature?.lines.map((line) => line.label)).toEqual(['Lämpötila']);
    expect(co2?.lines.map((line) => line.seriesId)).toEqual([12]);
    // The series' own colour, else the palette's by its id, the same in every view.
    expect([temperature, co2, humidity].map((group) => group?.lines[0]?.color)).toEqual([
      chartColor(10),
      chartColor(11),
      '#123456',
    ]);
    expect(co2?.lines[0]?.limit).toEqual(co2Limit);
    expect(temperature?.lines[0]?.values).toEqual([20, null, 21]);
    // Each graph of a space draws the bands of its own limit, on its one axis.
    expect(groupBandSets(co2 ?? { units: [], lines: [] })).toEqual([{ scaleKey: 'y0', scale: co2Limit }]);
    expect(groupBandSets(temperature ?? { units: [], lines: [] })).toEqual([]);
  });

  it('by space: series of one unit in a space share a graph, whose title names their types', () => {
    const twoTemperatures = resultOf(
      spaces.slice(0, 1),
      [
        { series: dataSeries(1, 1, 'Ilma', 'Temperature'), values: { 1000: 20 } },
        { series: dataSeries(2, 1, 'Rakenne', 'StructureTemperature', { dataUnit: '°C' }), values: { 1000: 18 } },
        { series: dataSeries(3, 1, 'Lattia', 'Temperature'), values: { 1000: 19 } },
      ],
      times,
    );
    const groups = chartGroups(twoTemperatures, 'space', labels);
    expect(groups.map((group) => group.title)).toEqual(['Luokka 101 · Lämpötila, StructureTemperature (°C)']);
    expect(groups[0]?.lines.map((line) => line.seriesId)).toEqual([1, 2, 3]);
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
    expect(temperature?.lines[1]?.color).toBe(chartColor(20));
    expect(groups.flatMap((group) => group.lines).some((line) => line.seriesId === 41)).toBe(false);
  });

  it('draws one band set per axis, of the first line on it that follows a limit', () => {
    const other = { ...co2Limit, maxcolor: '#000000' };
    const line = (seriesId: number, unit: string, limit: typeof co2Limit | null) => ({
      seriesId,
      label: String(seriesId),
      color: '#000000',
      unit,
      dataType: 'CO2',
      limit,
      values: [],
    });
    const group = {
      units: ['°C', 'ppm', '%RH'],
      lines: [
        line(1, '°C', null),
        line(2, 'ppm', null),
        line(3, 'ppm', co2Limit),
        line(4, 'ppm', other),
        line(5, '%RH', other),
      ],
    };
    expect(groupBandSets(group)).toEqual([
      { scaleKey: 'y1', scale: co2Limit },
      { scaleKey: 'y2', scale: other },
    ]);
  });

  it("gives a slab's RH a graph of its own, whose band set carries its drying targets", () => {
    const drying = { ...co2Limit, min: 0, max: 100, limits: [80, 85, 90], normalMin: null, normalMax: 85 };
    const slab = resultOf(
      [spaces[0] as (typeof spaces)[number]],
      [
        { series: dataSeries(13, 1, 'Kosteus', 'Humidity'), values: { 1000: 40 } },
        { series: dataSeries(14, 1, 'Laatta', 'Structure humidity'), values: { 1000: 84 } },
      ],
      times,
    );
    const groups = chartGroups(slab, 'space', labels, new Map([[14, { color: null, limit: drying }]]));
    expect(groups.map((group) => group.title)).toEqual([
      'Luokka 101 · Humidity (%RH)',
      'Luokka 101 · Structure humidity (%RH)',
    ]);
    expect(groupBandSets(groups[1] as (typeof groups)[number])).toEqual([
      { scaleKey: 'y0', scale: drying, targets: [85, 80] },
    ]);
    // The same limit on a room's humidity draws bands only.
    const room = {
      ...(groups[1] as (typeof groups)[number]),
      lines: groups[1]?.lines.map((line) => ({ ...line, dataType: 'Humidity' })) ?? [],
    };
    expect(groupBandSets(room)).toEqual([{ scaleKey: 'y0', scale: drying }]);
  });

  it('leaves out spaces without series', () => {
    expect(chartGroups(result, 'space', labels).some((group) => group.title.startsWith('Varasto'))).toBe(false);
  });

  it('puts each value at its slot on the time axis; a gap point stays null', () => {
    const series = { series: dataSeries(1, 1, 'x', 'CO2'), points: [{ time: 3000, value: null }], stats: null };
    expect(alignedValues(series, times)).toEqual([null, null, null]);
    expect(alignedValues({ ...series, points: [{ time: 2000, value: 5 }] }, times)).toEqual([null, 5, null]);
  });
});
