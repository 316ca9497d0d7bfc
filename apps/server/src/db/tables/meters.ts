import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, updatedAt } from './columns.ts';
import { computers } from './computers.ts';
import { organizations } from './organizations.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

export const integrationKinds = ['tts', 'chirpstack', 'any'] as const;

/**
 * Credentials a network server uses to deliver uplinks: an MQTT username and password on the
 * embedded broker, and the same secret as a bearer token on /api/ingest. Only a SHA-256 of the
 * secret is stored. organizationId null: a site-wide integration (INGEST_TOKEN).
 */
export const integrations = pgTable(
  'integrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Which uplink formats it may send; 'any' accepts both. */
    kind: text('kind', { enum: integrationKinds }).notNull().default('any'),
    mqttUsername: text('mqtt_username').notNull(),
    secretHash: text('secret_hash').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('integrations_mqtt_username').on(table.mqttUsername),
    uniqueIndex('integrations_secret_hash').on(table.secretHash),
  ],
);

/**
 * Which organization a network server's application (as its topics name it: a ChirpStack
 * application id, a Things Stack `app@tenant`) belongs to: the one whose integration's own
 * credentials first delivered uplinks on it (decision 0145). Its organization's clients alone may
 * subscribe to it by name and publish on it; other organizations' uplinks there are refused.
 * integrationId null: learned before bindings existed (migration 0021), from the meters' routes.
 */
export const applicationBindings = pgTable(
  'application_bindings',
  {
    provider: text('provider').notNull(),
    application: text('application').notNull(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    // Deleting credentials keeps the binding: a new integration of the organization goes on using it.
    integrationId: uuid('integration_id').references(() => integrations.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.application, table.organizationId] })],
);

export const meters = pgTable(
  'meters',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** DevEUI, lower-case hex without separators. */
    serial: text('serial').notNull(),
    name: text('name'),
    description: text('description'),
    /** Driver id (packages/drivers); null until known: readings are then kept raw. */
    driver: text('driver'),
    /** Null: a free meter that belongs to no organization. */
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    organizationSince: timestamp('organization_since', { withTimezone: true }),
    /** Network server it came from ('tts', 'chirpstack', 'http'), and where to send downlinks. */
    provider: text('provider'),
    providerInfo: jsonb('provider_info').notNull().default({}),
    /**
     * The route was learned from an organization's own integration, not from the site-wide
     * credentials (nor before this column): it says nothing of the site admin's allocation, so it
     * refuses no site-wide uplink (decision 0145).
     */
    routeFromOrganization: boolean('route_from_organization').notNull().default(false),
    /**
     * The organization whose own integration delivered the meter's latest uplink (null: the
     * site-wide credentials did, or that organization is gone). A free meter's downlinks go to its
     * clients only (decision 0145).
     */
    routeOrganizationId: uuid('route_organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    active: boolean('active').notNull().default(true),
    inStorage: boolean('in_storage').notNull().default(false),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** Seconds between its uplinks, as observed; "missing" after three of them. */
    intervalSeconds: integer('interval_seconds'),
    /**
     * Increases whenever what its channels feed changes (its datasources, conversions or
     * calibrations; triggers of migration 0008), so that the ingest writer can keep that routing.
     */
    routingVersion: integer('routing_version').notNull().default(0),
    location: text('location'),
    meta: jsonb('meta').notNull().default({}),
    batteryResetAt: timestamp('battery_reset_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('meters_serial').on(table.serial), index('meters_organization_id').on(table.organizationId)],
);

/** One row per uplink, kept so that series can be recomputed after a conversion or calibration change. */
export const meterReadings = pgTable(
  'meter_readings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    // No foreign key, as with series_data: the trigger meter_readings_follow_meters removes them.
    meterId: integer('meter_id').notNull(),
    /** When the meter sent it (network server's time). */
    time: timestamp('time', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    fCnt: integer('f_cnt'),
    fPort: integer('f_port'),
    payload: bytea('payload'),
    /** Decoded channels: { name: { value, type, unit } }; null when not decoded (no driver, or an error). */
    channels: jsonb('channels'),
    decodeError: text('decode_error'),
    rssi: doublePrecision('rssi'),
    snr: doublePrecision('snr'),
    spfact: integer('spfact'),
    txpower: doublePrecision('txpower'),
    towers: integer('towers'),
    esp: doublePrecision('esp'),
    vdd: doublePrecision('vdd'),
    battery: doublePrecision('battery'),
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
  },
  (table) => [
    // A repeated uplink (same meter, frame counter and time) is stored once.
    uniqueIndex('meter_readings_meter_time_fcnt').on(table.meterId, table.time, sql`coalesce(${table.fCnt}, -1)`),
    // The status dashboard's uplinks of the last hour and day. BRIN: rows arrive in received_at
    // order, so a few block ranges answer, and the ingest pays next to nothing for it (decision 0182).
    index('meter_readings_received_at').using('brin', table.receivedAt),
  ],
);

/** The latest reading's radio and health fields per meter (spec section 3: Latest reading). */
export const meterLatest = pgTable('meter_latest', {
  meterId: integer('meter_id')
    .primaryKey()
    .references(() => meters.id, { onDelete: 'cascade' }),
  time: timestamp('time', { withTimezone: true }).notNull(),
  fCnt: integer('f_cnt'),
  data: jsonb('data'),
  battery: doublePrecision('battery'),
  vdd: doublePrecision('vdd'),
  rssi: doublePrecision('rssi'),
  snr: doublePrecision('snr'),
  spfact: integer('spfact'),
  txpower: doublePrecision('txpower'),
  towers: integer('towers'),
  esp: doublePrecision('esp'),
  lat: doublePrecision('lat'),
  lon: doublePrecision('lon'),
  /** Frames lost so far, from gaps in the frame counter. */
  missed: integer('missed').notNull().default(0),
  extra: jsonb('extra'),
});

/** Per-channel arithmetic on the raw value (`x`), applied before calibration. */
export const meterConversions = pgTable(
  'meter_conversions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    meterId: integer('meter_id')
      .notNull()
      .references(() => meters.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    name: text('name').notNull(),
    /** Measurement type the converted value has (e.g. a voltage channel read as Differential pressure). */
    target: text('target'),
    expression: text('expression').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('meter_conversions_meter_channel').on(table.meterId, table.channel)],
);

/** A correction of one channel for a time range; a new one ends an overlapping one at its start. */
export const meterCalibrations = pgTable(
  'meter_calibrations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    meterId: integer('meter_id')
      .notNull()
      .references(() => meters.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    expression: text('expression').notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    /** Exclusive; null: open-ended. */
    endAt: timestamp('end_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('meter_calibrations_meter_channel').on(table.meterId, table.channel, table.startAt)],
);

export const meterCommands = pgTable(
  'meter_commands',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    meterId: integer('meter_id')
      .notNull()
      .references(() => meters.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    /** Seconds; for interval commands. */
    interval: integer('interval'),
    extra: jsonb('extra'),
    /** queued, sent or failed. */
    status: text('status').notNull().default('queued'),
    error: text('error'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [index('meter_commands_meter_id').on(table.meterId)],
);

/** Faults Olo noticed: unknown serials, decode errors, broker trouble. */
export const systemErrors = pgTable(
  'system_errors',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    time: timestamp('time', { withTimezone: true }).notNull().defaultNow(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    data: jsonb('data'),
    acknowledged: boolean('acknowledged').notNull().default(false),
    meterId: integer('meter_id').references(() => meters.id, { onDelete: 'cascade' }),
    /** When a meter's error went out in the daily meter-error mail; null: not yet. */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    /** The Olo instance that recorded it; null for errors recorded before instances were. */
    computerId: integer('computer_id').references(() => computers.id, { onDelete: 'set null' }),
  },
  (table) => [index('system_errors_open').on(table.acknowledged, table.meterId)],
);

/**
 * A meter's health problems (battery, low voltage, missing) as last mailed: the daily mail names
 * only problems that are not here yet, and a problem that cleared is removed so that its return
 * counts as new.
 */
export const meterErrorNotices = pgTable(
  'meter_error_notices',
  {
    meterId: integer('meter_id')
      .notNull()
      .references(() => meters.id, { onDelete: 'cascade' }),
    /** 'batteryLow' | 'batteryMedium' | 'lowVoltage' | 'missing'. */
    kind: text('kind').notNull(),
    noticedAt: timestamp('noticed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.meterId, table.kind] })],
);
