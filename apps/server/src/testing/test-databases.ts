import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';

export type DatabaseKind = 'pglite' | 'postgres';

/**
 * The databases integration tests run against: PGlite always, PostgreSQL when TEST_DATABASE_URL
 * is set (CI sets it). Use with `describe.each(testDatabases)`.
 */
export const testDatabases: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

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
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
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
