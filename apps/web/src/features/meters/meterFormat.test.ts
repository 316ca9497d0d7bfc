import { describe, expect, it } from 'vitest';
import {
  channelsOf,
  chartSeriesOf,
  formatBattery,
  formatBatteryIn,
  formatDateTime,
  formatRelativeTime,
  mergeReadings,
  parseMeterId,
} from './meterFormat.ts';

const now = Date.parse('2026-03-01T12:00:00.000Z');
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

describe('meter formatting', () => {
  it('tells how long ago a time was, in the language', () => {
    expect(formatRelativeTime(ago(10), now, 'en')).toBe('now');
    expect(formatRelativeTime(ago(5 * 60), now, 'en')).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(5 * 60), now, 'fi')).toBe('5 minuuttia sitten');
    expect(formatRelativeTime(ago(3 * 3600), now, 'sv')).toBe('för 3 timmar sedan');
    expect(formatRelativeTime(ago(24 * 3600), now, 'en')).toBe('yesterday');
    expect(formatRelativeTime(ago(90 * 24 * 3600), now, 'en')).toBe('3 months ago');
    expect(formatRelativeTime(null, now, 'en')).toBe('-');
  });

  it('shows a battery in volts, or in percent when the meter reports a percentage', () => {
    expect(formatBattery(3.6, 'fi')).toBe('3,60 V');
    expect(formatBattery(88, 'en')).toBe('88 %');
    expect(formatBattery(null, 'en')).toBeNull();
  });

  it("shows a battery in its driver's unit, so that a nearly empty percentage is no voltage", () => {
    expect(formatBatteryIn(4, '%', 'fi')).toBe('4 %');
    expect(formatBatteryIn(3.2, 'V', 'fi')).toBe('3,20 V');
    expect(formatBatteryIn(3.6, null, 'en')).toBe('3.60 V');
  });

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

describe('formatDateTime', () => {
  it('writes English day first on a 24-hour clock, never month first, and the other languages as their own', () => {
    const time = '2026-03-24T13:05:09Z';
    expect(formatDateTime(time, 'en', 'UTC')).toBe('24/03/2026, 13:05:09');
    expect(formatDateTime(time, 'fi', 'Europe/Helsinki', 'minute')).toBe('24.3.2026 klo 15.05');
    expect(formatDateTime(time, 'sv', 'UTC', 'minute')).toBe('2026-03-24 13:05');
  });
});
