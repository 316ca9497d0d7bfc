import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Olo instances ("computers" in the spec) that run against this database: each registers itself
 * at start-up under its INSTANCE_NAME and marks what it records (system errors, latest series values).
 */
export const computers = pgTable(
  'computers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    hostname: text('hostname').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** Moved forward while the instance runs (about once a minute). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('computers_name').on(table.name)],
);
