import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * Vitest global setup: one pristine PGlite data folder for the whole run (initdb costs ~5 s), which
 * each test database copies. Migrations are not applied here, so every test exercises them.
 */
export default async function setup() {
  const template = path.join(os.tmpdir(), `olo-pglite-template-${process.pid}`);
  fs.rmSync(template, { recursive: true, force: true });
  const db = await PGlite.create(template);
  await db.close();
  process.env.OLO_PGLITE_TEMPLATE = template;
  return () => fs.rmSync(template, { recursive: true, force: true });
}
