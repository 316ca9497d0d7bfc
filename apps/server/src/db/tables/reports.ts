import type { ReportContent, ReportCoverContent, ReportDataslot, ReportPeriod } from '@olo/shared';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { organizations } from './organizations.ts';
import { projects } from './projects.ts';

/**
 * An organization's print template (spec §3): the header and footer of a report's printed pages
 * (HTML with variables, sanitized on the way in), extra CSS, the page margin and print colours. Its
 * organization's admins edit them; reports pick one.
 */
export const printTemplates = pgTable(
  'print_templates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    header: text('header').notNull().default(''),
    footer: text('footer').notNull().default(''),
    css: text('css').notNull().default(''),
    /** CSS length of the page margin, e.g. `15mm`. */
    margin: text('margin').notNull().default('15mm'),
    /** Print colours, `#rrggbb`; null: the document's own. Headings and rules take the accent. */
    accentColor: text('accent_color'),
    /** The background of data tables' header rows; null: the document's own. */
    tableHeaderColor: text('table_header_color'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('print_templates_organization_id').on(table.organizationId)],
);

/** An organization's report cover (spec §3): the designed first page of its reports. */
export const reportCovers = pgTable(
  'report_covers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** packages/shared reportCoverContentSchema, validated on the way in. */
    cover: jsonb('cover').$type<ReportCoverContent>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('report_covers_organization_id').on(table.organizationId)],
);

/** A report of a project (spec §3): a tree of elements over a range, a template when flagged. */
export const reports = pgTable(
  'reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** packages/shared reportContentSchema as stored: read through parseReportContent (older versions upgrade). */
    content: jsonb('content').$type<ReportContent | unknown>().notNull(),
    /** packages/shared reportDataslotsSchema. */
    dataslots: jsonb('dataslots').$type<ReportDataslot[]>().notNull().default([]),
    from: timestamp('from_at', { withTimezone: true }).notNull(),
    to: timestamp('to_at', { withTimezone: true }).notNull(),
    /** packages/shared reportPeriodSchema: a rolling period shown instead of from–to; null keeps the fixed range. */
    period: jsonb('period').$type<ReportPeriod>(),
    landscape: boolean('landscape').notNull().default(false),
    coverId: integer('cover_id').references(() => reportCovers.id, { onDelete: 'set null' }),
    printtemplateId: integer('printtemplate_id').references(() => printTemplates.id, { onDelete: 'set null' }),
    /** The public link's id; replaced on every publish so that an old link stops working. */
    publicId: uuid('public_id').notNull().defaultRandom(),
    published: boolean('published').notNull().default(false),
    /** Offered when creating a report in any project of the organization (and its child organizations). */
    template: boolean('template').notNull().default(false),
    /** Listed on the project's overview. */
    summary: boolean('summary').notNull().default(false),
    /** Raised by every save: an editor saving over a newer version is refused; the PDF cache keys on it. */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('reports_project_id').on(table.projectId),
    uniqueIndex('reports_public_id').on(table.publicId),
    index('reports_template').on(table.projectId).where(sql`template`),
  ],
);
