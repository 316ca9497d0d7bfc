import { z } from 'zod';
import { emailSchema } from '../accounts.ts';
import { languages } from '../languages.ts';
import { instantOfWallTime, wallDateIn } from '../time-zones.ts';

/**
 * A report's mailing schedule (decision 0196): weekly on a weekday or monthly on a day (or the last day), at a time
 * of the project's time zone; each due time mails the report's latest whole period once to its recipients.
 */
export const reportScheduleBounds = {
  /** Schedules of one report. */
  perReport: 5,
  /** Project members one schedule mails. */
  membersMax: 50,
  /** Outside addresses one schedule mails. */
  addressesMax: 20,
} as const;

export const reportScheduleFrequencies = ['weekly', 'monthly'] as const;
export type ReportScheduleFrequency = (typeof reportScheduleFrequencies)[number];

const int = (min: number, max: number) =>
  z
    .number({ message: 'Required' })
    .int({ message: 'Give a whole number' })
    .min(min, { message: 'Out of range' })
    .max(max, { message: 'Out of range' });

/** What a report admin sets; `weekday` 1–7 (Monday 1) for weekly, `monthDay` 1–28 or null (the last day) for monthly. */
export const reportScheduleInputSchema = z
  .object({
    frequency: z.enum(reportScheduleFrequencies, { message: 'Required' }),
    weekday: int(1, 7)
      .nullish()
      .transform((value) => value ?? null),
    monthDay: int(1, 28)
      .nullish()
      .transform((value) => value ?? null),
    hour: int(0, 23),
    minute: int(0, 59),
    enabled: z.boolean().default(true),
    language: z.enum(languages, { message: 'Required' }),
    memberIds: z
      .array(z.string().uuid({ message: 'Invalid id' }))
      .max(reportScheduleBounds.membersMax, { message: 'Too many recipients' })
      .default([])
      .transform((ids) => [...new Set(ids)]),
    addresses: z
      .array(emailSchema)
      .max(reportScheduleBounds.addressesMax, { message: 'Too many addresses' })
      .default([])
      .transform((addresses) => [...new Set(addresses)]),
  })
  .strict()
  .superRefine((schedule, context) => {
    if (schedule.frequency === 'weekly' && schedule.weekday === null) {
      context.addIssue({ code: 'custom', path: ['weekday'], message: 'Required' });
    }
    if (schedule.memberIds.length + schedule.addresses.length === 0) {
      context.addIssue({ code: 'custom', path: ['addresses'], message: 'Add a recipient' });
    }
  })
  .transform((schedule) => ({
    ...schedule,
    weekday: schedule.frequency === 'weekly' ? schedule.weekday : null,
    monthDay: schedule.frequency === 'monthly' ? schedule.monthDay : null,
  }));
export type ReportScheduleInput = z.output<typeof reportScheduleInputSchema>;

export type ReportScheduleTime = Pick<ReportScheduleInput, 'frequency' | 'weekday' | 'monthDay' | 'hour' | 'minute'>;

/** Days in a month of a year (month 1–12). */
function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The first due time strictly after `after`: the wall-clock time in `timeZone` on the schedule's weekday or month day
 * (null: the month's last day). A time a DST change skips (03:30 in spring) falls an hour later, as the zone says.
 */
export function nextScheduleTime(schedule: ReportScheduleTime, after: Date, timeZone: string): Date {
  const today = wallDateIn(after, timeZone);
  const at = (year: number, month: number, day: number) =>
    instantOfWallTime(Date.UTC(year, month - 1, day, schedule.hour, schedule.minute), timeZone);
  if (schedule.frequency === 'weekly') {
    const weekday = new Date(Date.UTC(today.year, today.month - 1, today.day)).getUTCDay() || 7;
    const ahead = ((schedule.weekday ?? 1) - weekday + 7) % 7;
    for (const days of [ahead, ahead + 7, ahead + 14]) {
      const instant = at(today.year, today.month, today.day + days);
      if (instant.getTime() > after.getTime()) return instant;
    }
  } else {
    for (let months = 0; months < 3; months++) {
      const first = new Date(Date.UTC(today.year, today.month - 1 + months, 1));
      const year = first.getUTCFullYear();
      const month = first.getUTCMonth() + 1;
      const instant = at(year, month, schedule.monthDay ?? daysInMonth(year, month));
      if (instant.getTime() > after.getTime()) return instant;
    }
  }
  throw new Error('no next schedule time found');
}

export const reportSendingStatuses = ['queued', 'sent', 'failed'] as const;
export type ReportSendingStatus = (typeof reportSendingStatuses)[number];
