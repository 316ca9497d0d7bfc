import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * apps/server, found from this module. It sits one level below the folder both as source
 * (src/paths.ts) and when bundled (dist/main.js), so the same relative path works for both.
 */
export const serverRoot = fileURLToPath(new URL('..', import.meta.url));
export const migrationsDir = path.join(serverRoot, 'drizzle');
export const defaultWebDist = path.join(serverRoot, '..', 'web', 'dist');

/** apps/server's package version: the release Olo reports (systemVariables). */
export const serverVersion: string =
  (JSON.parse(fs.readFileSync(path.join(serverRoot, 'package.json'), 'utf8')) as { version?: string }).version ??
  '0.0.0';
