import { describe, expect, it } from 'vitest';
import { calendarDayOf, formatDateRange, formatDay } from './date-range.ts';

describe('formatDateRange', () => {
  it.each([
    ['fi', '2026-03-01', '2026-03-05', '1.–5.3.2026'],
    ['fi', '2026-02-28', '2026-03-05', '28.2.–5.3.2026'],
    ['fi', '2025-12-28', '2026-01-05', '28.12.2025–5.1.2026'],
    ['fi', '2026-03-05', '2026-03-05', '5.3.2026'],
    ['sv', '2026-03-01', '2026-03-05', '1–5 mars 2026'],
    ['sv', '2026-02-28', '2026-03-05', '28 feb. – 5 mars 2026'],
    ['sv', '2025-12-28', '2026-01-05', '28 dec. 2025 – 5 jan. 2026'],
    ['sv', '2026-03-05', '2026-03-05', '5 mars 2026'],
    ['en', '2026-03-01', '2026-03-05', '1–5 Mar 2026'],
    ['en', '2026-02-28', '2026-03-05', '28 Feb – 5 Mar 2026'],
    ['en', '2025-12-28', '2026-01-05', '28 Dec 2025 – 5 Jan 2026'],
  ])('in %s writes %s to %s as %s, the shared day, month and year once', (language, start, end, expected) => {
    expect(formatDateRange(start, end, language)).toBe(expected);
  });

  it('reads instants in the calendar of the given time zone', () => {
    // 22:00 UTC on 31 January is already 1 February in Helsinki (UTC+2).
    const start = '2026-01-31T22:00:00.000Z';
    const end = new Date('2026-03-01T10:00:00.000Z');
    expect(formatDateRange(start, end, 'fi', { timeZone: 'Europe/Helsinki' })).toBe('1.2.–1.3.2026');
    expect(formatDateRange(start, end, 'fi', { timeZone: 'UTC' })).toBe('31.1.–1.3.2026');
    expect(formatDateRange(start, end, 'sv', { timeZone: 'Europe/Stockholm' })).toBe('31 jan. – 1 mars 2026');
  });

  it('reads an unknown time zone as the runtime zone rather than hiding the dates', () => {
    const start = '2026-01-31T22:00:00.000Z';
    const end = '2026-03-01T10:00:00.000Z';
    expect(formatDateRange(start, end, 'fi', { timeZone: 'Mars/Olympus_Mons' })).toBe(
      formatDateRange(start, end, 'fi'),
    );
  });

  it('writes other languages and regional tags by their language, unknown ones as Finnish', () => {
    expect(formatDateRange('2026-03-01', '2026-03-05', 'sv-FI')).toBe('1–5 mars 2026');
    expect(formatDateRange('2026-03-01', '2026-03-05', 'de')).toBe('1.–5.3.2026');
  });

  it("shows '-' when either end is missing or not a date", () => {
    expect(formatDateRange(null, '2026-03-05', 'fi')).toBe('-');
    expect(formatDateRange('2026-03-01', undefined, 'fi')).toBe('-');
    expect(formatDateRange('2026-02-30', '2026-03-05', 'fi')).toBe('-');
    expect(formatDateRange('yesterday', '2026-03-05', 'fi')).toBe('-');
  });
});

describe('formatDay', () => {
  it('writes one day in the short form of each language', () => {
    expect(formatDay('2026-03-05', 'fi')).toBe('5.3.2026');
    expect(formatDay('2026-03-05', 'sv')).toBe('5 mars 2026');
    expect(formatDay('2026-03-05', 'en')).toBe('5 Mar 2026');
    expect(formatDay('2026-01-31T22:00:00.000Z', 'fi', { timeZone: 'Europe/Helsinki' })).toBe('1.2.2026');
    expect(formatDay('', 'fi')).toBe('-');
  });
});

describe('calendarDayOf', () => {
  it('takes a written day as it is, whatever the zone', () => {
    expect(calendarDayOf('2026-03-05', { timeZone: 'Pacific/Kiritimati' })).toEqual({ year: 2026, month: 3, day: 5 });
  });

  it('reads an instant in the zone, across a daylight-saving change', () => {
    // Helsinki moves to UTC+3 on 29 March 2026; 21:30 UTC that night is already 30 March there.
    expect(calendarDayOf('2026-03-29T21:30:00Z', { timeZone: 'Europe/Helsinki' })).toEqual({
      year: 2026,
      month: 3,
      day: 30,
    });
  });
});
