import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { describe } from 'vitest';

export type DatabaseKind = 'pglite' | 'postgres';

/**
 * The PostgreSQL cluster of the tests: TEST_DATABASE_URL, or the local one the global setup found
 * (it sets TEST_DATABASE_URL then). `TEST_DATABASE_URL=off` runs on PGlite alone.
 */
export const postgresTestUrl: string | undefined = postgresUrlOfEnvironment();

/** Read when called: the benchmarks set their default TEST_DATABASE_URL after this module loaded. */
function postgresUrlOfEnvironment(): string | undefined {
  const url = process.env.TEST_DATABASE_URL;
  return url && url !== 'off' ? url : undefined;
}

/** Why there is no PostgreSQL for the tests, in one line (set by the global setup). */
const postgresMissing = process.env.OLO_TEST_POSTGRES_MISSING ?? 'TEST_DATABASE_URL is not set';

/**
 * The databases integration tests run against: PGlite always, PostgreSQL when there is one (CI
 * and a machine with a local PostgreSQL). Use with `describe.each(testDatabases)`.
 */
export const testDatabases: DatabaseKind[] = postgresTestUrl ? ['pglite', 'postgres'] : ['pglite'];

/**
 * A suite about PostgreSQL itself. Without one it is skipped, not left undefined (Vitest fails a
 * file without suites), and its name says why.
 */
export function describeOnPostgres(name: string, suite: () => void): void {
  if (postgresTestUrl) describe(name, suite);
  else describe.skip(`${name} (skipped: ${postgresMissing})`, suite);
}

export interface TestDatabase {
  dataDir: string;
  databaseUrl?: string;
  drop(): Promise<void>;
}

/**
 * A fresh, empty database. PostgreSQL: a new database in the TEST_DATABASE_URL cluster, dropped
 * afterwards. PGlite: a copy of a pristine data folder made once per machine (initdb takes ~5 s,
 * a copy well under one), so each test server starts on its own folder.
 */
export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'olo-test-'));
  if (kind === 'pglite') {
    const template = process.env.OLO_PGLITE_TEMPLATE;
    if (template && fs.existsSync(template)) {
      execFileSync('cp', ['-a', template, path.join(dataDir, 'db')]);
    }
    return { dataDir, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const adminUrl = postgresUrlOfEnvironment();
  if (!adminUrl) throw new Error(`No PostgreSQL for the tests: ${postgresMissing}`);
  const name = `olo_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    dataDir,
    databaseUrl: url.toString(),
    async drop() {
      const cleanup = postgres(adminUrl, { max: 1, onnotice: () => {} });
      await cleanup.unsafe(`drop database if exists ${name} with (force)`);
      await cleanup.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
