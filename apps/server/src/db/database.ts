import { drizzle, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { migrationsDir } from '../paths.ts';
import type { PgliteHost } from './pglite-process.ts';
import * as tables from './tables/index.ts';

export type Db = PostgresJsDatabase<typeof tables>;

export interface Database {
  db: Db;
  sql: postgres.Sql;
  kind: 'postgres' | 'pglite';
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

const postgresOptions = {
  onnotice: () => {},
} as const;

/**
 * Opens PostgreSQL at `databaseUrl`, or the embedded PGlite database served by `pgliteHost` when it
 * is unset. Both are reached through the same driver (postgres.js), so every query runs on one code
 * path. Applies pending migrations before returning.
 */
export async function openDatabase(
  options:
    | { databaseUrl: string; pgliteHost?: undefined }
    | { databaseUrl?: undefined; pgliteHost: Promise<PgliteHost> },
): Promise<Database> {
  let sql: postgres.Sql;
  let kind: Database['kind'];
  if (options.pgliteHost) {
    kind = 'pglite';
    const host = await options.pgliteHost;
    // PGlite is one session: a second connection would interleave with an open transaction.
    sql = postgres({ ...postgresOptions, path: host.socketPath, max: 1, username: 'postgres', database: 'postgres' });
  } else {
    kind = 'postgres';
    // No JIT: Olo's statements are short, and a misestimated plan (a table whose statistics lag
    // behind a bulk insert) made PostgreSQL spend 250 ms compiling a query that reads nothing.
    sql = postgres(options.databaseUrl, { ...postgresOptions, max: 10, connection: { jit: 'off' } });
  }
  const db = drizzle(sql, { schema: tables });
  try {
    await migrate(db, { migrationsFolder: migrationsDir });
    // The first connection has read the array types (postgres.js keeps them for all connections).
    // Reconnections need not read them again: when the database drops a connection during that
    // read (a restart), postgres.js lets the rejection escape unhandled.
    sql.options.fetch_types = false;
  } catch (error) {
    await sql.end({ timeout: 1 });
    throw error;
  }
  return {
    db,
    sql,
    kind,
    async ping() {
      try {
        await sql`select 1`;
        return true;
      } catch {
        return false;
      }
    },
    /** Ends the connections; the PGlite child belongs to whoever started it. */
    async close() {
      await sql.end({ timeout: 5 });
    },
  };
}
