import { boolean, doublePrecision, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { organizations } from './organizations.ts';

/** A global (organizationId null) or organization's colour scale of a measurement type with its normal band (spec §3 Limit). */
export const limits = pgTable('limits', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  dataType: text('data_type').notNull(),
  organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
  normalMin: doublePrecision('normal_min'),
  normalMax: doublePrecision('normal_max'),
  min: doublePrecision('min'),
  max: doublePrecision('max'),
  /** Band edges and their colours, as the spec's limits/colors/split. */
  limits: jsonb('limits').$type<number[]>().notNull().default([]),
  colors: jsonb('colors').$type<string[]>().notNull().default([]),
  maxcolor: text('maxcolor'),
  split: boolean('split').notNull().default(false),
  opacity: doublePrecision('opacity'),
  order: integer('order').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
