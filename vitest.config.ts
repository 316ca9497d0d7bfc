import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Server test files start whole servers (a PGlite child each); two cores take two files at a time.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'server',
          // Node loads graphql-js as CommonJS; Vite would pick its ESM build, and two copies break instanceof.
          alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }],
          include: ['apps/server/src/**/*.test.ts', 'packages/*/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          // The drivers and the data engine need no database: their own projects run them without the global setup.
          exclude: [...configDefaults.exclude, 'packages/drivers/**', 'packages/data-engine/**'],
          environment: 'node',
          globalSetup: ['apps/server/src/testing/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'drivers',
          include: ['packages/drivers/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'data-engine',
          include: ['packages/data-engine/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/testing/setup.ts'],
          // A test renders the whole app in jsdom, beside server test files on two cores: seconds under load.
          testTimeout: 30_000,
        },
      },
    ],
  },
});
