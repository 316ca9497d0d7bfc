import { describe, expect, it } from 'vitest';
import { dayMs, defaultRange, defaultSlotSeconds, isoWeekday, quickRanges } from './ranges.ts';

const helsinki = 'Europe/Helsinki';
const at = (iso: string) => Date.parse(iso);

describe('defaultRange', () => {
  const project = { defaultSelect: 7, startAt: null, timeZone: helsinki, now: at('2026-03-20T00:00:00Z') };

  it('ends at the latest data time and starts defaultSelect days earlier', () => {
    expect(defaultRange({ ...project, latestDataTime: at('2026-03-10T12:00:00Z') })).toEqual({
      from: at('2026-03-03T12:00:00Z'),
      to: at('2026-03-10T12:00:00Z'),
    });
  });

  it('counts the days on the wall clock across a daylight-saving change', () => {
    // 2 April 12:00 EEST back to 26 March 12:00 EET: 167 hours.
    const range = defaultRange({ ...project, latestDataTime: at('2026-04-02T09:00:00Z') });
    expect(range.from).toBe(at('2026-03-26T10:00:00Z'));
    expect(range.to - range.from).toBe(7 * dayMs - 3_600_000);
  });

  it('does not start before the project start', () => {
    const startAt = at('2026-03-05T22:00:00Z');
    expect(defaultRange({ ...project, startAt, latestDataTime: at('2026-03-10T12:00:00Z') }).from).toBe(startAt);
  });

  it('ignores a start after the latest data, and ends now when there is no data yet', () => {
    const range = defaultRange({ ...project, startAt: at('2026-03-25T00:00:00Z'), latestDataTime: null });
    expect(range).toEqual({ from: at('2026-03-13T00:00:00Z'), to: project.now });
  });
});

describe('defaultSlotSeconds', () => {
  // The range is closed, so a range of n whole days ends at from + n days - 1 ms.
  const days = (count: number) => ({ from: 0, to: count * dayMs - 1 });
  const justUnder = (count: number) => ({ from: 0, to: count * dayMs - 2 });

  it.each([
    [justUnder(2), 120],
    [days(2), 600],
    [justUnder(8), 600],
    [days(8), 1200],
    [justUnder(15), 1200],
    [days(15), 3600],
    [justUnder(56), 3600],
    [days(56), 7200],
    [days(400), 7200],
  ])('%o → %i s', (range, seconds) => {
    expect(defaultSlotSeconds(range)).toBe(seconds);
  });

  it('grows to the next slot of at most maxSlots slots in the range, never below the spec’s', () => {
    // A 31-day month: 744 hours fit within 1,100 slots; within 300 it takes 3-hour slots (248).
    expect(defaultSlotSeconds(days(31), 1100)).toBe(3600);
    expect(defaultSlotSeconds(days(31), 300)).toBe(10_800);
    // A week at 10 minutes (1,008) on a phone: hours (168).
    expect(defaultSlotSeconds(days(7), 300)).toBe(3600);
    expect(defaultSlotSeconds(days(7), null)).toBe(600);
    // Years on a phone: days at most.
    expect(defaultSlotSeconds(days(3000), 300)).toBe(86_400);
  });
});

describe('quickRanges', () => {
  const byId = (now: number, timeZone = helsinki) =>
    Object.fromEntries(quickRanges(now, timeZone).map((quick) => [quick.id, quick.range]));

  it('gives whole ISO weeks and months of the project time zone', () => {
    // Wednesday 25 March 2026; summer time starts on Sunday 29 March.
    const ranges = byId(at('2026-03-25T10:00:00Z'));
    expect(ranges.thisWeek).toEqual({ from: at('2026-03-22T22:00:00Z'), to: at('2026-03-29T21:00:00Z') - 1 });
    expect(ranges.lastWeek).toEqual({ from: at('2026-03-15T22:00:00Z'), to: at('2026-03-22T22:00:00Z') - 1 });
    expect(ranges.lastTwoWeeks).toEqual({ from: at('2026-03-08T22:00:00Z'), to: at('2026-03-22T22:00:00Z') - 1 });
    expect(ranges.thisMonth).toEqual({ from: at('2026-02-28T22:00:00Z'), to: at('2026-03-31T21:00:00Z') - 1 });
    expect(ranges.lastMonth).toEqual({ from: at('2026-01-31T22:00:00Z'), to: at('2026-02-28T22:00:00Z') - 1 });
  });

  it('keeps Sunday in the week that began on Monday', () => {
    const ranges = byId(at('2026-03-29T20:30:00Z'));
    expect(ranges.thisWeek?.from).toBe(at('2026-03-22T22:00:00Z'));
  });

  it('takes the weekday from the project time zone, not from UTC', () => {
    // Sunday 1 March in UTC, Monday 2 March 01:30 in Helsinki.
    expect(byId(at('2026-03-01T23:30:00Z')).thisWeek?.from).toBe(at('2026-03-01T22:00:00Z'));
    expect(byId(at('2026-03-01T23:30:00Z'), 'UTC').thisWeek?.from).toBe(at('2026-02-23T00:00:00Z'));
  });

  it('crosses the year', () => {
    const ranges = byId(at('2026-01-05T08:00:00Z'));
    expect(ranges.lastMonth).toEqual({ from: at('2025-11-30T22:00:00Z'), to: at('2025-12-31T22:00:00Z') - 1 });
    expect(ranges.lastTwoWeeks).toEqual({ from: at('2025-12-21T22:00:00Z'), to: at('2026-01-04T22:00:00Z') - 1 });
  });

  it('labels them with i18n keys in the spec order', () => {
    expect(quickRanges(at('2026-03-25T10:00:00Z'), helsinki).map((quick) => quick.label)).toEqual([
      'This week',
      'Last week',
      'Last 2 weeks',
      'This month',
      'Last month',
    ]);
  });
});

it('isoWeekday counts Monday as 1 and Sunday as 7', () => {
  expect(isoWeekday({ year: 2026, month: 3, day: 23 })).toBe(1);
  expect(isoWeekday({ year: 2026, month: 3, day: 29 })).toBe(7);
});
