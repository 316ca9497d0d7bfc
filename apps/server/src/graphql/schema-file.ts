import { fileURLToPath } from 'node:url';
import { lexicographicSortSchema, printSchema } from 'graphql';
import { buildSchema } from './schema.ts';

export const schemaFilePath = fileURLToPath(new URL('../../schema.graphql', import.meta.url));

export function printSchemaFile(): string {
  return `# Printed from the code by \`npm run schema:print\`; a test fails when it drifts. Do not edit.\n\n${printSchema(lexicographicSortSchema(buildSchema()))}\n`;
}
