import type { AlarmDuration } from '@olo/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, updatedAt } from './columns.ts';
import { projects } from './projects.ts';
import { series } from './series.ts';

/** A project's alarm rule (spec §3 Alarm; semantics: shared ARCHITECTURE §5, decision 0041). */
export const alarms = pgTable(
  'alarms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** true: the condition is the value inside the range; false: outside it. */
    inside: boolean('inside').notNull().default(false),
    /** The measurement type the alarm is meant for (its series' dataType), if any. */
    dataType: text('data_type'),
    rangeStart: doublePrecision('range_start'),
    rangeStartInclusive: boolean('range_start_inclusive').notNull().default(true),
    rangeEnd: doublePrecision('range_end'),
    rangeEndInclusive: boolean('range_end_inclusive').notNull().default(true),
    duration: jsonb('duration').$type<AlarmDuration>(),
    repeatAfter: jsonb('repeat_after').$type<AlarmDuration>(),
    /** In the series' unit; the condition ends only once the value is back past the bound by it. */
    hysteresis: doublePrecision('hysteresis'),
    /** Set: a missing-data alarm, opened when a series has had no reading for this long (the range is unused). */
    missingAfter: jsonb('missing_after').$type<AlarmDuration>(),
    /** true: each series' range is its limit's normal band (normalMin..normalMax, inclusive), not the alarm's own. */
    activeLimit: boolean('active_limit').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('alarms_project').on(table.projectId)],
);

/** The series an alarm watches. */
export const alarmsSeries = pgTable(
  'alarms_series',
  {
    alarmId: uuid('alarm_id')
      .notNull()
      .references(() => alarms.id, { onDelete: 'cascade' }),
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.alarmId, table.seriesId] }),
    index('alarms_series_series').on(table.seriesId),
  ],
);

/** One episode of an alarm on a series (spec §3 AlarmsTriggered): opened by a trigger, ended by endAt. */
export const alarmsTriggered = pgTable(
  'alarms_triggered',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    alarmId: uuid('alarm_id')
      .notNull()
      .references(() => alarms.id, { onDelete: 'cascade' }),
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** The triggering reading's time and value (a missing-data episode: when the data went missing, no value). */
    time: timestamp('time', { withTimezone: true }).notNull(),
    data: doublePrecision('data'),
    endAt: timestamp('end_at', { withTimezone: true }),
    /** Set with endAt: the value farthest past the range (decision 0041). */
    peak: doublePrecision('peak'),
    acknowledged: boolean('acknowledged').notNull().default(false),
    /** Who acknowledged it (null once that account is deleted) and when; the comment is optional (decision 0148). */
    acknowledgedBy: uuid('acknowledged_by').references(() => users.id, { onDelete: 'set null' }),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgementComment: text('acknowledgement_comment'),
  },
  (table) => [
    index('alarms_triggered_project').on(table.projectId, table.acknowledged, table.time),
    index('alarms_triggered_alarm').on(table.alarmId),
    // Serie.alarming: the open episodes of a page's series.
    index('alarms_triggered_open_series').on(table.seriesId).where(sql`${table.endAt} is null`),
  ],
);

/**
 * Where an alarm stands on a series, kept in the transaction that stores the readings, so that a
 * restart neither loses a pending duration nor repeats a notification.
 */
export const alarmStates = pgTable(
  'alarm_states',
  {
    alarmId: uuid('alarm_id')
      .notNull()
      .references(() => alarms.id, { onDelete: 'cascade' }),
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    /** The latest reading evaluated: older ones that arrive later are not evaluated. */
    lastTime: timestamp('last_time', { withTimezone: true }).notNull(),
    pendingSince: timestamp('pending_since', { withTimezone: true }),
    /** The open episode, if any, with its peak and its last notification. */
    triggeredId: uuid('triggered_id').references(() => alarmsTriggered.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    value: doublePrecision('value'),
    peak: doublePrecision('peak'),
    lastNotifiedAt: timestamp('last_notified_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.alarmId, table.seriesId] }),
    // The ingest reads a batch's states by series.
    index('alarm_states_series').on(table.seriesId),
  ],
);

/** Who an alarm notifies and how (spec §3 AlarmsAction), with the state of its latest delivery. */
export const alarmsActions = pgTable(
  'alarms_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    alarmId: uuid('alarm_id')
      .notNull()
      .references(() => alarms.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    /** email, sms, webhook or user (a user's email in their language). */
    type: text('type').notNull(),
    active: boolean('active').notNull().default(true),
    /** Also notified when an episode ends. */
    triggerAtEnd: boolean('trigger_at_end').notNull().default(false),
    email: text('email'),
    sms: text('sms'),
    webhook: text('webhook'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The webhook's HMAC-SHA256 key (X-Olo-Signature). */
    secret: text('secret'),
    /** sent, retrying, failed or notSent (SMS without a gateway); null before the first delivery. */
    deliveryStatus: text('delivery_status'),
    deliveryError: text('delivery_error'),
    deliveryAt: timestamp('delivery_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('alarms_actions_alarm').on(table.alarmId)],
);

/**
 * One row: raised by statement triggers (migration 0013) whenever what alarms watch may have
 * changed (alarms, alarms_series, alarms_actions, limits, a series' limit), so that every instance's ingest knows
 * when its cached rules are stale.
 */
export const alarmRulesVersion = pgTable('alarm_rules_version', {
  id: integer('id').primaryKey().default(1),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
