import fs from 'node:fs';
import path from 'node:path';
import { renderPermissionsMarkdown } from '../apps/server/src/modules/access/permission-matrix.ts';

// docs/permissions.md is the permission matrix as a table; the matrix test fails when it is stale.
const target = path.resolve(import.meta.dirname, '../docs/permissions.md');
fs.writeFileSync(target, renderPermissionsMarkdown());
console.log(`wrote ${target}`);
