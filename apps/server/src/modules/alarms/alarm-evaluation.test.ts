import { describe, expect, it } from 'vitest';
import {
  type AlarmDuration,
  type AlarmEvent,
  type AlarmRule,
  type AlarmState,
  addAlarmDuration,
  alarmConditionHolds,
  evaluateAlarm,
  evaluateMissingData,
  idleAlarmState,
  inQuietBand,
  missingDataArrived,
  quietBand,
} from './alarm-evaluation.ts';

const minute = 60_000;
const t0 = Date.parse('2026-11-02T08:00:00Z');
const duration = (parts: Partial<AlarmDuration>): AlarmDuration => ({
  years: 0,
  months: 0,
  days: 0,
  hours: 0,
  minutes: 0,
  seconds: 0,
  ...parts,
});
/** Above 25 (25 itself is fine): an outside alarm on an open range ending at 25 inclusive. */
const above25: AlarmRule = {
  start: null,
  end: { value: 25, inclusive: true },
  inside: false,
  duration: null,
  repeatAfter: null,
  hysteresis: null,
};

/** Runs readings given as [minutes after t0, value] and writes the events as [kind, minute, ...]. */
function run(rule: AlarmRule, readings: Array<[number, number]>, state: AlarmState = idleAlarmState) {
  const events: Array<Array<string | number>> = [];
  let current = state;
  for (const [at, value] of readings) {
    const result = evaluateAlarm(rule, current, { time: t0 + at * minute, value });
    current = result.state;
    for (const event of result.events) events.push(describeEvent(event));
  }
  return { events, state: current };
}

function describeEvent(event: AlarmEvent): Array<string | number> {
  const at = (time: number) => (time - t0) / minute;
  if (event.kind === 'ended') return ['ended', at(event.time), event.value, event.peak, event.lastedMs / minute];
  return [event.kind, at(event.time), event.value];
}

describe('evaluateAlarm', () => {
  it.each<[string, Partial<AlarmRule>, Array<[number, number]>, Array<Array<string | number>>]>([
    ['an inclusive end: the bound itself is in range, so no alarm', {}, [[0, 25]], []],
    ['an inclusive end: just past it triggers at once', {}, [[0, 25.01]], [['triggered', 0, 25.01]]],
    [
      'an exclusive end: the bound itself is out of range and triggers',
      { end: { value: 25, inclusive: false } },
      [[0, 25]],
      [['triggered', 0, 25]],
    ],
    [
      'an exclusive start of an outside alarm: the bound triggers, above it does not',
      { start: { value: 10, inclusive: false }, end: null },
      [
        [0, 11],
        [1, 10],
      ],
      [['triggered', 1, 10]],
    ],
    [
      'a closed range, outside: below the start and above the end both trigger',
      { start: { value: 18, inclusive: true }, end: { value: 25, inclusive: true } },
      [
        [0, 17.9],
        [1, 20],
        [2, 26],
      ],
      [
        ['triggered', 0, 17.9],
        ['ended', 1, 20, 17.9, 1],
        ['triggered', 2, 26],
      ],
    ],
    [
      'inside a range: triggers within it, ends outside it',
      { start: { value: 1000, inclusive: true }, end: { value: 5000, inclusive: false }, inside: true },
      [
        [0, 999],
        [1, 1000],
        [2, 1400],
        [3, 5000],
      ],
      [
        ['triggered', 1, 1000],
        ['ended', 3, 5000, 1400, 2],
      ],
    ],
    [
      'no bounds at all, inside: every reading is in range',
      { start: null, end: null, inside: true },
      [[0, -40]],
      [['triggered', 0, -40]],
    ],
    [
      'a duration: the condition must hold on every reading for 10 minutes',
      { duration: duration({ minutes: 10 }) },
      [
        [0, 26],
        [5, 27],
        [9, 26],
        [10, 26],
      ],
      [['triggered', 10, 26]],
    ],
    [
      'a duration: a reading back in range starts the wait again',
      { duration: duration({ minutes: 10 }) },
      [
        [0, 26],
        [5, 24],
        [8, 26],
        [15, 26],
        [18, 27],
      ],
      [['triggered', 18, 27]],
    ],
    [
      'repeat: notified again each hour while the condition lasts, not between',
      { repeatAfter: duration({ hours: 1 }) },
      [
        [0, 26],
        [30, 26],
        [60, 27],
        [90, 28],
        [125, 26],
        [130, 20],
      ],
      [
        ['triggered', 0, 26],
        ['repeated', 60, 27],
        ['repeated', 125, 26],
        ['ended', 130, 20, 28, 130],
      ],
    ],
    [
      'hysteresis: the episode lasts until the value is a margin back inside',
      { hysteresis: 1 },
      [
        [0, 26],
        [1, 24.5],
        [2, 24],
        [3, 23.9],
        [4, 25.5],
      ],
      [
        ['triggered', 0, 26],
        // 24 is back by the margin, as 25 itself is in range (inclusive).
        ['ended', 2, 24, 26, 2],
        // A new episode starts just past the bound: the margin holds only while one is open.
        ['triggered', 4, 25.5],
      ],
    ],
    [
      'hysteresis, inside: the episode lasts until the value is a margin outside',
      { start: { value: 10, inclusive: true }, end: { value: 20, inclusive: true }, inside: true, hysteresis: 2 },
      [
        [0, 15],
        [1, 21],
        [2, 8.5],
        [3, 7.9],
      ],
      [
        ['triggered', 0, 15],
        ['ended', 3, 7.9, 21, 3],
      ],
    ],
    [
      'the end says how long the episode lasted and its peak, the value farthest outside',
      { start: { value: 18, inclusive: true } },
      [
        [0, 26],
        [10, 29],
        [20, 27],
        [30, 25],
      ],
      [
        ['triggered', 0, 26],
        ['ended', 30, 25, 29, 30],
      ],
    ],
  ])('%s', (_name, overrides, readings, expected) => {
    expect(run({ ...above25, ...overrides }, readings).events).toEqual(expected);
  });

  it('carries a pending duration and an open episode over a restart through its state', () => {
    const rule = { ...above25, duration: duration({ minutes: 10 }), repeatAfter: duration({ minutes: 30 }) };
    // Stopped after two readings of a pending run, the state (as persisted) is all that is kept.
    const before = run(rule, [
      [0, 26],
      [6, 26],
    ]);
    expect(before.events).toEqual([]);
    const persisted = JSON.parse(JSON.stringify(before.state)) as AlarmState;
    const after = run(
      rule,
      [
        [10, 26],
        [20, 26],
        [40, 26],
      ],
      persisted,
    );
    // It triggers 10 minutes after the first reading, and repeats from that notification, not from the restart.
    expect(after.events).toEqual([
      ['triggered', 10, 26],
      ['repeated', 40, 26],
    ]);
  });
});

describe('quietBand', () => {
  const bound = (value: number, inclusive: boolean) => ({ value, inclusive });
  const rule = (parts: Partial<AlarmRule>): AlarmRule => ({ ...above25, ...parts });
  /** Bounds and values on a grid of halves, so that values fall on the bounds often. */
  const grid = Array.from({ length: 41 }, (_, index) => index / 2 - 10);

  it('holds the values that no idle rule triggers on: a high and a low alarm leave the range between them', () => {
    const band = quietBand([rule({ start: null, end: bound(25, true) }), rule({ start: bound(15, false), end: null })]);
    expect([14.9, 15, 15.1, 25, 25.1].map((value) => inQuietBand(band, value))).toEqual([
      false,
      false,
      true,
      true,
      false,
    ]);
    // An inside alarm on 18 to 20 leaves the wider part: above it.
    const withInside = quietBand([
      rule({ start: bound(15, true), end: bound(25, true) }),
      rule({ inside: true, start: bound(18, true), end: bound(20, false) }),
    ]);
    expect([17.9, 18, 19.9, 20, 25, 25.1].map((value) => inQuietBand(withInside, value))).toEqual([
      false,
      false,
      false,
      true,
      true,
      false,
    ]);
    // An inside alarm with no bounds holds everywhere; no rules, nothing holds.
    expect(grid.some((value) => inQuietBand(quietBand([rule({ inside: true, start: null, end: null })]), value))).toBe(
      false,
    );
    expect(grid.every((value) => inQuietBand(quietBand([]), value))).toBe(true);
  });

  it('never holds a value on which one of the rules would trigger (random rule sets)', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)] as T;
    const someBound = () => (random() < 0.2 ? null : bound(pick(grid), random() < 0.5));
    for (let set = 0; set < 2000; set++) {
      const rules = Array.from({ length: 1 + Math.floor(random() * 5) }, () =>
        rule({ inside: random() < 0.3, start: someBound(), end: someBound() }),
      );
      const band = quietBand(rules);
      for (const value of grid) {
        if (inQuietBand(band, value)) {
          expect(rules.filter((candidate) => alarmConditionHolds(candidate, value, false))).toEqual([]);
        }
      }
    }
  });
});

describe('missing data', () => {
  const rule = { missingAfter: duration({ hours: 2 }), repeatAfter: duration({ hours: 6 }) };
  /** Checks at the given minutes after t0 of a series last heard of at t0, then a reading at `readingAt`; events as [kind, minute]. */
  function watch(checks: number[], readingAt?: number, repeatAfter: AlarmDuration | null = rule.repeatAfter) {
    const events: Array<Array<string | number>> = [];
    let state = idleAlarmState;
    for (const at of checks) {
      const result = evaluateMissingData({ ...rule, repeatAfter }, state, t0, t0 + at * minute);
      state = result.state;
      for (const event of result.events) events.push([event.kind, (event.time - t0) / minute]);
    }
    if (readingAt !== undefined) {
      for (const event of missingDataArrived(state, { time: t0 + readingAt * minute, value: 21 }).events) {
        events.push(['ended', (event.time - t0) / minute, event.kind === 'ended' ? event.lastedMs / minute : 0]);
      }
    }
    return events;
  }

  it.each<[string, number[], number | undefined, AlarmDuration | null, Array<Array<string | number>>]>([
    ['silent for less than the time: nothing', [60, 119], undefined, rule.repeatAfter, []],
    [
      'silent for the time: an episode dated when it ran out',
      [60, 125],
      undefined,
      rule.repeatAfter,
      [['triggered', 120]],
    ],
    ['checked again while open: nothing more', [125, 126, 300], undefined, rule.repeatAfter, [['triggered', 120]]],
    [
      'repeats every repeatAfter from its last notification',
      [125, 485, 840, 845],
      undefined,
      rule.repeatAfter,
      [
        ['triggered', 120],
        ['repeated', 485],
        ['repeated', 845],
      ],
    ],
    ['no repeats without repeatAfter', [125, 845], undefined, null, [['triggered', 120]]],
    [
      'a reading ends it, with how long it lasted',
      [125],
      150,
      rule.repeatAfter,
      [
        ['triggered', 120],
        ['ended', 150, 30],
      ],
    ],
    ['a reading with no open episode sets off nothing', [60], 90, rule.repeatAfter, []],
  ])('%s', (_name, checks, readingAt, repeatAfter, expected) => {
    expect(watch(checks, readingAt, repeatAfter)).toEqual(expected);
  });
});

describe('addAlarmDuration', () => {
  it('steps years and months by the calendar and the rest by elapsed time', () => {
    const at = (iso: string) => Date.parse(iso);
    expect(addAlarmDuration(at('2026-01-31T10:00:00Z'), duration({ months: 1 }))).toBe(at('2026-02-28T10:00:00Z'));
    expect(addAlarmDuration(at('2028-02-29T00:00:00Z'), duration({ years: 1 }))).toBe(at('2029-02-28T00:00:00Z'));
    expect(addAlarmDuration(at('2026-12-15T00:00:00Z'), duration({ months: 2, days: 1 }))).toBe(
      at('2027-02-16T00:00:00Z'),
    );
    // Across Helsinki's autumn change a day is still 24 hours.
    expect(addAlarmDuration(at('2026-10-24T12:00:00Z'), duration({ days: 1, hours: 1, minutes: 1, seconds: 1 }))).toBe(
      at('2026-10-25T13:01:01Z'),
    );
  });
});
