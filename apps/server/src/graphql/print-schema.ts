/** Writes the printed schema to apps/server/schema.graphql (npm run schema:print). */
import fs from 'node:fs';
import { printSchemaFile, schemaFilePath } from './schema-file.ts';

fs.writeFileSync(schemaFilePath, printSchemaFile());
console.log(`wrote ${schemaFilePath}`);
