import { describe, expect, it } from 'vitest';
import { instantOfInput, rangeOfDays, wallDayInput, wallTimeInput } from './wallTime.ts';

const helsinki = 'Europe/Helsinki';

describe('wall-clock inputs', () => {
  it('show an instant as the project clock shows it', () => {
    // 22:30 UTC on 28 February is already 1 March in Helsinki.
    const instant = Date.parse('2026-02-28T22:30:00Z');
    expect(wallDayInput(instant, helsinki)).toBe('2026-03-01');
    expect(wallTimeInput(instant, helsinki)).toBe('2026-03-01T00:30');
    expect(instantOfInput('2026-03-01T00:30', helsinki)).toBe(instant);
    expect(instantOfInput('2026-02-30', helsinki)).toBeNull();
  });

  it('make a closed range of whole days, across a daylight-saving change', () => {
    const range = rangeOfDays('2026-03-28', '2026-03-29', helsinki);
    expect(range).toEqual({
      from: Date.parse('2026-03-27T22:00:00Z'),
      // 29 March is 23 hours long: the next midnight is at 21:00 UTC.
      to: Date.parse('2026-03-29T21:00:00Z') - 1,
    });
    expect(rangeOfDays('2026-03-05', '2026-03-05', helsinki)).toEqual({
      from: Date.parse('2026-03-04T22:00:00Z'),
      to: Date.parse('2026-03-05T22:00:00Z') - 1,
    });
    expect(rangeOfDays('2026-03-05', '2026-03-04', helsinki)).toBeNull();
    expect(rangeOfDays('2026-03-05', '', helsinki)).toBeNull();
  });
});
