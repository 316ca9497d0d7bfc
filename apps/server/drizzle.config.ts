import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/server/src/db/tables/index.ts',
  out: './apps/server/drizzle',
});
