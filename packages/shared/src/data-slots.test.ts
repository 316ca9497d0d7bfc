import { describe, expect, it } from 'vitest';
import { isValidSlotSeconds, parseDataPeriod, periodEnded, periodOf, periodSlots } from './data-slots.ts';

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

const slotLengths = [60, 900, 2700, 3600, 4320, 5400, 7200, 10_800, 14_400, 21_600, 28_800, 43_200, 86_400];

/** The wall clock of a zone as Intl gives it, minute by minute: the computation the code under test is checked against. */
function wallMinutes(timeZone: string, fromSeconds: number, toSeconds: number, stepSeconds = 60) {
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  });
  const minutes: Array<{ instant: number; date: string; secondOfDay: number }> = [];
  for (let instant = fromSeconds; instant < toSeconds; instant += stepSeconds) {
    const parts = Object.fromEntries(format.formatToParts(new Date(instant * 1000)).map((p) => [p.type, p.value]));
    minutes.push({
      instant,
      date: `${Number(parts.year)}-${Number(parts.month)}-${Number(parts.day)}`,
      secondOfDay: Number(parts.hour) * 3600 + Number(parts.minute) * 60,
    });
  }
  return minutes;
}

const dayMinutesKept = new Map<string, ReturnType<typeof wallMinutes>>();

/** The minutes of a local day of 2026. */
function dayMinutes(timeZone: string, day: { month: number; day: number }) {
  const key = `${timeZone}|${day.month}|${day.day}`;
  let minutes = dayMinutesKept.get(key);
  if (!minutes) {
    const noon = Date.UTC(2026, day.month - 1, day.day, 12) / 1000;
    minutes = wallMinutes(timeZone, noon - 86_400, noon + 86_400).filter(
      (minute) => minute.date === `2026-${day.month}-${day.day}`,
    );
    dayMinutesKept.set(key, minutes);
  }
  return minutes;
}

function nextMidnight(timeZone: string, day: { month: number; day: number }): number {
  return (dayMinutes(timeZone, day).at(-1)?.instant as number) + 60;
}

/**
 * Slots of up to an hour from midnight by elapsed time; longer ones at the first minute whose wall
 * clock shows a multiple of their length or later.
 */
function expectedStarts(timeZone: string, day: { month: number; day: number }, slot: number): number[] {
  const minutes = dayMinutes(timeZone, day);
  const midnight = minutes[0]?.instant as number;
  const end = midnight + minutes.length * 60;
  const starts: number[] = [];
  if (slot <= 3600) {
    for (let start = midnight; start < end; start += slot) starts.push(start);
    return starts;
  }
  for (let wall = 0; wall < 86_400; wall += slot) {
    const start = minutes.find((minute) => minute.secondOfDay >= wall)?.instant;
    if (start !== undefined) starts.push(start);
  }
  return starts;
}

/** The days of `year` whose length is not 24 hours, found half-hour by half-hour in the months they may lie in. */
function dstDays(timeZone: string, year: number): Array<{ month: number; day: number }> {
  const days: Array<{ month: number; day: number }> = [];
  for (const month of [3, 4, 10, 11]) {
    const byDate = new Map<string, number>();
    const from = Date.UTC(year, month - 1, 1) / 1000 - 86_400;
    for (const minute of wallMinutes(timeZone, from, Date.UTC(year, month, 1) / 1000 + 86_400, 1800)) {
      byDate.set(minute.date, (byDate.get(minute.date) ?? 0) + 1);
    }
    for (const [date, count] of byDate) {
      const [, m, d] = date.split('-').map(Number) as [number, number, number];
      if (count !== 48 && m === month) days.push({ month: m, day: d });
    }
  }
  return days;
}

describe('data periods and slots', () => {
  it('reads months and days, and refuses dates that do not exist', () => {
    expect(parseDataPeriod('2026-03')).toEqual({ year: 2026, month: 3, day: null });
    expect(parseDataPeriod('2026-03-29')).toEqual({ year: 2026, month: 3, day: 29 });
    for (const bad of ['2026-13', '2026-02-30', '2026-3', '2026-03-29T00', 'march', '']) {
      expect(parseDataPeriod(bad)).toBeNull();
    }
  });

  it('takes slot lengths that divide a day, from a minute to a day', () => {
    expect([60, 120, 600, 1200, 3600, 7200, 86_400].every(isValidSlotSeconds)).toBe(true);
    expect([0, 59, 700, 3601, 172_800, 1.5, Number.NaN].some(isValidSlotSeconds)).toBe(false);
  });

  it('cuts a Helsinki month into hours from its local midnight', () => {
    const november = periodSlots({ year: 2026, month: 11, day: null }, 'Europe/Helsinki', 3600);
    expect(iso(november.from)).toBe('2026-10-31T22:00:00.000Z');
    expect(iso(november.to)).toBe('2026-11-30T22:00:00.000Z');
    expect(november.starts).toHaveLength(30 * 24);
    expect(november.hourAligned).toBe(true);
  });

  it('gives the spring-forward day 23 hours and the fall-back day 25', () => {
    const spring = periodSlots({ year: 2026, month: 3, day: 29 }, 'Europe/Helsinki', 3600);
    expect(spring.starts).toHaveLength(23);
    expect(iso(spring.from)).toBe('2026-03-28T22:00:00.000Z');
    expect(iso(spring.to)).toBe('2026-03-29T21:00:00.000Z');
    const autumn = periodSlots({ year: 2026, month: 10, day: 25 }, 'Europe/Helsinki', 3600);
    expect(autumn.starts).toHaveLength(25);
  });

  it('gives every day of a month one day slot, its 23-hour and 25-hour days too', () => {
    for (const month of [3, 10]) {
      const days = periodSlots({ year: 2026, month, day: null }, 'Europe/Helsinki', 86_400);
      expect(days.starts).toHaveLength(31);
      expect(days.hourAligned).toBe(true);
    }
    const autumn = periodSlots({ year: 2026, month: 10, day: 25 }, 'Europe/Helsinki', 86_400);
    expect(autumn.starts).toEqual([autumn.from]);
    expect(autumn.to - autumn.from).toBe(25 * 3600);
  });

  it.each([
    ['Europe/Helsinki', [23, 25]],
    ['America/New_York', [23, 25]],
    // Clocks there change by half an hour.
    ['Australia/Lord_Howe', [24.5, 23.5]],
  ] as const)('cuts both daylight-saving days of %s as their wall clock shows them', (timeZone, hours) => {
    const days = dstDays(timeZone, 2026);
    expect(days.map((day) => dayMinutes(timeZone, day).length / 60)).toEqual(hours);
    for (const day of days) {
      const period = { year: 2026, month: day.month, day: day.day };
      for (const slot of slotLengths) {
        const slots = periodSlots(period, timeZone, slot);
        expect({ slot, starts: slots.starts.map(iso), to: iso(slots.to) }).toEqual({
          slot,
          starts: expectedStarts(timeZone, day, slot).map(iso),
          to: iso(nextMidnight(timeZone, day)),
        });
      }
    }
  });

  it('knows when whole-hour slots are not whole UTC hours', () => {
    expect(periodSlots({ year: 2026, month: 11, day: 1 }, 'Asia/Kolkata', 3600).hourAligned).toBe(false);
  });

  it('tells ended periods from the current one by the local clock', () => {
    const now = Date.parse('2026-11-30T22:30:00Z'); // 00:30 on 1 December in Helsinki
    expect(periodEnded({ year: 2026, month: 11, day: null }, 'Europe/Helsinki', now)).toBe(true);
    expect(periodEnded({ year: 2026, month: 11, day: null }, 'UTC', now)).toBe(false);
    expect(periodOf(now, 'Europe/Helsinki', true)).toEqual({ year: 2026, month: 12, day: 1 });
  });
});
