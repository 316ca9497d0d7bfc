import { sql } from 'drizzle-orm';
import { type AnyPgColumn, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';

export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** URL name (/o/{slug}); unique in any letter case. */
    slug: text('slug').notNull(),
    description: text('description'),
    parentId: uuid('parent_id').references((): AnyPgColumn => organizations.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('organizations_slug').on(sql`lower(${table.slug})`),
    index('organizations_parent_id').on(table.parentId),
  ],
);
