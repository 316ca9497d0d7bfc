import { describe, expect, it } from 'vitest';
import { formatBattery, formatBatteryIn, formatDateTime, formatRelativeTime } from './format.ts';

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
});

describe('formatDateTime', () => {
  it('writes English day first on a 24-hour clock, never month first, and the other languages as their own', () => {
    const time = '2026-03-24T13:05:09Z';
    expect(formatDateTime(time, 'en', 'UTC')).toBe('24/03/2026, 13:05:09');
    expect(formatDateTime(time, 'fi', 'Europe/Helsinki', 'minute')).toBe('24.3.2026 klo 15.05');
    expect(formatDateTime(time, 'sv', 'UTC', 'minute')).toBe('2026-03-24 13:05');
  });
});
