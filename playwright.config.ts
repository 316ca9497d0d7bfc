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
      // A UTF-8 locale, as people's browsers have: under the C locale (a bare shell, `env -i`) Chromium cannot write
      // a non-ASCII file name such as "Koulun sisäilma (demo)-….csv" and saves the download as "download".
      env: { ...process.env, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' },
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
