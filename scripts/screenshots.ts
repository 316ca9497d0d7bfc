/**
 * Screenshots of the real app with demo data (`npm run screenshots`, which builds first): starts the built server on
 * a temporary folder, signs in as the demo user in Chromium and captures the home, a project's overview, live and
 * summary tabs and a meter's page at desktop (1280×800) and phone (390×844) sizes into docs/screenshots/ (the
 * README shows them), and the pages of the demo's published report as its PDF prints them (pdftoppm, poppler-utils);
 * the front page's own pictures (apps/web/public/screenshots/) are the desktop home and summary.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = 3998;
const baseUrl = `http://localhost:${port}`;
const docsDir = path.join(root, 'docs/screenshots');
const frontPageDir = path.join(root, 'apps/web/public/screenshots');
/** The demo school (seed: apps/server/src/seed/demo-data.ts). */
const demoProjectId = 1;
/** The demo school's published indoor-air report (seed: apps/server/src/seed/demo-reports.ts). */
const demoReportPublicId = '00000000-0000-4000-8000-00000000de02';
/** Resolution of the PDF's page pictures: an A4 page is 413 × 585 px, each well under 300 KB. */
const pdfPageDpi = 50;

const sizes = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

/** What each page waits for before its picture: its data drawn, not a loading state. */
const pages: Array<{ name: string; path: (meterId: number) => string; ready: (page: Page) => Promise<void> }> = [
  { name: 'home', path: () => '/home', ready: (page) => page.getByRole('heading', { level: 1 }).first().waitFor() },
  {
    name: 'overview',
    path: () => `/p/${demoProjectId}`,
    ready: (page) => page.getByRole('heading', { level: 1 }).first().waitFor(),
  },
  { name: 'live', path: () => `/p/${demoProjectId}/live`, ready: (page) => page.getByRole('meter').first().waitFor() },
  {
    name: 'summary',
    path: () => `/p/${demoProjectId}/summary`,
    ready: (page) => page.locator('.uplot canvas').first().waitFor(),
  },
  {
    name: 'meter',
    path: (meterId) => `/meters/${meterId}`,
    ready: (page) => page.locator('main h1').first().waitFor(),
  },
];

async function waitForServer(): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return;
    } catch {
      if (attempt > 240) throw new Error('server did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * The demo report's PDF pages as PNGs (`report-pdf-page-N.png`). The demo's history is stored after the server
 * starts, so a PDF still saying "no data" is asked again once the renderer's minute of keeping it has passed.
 */
async function demoReportPdfPages(): Promise<string[]> {
  const file = path.join(dataDir, 'demo-report.pdf');
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(`${baseUrl}/api/public-reports/${demoReportPublicId}.pdf?lang=fi`);
    if (!response.ok) throw new Error(`the demo report's PDF: ${response.status} ${await response.text()}`);
    fs.writeFileSync(file, Buffer.from(await response.arrayBuffer()));
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    if (!text.includes('Aikavälillä ei ole dataa') || attempt >= 5) break;
    await new Promise((resolve) => setTimeout(resolve, 65_000));
  }
  for (const old of fs.readdirSync(docsDir).filter((name) => name.startsWith('report-pdf-page-'))) {
    fs.rmSync(path.join(docsDir, old));
  }
  execFileSync('pdftoppm', ['-r', String(pdfPageDpi), '-png', file, path.join(docsDir, 'report-pdf-page')]);
  return fs
    .readdirSync(docsDir)
    .filter((name) => name.startsWith('report-pdf-page-'))
    .map((name) => path.join('docs/screenshots', name));
}

async function signedInPage(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const page = await browser.newPage({ viewport, locale: 'fi-FI', timezoneId: 'Europe/Helsinki' });
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Käyttäjätunnus').fill('demo');
  await page.getByLabel('Salasana').fill('olo-demo-2026');
  await page.getByRole('button', { name: 'Kirjaudu sisään' }).click();
  await page.waitForURL(`${baseUrl}/home`);
  return page;
}

/** The first meter of the demo project, as its live data shows (through the app's own GraphQL, with its CSRF header). */
async function demoMeterId(page: Page): Promise<number> {
  return page.evaluate(async (projectId) => {
    const csrf = document.cookie.match(/(?:^|; )olo_csrf=([^;]+)/)?.[1] ?? '';
    const response = await fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': decodeURIComponent(csrf) },
      body: JSON.stringify({
        query: 'query M($id: Int!) { project(id: $id) { series { seriesDatasources { meterId } } } }',
        variables: { id: projectId },
      }),
    });
    const body = (await response.json()) as {
      data: { project: { series: Array<{ seriesDatasources: Array<{ meterId: number }> }> } };
    };
    const meterId = body.data.project.series.flatMap((series) => series.seriesDatasources)[0]?.meterId;
    if (meterId === undefined) throw new Error('the demo project has no meter');
    return meterId;
  }, demoProjectId);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'olo-screenshots-'));
const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, MQTT_PORT: '0', DEMO_DATA: 'true', LOG_LEVEL: 'warn' },
});
try {
  await waitForServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  fs.mkdirSync(docsDir, { recursive: true });
  fs.mkdirSync(frontPageDir, { recursive: true });
  const written: string[] = [];
  for (const size of sizes) {
    const page = await signedInPage(browser, size.viewport);
    const meterId = await demoMeterId(page);
    for (const shown of pages) {
      await page.goto(`${baseUrl}${shown.path(meterId)}`);
      await shown.ready(page);
      // Fonts, gauges' transitions and the graphs' first paint settle.
      await page.waitForTimeout(800);
      const file = path.join(docsDir, `${shown.name}-${size.name}.png`);
      await page.screenshot({ path: file });
      written.push(path.relative(root, file));
      if (size.name === 'desktop' && (shown.name === 'home' || shown.name === 'summary')) {
        fs.copyFileSync(file, path.join(frontPageDir, `${shown.name}.png`));
      }
    }
    await page.close();
  }
  await browser.close();
  written.push(...(await demoReportPdfPages()));
  console.log(`wrote ${written.join(', ')}; the front page's home.png and summary.png`);
} finally {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
