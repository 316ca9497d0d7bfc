import { describe, expect, it } from 'vitest';
import {
  type ClassTarget,
  classificationErrors,
  classifySeries,
  classTargetsOf,
  defaultUsageSchedule,
  holdOf,
  occupiedPieces,
  usageScheduleSchema,
} from './classification.ts';

const hour = 3_600_000;
const minute = 60_000;
const zone = 'Europe/Helsinki';
/** The shipped CO2 limits' scale (migration 0015): S1 ≤ 750, S2 ≤ 950, S3 ≤ 1200 ppm. */
const co2Scale = {
  limits: [750, 950, 1200],
  colors: ['#2b8a3e', '#5c940d', '#e67700'],
  maxcolor: '#c92a2a',
  normalMin: null,
};
const co2 = classTargetsOf([750, 950, 1200].map((normalMax) => ({ ...co2Scale, normalMax }))) as {
  targets: ClassTarget[];
  belowColor: string;
};

/** A Monday in winter (UTC+2): 8:00–16:00 local is 06:00–14:00 UTC. */
const monday = Date.parse('2026-01-12T00:00:00+02:00');

function steady(from: number, to: number, stepMs: number, value: (time: number) => number) {
  const times: number[] = [];
  for (let time = from; time < to; time += stepMs) times.push(time);
  return { times, values: times.map(value) };
}

describe('usage schedule', () => {
  it('accepts the default and tidies weekdays and holidays', () => {
    expect(usageScheduleSchema.parse(defaultUsageSchedule)).toEqual(defaultUsageSchedule);
    expect(
      usageScheduleSchema.parse({
        weekdays: [5, 1, 1],
        from: '7:30',
        to: '24:00',
        holidays: ['2026-12-24', '2026-12-06'],
      }),
    ).toEqual({ weekdays: [1, 5], from: '7:30', to: '24:00', holidays: ['2026-12-06', '2026-12-24'] });
  });

  it('refuses a day that ends before it starts, unknown weekdays, malformed times and dates, too many holidays', () => {
    const messages = (input: unknown) =>
      usageScheduleSchema.safeParse(input).error?.issues.map((issue) => issue.message);
    expect(messages({ ...defaultUsageSchedule, from: '16:00', to: '08:00' })).toEqual([
      classificationErrors.toNotAfterFrom,
    ]);
    expect(messages({ ...defaultUsageSchedule, weekdays: [0, 8] })).toContain(classificationErrors.badWeekday);
    expect(messages({ ...defaultUsageSchedule, weekdays: [] })).toEqual([classificationErrors.noWeekdays]);
    expect(messages({ ...defaultUsageSchedule, from: '25:00' })).toEqual([classificationErrors.badTime]);
    expect(messages({ ...defaultUsageSchedule, holidays: ['2026-02-30'] })).toEqual([classificationErrors.badHoliday]);
    expect(messages({ ...defaultUsageSchedule, holidays: new Array(401).fill('2026-01-01') })).toEqual([
      classificationErrors.tooManyHolidays,
    ]);
    expect(messages({ ...defaultUsageSchedule, extra: 1 })).toHaveLength(1);
  });
});

describe('occupied time', () => {
  it('is the schedule in local time, cut at hours, without weekends and holidays', () => {
    const week = occupiedPieces(
      { ...defaultUsageSchedule, holidays: ['2026-01-14'] },
      monday,
      monday + 7 * 24 * hour,
      zone,
    );
    expect(week).toHaveLength(4 * 8);
    expect(week[0]).toEqual({
      start: Date.parse('2026-01-12T06:00:00Z'),
      end: Date.parse('2026-01-12T07:00:00Z'),
      weekday: 1,
      hour: 8,
    });
    expect(week.some((piece) => piece.weekday === 3)).toBe(false);
  });

  it('follows daylight saving: 8:00 in summer is 05:00 UTC', () => {
    const summerMonday = Date.parse('2026-06-01T00:00:00+03:00');
    const [first] = occupiedPieces(defaultUsageSchedule, summerMonday, summerMonday + 24 * hour, zone);
    expect(first?.start).toBe(Date.parse('2026-06-01T05:00:00Z'));
  });

  it('cuts half hours into their hour and clips to the range', () => {
    const pieces = occupiedPieces(
      { ...defaultUsageSchedule, from: '08:30', to: '09:15' },
      monday,
      monday + 24 * hour,
      zone,
    );
    expect(pieces.map((piece) => [piece.hour, (piece.end - piece.start) / minute])).toEqual([
      [8, 30],
      [9, 15],
    ]);
    const clipped = occupiedPieces(defaultUsageSchedule, monday + 7 * hour, monday + 24 * hour, zone);
    expect(clipped.reduce((sum, piece) => sum + piece.end - piece.start, 0)).toBe(8 * hour - minute * 0 - 0);
  });
});

describe('classification of a series', () => {
  const pieces = occupiedPieces(defaultUsageSchedule, monday, monday + 5 * 24 * hour, zone);

  it('gives S1 to a space within 750 ppm all the time, its class colours from the shipped bands', () => {
    const data = steady(monday, monday + 5 * 24 * hour, 10 * minute, () => 600);
    const result = classifySeries({ ...data, pieces, targets: co2.targets, heatMapClass: 'S2' });
    expect(result).toMatchObject({
      achieved: 'S1',
      verdict: 'class',
      occupiedMs: 40 * hour,
      gapMs: 0,
      outOfClassMs: 0,
    });
    expect(co2.targets.map((target) => target.color)).toEqual(['#2b8a3e', '#5c940d', '#e67700']);
    expect(co2.belowColor).toBe('#c92a2a');
  });

  it('weighs values by the time they hold: a meter reporting often while high does not outvote the quiet hours', () => {
    // Every minute during the first hour of each day at 1000 ppm, then every 30 min at 600 ppm.
    const times: number[] = [];
    const values: number[] = [];
    for (const piece of pieces) {
      const often = piece.hour === 8;
      for (let time = piece.start; time < piece.end; time += often ? minute : 30 * minute) {
        times.push(time);
        values.push(often ? 1000 : 600);
      }
    }
    const result = classifySeries({ times, values, pieces, targets: co2.targets, heatMapClass: 'S2', holdMs: hour });
    expect(result.classes.map((entry) => Math.round(entry.share * 1000) / 1000)).toEqual([0.875, 0.875, 1]);
    expect(result).toMatchObject({ achieved: 'S3', outOfClassMs: 0 });
    expect(result.heatMap[8]).toBe(1);
    expect(result.heatMap[9]).toBe(0);
    expect(result.heatMap[5 * 24 + 8]).toBeNull();
  });

  it('counts gaps as not compliant and says when the data cannot tell', () => {
    // Values only on the first two days: three days of gaps.
    const data = steady(monday, monday + 2 * 24 * hour, 10 * minute, () => 600);
    const result = classifySeries({ ...data, pieces, targets: co2.targets, heatMapClass: 'S2' });
    expect(result.gapMs).toBe(24 * hour);
    expect(result.achieved).toBeNull();
    expect(result.verdict).toBe('insufficientData');
    expect(result.classes[0]?.share).toBeCloseTo(0.4);
  });

  it('is below S3 when too much of the occupied time is over 1200 ppm, with those hours out of class', () => {
    const data = steady(monday, monday + 5 * 24 * hour, 10 * minute, (time) => {
      const localHour = new Date(time + 2 * hour).getUTCHours();
      return localHour >= 10 && localHour < 12 ? 1400 : 700;
    });
    const result = classifySeries({ ...data, pieces, targets: co2.targets, heatMapClass: 'S2' });
    expect(result).toMatchObject({ achieved: null, verdict: 'belowS3', outOfClassMs: 10 * hour });
    expect(result.heatMap[2 * 24 + 10]).toBe(1);
    expect(result.heatMap[2 * 24 + 9]).toBe(0);
  });

  it('holds a value at most three median steps, at most an hour', () => {
    expect(holdOf([0, 10 * minute, 20 * minute, 30 * minute])).toBe(30 * minute);
    expect(holdOf([0, hour, 2 * hour])).toBe(hour);
    // A day of values every minute after three weeks of values every 10 minutes: the 10 minutes are its usual step.
    const tenMinutes = Array.from({ length: 3 * 7 * 144 }, (_, i) => i * 10 * minute);
    const start = (tenMinutes.at(-1) as number) + minute;
    const everyMinute = Array.from({ length: 1440 }, (_, i) => start + i * minute);
    expect(holdOf([...tenMinutes, ...everyMinute])).toBe(30 * minute);
    const data = { times: [monday + 8 * hour, monday + 8 * hour + 10 * minute], values: [600, 600] };
    const result = classifySeries({ ...data, pieces, targets: co2.targets, heatMapClass: 'S2' });
    expect(result.occupiedMs - result.gapMs).toBe(40 * minute);
  });

  it('has nothing to judge without occupied time', () => {
    const result = classifySeries({ times: [], values: [], pieces: [], targets: co2.targets, heatMapClass: 'S2' });
    expect(result.verdict).toBe('noOccupiedTime');
  });
});
