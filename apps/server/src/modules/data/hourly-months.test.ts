import { describe, expect, it } from 'vitest';
import { ByteBoundedCache } from '../../shared/byte-bounded-cache.ts';
import { assembleHourlyChunks, changedHourlyChunks, parseHourlyMonth, utcMonthsOf } from './hourly-months.ts';

const at = (iso: string) => Date.parse(iso) / 1000;

describe('hourly months', () => {
  it('names the UTC months a range of hours falls in, across a year end', () => {
    expect(utcMonthsOf(at('2026-09-30T21:00:00Z'), at('2026-10-31T22:00:00Z'))).toEqual([
      at('2026-09-01T00:00:00Z'),
      at('2026-10-01T00:00:00Z'),
    ]);
    expect(utcMonthsOf(at('2026-12-31T22:00:00Z'), at('2027-01-31T22:00:00Z'))).toEqual([
      at('2026-12-01T00:00:00Z'),
      at('2027-01-01T00:00:00Z'),
    ]);
    expect(utcMonthsOf(at('2026-11-01T00:00:00Z'), at('2026-12-01T00:00:00Z'))).toEqual([at('2026-11-01T00:00:00Z')]);
  });

  it('lays series months out slot by slot in chunks of a day, series in the given order, leaving out empty slots', () => {
    // Two days of slots from 21:00 on 29 September, across the end of the UTC month.
    const from = at('2026-09-29T21:00:00Z');
    const to = at('2026-10-01T21:00:00Z');
    const read = (seriesId: number, hours: string) => parseHourlyMonth({ seriesId, from, versions: '1.1', hours });
    const lastSeptemberHour = at('2026-09-30T23:00:00Z');
    const october = at('2026-10-01T00:00:00Z');
    const chunks = assembleHourlyChunks(from, to, [
      read(
        3,
        `${at('2026-09-30T20:00:00Z')}|"3":[9,9,9,1];${lastSeptemberHour}|"3":[1.5,0.5,1,2];${october}|"3":[2,2,2,1]`,
      ),
      read(12, `${lastSeptemberHour}|"12":[4,4,4,1]`),
    ]);
    // 20:00 on the 30th is in the first day; 21:00 and 22:00 hold nothing.
    expect(chunks).toEqual([
      `"${at('2026-09-30T20:00:00Z')}":{"3":[9,9,9,1]}`,
      `"${lastSeptemberHour}":{"3":[1.5,0.5,1,2],"12":[4,4,4,1]},"${october}":{"3":[2,2,2,1]}`,
    ]);
    expect(JSON.parse(`{${chunks.filter((chunk) => chunk !== '').join(',')}}`)).toBeTruthy();
  });

  it('lays out again only the chunks whose hours a new version of a month changed', () => {
    const from = at('2026-10-01T00:00:00Z');
    const to = at('2026-10-08T00:00:00Z');
    const read = (hours: string) => parseHourlyMonth({ seriesId: 5, from, versions: '1', hours });
    const day = (n: number, hour = 8) =>
      at(`2026-10-${String(n).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00Z`);
    const before = read(`${day(2)}|"5":[1,1,1,1];${day(3)}|"5":[2,2,2,1]`);
    // A late value on the 3rd, a first value on the 5th.
    const after = read(`${day(2)}|"5":[1,1,1,1];${day(3)}|"5":[5,2,3,2];${day(5, 23)}|"5":[7,7,7,1]`);
    expect(changedHourlyChunks(before, after)).toEqual([2, 4]);
    const previous = assembleHourlyChunks(from, to, [before]);
    const again = assembleHourlyChunks(from, to, [after], { chunks: previous, changed: new Set([2, 4]) });
    expect(again).toEqual(assembleHourlyChunks(from, to, [after]));
    // Unchanged chunks are taken as they were, not laid out.
    expect(assembleHourlyChunks(from, to, [after], { chunks: ['kept', 'x'], changed: new Set([2]) })[0]).toBe('kept');
  });

  it('keeps what was used last within its byte budget', () => {
    const cache = new ByteBoundedCache<string>(200);
    cache.set('a', 'A', 40);
    cache.set('b', 'B', 40);
    // Above a quarter of the budget: not kept.
    cache.set('huge', 'H', 51);
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.get('a')).toBe('A');
    cache.set('c', 'C', 50);
    cache.set('d', 'D', 50);
    cache.set('e', 'E', 30);
    // 210 bytes: b, used least recently, goes.
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c'), cache.get('d'), cache.get('e')]).toEqual(['A', 'C', 'D', 'E']);
    cache.set('a', 'A2', 10);
    expect(cache.get('a')).toBe('A2');
  });
});
