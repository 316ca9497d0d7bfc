import { describe, expect, it } from 'vitest';
import { chartGroups } from '../data-slots/chartGroups.ts';
import { statsRows } from '../data-slots/statsRows.ts';
import { dataSeries, resultOf } from '../data-slots/testDataSlots.ts';
import { spaceWeatherMap, withWeatherLimits } from './chartWeather.ts';

const hour = 3_600_000;
const t0 = Date.UTC(2026, 0, 10, 10);

/** Luokka 101 shows the outdoor temperature (91); Sali shows none. The weather has no value in the third slot. */
const result = resultOf(
  [
    { id: 1, name: 'Luokka 101', show: true },
    { id: 2, name: 'Sali', show: true },
  ],
  [
    {
      series: dataSeries(13, 1, 'Lämpötila', 'Temperature'),
      values: { [t0]: 21, [t0 + hour]: 21, [t0 + 2 * hour]: 22 },
    },
    { series: dataSeries(14, 1, 'Kosteus', 'Humidity'), values: { [t0]: 40 } },
    { series: dataSeries(21, 2, 'Lämpötila', 'Temperature'), values: { [t0]: 19 } },
    {
      series: dataSeries(91, null, 'Sää - Ulkolämpötila', 'ExternalTemperature'),
      values: { [t0]: -3, [t0 + hour]: -5 },
    },
  ],
  [t0, t0 + hour, t0 + 2 * hour],
);

const weather = spaceWeatherMap(
  [
    { id: 1, weather: true, weatherId: 5, weatherDatatype: 'ExternalTemperature' },
    { id: 2, weather: false, weatherId: null, weatherDatatype: null },
  ],
  [
    { id: 13, weatherId: null, dataType: 'Temperature' },
    { id: 91, weatherId: 5, dataType: 'ExternalTemperature' },
    { id: 92, weatherId: 5, dataType: 'Humidity' },
  ],
);

describe('a space with weather in the summary and reports', () => {
  const labels = { typeLabel: (type: string) => type, noSpace: 'Ei tilaa' };

  it('finds the weather series each space shows', () => {
    expect([...weather]).toEqual([[1, 91]]);
  });

  it("draws the weather as a dashed line of the space's graph of its unit, labelled with its name", () => {
    const groups = chartGroups(result, 'space', labels, new Map(), weather);
    const classroom = groups.find((group) => group.key === 'space-1-°C');
    expect(classroom?.lines.map((line) => [line.label, line.weather ?? false])).toEqual([
      ['Lämpötila', false],
      ['Sää - Ulkolämpötila', true],
    ]);
    expect(classroom?.lines[1]?.values).toEqual([-3, -5, null]);
    const hall = groups.find((group) => group.key === 'space-2-°C');
    expect(hall?.lines.map((line) => line.label)).toEqual(['Lämpötila']);
    // Without weather asked for, no line is added.
    const plain = chartGroups(result, 'space', labels).find((group) => group.key === 'space-1-°C');
    expect(plain?.lines).toHaveLength(1);
  });

  it('draws weather only where a space shows it: no graph or row of its own, none for a channel no space shows', () => {
    const withLoose = resultOf(
      result.spaces,
      [
        ...result.series.map((item) => ({
          series: item.series,
          values: Object.fromEntries(item.points.flatMap((p) => (p.value === null ? [] : [[p.time, p.value]]))),
        })),
        { series: dataSeries(92, null, 'Sää - Kosteus', 'Humidity'), values: { [t0]: 90 } },
      ],
      result.times,
    );
    const weatherIds = new Set([91, 92]);
    const bySpace = chartGroups(withLoose, 'space', labels, new Map(), weather, weatherIds);
    expect(bySpace.map((group) => group.key)).toEqual(['space-1-°C', 'space-1-%RH', 'space-2-°C']);
    expect(bySpace[0]?.lines.map((line) => line.label)).toEqual(['Lämpötila', 'Sää - Ulkolämpötila']);
    const byType = chartGroups(withLoose, 'type', labels, new Map(), weather, weatherIds);
    // By type the spaces are compared with each other: no weather there.
    expect(byType.flatMap((group) => group.lines.map((line) => line.seriesId))).toEqual([13, 21, 14]);
    const rows = statsRows(withLoose, 'fi', 'Ei tilaa', new Map(), weather, null, weatherIds);
    expect(rows.map((row) => row.seriesId)).toEqual([13, 14, 21]);
    // Without the set (a view that does not know the weather series), every series shows as before.
    expect(chartGroups(withLoose, 'space', labels).some((group) => group.key.startsWith('space-none'))).toBe(true);
  });

  it('matches the outdoor value to each slot, the nearest within 2 h for an empty one, and compares it', () => {
    const rows = statsRows(result, 'fi', 'Ei tilaa', new Map(), weather);
    const byId = new Map(rows.map((row) => [row.seriesId, row]));
    // Slots: 21 vs −3, 21 vs −5, 22 vs −5 (nearest): outdoor mean −4,3, difference mean 25,7.
    expect(byId.get(13)?.outdoor).toEqual({
      value: '−4,3',
      unit: '°C',
      difference: { value: '25,7', indoorType: 'Temperature' },
    });
    // Humidity has no comparison with the outdoor temperature, only the matched value.
    expect(byId.get(14)?.outdoor).toEqual({ value: '−3,0', unit: '°C', difference: null });
    expect(byId.get(21)?.outdoor).toBeNull();
  });

  it('matches no weather past the project end', () => {
    const rows = statsRows(result, 'fi', 'Ei tilaa', new Map(), weather, t0 + hour / 2);
    expect(rows.find((row) => row.seriesId === 13)?.outdoor).toEqual({
      value: '−3,0',
      unit: '°C',
      difference: { value: '24,0', indoorType: 'Temperature' },
    });
  });

  it("makes a space's weather line follow the space's weather limit", () => {
    const frost = {
      id: 44,
      min: -30,
      max: 30,
      limits: [0],
      colors: ['#1971c2'],
      maxcolor: '#2f9e44',
      split: true,
      opacity: 0.25,
    };
    const looks = new Map([
      [13, { color: null, limit: null }],
      [91, { color: null, limit: null }],
    ]);
    const followed = withWeatherLimits(
      looks,
      [
        { id: 1, weatherLimit: 44 },
        { id: 2, weatherLimit: null },
      ],
      weather,
      [frost],
    );
    expect(followed.get(91)?.limit).toBe(frost);
    expect(followed.get(13)?.limit).toBeNull();
    expect(withWeatherLimits(looks, [{ id: 1, weatherLimit: null }], weather, [frost]).get(91)?.limit).toBeNull();
  });
});
