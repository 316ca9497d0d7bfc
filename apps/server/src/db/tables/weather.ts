import {
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { projects } from './projects.ts';

/**
 * A weather source (the spec's Weather): an FMI observation station or an Open-Meteo grid point, one row however many
 * projects use it, so that it is fetched once for all of them.
 */
export const weathers = pgTable(
  'weathers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** 'fmi' or 'open-meteo' (packages/shared weatherProviders). */
    provider: text('provider').notNull(),
    /** FMI's fmisid; for Open-Meteo the point as "lat,lon" at two decimals (about a kilometre). */
    stationKey: text('station_key').notNull(),
    name: text('name').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    /** When the last fetch answered, and the newest observation time it has stored. */
    fetchedAt: timestamp('fetched_at', { withTimezone: true }),
    observedAt: timestamp('observed_at', { withTimezone: true }),
    /** The last failed fetch's error (in English, for the log and admins) and time; cleared by a good fetch. */
    lastError: text('last_error'),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
    /** Failed fetches in a row: the backoff before the next. */
    failures: integer('failures').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('weathers_provider_station').on(table.provider, table.stationKey)],
);

/** A weather source's observations in the units of their channels' measurement types (packages/shared weatherChannels). */
export const weatherObservations = pgTable(
  'weather_observations',
  {
    weatherId: integer('weather_id')
      .notNull()
      .references(() => weathers.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    time: timestamp('time', { withTimezone: true }).notNull(),
    value: doublePrecision('value').notNull(),
  },
  (table) => [primaryKey({ columns: [table.weatherId, table.channel, table.time] })],
);

/**
 * A project's weather source. Its channels are the project's weather series (series.weather_id); the backfill of the
 * project's range from the provider's archive runs from backfillFrom to backfillUntil and has reached backfilledTo.
 */
export const projectWeathers = pgTable(
  'project_weathers',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    weatherId: integer('weather_id')
      .notNull()
      .references(() => weathers.id, { onDelete: 'cascade' }),
    /** From the project's location to the station, km; null when the project has none. */
    distanceKm: doublePrecision('distance_km'),
    backfillFrom: timestamp('backfill_from', { withTimezone: true }),
    backfillUntil: timestamp('backfill_until', { withTimezone: true }),
    backfilledTo: timestamp('backfilled_to', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.projectId, table.weatherId] }),
    index('project_weathers_weather_id').on(table.weatherId),
  ],
);

/**
 * The archive pages of a source fetched in full (aligned to the provider's page length, so projects with overlapping
 * ranges share them): a backfill asks the provider only for pages not here.
 */
export const weatherPages = pgTable(
  'weather_pages',
  {
    weatherId: integer('weather_id')
      .notNull()
      .references(() => weathers.id, { onDelete: 'cascade' }),
    pageStart: timestamp('page_start', { withTimezone: true }).notNull(),
    fetchedAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.weatherId, table.pageStart] })],
);
