import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { serverRoot } from '../paths.ts';
import { choosePostgres } from './global-setup.ts';

const run = promisify(execFile);
const rootDir = path.join(serverRoot, '..', '..');

/** Vitest on one file as a newcomer's `npm test` runs it, with the environment given. */
async function vitestOn(file: string, env: NodeJS.ProcessEnv) {
  const { TEST_DATABASE_URL: _given, OLO_TEST_POSTGRES_MISSING: _missing, ...inherited } = process.env;
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      [path.join(rootDir, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'server', file],
      { cwd: rootDir, env: { ...inherited, ...env }, timeout: 120_000 },
    );
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

describe('the test run on a machine without TEST_DATABASE_URL', () => {
  it('passes a file of PostgreSQL-only suites when there is no PostgreSQL, saying why', async () => {
    const { code, output } = await vitestOn('apps/server/src/db/database.test.ts', { TEST_DATABASE_URL: 'off' });
    expect(output).toContain('Integration tests run on PGlite only (TEST_DATABASE_URL=off)');
    expect(output).not.toContain('No test suite found');
    expect(code, output).toBe(0);
  });

  it('refuses a TEST_DATABASE_URL that does not answer instead of quietly running less', async () => {
    const env: NodeJS.ProcessEnv = { TEST_DATABASE_URL: 'postgres://postgres@127.0.0.1:9/test' };
    await expect(choosePostgres(env)).rejects.toThrow(
      /TEST_DATABASE_URL is set, but no PostgreSQL at .*127\.0\.0\.1:9/,
    );
  });

  it('finds the local PostgreSQL, or says in one line why the PostgreSQL suites are skipped', async () => {
    const env: NodeJS.ProcessEnv = {};
    const line = await choosePostgres(env);
    expect(line.split('\n')).toHaveLength(1);
    if (env.TEST_DATABASE_URL) {
      expect(env.TEST_DATABASE_URL).toBe('postgres://postgres@127.0.0.1:5432/test');
      expect(line).toContain('on PostgreSQL at postgres://postgres@127.0.0.1:5432/test (found on this machine');
    } else {
      expect(env.OLO_TEST_POSTGRES_MISSING).toMatch(/^no PostgreSQL at postgres:\/\/postgres@127\.0\.0\.1:5432\/test/);
      expect(line).toContain('PostgreSQL-only suites are skipped');
    }
  });
});
