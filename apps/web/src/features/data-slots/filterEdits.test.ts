import { describe, expect, it } from 'vitest';
import {
  newFilter,
  removeDayOfInput,
  removeFilter,
  removeRangeOfInputs,
  replaceFilter,
  weekdayRows,
  weekRangeOfRows,
} from './filterEdits.ts';

const helsinki = 'Europe/Helsinki';

describe('filters editor', () => {
  it('shows a week-hours filter as a row per weekday and writes the rows back', () => {
    const filter = newFilter('weekrange', '2026-03-04', helsinki);
    expect(filter).toEqual({
      type: 'weekrange',
      hours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, from: 8, to: 16 })),
    });
    if (filter.type !== 'weekrange') throw new Error('weekrange expected');
    const rows = weekdayRows(filter);
    expect(rows).toHaveLength(7);
    expect(rows[5]).toEqual({ weekday: 6, allowed: false, from: 8, to: 16 });
    expect(weekRangeOfRows(rows)).toEqual(filter);
    const saturday = rows.map((row) => (row.weekday === 6 ? { ...row, allowed: true, from: 10, to: 14 } : row));
    expect(weekRangeOfRows(saturday).hours.at(-1)).toEqual({ weekday: 6, from: 10, to: 14 });
  });

  it('joins several spans of a weekday into one and drops rows that allow nothing', () => {
    const rows = weekdayRows({
      type: 'weekrange',
      hours: [
        { weekday: 1, from: 8, to: 11 },
        { weekday: 1, from: 12, to: 16 },
      ],
    });
    expect(rows[0]).toEqual({ weekday: 1, allowed: true, from: 8, to: 16 });
    const empty = rows.map((row) => (row.weekday === 1 ? { ...row, to: 8 } : row));
    expect(weekRangeOfRows(empty).hours).toEqual([]);
  });

  it('reads a removed span on the project wall clock, whatever the browser zone', () => {
    expect(removeRangeOfInputs('2026-03-04T08:00', '2026-03-04T12:30', helsinki)).toEqual({
      type: 'removerange',
      from: '2026-03-04T06:00:00.000Z',
      to: '2026-03-04T10:30:00.000Z',
    });
    // Summer time: three hours ahead of UTC.
    expect(removeRangeOfInputs('2026-07-01T00:00', '2026-07-02T00:00', helsinki)).toMatchObject({
      from: '2026-06-30T21:00:00.000Z',
    });
    expect(removeRangeOfInputs('2026-03-04T12:00', '2026-03-04T08:00', helsinki)).toBeNull();
    expect(removeRangeOfInputs('', '2026-03-04T08:00', helsinki)).toBeNull();
    expect(newFilter('removerange', '2026-03-04', helsinki)).toEqual({
      type: 'removerange',
      from: '2026-03-03T22:00:00.000Z',
      to: '2026-03-03T23:00:00.000Z',
    });
  });

  it('takes a removed day only when it is a day', () => {
    expect(removeDayOfInput('2026-03-04')).toEqual({ type: 'removeday', day: '2026-03-04' });
    expect(removeDayOfInput('2026-02-30')).toBeNull();
    expect(removeDayOfInput('')).toBeNull();
  });

  it('replaces and removes a filter by its place', () => {
    const day = newFilter('removeday', '2026-03-04', helsinki);
    const week = newFilter('weekrange', '2026-03-04', helsinki);
    expect(replaceFilter([day, day], 1, week)).toEqual([day, week]);
    expect(removeFilter([day, week], 0)).toEqual([week]);
  });
});
