import { boolean, doublePrecision, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { organizations } from './organizations.ts';

/** A global (organizationId null) or organization's colour scale of a measurement type with its normal band (spec §3 Limit). */
export const limits = pgTable(
  'limits',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    /** A shipped limit's key in packages/shared shippedNames, named in the reader's language; null: typed (decision 0166). */
    nameKey: text('name_key'),
    dataType: text('data_type').notNull(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    normalMin: doublePrecision('normal_min'),
    normalMax: doublePrecision('normal_max'),
    min: doublePrecision('min').notNull(),
    max: doublePrecision('max').notNull(),
    /** Band edges and their colours, as the spec's limits/colors/split. */
    limits: jsonb('limits').$type<number[]>().notNull().default([]),
    colors: jsonb('colors').$type<string[]>().notNull().default([]),
    maxcolor: text('maxcolor').notNull(),
    split: boolean('split').notNull().default(false),
    opacity: doublePrecision('opacity').notNull(),
    order: integer('order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('limits_organization_type').on(table.organizationId, table.dataType)],
);

/** A named palette entry (spec §3 Color), global (organizationId null) or an organization's; spaces and series pick one. */
export const colors = pgTable(
  'colors',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    /** A shipped colour's key in packages/shared shippedNames, named in the reader's language; null: typed (decision 0166). */
    nameKey: text('name_key'),
    /** `#rrggbb`, lower case. */
    color: text('color').notNull(),
    /** What it is for: chart (lines, spaces), band (limit bands) or print (reports); packages/shared colorTypes. */
    type: text('type').notNull().default('chart'),
    order: integer('order').notNull().default(0),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('colors_organization').on(table.organizationId)],
);
