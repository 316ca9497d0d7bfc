import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
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

export const organizationMemberships = pgTable(
  'organization_memberships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Administers the organization, its child organizations and every project in them. */
    isAdmin: boolean('is_admin').notNull().default(false),
    /** Sees every project of the organization and its child organizations, read only. */
    canViewAll: boolean('can_view_all').notNull().default(false),
    canViewMeters: boolean('can_view_meters').notNull().default(false),
    notifyOnMeterError: boolean('notify_on_meter_error').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('organization_memberships_organization_user').on(table.organizationId, table.userId),
    index('organization_memberships_user_id').on(table.userId),
  ],
);
