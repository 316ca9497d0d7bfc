import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/**
 * Durable background work (mail, scheduled checks): claimed with `for update skip locked`, so that
 * several Olo instances share the queue and a job survives a restart.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull(),
    /** Enqueueing a job whose key exists does nothing: scheduled runs and fan-outs stay single. */
    key: text('key'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(10),
    /** A claimed job's lease; a worker that died lets it lapse and another takes the job. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** Set when the handler succeeded; null with attempts = maxAttempts: gave up. */
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('jobs_key').on(table.key),
    index('jobs_due').on(table.runAt).where(sql`${table.doneAt} is null`),
  ],
);
