import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { organizations } from './organizations.ts';
import { projects } from './projects.ts';

/**
 * A Markdown document (spec §3 Document), today the help pages of `/help` (decision 0184): global (both owners null,
 * site admins), an organization's or a project's (at most one owner). `language` null: shown whatever the reader's
 * language; `path` the address `/help/<path>`, unique per type, owner and language (the service checks it).
 */
export const documents = pgTable(
  'documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    type: text('type').notNull().default('help'),
    name: text('name').notNull(),
    order: integer('order').notNull().default(0),
    content: text('content').notNull().default(''),
    published: boolean('published').notNull().default(false),
    path: text('path'),
    language: text('language'),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('documents_type_organization').on(table.type, table.organizationId),
    index('documents_type_project').on(table.type, table.projectId),
    check('documents_one_owner', sql`${table.organizationId} is null or ${table.projectId} is null`),
  ],
);

/**
 * The shipped help documents written once (decision 0185), by key and language: a start writes only those never
 * written, so that one a site admin deleted stays deleted and a later version's new one still arrives.
 */
export const shippedDocuments = pgTable(
  'shipped_documents',
  {
    key: text('key').notNull(),
    language: text('language').notNull(),
    writtenAt: timestamp('written_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.key, table.language] })],
);
