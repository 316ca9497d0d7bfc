import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt } from './columns.ts';
import { projects } from './projects.ts';

/**
 * A background export of what a summary view shows (docs/decisions/0100): started by its owner
 * (`startDataExport`), written by the job 'data-export.run' to `DATA_DIR/exports/<file>`, listed
 * and downloadable by its owner only until `expires_at`, then deleted by 'data-export.housekeeping'.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** The owner: the only one who sees it and downloads it; their access is asked again at each step. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** csv or xlsx. */
    format: text('format').notNull(),
    /** fi, sv or en: headings, number and date conventions of the file. */
    language: text('language').notNull(),
    /** The view's query as `dataExportQuerySchema` gives it (from, to, slot, mode, nulls, filters, lang). */
    request: jsonb('request').notNull(),
    /** queued, running, done or failed (failed is retried by the job until it gives up: finished_at set). */
    status: text('status').notNull().default('queued'),
    rowsDone: integer('rows_done').notNull().default(0),
    /** Rows of the file (slots kept), known once the data are read; null before. */
    rowsTotal: integer('rows_total'),
    /** The file's name under DATA_DIR/exports, once written. */
    file: text('file'),
    /** The name the download gets: `<project>-<first day>-<last day>.<format>`. */
    filename: text('filename'),
    /** Bytes of the written file. */
    size: bigint('size', { mode: 'number' }),
    error: text('error'),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** After this the file is gone (not listed, not served) and housekeeping deletes file and row. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('data_exports_owner').on(table.userId, table.projectId, table.createdAt),
    index('data_exports_expires').on(table.expiresAt),
  ],
);
