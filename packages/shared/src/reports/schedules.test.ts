import { describe, expect, it } from 'vitest';
import { nextScheduleTime, reportScheduleInputSchema } from './schedules.ts';

const zone = 'Europe/Helsinki';
const weekly = { frequency: 'weekly' as const, weekday: 1, monthDay: null, hour: 7, minute: 0 };
const monthly = { frequency: 'monthly' as const, weekday: null, monthDay: null, hour: 6, minute: 30 };

describe("a schedule's next due time", () => {
  it('is the next Monday 07:00 in the zone, the same wall time on both sides of the spring DST change', () => {
    // Sunday 29 March 2026 is the change (UTC+2 to UTC+3).
    expect(nextScheduleTime(weekly, new Date('2026-03-23T05:00:00Z'), zone).toISOString()).toBe(
      '2026-03-30T04:00:00.000Z',
    );
    expect(nextScheduleTime(weekly, new Date('2026-03-16T04:59:00Z'), zone).toISOString()).toBe(
      '2026-03-16T05:00:00.000Z',
    );
    // On Monday after 07:00 local: a week later.
    expect(nextScheduleTime(weekly, new Date('2026-03-16T05:00:00Z'), zone).toISOString()).toBe(
      '2026-03-23T05:00:00.000Z',
    );
  });

  it("is the month's last day, 28 or 29 in February, or a day of the month", () => {
    expect(nextScheduleTime(monthly, new Date('2026-02-01T00:00:00Z'), zone).toISOString()).toBe(
      '2026-02-28T04:30:00.000Z',
    );
    expect(nextScheduleTime(monthly, new Date('2028-02-10T00:00:00Z'), zone).toISOString()).toBe(
      '2028-02-29T04:30:00.000Z',
    );
    expect(nextScheduleTime(monthly, new Date('2026-03-31T04:30:00Z'), zone).toISOString()).toBe(
      '2026-04-30T03:30:00.000Z',
    );
    const fifth = { ...monthly, monthDay: 5 };
    expect(nextScheduleTime(fifth, new Date('2026-12-06T00:00:00Z'), zone).toISOString()).toBe(
      '2027-01-05T04:30:00.000Z',
    );
  });
});

describe('the schedule input', () => {
  it('keeps the day its frequency uses, lower-cases and dedupes addresses, and needs a recipient', () => {
    const parsed = reportScheduleInputSchema.parse({
      frequency: 'monthly',
      weekday: 3,
      monthDay: 15,
      hour: 7,
      minute: 0,
      language: 'sv',
      addresses: ['A@Example.com', 'a@example.com'],
    });
    expect(parsed).toMatchObject({ weekday: null, monthDay: 15, addresses: ['a@example.com'], enabled: true });
    const empty = reportScheduleInputSchema.safeParse({
      frequency: 'weekly',
      weekday: 1,
      hour: 7,
      minute: 0,
      language: 'fi',
    });
    expect(empty.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['addresses', 'Add a recipient'],
    ]);
    const tooMany = reportScheduleInputSchema.safeParse({
      frequency: 'weekly',
      weekday: 1,
      hour: 24,
      minute: 0,
      language: 'fi',
      addresses: Array.from({ length: 21 }, (_, index) => `r${index}@example.com`),
    });
    expect(tooMany.error?.issues.map((issue) => issue.message)).toEqual(['Out of range', 'Too many addresses']);
  });
});
