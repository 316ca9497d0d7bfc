import { describe, expect, it } from 'vitest';
import { applyFilters, type DataFilter, parseDataFilters, type SlotSpan } from './filters.ts';

const helsinki = 'Europe/Helsinki';
const at = (iso: string) => Date.parse(iso);
const hourMs = 3_600_000;

/** Slots of `hours` each from `fromIso` for `count` slots. */
function slots(fromIso: string, hours: number, count: number): SlotSpan[] {
  return Array.from({ length: count }, (_, index) => {
    const start = at(fromIso) + index * hours * hourMs;
    return { start, end: start + hours * hourMs };
  });
}

/** Local hours (Helsinki winter time, UTC+2) of the kept slots' starts. */
const localHours = (kept: SlotSpan[]) => kept.map((slot) => (new Date(slot.start).getUTCHours() + 2) % 24);

describe('parseDataFilters', () => {
  it('keeps the valid filters of a stored list and leaves out the rest', () => {
    const valid: DataFilter[] = [
      { type: 'weekrange', hours: [{ weekday: 1, from: 8, to: 16 }] },
      { type: 'removeday', day: '2026-01-06' },
      { type: 'removerange', from: '2026-01-07T08:00:00+02:00', to: '2026-01-07T10:00:00+02:00' },
    ];
    const invalid = [
      { type: 'weekrange', hours: [{ weekday: 8, from: 8, to: 16 }] },
      { type: 'weekrange', hours: [{ weekday: 1, from: 16, to: 8 }] },
      { type: 'removeday', day: '2026-02-30' },
      { type: 'removerange', from: '2026-01-07T10:00:00Z', to: '2026-01-07T08:00:00Z' },
      { type: 'removerange', from: 'yesterday', to: 'today' },
      { type: 'nightonly' },
      'removeday',
      null,
    ];
    expect(parseDataFilters([...invalid, ...valid])).toEqual(valid);
  });
});

describe('applyFilters', () => {
  it('weekrange keeps the allowed hours of each weekday, local time', () => {
    // Monday 23 March 2026 00:00 in Helsinki is 22:00 UTC on Sunday.
    const monday = slots('2026-03-22T22:00:00Z', 1, 24);
    const kept = applyFilters(monday, [{ type: 'weekrange', hours: [{ weekday: 1, from: 8, to: 16 }] }], helsinki);
    expect(localHours(kept)).toEqual([8, 9, 10, 11, 12, 13, 14, 15]);
    const tuesdayOnly = applyFilters(
      monday,
      [{ type: 'weekrange', hours: [{ weekday: 2, from: 0, to: 24 }] }],
      helsinki,
    );
    expect(tuesdayOnly).toEqual([]);
  });

  it('weekrange keeps a longer slot that reaches into allowed hours', () => {
    const twoHours = slots('2026-03-22T22:00:00Z', 2, 12);
    const kept = applyFilters(twoHours, [{ type: 'weekrange', hours: [{ weekday: 1, from: 8, to: 16 }] }], helsinki);
    expect(localHours(kept)).toEqual([8, 10, 12, 14]);
    const week = slots('2026-03-22T22:00:00Z', 24, 7);
    const workdays = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, from: 8, to: 16 }));
    expect(applyFilters(week, [{ type: 'weekrange', hours: workdays }], helsinki)).toEqual(week.slice(0, 5));
  });

  it('weekrange reads hours by the wall clock on a daylight-saving day', () => {
    // Sunday 29 March: 00:00 UTC is 02:00 EET, 01:00 UTC is already 04:00 EEST.
    const night = slots('2026-03-29T00:00:00Z', 1, 2);
    const kept = applyFilters(night, [{ type: 'weekrange', hours: [{ weekday: 7, from: 4, to: 5 }] }], helsinki);
    expect(kept).toEqual([night[1]]);
  });

  it('weekrange reads a slot that holds the clocks going back by its wall-clock hours', () => {
    // Sunday 25 October in six-hour slots: 00:00 EEST to 06:00 EET is seven hours long.
    const bounds = ['2026-10-24T21:00:00Z', '2026-10-25T04:00:00Z', '2026-10-25T10:00:00Z'].map(at);
    const sunday = [
      { start: bounds[0] as number, end: bounds[1] as number },
      { start: bounds[1] as number, end: bounds[2] as number },
    ];
    const sixToSeven = [{ type: 'weekrange', hours: [{ weekday: 7, from: 6, to: 7 }] }] satisfies DataFilter[];
    expect(applyFilters(sunday, sixToSeven, helsinki)).toEqual([sunday[1]]);
    // The hour 03:00–04:00 EEST, after which the clock shows 03:00 again.
    const repeated = slots('2026-10-25T00:00:00Z', 1, 1);
    const threeToFour = [{ type: 'weekrange', hours: [{ weekday: 7, from: 3, to: 4 }] }] satisfies DataFilter[];
    expect(applyFilters(repeated, threeToFour, helsinki)).toEqual(repeated);
  });

  it('removeday drops every slot of a local day', () => {
    const around = slots('2026-03-22T21:00:00Z', 1, 4);
    const kept = applyFilters(around, [{ type: 'removeday', day: '2026-03-23' }], helsinki);
    expect(kept).toEqual([around[0]]);
  });

  it('removerange drops the slots that overlap it', () => {
    const morning = slots('2026-03-23T06:00:00Z', 1, 4);
    const filter: DataFilter = { type: 'removerange', from: '2026-03-23T07:30:00Z', to: '2026-03-23T09:00:00Z' };
    expect(applyFilters(morning, [filter], helsinki)).toEqual([morning[0], morning[3]]);
  });

  it('takes every filter together, and keeps everything without filters', () => {
    const monday = slots('2026-03-22T22:00:00Z', 1, 24);
    const filters: DataFilter[] = [
      { type: 'weekrange', hours: [{ weekday: 1, from: 8, to: 16 }] },
      { type: 'removerange', from: '2026-03-23T10:00:00Z', to: '2026-03-23T12:00:00Z' },
    ];
    expect(localHours(applyFilters(monday, filters, helsinki))).toEqual([8, 9, 10, 11, 14, 15]);
    expect(applyFilters(monday, [], helsinki)).toEqual(monday);
  });
});
