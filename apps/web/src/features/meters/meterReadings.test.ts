import { describe, expect, it } from 'vitest';
import { channelsOf, chartSeriesOf, mergeReadings, parseMeterId } from './meterReadings.ts';

const now = Date.parse('2026-03-01T12:00:00.000Z');
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

describe('meter readings', () => {
  it('reads channels from reading JSON, priority types first, leaving out ignored and malformed ones', () => {
    const channels = channelsOf({
      pm10: { value: 4, type: 'PM10', unit: 'µg/m3' },
      co2: { value: 600, type: 'CO2' },
      temperature: { value: 21, type: 'Temperature', unit: '°C' },
      internal: { value: 1, type: 'ignore', unit: '' },
      broken: 5,
    });
    expect(channels.map((item) => [item.name, item.unit])).toEqual([
      ['temperature', '°C'],
      ['co2', 'ppm'],
      ['pm10', 'µg/m3'],
    ]);
    expect(channelsOf(null)).toEqual([]);
    expect(channelsOf([1, 2])).toEqual([]);
  });

  it('merges queried and pushed readings oldest first, each time once', () => {
    const merged = mergeReadings(
      [
        { time: ago(60), channels: { a: 2 } },
        { time: ago(120), channels: { a: 1 } },
      ],
      [
        { time: ago(60), channels: { a: 2 } },
        { time: ago(0), channels: { a: 3 } },
      ],
    );
    expect(merged.map((reading) => reading.channels)).toEqual([{ a: 1 }, { a: 2 }, { a: 3 }]);
  });

  it('makes one chart line per channel of the type, with gaps where a reading lacks the channel', () => {
    const temperature = (value: number) => ({ value, type: 'Temperature', unit: '°C' });
    const series = chartSeriesOf(
      [
        { time: ago(120), channels: { t1: temperature(20), t2: temperature(19), rh: { value: 40, type: 'Humidity' } } },
        { time: ago(60), channels: { t1: temperature(21) } },
        { time: ago(30), channels: null },
      ],
      'Temperature',
    );
    expect(series.channels).toEqual(['t1', 't2']);
    expect(series.unit).toBe('°C');
    expect(series.data).toEqual([
      [(now - 120_000) / 1000, (now - 60_000) / 1000],
      [20, 21],
      [19, null],
    ]);
  });

  it('takes only whole positive ids from the address', () => {
    expect(parseMeterId('12')).toBe(12);
    expect(parseMeterId('0')).toBeNull();
    expect(parseMeterId('12a')).toBeNull();
    expect(parseMeterId('99999999999')).toBeNull();
    expect(parseMeterId(undefined)).toBeNull();
  });
});
