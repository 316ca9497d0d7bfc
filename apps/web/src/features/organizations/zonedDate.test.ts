import { describe, expect, it } from 'vitest';
import { slugFromName } from './slug.ts';
import { startOfDayIn } from './zonedDate.ts';

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

describe('suggested slug', () => {
  it('keeps lowercase letters and digits, joined by hyphens', () => {
    expect(slugFromName('Äijälän Koulu 2')).toBe('aijalan-koulu-2');
    expect(slugFromName('  --Olo / Demo--  ')).toBe('olo-demo');
    expect(slugFromName('ÅÖ')).toBe('ao');
    expect(slugFromName('a'.repeat(70))).toHaveLength(64);
  });
});
