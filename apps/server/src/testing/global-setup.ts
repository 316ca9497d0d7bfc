import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';

/** Where CI's PostgreSQL is, and where a newcomer's machine of this kind has one. */
export const localPostgresUrl = 'postgres://postgres@127.0.0.1:5432/test';

/** The password-free form of a database URL, for the run's output. */
function shown(url: string): string {
  const parsed = new URL(url);
  parsed.password = '';
  return parsed.toString();
}

/**
 * Finds the PostgreSQL the tests run on besides PGlite: TEST_DATABASE_URL when set (`off`: none),
 * else the local one when it answers. Returns the one line the run prints about it.
 */
export async function choosePostgres(env: NodeJS.ProcessEnv): Promise<string> {
  const given = env.TEST_DATABASE_URL;
  if (given === 'off') {
    env.OLO_TEST_POSTGRES_MISSING = 'TEST_DATABASE_URL=off';
    return 'Integration tests run on PGlite only (TEST_DATABASE_URL=off); PostgreSQL-only suites are skipped.';
  }
  const url = given || localPostgresUrl;
  const sql = postgres(url, { max: 1, connect_timeout: 3, onnotice: () => {} });
  try {
    await sql`select 1`;
  } catch (error) {
    const reason = `no PostgreSQL at ${shown(url)} (${(error as Error).message.split('\n')[0]})`;
    if (given) throw new Error(`TEST_DATABASE_URL is set, but ${reason}`);
    env.OLO_TEST_POSTGRES_MISSING = `${reason}; set TEST_DATABASE_URL`;
    return `Integration tests run on PGlite only: ${reason}. PostgreSQL-only suites are skipped; set TEST_DATABASE_URL to run them.`;
  } finally {
    await sql.end({ timeout: 1 });
  }
  env.TEST_DATABASE_URL = url;
  return `Integration tests run on PGlite and on PostgreSQL at ${shown(url)}${given ? '' : ' (found on this machine; TEST_DATABASE_URL=off runs PGlite only)'}.`;
}

/**
 * Vitest global setup: one pristine PGlite data folder for the whole run (initdb costs ~5 s), which
 * each test database copies, and the PostgreSQL to run on. Migrations are not applied here, so
 * every test exercises them. Workers inherit the environment set here.
 */
export default async function setup() {
  console.log(await choosePostgres(process.env));
  const template = path.join(os.tmpdir(), `olo-pglite-template-${process.pid}`);
  fs.rmSync(template, { recursive: true, force: true });
  const db = await PGlite.create(template);
  await db.close();
  process.env.OLO_PGLITE_TEMPLATE = template;
  return () => fs.rmSync(template, { recursive: true, force: true });
}
