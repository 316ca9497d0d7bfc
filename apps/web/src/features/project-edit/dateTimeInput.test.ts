import { describe, expect, it } from 'vitest';
import { fromDateTimeInput, toDateTimeInput } from './dateTimeInput.ts';

describe('project start and end in the project time zone', () => {
  it('shows a time as the clocks of the project time zone show it', () => {
    expect(toDateTimeInput('2026-01-15T10:00:00.000Z', 'Europe/Helsinki')).toBe('2026-01-15T12:00');
    expect(toDateTimeInput('2026-07-15T10:00:00.000Z', 'Europe/Helsinki')).toBe('2026-07-15T13:00');
    expect(toDateTimeInput('2026-07-15T10:00:00.000Z', 'America/New_York')).toBe('2026-07-15T06:00');
    expect(toDateTimeInput(null, 'Europe/Helsinki')).toBe('');
  });

  it('reads an entered time in the project time zone, in winter and in summer time', () => {
    expect(fromDateTimeInput('2026-01-15T12:00', 'Europe/Helsinki')?.toISOString()).toBe('2026-01-15T10:00:00.000Z');
    expect(fromDateTimeInput('2026-07-15T13:00', 'Europe/Helsinki')?.toISOString()).toBe('2026-07-15T10:00:00.000Z');
    // The night the clocks go forward (03:00 to 04:00 on 29 March 2026 in Helsinki).
    expect(fromDateTimeInput('2026-03-29T05:00', 'Europe/Helsinki')?.toISOString()).toBe('2026-03-29T02:00:00.000Z');
    expect(fromDateTimeInput('2026-03-29T02:00', 'Europe/Helsinki')?.toISOString()).toBe('2026-03-29T00:00:00.000Z');
  });

  it('leaves an empty or unfinished input without a time', () => {
    expect(fromDateTimeInput('', 'Europe/Helsinki')).toBeNull();
    expect(fromDateTimeInput('2026-01-', 'Europe/Helsinki')).toBeNull();
  });

  it('goes back and forth without drifting', () => {
    for (const iso of ['2026-10-25T03:30:00.000Z', '2026-03-29T01:30:00.000Z', '2025-12-31T22:00:00.000Z']) {
      const shown = toDateTimeInput(iso, 'Europe/Helsinki');
      expect(fromDateTimeInput(shown, 'Europe/Helsinki')?.toISOString()).toBe(iso);
    }
  });
});
