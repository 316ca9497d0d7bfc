import { describe, expect, it } from 'vitest';
import { isValidSlotSeconds, parseDataPeriod, periodEnded, periodOf, periodSlots } from './data-slots.ts';

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

describe('data periods and slots', () => {
  it('reads months and days, and refuses dates that do not exist', () => {
    expect(parseDataPeriod('2026-03')).toEqual({ year: 2026, month: 3, day: null });
    expect(parseDataPeriod('2026-03-29')).toEqual({ year: 2026, month: 3, day: 29 });
    for (const bad of ['2026-13', '2026-02-30', '2026-3', '2026-03-29T00', 'march', '']) {
      expect(parseDataPeriod(bad)).toBeNull();
    }
  });

  it('takes slot lengths that divide a day, from a minute to a day', () => {
    expect([60, 120, 600, 1200, 3600, 7200, 86_400].every(isValidSlotSeconds)).toBe(true);
    expect([0, 59, 700, 3601, 172_800, 1.5, Number.NaN].some(isValidSlotSeconds)).toBe(false);
  });

  it('cuts a Helsinki month into hours from its local midnight', () => {
    const november = periodSlots({ year: 2026, month: 11, day: null }, 'Europe/Helsinki', 3600);
    expect(iso(november.from)).toBe('2026-10-31T22:00:00.000Z');
    expect(iso(november.to)).toBe('2026-11-30T22:00:00.000Z');
    expect(november.starts).toHaveLength(30 * 24);
    expect(november.hourAligned).toBe(true);
  });

  it('gives the spring-forward day 23 hours and the fall-back day 25', () => {
    const spring = periodSlots({ year: 2026, month: 3, day: 29 }, 'Europe/Helsinki', 3600);
    expect(spring.starts).toHaveLength(23);
    expect(iso(spring.from)).toBe('2026-03-28T22:00:00.000Z');
    expect(iso(spring.to)).toBe('2026-03-29T21:00:00.000Z');
    const autumn = periodSlots({ year: 2026, month: 10, day: 25 }, 'Europe/Helsinki', 3600);
    expect(autumn.starts).toHaveLength(25);
    // Two-hour slots: the 25-hour day ends with a one-hour slot, and the next day starts at its midnight.
    const twoHours = periodSlots({ year: 2026, month: 10, day: null }, 'Europe/Helsinki', 7200);
    const lastOfThe25th = twoHours.starts.filter((start) => start < autumn.to).at(-1) as number;
    expect(autumn.to - lastOfThe25th).toBe(3600);
    expect(twoHours.starts).toContain(autumn.to);
    expect(twoHours.starts).toHaveLength(31 * 12 + 1);
  });

  it('knows when whole-hour slots are not whole UTC hours', () => {
    expect(periodSlots({ year: 2026, month: 11, day: 1 }, 'Asia/Kolkata', 3600).hourAligned).toBe(false);
  });

  it('tells ended periods from the current one by the local clock', () => {
    const now = Date.parse('2026-11-30T22:30:00Z'); // 00:30 on 1 December in Helsinki
    expect(periodEnded({ year: 2026, month: 11, day: null }, 'Europe/Helsinki', now)).toBe(true);
    expect(periodEnded({ year: 2026, month: 11, day: null }, 'UTC', now)).toBe(false);
    expect(periodOf(now, 'Europe/Helsinki', true)).toEqual({ year: 2026, month: 12, day: 1 });
  });
});
