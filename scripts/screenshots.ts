/**
 * Takes the front page's screenshots of the real app (apps/web/public/screenshots/*.png): starts
 * the built server on a temporary folder with demo data, signs in as the demo user in Chromium and
 * captures pages. Run after a visible change: `npx tsx scripts/screenshots.ts` (after npm run build).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = 3998;
const baseUrl = `http://localhost:${port}`;
const outDir = path.join(root, 'apps/web/public/screenshots');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'olo-screenshots-'));
const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, MQTT_PORT: '0', DEMO_DATA: 'true', LOG_LEVEL: 'warn' },
});
try {
  for (let attempt = 0; ; attempt++) {
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) break;
    } catch {
      if (attempt > 120) throw new Error('server did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'fi-FI' });
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Käyttäjätunnus').fill('demo');
  await page.getByLabel('Salasana').fill('olo-demo-2026');
  await page.getByRole('button', { name: 'Kirjaudu sisään' }).click();
  await page.waitForURL(`${baseUrl}/home`);
  fs.mkdirSync(outDir, { recursive: true });
  await page.waitForTimeout(500);
  await page.screenshot({ path: path.join(outDir, 'home.png') });
  await page.goto(`${baseUrl}/profile`);
  await page.waitForTimeout(500);
  await page.screenshot({ path: path.join(outDir, 'profile.png') });
  await browser.close();
  console.log(`wrote ${outDir}/home.png and profile.png`);
} finally {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
