import type { DataFilter, DataMode } from '@olo/shared';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, updatedAt } from './columns.ts';
import { projects } from './projects.ts';

/** A user's named date range of a project, offered by the summary's range picker. */
export const savedDateRanges = pgTable(
  'saved_date_ranges',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    from: timestamp('from_at', { withTimezone: true }).notNull(),
    to: timestamp('to_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('saved_date_ranges_project_user').on(table.projectId, table.userId)],
);

/** A user's data view option of a project: a period and how the summary shows it. */
export const dataViews = pgTable(
  'data_views',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    from: timestamp('from_at', { withTimezone: true }).notNull(),
    to: timestamp('to_at', { withTimezone: true }).notNull(),
    /** packages/shared dataFilterSchema, validated on the way in. */
    filters: jsonb('filters').$type<DataFilter[]>().notNull().default([]),
    nulls: boolean('nulls').notNull().default(false),
    mode: text('mode').$type<DataMode>().notNull().default('avg'),
    /** Slot length, seconds. */
    slot: integer('slot').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('data_views_project_user').on(table.projectId, table.userId)],
);
