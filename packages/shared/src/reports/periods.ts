import { z } from 'zod';
import { instantOfWallTime, wallDateIn } from '../time-zones.ts';

/**
 * A report's rolling period (decision 0199): instead of a fixed range, the latest whole week (Monday to Monday),
 * month, quarter or the last N whole days before today, all in the project's time zone. Its range moves with the
 * clock, so the public link, the PDF and a scheduled mail always show the latest whole period.
 */
export const reportPeriodKinds = ['previousWeek', 'previousMonth', 'previousQuarter', 'lastDays'] as const;
export type ReportPeriodKind = (typeof reportPeriodKinds)[number];

/** The longest "last N days": a year and a leap day, the longest range a report's data requests cover well. */
export const reportPeriodDaysMax = 366;

export const reportPeriodSchema = z
  .object({
    kind: z.enum(reportPeriodKinds),
    /** Whole days ending at today's midnight; only for `lastDays`, 1–366. */
    days: z
      .number()
      .int({ message: 'Give whole days' })
      .min(1, { message: 'Give whole days' })
      .max(reportPeriodDaysMax, { message: 'At most 366 days' })
      .nullable()
      .default(null),
  })
  .strict()
  .superRefine((period, context) => {
    if (period.kind === 'lastDays' && period.days === null) {
      context.addIssue({ code: 'custom', path: ['days'], message: 'Give whole days' });
    }
  })
  .transform((period) => ({ kind: period.kind, days: period.kind === 'lastDays' ? period.days : null }));
export type ReportPeriod = z.output<typeof reportPeriodSchema>;

/** A range as instants: `from` inclusive, `to` exclusive (the next period's start). */
export interface PeriodRange {
  from: Date;
  to: Date;
}

/** Midnight of a wall-clock date in the zone; the date may overflow (day 0, month 13), as Date.UTC allows. */
function midnight(year: number, month: number, day: number, timeZone: string): Date {
  return instantOfWallTime(Date.UTC(year, month - 1, day), timeZone);
}

/**
 * The latest whole period before `now` in `timeZone`: on Monday 2 March the previous week is 23 Feb 00:00 – 2 Mar
 * 00:00 local, the previous month February, the previous quarter October–December; the last 7 days end at today's
 * midnight. A day of a DST change is 23 or 25 hours long, so the range is built from wall-clock midnights.
 */
export function latestWholePeriod(period: ReportPeriod, now: Date, timeZone: string): PeriodRange {
  const today = wallDateIn(now, timeZone);
  switch (period.kind) {
    case 'previousWeek': {
      // Monday is day 1 (ISO 8601), as Finnish and Swedish calendars start the week.
      const weekday = new Date(Date.UTC(today.year, today.month - 1, today.day)).getUTCDay() || 7;
      const thisMonday = today.day - (weekday - 1);
      return {
        from: midnight(today.year, today.month, thisMonday - 7, timeZone),
        to: midnight(today.year, today.month, thisMonday, timeZone),
      };
    }
    case 'previousMonth':
      return {
        from: midnight(today.year, today.month - 1, 1, timeZone),
        to: midnight(today.year, today.month, 1, timeZone),
      };
    case 'previousQuarter': {
      const quarterStartMonth = today.month - ((today.month - 1) % 3);
      return {
        from: midnight(today.year, quarterStartMonth - 3, 1, timeZone),
        to: midnight(today.year, quarterStartMonth, 1, timeZone),
      };
    }
    case 'lastDays': {
      const days = Math.min(Math.max(1, period.days ?? 1), reportPeriodDaysMax);
      return {
        from: midnight(today.year, today.month, today.day - days, timeZone),
        to: midnight(today.year, today.month, today.day, timeZone),
      };
    }
  }
}

/**
 * The range a report shows: its fixed range, or the latest whole period of its rolling one. Callers pass `now` so one
 * request (a page, a PDF, a mail) uses one range throughout.
 */
export function reportRange(
  report: { from: Date; to: Date; period: ReportPeriod | null },
  now: Date,
  timeZone: string,
): PeriodRange {
  return report.period ? latestWholePeriod(report.period, now, timeZone) : { from: report.from, to: report.to };
}

/** A stable key of a period's range, e.g. for "sent once per period": `2026-02-01T00:00:00.000Z/2026-03-01T…`. */
export function periodKey(range: PeriodRange): string {
  return `${range.from.toISOString()}/${range.to.toISOString()}`;
}
