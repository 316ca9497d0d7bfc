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
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { colors, limits } from './limits.ts';
import { meters } from './meters.ts';
import { projects, spaces } from './projects.ts';
import { weathers } from './weather.ts';

/** A measured quantity of a space (e.g. CO2 of classroom 101), fed by meter channels through datasources. */
export const series = pgTable(
  'series',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    spaceId: integer('space_id').references(() => spaces.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    description: text('description'),
    /** Measurement type (packages/shared measurements) and its unit. */
    dataType: text('data_type').notNull(),
    dataUnit: text('data_unit'),
    dataName: text('data_name'),
    /** Its colour; none: the chart palette's by id (packages/shared seriesColor). */
    colorId: integer('color_id').references(() => colors.id, { onDelete: 'set null' }),
    /** Its limit; none: its organization's of its type, else the global one (SQL olo_effective_limit_id). */
    limitId: integer('limit_id').references(() => limits.id, { onDelete: 'set null' }),
    locked: boolean('locked').notNull().default(false),
    type: text('type'),
    /** A weather series: its source, and the channel of it (packages/shared weatherChannels) it shows. */
    weatherId: integer('weather_id').references(() => weathers.id, { onDelete: 'cascade' }),
    weatherChannel: text('weather_channel'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('series_project_id').on(table.projectId), index('series_weather_id').on(table.weatherId)],
);

/**
 * Binds a meter channel to a series for a time range. A reading at time t flows through when
 * t is after start (or equal, when startInclusive) and before end (or equal, when endInclusive).
 */
export const seriesDatasources = pgTable(
  'series_datasources',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    meterId: integer('meter_id')
      .notNull()
      .references(() => meters.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    startAt: timestamp('start_at', { withTimezone: true }),
    startInclusive: boolean('start_inclusive').notNull().default(true),
    endAt: timestamp('end_at', { withTimezone: true }),
    endInclusive: boolean('end_inclusive').notNull().default(false),
    /** A datasource function (packages/shared) computing the series value from this and further channels. */
    functionId: text('function_id'),
    /** The function's further channels of the same meter, in the order of its `extra` types. */
    extraChannels: jsonb('extra_channels').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (table) => [
    index('series_datasources_meter_channel').on(table.meterId, table.channel),
    index('series_datasources_series_id').on(table.seriesId),
  ],
);

/** The value after conversion and calibration. */
export const seriesData = pgTable(
  'series_data',
  {
    // No foreign key: its check per row was a fifth of the database's ingest work. Rows go with
    // their series through the trigger series_data_follow_series (migration 0007).
    seriesId: integer('series_id').notNull(),
    time: timestamp('time', { withTimezone: true }).notNull(),
    value: doublePrecision('value').notNull(),
  },
  (table) => [primaryKey({ columns: [table.seriesId, table.time] })],
);

/** Hourly aggregates of series_data, maintained on insert and rebuilt for recomputed ranges. */
export const seriesRollupHour = pgTable(
  'series_rollup_hour',
  {
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    sum: doublePrecision('sum').notNull(),
    min: doublePrecision('min').notNull(),
    max: doublePrecision('max').notNull(),
    count: integer('count').notNull(),
  },
  (table) => [primaryKey({ columns: [table.seriesId, table.hour] })],
);

/**
 * A version per series and UTC month of its hourly rollup, raised by a trigger on every statement
 * that changes the month's rollup rows (migration 0010). The data API keeps months of aggregates
 * written as text under the version they were read with, so a version that moved means read again.
 */
export const seriesRollupVersions = pgTable(
  'series_rollup_versions',
  {
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    /** The UTC month's first instant. */
    month: timestamp('month', { withTimezone: true }).notNull(),
    version: bigint('version', { mode: 'number' }).notNull().default(1),
  },
  (table) => [primaryKey({ columns: [table.seriesId, table.month] })],
);

export const seriesLatest = pgTable('series_latest', {
  seriesId: integer('series_id')
    .primaryKey()
    .references(() => series.id, { onDelete: 'cascade' }),
  time: timestamp('time', { withTimezone: true }).notNull(),
  value: doublePrecision('value').notNull(),
  updatedAt: updatedAt(),
  /**
   * The Olo instance whose ingest wrote the value; null when a recomputation did, or before
   * instances were recorded. No foreign key: the ingest's hottest statement writes it, and
   * computers are never deleted.
   */
  computerId: integer('computer_id'),
});
