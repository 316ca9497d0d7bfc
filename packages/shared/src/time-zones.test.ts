import { describe, expect, it } from 'vitest';
import { nextLocalHour, startOfDayIn } from './time-zones.ts';

describe('start of a project day', () => {
  it('is midnight in the project time zone, summer time included', () => {
    expect(startOfDayIn('2026-01-15', 'Europe/Helsinki')?.toISOString()).toBe('2026-01-14T22:00:00.000Z');
    expect(startOfDayIn('2026-07-01', 'Europe/Helsinki')?.toISOString()).toBe('2026-06-30T21:00:00.000Z');
    expect(startOfDayIn('2026-03-29', 'Europe/Helsinki')?.toISOString()).toBe('2026-03-28T22:00:00.000Z');
    expect(startOfDayIn('2026-07-01', 'America/New_York')?.toISOString()).toBe('2026-07-01T04:00:00.000Z');
  });

  it('is empty without a day, and UTC for a zone that does not exist', () => {
    expect(startOfDayIn('', 'Europe/Helsinki')).toBeNull();
    expect(startOfDayIn('1.3.2026', 'Europe/Helsinki')).toBeNull();
    expect(startOfDayIn('2026-03-01', 'Mars/Olympus')?.toISOString()).toBe('2026-03-01T00:00:00.000Z');
  });
});

describe('nextLocalHour', () => {
  it('gives the next 07:00 in Helsinki, across the daylight-saving changes', () => {
    // Winter, UTC+2.
    expect(nextLocalHour(new Date('2026-11-23T12:00:00Z'), 7, 'Europe/Helsinki').toISOString()).toBe(
      '2026-11-24T05:00:00.000Z',
    );
    expect(nextLocalHour(new Date('2026-11-23T04:59:59Z'), 7, 'Europe/Helsinki').toISOString()).toBe(
      '2026-11-23T05:00:00.000Z',
    );
    // Exactly at the hour: the next day's.
    expect(nextLocalHour(new Date('2026-11-23T05:00:00Z'), 7, 'Europe/Helsinki').toISOString()).toBe(
      '2026-11-24T05:00:00.000Z',
    );
    // Clocks go forward on 29 March 2026 at 03:00 local: 07:00 that day is UTC+3.
    expect(nextLocalHour(new Date('2026-03-28T10:00:00Z'), 7, 'Europe/Helsinki').toISOString()).toBe(
      '2026-03-29T04:00:00.000Z',
    );
    // And back on 25 October 2026.
    expect(nextLocalHour(new Date('2026-10-24T10:00:00Z'), 7, 'Europe/Helsinki').toISOString()).toBe(
      '2026-10-25T05:00:00.000Z',
    );
    expect(nextLocalHour(new Date('2026-11-23T12:00:00Z'), 7, 'UTC').toISOString()).toBe('2026-11-24T07:00:00.000Z');
  });
});
