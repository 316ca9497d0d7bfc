import {
  boolean,
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
import { colors } from './limits.ts';
import { organizations } from './organizations.ts';

export const projects = pgTable(
  'projects',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    description: text('description'),
    code: text('code'),
    /** Set while the project has a public link (/project/{publicId}). */
    publicId: uuid('public_id'),
    startAt: timestamp('start_at', { withTimezone: true }),
    endAt: timestamp('end_at', { withTimezone: true }),
    /** IANA zone; day and month boundaries of the project's data are local to it. */
    timeZone: text('time_zone').notNull().default('Europe/Helsinki'),
    /** Where the project is (WGS84 degrees): its weather comes from the nearest station. */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** fi, sv or en: the language of the names Olo gives its new series (decision 0167). */
    language: text('language').notNull().default('fi'),
    /** Measurement has ended ('Project measurement ended.'); data stays viewable. */
    ended: boolean('ended').notNull().default(false),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** Left out of lists and menus unless asked for; still reachable by id. */
    hidden: boolean('hidden').notNull().default(false),
    /** Days the data view shows by default. */
    defaultSelect: integer('default_select').notNull().default(7),
    showLive: boolean('show_live').notNull().default(true),
    showReport: boolean('show_report').notNull().default(false),
    showAlarm: boolean('show_alarm').notNull().default(false),
    /** When its spaces are in use (packages/shared usageScheduleSchema): the occupied time the classification judges. */
    usageSchedule: jsonb('usage_schedule')
      .$type<{ weekdays: number[]; from: string; to: string; holidays: string[] }>()
      .notNull()
      .default({ weekdays: [1, 2, 3, 4, 5], from: '08:00', to: '16:00', holidays: [] }),
    /** Default data view options: { nulls, filters, mode, slot }. */
    defaults: jsonb('defaults').notNull().default({}),
    pictureId: uuid('picture_id'),
    attachmentId: uuid('attachment_id'),
    /** Changes whenever stored data changes, so clients drop cached slices (see the data API). */
    dataId: uuid('data_id').notNull().defaultRandom(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('projects_public_id').on(table.publicId),
    index('projects_organization_id').on(table.organizationId),
  ],
);

export const projectMemberships = pgTable(
  'project_memberships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Edits the project (info, pages, spaces, members); implies every right below. */
    isAdmin: boolean('is_admin').notNull().default(false),
    canAdminAlarms: boolean('can_admin_alarms').notNull().default(false),
    canAdminReports: boolean('can_admin_reports').notNull().default(false),
    canAdminSeries: boolean('can_admin_series').notNull().default(false),
    canViewAlarms: boolean('can_view_alarms').notNull().default(false),
    canViewReports: boolean('can_view_reports').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('project_memberships_project_user').on(table.projectId, table.userId),
    index('project_memberships_user_id').on(table.userId),
  ],
);

/** A user's favourite projects (per user, not per project). */
export const projectFavourites = pgTable(
  'project_favourites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.projectId] })],
);

export const spaces = pgTable(
  'spaces',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    show: boolean('show').notNull().default(true),
    /** The space shows outdoor weather next to its series: weatherId's (weathers) series of type weatherDatatype. */
    weather: boolean('weather').notNull().default(false),
    weatherDatatype: text('weather_datatype'),
    weatherLimit: integer('weather_limit'),
    weatherId: integer('weather_id'),
    colorId: integer('color_id').references(() => colors.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('spaces_project_id').on(table.projectId)],
);

export const projectPages = pgTable(
  'project_pages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Markdown. */
    content: text('content').notNull().default(''),
    icon: text('icon'),
    order: integer('order').notNull().default(0),
    show: boolean('show').notNull().default(true),
    type: text('type').notNull().default('text'),
    /** Seen by project members only, never on the public view. */
    internal: boolean('internal').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('project_pages_project_id').on(table.projectId)],
);

/** Uploaded files; the bytes live under DATA_DIR/attachments/{id}. */
export const attachments = pgTable(
  'attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    /** Bytes. */
    size: integer('size').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [index('attachments_project_id').on(table.projectId)],
);
