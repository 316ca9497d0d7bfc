import { defineConfig } from '@playwright/test';
import { e2eBaseUrl } from './e2e/support/environment.ts';

/** Browser tests: Debian's Chromium driving the built app, served by the built server (see e2e/global-setup.ts). */
export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: 'test-results/e2e',
  use: {
    baseURL: e2eBaseUrl,
    browserName: 'chromium',
    locale: 'fi-FI',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // This machine's network is closed; background networking only produces refused connections.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
