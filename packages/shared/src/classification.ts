import { z } from 'zod';
import { instantOfWallTime, wallDateIn } from './time-zones.ts';

/**
 * Indoor climate classification (Sisäilmastoluokitus 2018, decision 0193): a space achieves the best class whose
 * target its values meet during `requiredShare` of the occupied time. Time-weighted: a value holds until the next
 * one, at most the series' hold; time without a value is a gap, never in a class.
 */

export const classificationErrors = {
  badTime: 'Give a time as HH:MM',
  toNotAfterFrom: 'The end of the day is not after its start',
  badWeekday: 'Choose weekdays from Monday to Sunday',
  noWeekdays: 'Choose at least one weekday',
  badHoliday: 'Give a holiday as a date (YYYY-MM-DD)',
  tooManyHolidays: 'Too many holidays',
  rangeTooLong: 'The range is too long',
} as const;

export const classificationBounds = {
  holidaysMax: 400,
  /** Days one classification may cover: a year with a leap day. */
  rangeDaysMax: 366,
  /** The classification's share of occupied time the target must hold (Sisäilmastoluokitus 2018). */
  requiredShare: 0.95,
  /** The longest a value holds when its series reports slowly or stops (ms). */
  holdMaxMs: 3_600_000,
  /** A value holds at most this many of its series' usual steps (holdOf: the time-weighted median step). */
  holdSteps: 3,
} as const;

/** Classes from the best: each is a shipped limit whose normal range is the class's target. */
export const classificationClasses = ['S1', 'S2', 'S3'] as const;
export type ClassificationClass = (typeof classificationClasses)[number];

/** The measurements classified and their shipped limits' keys (packages/shared shippedNames), best class first. */
export const classifiedMeasurements = {
  CO2: ['limit.co2S1', 'limit.co2S2', 'limit.co2S3'],
  Temperature: ['limit.temperatureS1', 'limit.temperatureS2', 'limit.temperatureS3'],
} as const satisfies Record<string, readonly [string, string, string]>;
export type ClassifiedMeasurement = keyof typeof classifiedMeasurements;

const timeOfDay = z
  .string({ message: classificationErrors.badTime })
  .trim()
  .regex(/^([01]?\d|2[0-3]):[0-5]\d$|^24:00$/, { message: classificationErrors.badTime });

const isoDay = z
  .string({ message: classificationErrors.badHoliday })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: classificationErrors.badHoliday })
  .refine(
    (day) =>
      !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day),
    {
      message: classificationErrors.badHoliday,
    },
  );

/** Minutes since midnight of `HH:MM`. */
export function minutesOfTime(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours as number) * 60 + (minutes as number);
}

/** When a project's spaces are in use, in its time zone: ISO weekdays (1 Monday … 7 Sunday), a daily span, holidays. */
export const usageScheduleSchema = z
  .object({
    weekdays: z
      .array(
        z
          .number({ message: classificationErrors.badWeekday })
          .int({ message: classificationErrors.badWeekday })
          .min(1, { message: classificationErrors.badWeekday })
          .max(7, { message: classificationErrors.badWeekday }),
      )
      .min(1, { message: classificationErrors.noWeekdays })
      .max(7, { message: classificationErrors.badWeekday })
      .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
    from: timeOfDay,
    to: timeOfDay,
    holidays: z
      .array(isoDay)
      .max(classificationBounds.holidaysMax, { message: classificationErrors.tooManyHolidays })
      .transform((days) => [...new Set(days)].sort()),
  })
  .strict()
  .superRefine((schedule, context) => {
    const valid = (time: string) => timeOfDay.safeParse(time).success;
    if (valid(schedule.from) && valid(schedule.to) && minutesOfTime(schedule.to) <= minutesOfTime(schedule.from)) {
      context.addIssue({ code: 'custom', path: ['to'], message: classificationErrors.toNotAfterFrom });
    }
  });
export type UsageSchedule = z.infer<typeof usageScheduleSchema>;

export const defaultUsageSchedule: UsageSchedule = {
  weekdays: [1, 2, 3, 4, 5],
  from: '08:00',
  to: '16:00',
  holidays: [],
};

/** One hour (or its part) of occupied time: `weekday` 1–7 and `hour` 0–23 of the wall clock. */
export interface OccupiedPiece {
  start: number;
  end: number;
  weekday: number;
  hour: number;
}

/** The occupied time in `from`..`to` (epoch ms), cut at the wall clock's hours (DST-correct). */
export function occupiedPieces(schedule: UsageSchedule, from: number, to: number, timeZone: string): OccupiedPiece[] {
  const pieces: OccupiedPiece[] = [];
  const holidays = new Set(schedule.holidays);
  const weekdays = new Set(schedule.weekdays);
  const first = wallDateIn(new Date(from), timeZone);
  const startMinute = minutesOfTime(schedule.from);
  const endMinute = minutesOfTime(schedule.to);
  for (let offset = 0; ; offset++) {
    const midnight = Date.UTC(first.year, first.month - 1, first.day + offset);
    if (instantOfWallTime(midnight, timeZone).getTime() >= to) break;
    const isoWeekday = ((new Date(midnight).getUTCDay() + 6) % 7) + 1;
    if (!weekdays.has(isoWeekday) || holidays.has(new Date(midnight).toISOString().slice(0, 10))) continue;
    for (let minute = startMinute; minute < endMinute; minute = (Math.floor(minute / 60) + 1) * 60) {
      const next = Math.min(endMinute, (Math.floor(minute / 60) + 1) * 60);
      const start = Math.max(from, instantOfWallTime(midnight + minute * 60_000, timeZone).getTime());
      const end = Math.min(to, instantOfWallTime(midnight + next * 60_000, timeZone).getTime());
      if (end > start) pieces.push({ start, end, weekday: isoWeekday, hour: Math.floor(minute / 60) });
    }
  }
  return pieces;
}

/**
 * How long a value holds (ms): `holdSteps` of the series' usual step, at most `holdMaxMs`. The usual step is the
 * time-weighted median (the step length covering half the time between values), so a meter that reported every
 * minute for a day and every 10 minutes for weeks is judged by its 10 minutes: counting steps, the day's 1,440 short
 * ones would outvote the weeks and leave most of the range as gaps.
 */
export function holdOf(times: readonly number[]): number {
  const steps: number[] = [];
  let total = 0;
  for (let index = 1; index < times.length; index++) {
    const step = (times[index] as number) - (times[index - 1] as number);
    steps.push(step);
    total += step;
  }
  if (steps.length === 0 || total <= 0) return classificationBounds.holdMaxMs;
  steps.sort((a, b) => a - b);
  let covered = 0;
  let usual = steps.at(-1) as number;
  for (const step of steps) {
    covered += step;
    if (covered >= total / 2) {
      usual = step;
      break;
    }
  }
  return Math.min(classificationBounds.holdMaxMs, Math.max(60_000, classificationBounds.holdSteps * usual));
}

/** A class's target: its shipped limit's normal range (bounds included, null open). */
export interface ClassTarget {
  key: ClassificationClass;
  min: number | null;
  max: number | null;
  color: string;
}

export type ClassificationVerdict = 'class' | 'belowS3' | 'insufficientData' | 'noOccupiedTime';

export interface ClassificationResult {
  /** The best class met during the required share of occupied time; null when none is. */
  achieved: ClassificationClass | null;
  verdict: ClassificationVerdict;
  occupiedMs: number;
  /** Occupied time without a value. */
  gapMs: number;
  /** Per class: occupied time within its target and its share of the occupied time (gaps count as out). */
  classes: Array<{ key: ClassificationClass; inMs: number; share: number }>;
  /** Occupied time with a value outside the achieved class's target (S3's when none is achieved). */
  outOfClassMs: number;
  /**
   * 168 cells, weekday × 24 + hour (weekday 0 Monday … 6 Sunday, local hour 0–23): the share of the occupied time
   * with a value that is outside `heatMapClass`; null: no occupied time with a value.
   */
  heatMap: Array<number | null>;
}

const add = (sums: number[], at: number, amount: number) => {
  sums[at] = (sums[at] ?? 0) + amount;
};

const within = (target: ClassTarget, value: number) =>
  (target.min === null || value >= target.min) && (target.max === null || value <= target.max);

/**
 * Classifies one series: `times` ascending epoch ms with their `values`, including the last value before the occupied
 * range if it may hold into it. `targets` best class first; `heatMapClass` the target the heat map counts time outside.
 */
export function classifySeries(input: {
  times: readonly number[];
  values: readonly number[];
  pieces: readonly OccupiedPiece[];
  targets: readonly ClassTarget[];
  heatMapClass: ClassificationClass;
  holdMs?: number;
}): ClassificationResult {
  const { times, values, pieces, targets } = input;
  const hold = input.holdMs ?? holdOf(times);
  const inMs = targets.map(() => 0);
  const heatOut = new Array<number>(7 * 24).fill(0);
  const heatCovered = new Array<number>(7 * 24).fill(0);
  const outByTarget = targets.map(() => 0);
  const heatTarget = targets.find((target) => target.key === input.heatMapClass) ?? targets[targets.length - 1];
  let occupiedMs = 0;
  let coveredMs = 0;
  let first = 0;
  for (const piece of pieces) {
    occupiedMs += piece.end - piece.start;
    const cell = (piece.weekday - 1) * 24 + piece.hour;
    // The value that may hold into the piece: the last at or before its start.
    while (first + 1 < times.length && (times[first + 1] as number) <= piece.start) first++;
    for (let index = first; index < times.length && (times[index] as number) < piece.end; index++) {
      const time = times[index] as number;
      const next = index + 1 < times.length ? (times[index + 1] as number) : Number.POSITIVE_INFINITY;
      const start = Math.max(piece.start, time);
      const end = Math.min(piece.end, next, time + hold);
      if (end <= start) continue;
      const span = end - start;
      const value = values[index] as number;
      coveredMs += span;
      add(heatCovered, cell, span);
      targets.forEach((target, at) => {
        add(within(target, value) ? inMs : outByTarget, at, span);
      });
      if (heatTarget && !within(heatTarget, value)) add(heatOut, cell, span);
    }
  }
  const gapMs = occupiedMs - coveredMs;
  const achievedAt = targets.findIndex(
    (_, at) => occupiedMs > 0 && (inMs[at] as number) >= classificationBounds.requiredShare * occupiedMs,
  );
  const last = targets.length - 1;
  let verdict: ClassificationVerdict = 'class';
  if (occupiedMs === 0) verdict = 'noOccupiedTime';
  else if (achievedAt < 0) {
    // Had the gaps been in class, the lowest class would be met: the data cannot tell.
    verdict =
      (inMs[last] as number) + gapMs >= classificationBounds.requiredShare * occupiedMs
        ? 'insufficientData'
        : 'belowS3';
  }
  return {
    achieved: achievedAt >= 0 ? (targets[achievedAt] as ClassTarget).key : null,
    verdict,
    occupiedMs,
    gapMs,
    classes: targets.map((target, at) => ({
      key: target.key,
      inMs: inMs[at] as number,
      share: occupiedMs > 0 ? (inMs[at] as number) / occupiedMs : 0,
    })),
    outOfClassMs: (outByTarget[achievedAt >= 0 ? achievedAt : last] as number) ?? 0,
    heatMap: heatOut.map((out, cell) => {
      const covered = heatCovered[cell] as number;
      return covered > 0 ? out / covered : null;
    }),
  };
}

/**
 * The class targets of a measurement from its shipped limits (best class first): the normal range, and the colour of
 * the band that ends at the range's top (below S3: the limit's colour above its last band).
 */
export function classTargetsOf(
  limits: ReadonlyArray<{
    normalMin: number | null;
    normalMax: number | null;
    limits: number[];
    colors: string[];
    maxcolor: string;
  }>,
): { targets: ClassTarget[]; belowColor: string } | null {
  if (limits.length !== classificationClasses.length) return null;
  const targets = limits.map((limit, at) => {
    const top = limit.normalMax;
    const band = top === null ? -1 : limit.limits.findIndex((edge) => edge >= top);
    const color = band >= 0 ? (limit.colors[band] ?? limit.maxcolor) : limit.maxcolor;
    return { key: classificationClasses[at] as ClassificationClass, min: limit.normalMin, max: limit.normalMax, color };
  });
  return { targets, belowColor: (limits[limits.length - 1] as { maxcolor: string }).maxcolor };
}

/** A classification's range: `to` after `from`, at most `rangeDaysMax` days. */
export const classificationQueryInput = z
  .object({ projectId: z.number().int().positive(), from: z.date(), to: z.date() })
  .superRefine((input, context) => {
    if (input.to.getTime() <= input.from.getTime()) {
      context.addIssue({ code: 'custom', path: ['to'], message: 'The end is before the start' });
    } else if (input.to.getTime() - input.from.getTime() > classificationBounds.rangeDaysMax * 86_400_000) {
      context.addIssue({ code: 'custom', path: ['to'], message: classificationErrors.rangeTooLong });
    }
  });
