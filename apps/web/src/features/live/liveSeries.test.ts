import { chartColor } from '@olo/shared';
import { describe, expect, it } from 'vitest';
import { formatLiveValue, liveSpaces, mergeLatests } from './liveSeries.ts';
import { liveSerie, liveSpace, seriesLatest } from './testLive.ts';

describe('live series', () => {
  it('orders spaces by name and their series by measurement type priority, then by name', () => {
    const spaces = liveSpaces(
      [liveSpace(2, 'Sali'), liveSpace(1, 'Luokka 101'), liveSpace(3, 'Kellari', false)],
      [
        liveSerie(10, 1, 'Valo', 'Light'),
        liveSerie(11, 1, 'Kosteus', 'Humidity'),
        liveSerie(12, 1, 'Lämpötila B', 'Temperature'),
        liveSerie(13, 1, 'Lämpötila A', 'Temperature'),
        liveSerie(14, 1, 'Paine-ero', 'Paine-ero'),
        liveSerie(15, 1, 'Hiilidioksidi', 'CO2'),
        liveSerie(16, 1, 'Akku', 'Volt'),
        liveSerie(17, 1, 'Sisäinen', 'ignore'),
        liveSerie(20, 2, 'Lämpötila', 'Temperature'),
        liveSerie(30, 3, 'Lämpötila', 'Temperature'),
        liveSerie(40, null, 'Ilman tilaa', 'Temperature'),
      ],
      [seriesLatest(12, 21.5)],
    );
    // Hidden spaces, series without a space and 'ignore' series are not shown.
    expect(spaces.map((space) => space.name)).toEqual(['Luokka 101', 'Sali']);
    expect(spaces[0]?.series.map((series) => series.name)).toEqual([
      'Lämpötila A',
      'Lämpötila B',
      'Kosteus',
      'Hiilidioksidi',
      'Paine-ero',
      'Akku',
      'Valo',
    ]);
    expect(spaces[0]?.series[1]?.latest?.data).toBe(21.5);
    expect(spaces[0]?.series[0]?.latest).toBeNull();
  });

  it('gives each series its chosen colour or the palette colour of its id, its limit and whether it is alarming', () => {
    const limit = {
      min: 400,
      max: 2000,
      limits: [1200],
      colors: ['#2f9e44'],
      maxcolor: '#e03131',
      split: true,
      opacity: 0.2,
    };
    const [space] = liveSpaces(
      [liveSpace(1, 'Luokka')],
      [
        { ...liveSerie(1, 1, 'CO2', 'CO2'), color: { color: '#123456' }, limit, alarming: true },
        liveSerie(2, 1, 'Lämpötila', 'Temperature'),
      ],
      [],
    );
    const [temperature, co2] = space?.series ?? [];
    expect(co2).toMatchObject({ color: '#123456', limit, alarming: true });
    expect(temperature).toMatchObject({ color: chartColor(1), limit: null, alarming: false });
  });

  it('shows a value rounded for its type with the series unit, or the type unit, and "-" without a value', () => {
    const [space] = liveSpaces(
      [liveSpace(1, 'Luokka')],
      [
        liveSerie(1, 1, 'Lämpötila', 'Temperature'),
        liveSerie(2, 1, 'CO2', 'CO2'),
        liveSerie(3, 1, 'Paine-ero', 'Paine-ero', 'Pa'),
        liveSerie(4, 1, 'Kosteus', 'Humidity'),
        liveSerie(5, 1, 'Tuntematon', 'Radon'),
      ],
      [seriesLatest(1, 21.46), seriesLatest(2, 812.6), seriesLatest(3, -3.456), seriesLatest(5, 7)],
    );
    // In type order: Temperature, Humidity, CO2, Paine-ero, then the unknown type. Finnish writes a real minus sign.
    expect(space?.series.map((series) => formatLiveValue(series, 'fi'))).toEqual([
      '21,5 °C',
      '-',
      '813 ppm',
      '−3,5 Pa',
      '7,0 ?',
    ]);
  });

  it('takes pushed values in place of the earlier ones of their series and keeps the others', () => {
    const merged = mergeLatests(
      [seriesLatest(1, 20), seriesLatest(2, 50)],
      [seriesLatest(2, 55), seriesLatest(3, 800)],
    );
    expect(merged.map((latest) => [latest.seriesId, latest.data])).toEqual([
      [1, 20],
      [2, 55],
      [3, 800],
    ]);
  });
});
