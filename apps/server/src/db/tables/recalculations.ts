import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt } from './columns.ts';
import { meters } from './meters.ts';

/**
 * A background recomputation of stored series values (docs/decisions/0086): enqueued in the
 * transaction of the change that needs it (a conversion, calibration, datasource change, decoded
 * kept readings or a deletion of readings) and run page by page by the job
 * 'recalculation.run', each page in its own transaction that also moves `cursor` on, so that a
 * worker that dies resumes where the last committed page ended.
 */
export const recalculations = pgTable(
  'recalculations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    meterId: integer('meter_id')
      .notNull()
      .references(() => meters.id, { onDelete: 'cascade' }),
    /** Null: every channel of the meter. */
    channel: text('channel'),
    /** The series the request names (RecomputeRequest.seriesIds); null: found by their datasources. */
    requestSeriesIds: integer('request_series_ids').array(),
    /** Reading times recomputed, both inclusive; null: unbounded. */
    fromAt: timestamp('from_at', { withTimezone: true }),
    toAt: timestamp('to_at', { withTimezone: true }),
    /** The readings in the range are deleted (their series values with them), not routed. */
    dropReadings: boolean('drop_readings').notNull().default(false),
    /** What caused it: conversion, calibration, datasource, decode or delete (shared recalculationReasons). */
    reason: text('reason').notNull(),
    startedBy: uuid('started_by').references(() => users.id, { onDelete: 'set null' }),
    /** Series affected when it was enqueued, and their projects: who may see its progress. */
    seriesIds: integer('series_ids').array().notNull().default([]),
    projectIds: integer('project_ids').array().notNull().default([]),
    /** queued, running, done or failed (failed is retried by the job until it gives up). */
    status: text('status').notNull().default('queued'),
    readingsDone: integer('readings_done').notNull().default(0),
    /** Readings in the range when the work started: an estimate (the ingest may add some). */
    readingsTotal: integer('readings_total'),
    /** Time of the last reading recomputed: the next page starts after it. */
    cursor: timestamp('cursor', { withTimezone: true }),
    /** Series whose rows were rewritten so far: their latest values and projects' data ids are renewed at the end. */
    touchedSeriesIds: integer('touched_series_ids').array().notNull().default([]),
    error: text('error'),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('recalculations_meter').on(table.meterId, table.createdAt),
    index('recalculations_series').using('gin', table.seriesIds),
    index('recalculations_projects').using('gin', table.projectIds),
  ],
);
