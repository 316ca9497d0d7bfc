import { fork } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { migrationsDir } from '../paths.ts';
import * as tables from './tables/index.ts';

export type Db = PostgresJsDatabase<typeof tables>;

export interface Database {
  db: Db;
  sql: postgres.Sql;
  kind: 'postgres' | 'pglite';
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** Entry of the PGlite child: the .ts source under tsx and Vitest, the bundled .js in a build. */
function pgliteHostEntry(): { file: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  const ext = path.extname(here);
  // Source: next to this file. Bundle: dist/pglite-host.js next to dist/main.js, which holds this code.
  const file = path.join(path.dirname(here), `pglite-host${ext}`);
  return { file, execArgv: ext === '.ts' ? ['--import', 'tsx'] : [] };
}

async function startPgliteHost(dataPath: string) {
  // A unix socket path must stay under ~104 bytes, so long data folders use the temp folder.
  const id = crypto.createHash('sha256').update(dataPath).digest('hex').slice(0, 12);
  const candidate = path.join(path.dirname(dataPath), '.s.olo-pglite');
  const socketPath = candidate.length < 100 ? candidate : path.join(os.tmpdir(), `olo-pglite-${id}.sock`);
  const { file, execArgv } = pgliteHostEntry();
  const child = fork(file, [dataPath, socketPath], { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  await new Promise<void>((resolve, reject) => {
    child.once('message', (message: { type: string; message?: string }) =>
      message.type === 'ready' ? resolve() : reject(new Error(`PGlite failed to start: ${message.message}`)),
    );
    child.once('exit', (code) => reject(new Error(`PGlite process exited with code ${code}`)));
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.disconnect();
    });
  return { socketPath, stop };
}

const postgresOptions = {
  onnotice: () => {},
} as const;

/**
 * Opens PostgreSQL at `databaseUrl`, or the embedded PGlite database under `dataDir/db` when it is
 * unset. Both are reached through the same driver (postgres.js), so every query runs on one code
 * path. Applies pending migrations before returning.
 */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  let sql: postgres.Sql;
  let stopHost = async () => {};
  let kind: Database['kind'];
  if (options.databaseUrl) {
    kind = 'postgres';
    sql = postgres(options.databaseUrl, { ...postgresOptions, max: 10 });
  } else {
    kind = 'pglite';
    const dataPath = path.join(options.dataDir, 'db');
    fs.mkdirSync(dataPath, { recursive: true });
    const host = await startPgliteHost(dataPath);
    stopHost = host.stop;
    // PGlite is one session: a second connection would interleave with an open transaction.
    sql = postgres({ ...postgresOptions, path: host.socketPath, max: 1, username: 'postgres', database: 'postgres' });
  }
  const db = drizzle(sql, { schema: tables });
  try {
    await migrate(db, { migrationsFolder: migrationsDir });
  } catch (error) {
    await sql.end({ timeout: 1 });
    await stopHost();
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
    async close() {
      await sql.end({ timeout: 5 });
      await stopHost();
    },
  };
}
