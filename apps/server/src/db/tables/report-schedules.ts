import type { Language, ReportScheduleFrequency, ReportSendingStatus } from '@olo/shared';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, updatedAt } from './columns.ts';
import { reports } from './reports.ts';

/** A report's mailing schedule (decision 0196): when, in the project's time zone, and to whom. */
export const reportSchedules = pgTable(
  'report_schedules',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    reportId: integer('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    frequency: text('frequency').$type<ReportScheduleFrequency>().notNull(),
    /** 1–7, Monday 1; weekly only. */
    weekday: integer('weekday'),
    /** 1–28; null on a monthly schedule: the month's last day. */
    monthDay: integer('month_day'),
    hour: integer('hour').notNull(),
    minute: integer('minute').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    language: text('language').$type<Language>().notNull(),
    /** Project members mailed, checked again at each sending. */
    memberIds: jsonb('member_ids').$type<string[]>().notNull().default([]),
    /** Outside addresses, lower case; those unsubscribed are in report_unsubscribes. */
    addresses: jsonb('addresses').$type<string[]>().notNull().default([]),
    /** Whose rights render the PDF: the report admin who last saved the schedule. */
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** The next due time; the tick takes schedules at or past it. */
    nextDueAt: timestamp('next_due_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('report_schedules_report_id').on(table.reportId),
    index('report_schedules_next_due_at').on(table.nextDueAt),
  ],
);

/** One mailing of a schedule's period: unique per schedule and period, so a period is never mailed twice. */
export const reportSendings = pgTable(
  'report_sendings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => reportSchedules.id, { onDelete: 'cascade' }),
    reportId: integer('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    /** For the per-organization bound of sendings an hour. */
    organizationId: uuid('organization_id').notNull(),
    /** packages/shared periodKey of the range. */
    periodKey: text('period_key').notNull(),
    from: timestamp('from_at', { withTimezone: true }).notNull(),
    to: timestamp('to_at', { withTimezone: true }).notNull(),
    status: text('status').$type<ReportSendingStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    /** Addresses already mailed, so that a retry after a partial failure mails only the rest. */
    delivered: jsonb('delivered').$type<string[]>().notNull().default([]),
    recipientCount: integer('recipient_count').notNull().default(0),
    /** Whether the PDF went as a link (too large to attach). */
    asLink: boolean('as_link').notNull().default(false),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('report_sendings_schedule_period').on(table.scheduleId, table.periodKey),
    index('report_sendings_report_id').on(table.reportId, table.createdAt),
    index('report_sendings_organization').on(table.organizationId, table.createdAt),
  ],
);

/** An outside address's one-click unsubscribe token of one schedule; `unsubscribedAt` set stops its mail. */
export const reportUnsubscribes = pgTable(
  'report_unsubscribes',
  {
    token: text('token').primaryKey(),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => reportSchedules.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('report_unsubscribes_schedule_address').on(table.scheduleId, table.address)],
);
