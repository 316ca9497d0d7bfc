/**
 * Report PDF benchmark (npm run bench:pdf): a real Olo on a fresh PostgreSQL database, with a project of 6 spaces × 3
 * series (temperature, humidity, CO2; 10-minute values over 32 days in series_data and the hourly rollup made of them)
 * and a report of 10 pages: the cover, 6 graphs of 30 days at 1-hour slots (two a page), 4 data tables (a row a day
 * over a 10-day data slot for each type, and the statistics of every series), an image tour (a drawn floor plan with a
 * pin per space) and a summary of the classrooms' CO2 series, under the demo's print template (header, footer,
 * colours). A signed-in member asks `GET /api/reports/{id}.pdf` over HTTP, the whole
 * body read:
 *
 * - cold: the first render after Olo starts (Chromium is launched by it); Olo is started BENCH_COLD_RUNS times on the
 *   same database, one cold render each;
 * - warm: BENCH_RUNS renders on the last start, one after another. The route caches a PDF under the report's version
 *   (and its project's data id, templates and language), so the bench raises the version in the database before each
 *   request, as a save does, and every request renders (decision 0136);
 * - peak memory, sampled every 50 ms while Olo runs: the resident set of this process (Olo, with the bench's small
 *   HTTP client), and of Chromium, summed over every Chromium process below this one from /proc: their resident sets
 *   (shared pages counted in each process, an upper bound) and their proportional sets (shared pages counted once);
 * - the floor, in the same run: Chromium (launched by Playwright, as the renderer does) printing a static HTML file of
 *   the same page count (headings, paragraphs and tables; no scripts, no data), a page reused as the renderer does.
 *
 * Goal (issue 23): warm p95 under 3 s, cold under 6 s. Needs the web build (run here by scripts/build.mjs when stale),
 * Chromium (CHROMIUM_PATH, /usr/bin/chromium) and poppler-utils' pdfinfo. Environment: BENCH_RUNS (20),
 * BENCH_COLD_RUNS (3), BENCH_PDF (a file to keep the last PDF in), TEST_DATABASE_URL.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import {
  type ReportElement,
  type ReportElementData,
  type ReportSeriesSelection,
  reportContentSchema,
  reportContentVersion,
  reportDataslotsSchema,
} from '@olo/shared';
import { eq, sql } from 'drizzle-orm';
import { chromium } from 'playwright-core';
import { createLogger, createServer, type OloServer } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { attachments, printTemplates, reportCovers, reports } from '../apps/server/src/db/tables/index.ts';
import { sessionCookieName } from '../apps/server/src/modules/sessions/sessions.service.ts';
import { demoCoverContent, demoFloorPlanPng, demoPrintTemplate } from '../apps/server/src/seed/demo-reports.ts';
import { createOrganization, createProject, signedInClient } from '../apps/server/src/testing/factories.ts';
import { createTestDatabase, type TestDatabase } from '../apps/server/src/testing/test-databases.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer`);
  return value;
};
const runs = env('BENCH_RUNS', 20);
const coldRuns = env('BENCH_COLD_RUNS', 3);
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
const goals = { warmP95Ms: 3000, coldMs: 6000 };
const timeZone = 'Europe/Helsinki';
/** The report's 30 days (1–30 September 2026 in Helsinki); values are filled from two days before to after. */
const range = { from: new Date('2026-08-31T21:00:00Z'), to: new Date('2026-09-30T21:00:00Z') };
const filled = { from: '2026-08-29T21:00:00Z', to: '2026-10-01T21:00:00Z' };

/** Measurement types: level and daily swing. */
const types = [
  ['Temperature', '°C', 21, 2],
  ['Humidity', '%RH', 40, 10],
  ['CO2', 'ppm', 700, 300],
] as const;
const spaceNames = ['Luokka 101', 'Luokka 102', 'Luokka 103', 'Luokka 201', 'Luokka 202', 'Liikuntasali'];

const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};
const ms = (value: number) => `${Math.round(value).toLocaleString('en')} ms`;
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** The spaces, series and their values: series_data every 10 minutes, and the hourly rollup of them. */
async function fillProject(olo: OloServer, projectId: number): Promise<Array<{ id: number; name: string }>> {
  const sql = olo.database.sql;
  const spaces: Array<{ id: number; name: string }> = [];
  const seriesIds: number[] = [];
  // series_data is partitioned by month: the partitions of the filled months first.
  await sql`select olo_series_data_months(array[${filled.from}::timestamptz, '2026-09-15'::timestamptz, ${filled.to}::timestamptz])`;
  for (const [index, name] of spaceNames.entries()) {
    const [space] = await sql<Array<{ id: number }>>`
      insert into spaces (project_id, name, show) values (${projectId}, ${name}, true) returning id`;
    spaces.push({ id: space?.id as number, name });
    for (const [typeIndex, [dataType, dataUnit]] of types.entries()) {
      const [serie] = await sql<Array<{ id: number }>>`
        insert into series (project_id, space_id, name, data_type, data_unit)
        values (${projectId}, ${space?.id as number}, ${dataType}, ${dataType}, ${dataUnit}) returning id`;
      seriesIds.push(serie?.id as number);
      const [, , level, swing] = types[typeIndex] as (typeof types)[number];
      await sql`
        insert into series_data (series_id, time, value)
        select ${serie?.id as number}, t,
               round((${level} + ${swing} * sin(extract(epoch from t) / 13751 + ${index}) + random() * ${swing / 10})::numeric, 2)
        from generate_series(${filled.from}::timestamptz, ${filled.to}::timestamptz - interval '10 minutes', interval '10 minutes') as t`;
    }
  }
  await sql`
    insert into series_rollup_hour (series_id, hour, sum, min, max, count)
    select series_id, date_trunc('hour', time, 'UTC'), sum(value), min(value), max(value), count(*)
    from series_data where series_id = any(${sql.array(seriesIds)}::int[]) group by 1, 2`;
  await sql`vacuum analyze series_data`;
  await sql`vacuum analyze series_rollup_hour`;
  return spaces;
}

const base = { repeatPerSpace: false, pageBreakBefore: false, children: [] as ReportElement[] };
const wholeRange: ReportElementData = { dataslotId: null, slot: null, mode: null, nulls: null, filters: null };
const everySpace = (dataType: string | null): ReportSeriesSelection[] => [{ space: { kind: 'all' }, dataType }];
/** The data slot of the daily tables: the first ten days, ten rows a table. */
const firstDaysSlot = {
  id: 'alku',
  name: 'Kymmenen ensimmäistä päivää',
  from: range.from.toISOString(),
  to: new Date(range.from.getTime() + 10 * 86_400_000).toISOString(),
  filters: [],
  nulls: false,
  mode: 'avg',
  slot: 86_400,
};
const firstDays: ReportElementData = { ...wholeRange, dataslotId: firstDaysSlot.id };

/**
 * Ten pages: the cover; a title and 6 graphs (two a page, each a type over every space, the means and then the
 * highest hourly values); 4 data tables (each type's daily means over the first ten days, and every series'
 * statistics); the image tour; the summary of the classrooms' CO2 series.
 */
function benchReportContent(spaces: Array<{ id: number; name: string }>, floorPlanId: string) {
  const elements: ReportElement[] = [
    { ...base, id: 'title', kind: 'text', style: 'title', text: '{report.name}: {project.name}' },
    { ...base, id: 'range', kind: 'text', style: 'subheading', text: '{report.from} – {report.to}' },
  ];
  for (const [index, mode] of (['avg', 'max'] as const).entries()) {
    for (const [typeIndex, [dataType]] of types.entries()) {
      elements.push({
        ...base,
        id: `graph-${mode}-${dataType}`,
        kind: 'graph',
        title: `${dataType}, ${mode === 'avg' ? 'tuntikeskiarvot' : 'tunnin suurimmat'}`,
        series: everySpace(dataType),
        data: { ...wholeRange, slot: 3600, mode },
        groupBy: 'type',
        showLimits: true,
        // Two a page, the first under the title.
        pageBreakBefore: index * types.length + typeIndex > 0 && (index * types.length + typeIndex) % 2 === 1,
      });
    }
  }
  for (const [dataType] of types) {
    elements.push({
      ...base,
      id: `daily-${dataType}`,
      kind: 'dataTable',
      title: `${dataType}, vuorokausikeskiarvot`,
      series: everySpace(dataType),
      data: { ...firstDays, slot: 86_400 },
      layout: 'slots',
      pageBreakBefore: dataType === types[0][0],
    });
  }
  elements.push({
    ...base,
    id: 'stats',
    kind: 'dataTable',
    title: 'Tunnusluvut',
    series: everySpace(null),
    data: wholeRange,
    layout: 'stats',
  });
  elements.push({
    ...base,
    id: 'tour',
    kind: 'imageTour',
    title: 'Mittauspisteet',
    data: wholeRange,
    pageBreakBefore: true,
    images: [
      {
        attachmentId: floorPlanId,
        caption: 'Pohjapiirros: mittarien paikat',
        pins: spaces.map((space, index) => ({
          space: { kind: 'space' as const, id: space.id, name: space.name },
          x: 0.1 + (index % 3) * 0.35,
          y: index < 3 ? 0.25 : 0.75,
        })),
      },
    ],
  });
  elements.push({
    ...base,
    id: 'summary',
    kind: 'summary',
    title: 'Yhteenveto: hiilidioksidi luokissa',
    // The classrooms, which fill the last page.
    series: spaces
      .filter((space) => space.name.startsWith('Luokka'))
      .map((space) => ({ space: { kind: 'space' as const, id: space.id, name: space.name }, dataType: 'CO2' })),
    data: wholeRange,
    alarms: true,
    pageBreakBefore: true,
  });
  return reportContentSchema.parse({ version: reportContentVersion, elements });
}

/** The project's report with the organization's cover and a print template, its floor plan as an attachment. */
async function createBenchReport(olo: OloServer, dataDir: string, organizationId: string, projectId: number) {
  const { db } = olo.database;
  const spaces = await fillProject(olo, projectId);
  const png = demoFloorPlanPng();
  const floorPlanId = crypto.randomUUID();
  fs.mkdirSync(path.join(dataDir, 'attachments'), { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'attachments', floorPlanId), png);
  await db
    .insert(attachments)
    .values({ id: floorPlanId, projectId, name: 'pohjapiirros.png', contentType: 'image/png', size: png.length });
  const [cover] = await db
    .insert(reportCovers)
    .values({ organizationId, name: 'Kansi', cover: demoCoverContent() })
    .returning();
  // The demo's print template: organization and project in the header, name, range and page n / N in the footer.
  const [template] = await db
    .insert(printTemplates)
    .values({ organizationId, ...demoPrintTemplate })
    .returning();
  const [report] = await db
    .insert(reports)
    .values({
      projectId,
      name: 'Sisäilmaraportti syyskuu',
      content: benchReportContent(spaces, floorPlanId),
      dataslots: reportDataslotsSchema.parse([firstDaysSlot]),
      ...range,
      coverId: cover?.id ?? null,
      printtemplateId: template?.id ?? null,
    })
    .returning();
  if (!report) throw new Error('the report was not created');
  return report.id;
}

async function startOlo(database: TestDatabase): Promise<{ server: OloServer; url: string }> {
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    MQTT_PORT: '0',
    DATA_DIR: database.dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    CHROMIUM_PATH: chromiumPath,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
  });
  const server = await createServer(config, createLogger(config));
  return { server, url: await server.listen() };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** GET the PDF as a browser's download does: status, type and the whole body; the time to its last byte. */
function getPdf(url: string, cookie: string) {
  const started = performance.now();
  return new Promise<{ ms: number; body: Buffer }>((resolve, reject) => {
    const request = http.get(url, { agent, headers: { cookie, 'accept-language': 'fi' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        const elapsed = performance.now() - started;
        const type = response.headers['content-type'] ?? '';
        if (response.statusCode !== 200 || !type.startsWith('application/pdf')) {
          reject(new Error(`${url}: ${response.statusCode} ${type} ${body.toString().slice(0, 300)}`));
        } else resolve({ ms: elapsed, body });
      });
    });
    request.on('error', reject);
  });
}

/** Pages of a PDF, by pdfinfo. */
function pageCount(pdf: Buffer): number {
  const file = path.join(os.tmpdir(), `olo-bench-${process.pid}.pdf`);
  fs.writeFileSync(file, pdf);
  try {
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    return Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? Number.NaN);
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/**
 * Memory of every Chromium process below this one (the renderer's browser and its helpers), bytes: the sum of their
 * resident sets (`VmRSS`; pages they share, such as Chromium's own code, counted in each) and of their proportional
 * sets (`Pss` of smaps_rollup: a shared page divided among its sharers, so the sum is what they hold together).
 */
function chromiumMemory(): { rss: number; pss: number } {
  const parents = new Map<number, number>();
  const names = new Map<number, string>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // "pid (comm) state ppid …": comm may hold spaces and parentheses, so split after its last ')'.
      const close = stat.lastIndexOf(')');
      names.set(Number(entry), stat.slice(stat.indexOf('(') + 1, close));
      parents.set(Number(entry), Number(stat.slice(close + 2).split(' ')[1]));
    } catch {
      // Gone meanwhile.
    }
  }
  const kilobytes = (file: string, field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(fs.readFileSync(file, 'utf8'))?.[1] ?? 0) * 1024;
  let rss = 0;
  let pss = 0;
  for (const [pid, name] of names) {
    if (!/chrom/i.test(name)) continue;
    let ancestor = parents.get(pid);
    while (ancestor !== undefined && ancestor > 1 && ancestor !== process.pid) ancestor = parents.get(ancestor);
    if (ancestor !== process.pid) continue;
    try {
      rss += kilobytes(`/proc/${pid}/status`, 'VmRSS');
      pss += kilobytes(`/proc/${pid}/smaps_rollup`, 'Pss');
    } catch {
      // Gone meanwhile.
    }
  }
  return { rss, pss };
}

/** Peaks of this process's and Chromium's resident sets while `run` runs. */
async function sampled<T>(
  run: () => Promise<T>,
): Promise<{ result: T; serverPeak: number; chromiumPeak: number; chromiumPssPeak: number }> {
  let serverPeak = 0;
  let chromiumPeak = 0;
  let chromiumPssPeak = 0;
  const sample = () => {
    serverPeak = Math.max(serverPeak, process.memoryUsage.rss());
    const chromium = chromiumMemory();
    chromiumPeak = Math.max(chromiumPeak, chromium.rss);
    chromiumPssPeak = Math.max(chromiumPssPeak, chromium.pss);
  };
  const timer = setInterval(sample, 50);
  try {
    const result = await run();
    sample();
    return { result, serverPeak, chromiumPeak, chromiumPssPeak };
  } finally {
    clearInterval(timer);
  }
}

/** A static document of `pages` A4 pages much like the report's: headings, paragraphs and a table a page. */
function floorHtml(pages: number): string {
  const rows = Array.from(
    { length: 30 },
    (_, row) =>
      `<tr><td>${row + 1}.9.2026</td>${spaceNames.map((_, column) => `<td>${(20 + ((row * 7 + column * 3) % 40) / 10).toFixed(1)}</td>`).join('')}</tr>`,
  ).join('');
  const page = (index: number) => `
    <section>
      <h1>Sivu ${index + 1}</h1>
      <p>Raportti kokoaa tilojen olosuhteet. Taulukon arvot ovat vuorokausikeskiarvoja.</p>
      <table><thead><tr><th>Päivä</th>${spaceNames.map((name) => `<th>${name}</th>`).join('')}</tr></thead>
      <tbody>${rows}</tbody></table>
    </section>`;
  return `<!doctype html><html lang="fi"><head><meta charset="utf-8"><style>
    body { font-family: sans-serif; font-size: 10pt; margin: 0; }
    section { break-after: page; }
    table { border-collapse: collapse; width: 100%; }
    td, th { border: 1px solid #ccc; padding: 2px 4px; text-align: right; }
  </style></head><body>${Array.from({ length: pages }, (_, index) => page(index)).join('')}</body></html>`;
}

/** Chromium printing the static file: the first print after the launch (cold), then `runs` on the same page. */
async function floor(pages: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'olo-pdf-floor-'));
  const file = path.join(dir, 'floor.html');
  fs.writeFileSync(file, floorHtml(pages));
  const started = performance.now();
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage({ deviceScaleFactor: 2 });
    const print = async () => {
      const begun = performance.now();
      await page.goto(`file://${file}`);
      const pdf = await page.pdf({ format: 'A4', printBackground: true, margin: { top: '15mm', bottom: '15mm' } });
      return { ms: performance.now() - begun, pdf };
    };
    const first = await print();
    const cold = performance.now() - started;
    const warm: number[] = [];
    for (let run = 0; run < runs; run++) warm.push((await print()).ms);
    return { cold, warm, pages: pageCount(first.pdf), version: browser.version() };
  } finally {
    await browser.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  console.log('Building the web app when stale (the renderer prints its /print/report page)…');
  execFileSync('node', [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
  const database = await createTestDatabase('postgres');
  let olo = await startOlo(database);
  const cold: number[] = [];
  const warm: number[] = [];
  let serverPeak = 0;
  let chromiumPeak = 0;
  let chromiumPssPeak = 0;
  let pages = 0;
  let bytes = 0;
  try {
    const { client } = await signedInClient(olo.url);
    const organization = await createOrganization(client);
    const project = await createProject(client, organization.id, { timeZone });
    console.log('Filling 18 series × 32 days of 10-minute values and making the report…');
    const reportId = await createBenchReport(olo.server, database.dataDir, organization.id, project.id);
    const cookie = `${sessionCookieName}=${client.cookies.get(sessionCookieName)}`;
    /** A new version, as a save gives, so that the route renders rather than serving its cached PDF. */
    const bump = () =>
      olo.server.database.db
        .update(reports)
        .set({ version: sql`version + 1`, updatedAt: new Date() })
        .where(eq(reports.id, reportId));
    const ask = async () => {
      await bump();
      return getPdf(`${olo.url.replace(/\/$/, '')}/api/reports/${reportId}.pdf?lang=fi`, cookie);
    };

    for (let start = 0; start < coldRuns; start++) {
      if (start > 0) {
        await olo.server.close();
        olo = await startOlo(database);
      }
      const measured = await sampled(async () => {
        const first = await ask();
        cold.push(first.ms);
        if (start === coldRuns - 1) {
          pages = pageCount(first.body);
          bytes = first.body.length;
          if (process.env.BENCH_PDF) fs.writeFileSync(process.env.BENCH_PDF, first.body);
          for (let run = 0; run < runs; run++) warm.push((await ask()).ms);
        }
      });
      serverPeak = Math.max(serverPeak, measured.serverPeak);
      chromiumPeak = Math.max(chromiumPeak, measured.chromiumPeak);
      chromiumPssPeak = Math.max(chromiumPssPeak, measured.chromiumPssPeak);
    }
  } finally {
    await olo.server.close();
    await database.drop();
  }

  const floorRun = await floor(pages);
  console.log(
    `\nChromium ${floorRun.version}; ${os.cpus().length} cores; report: ${pages} pages, ${Math.round(bytes / 1024)} kB`,
  );
  console.log(`Report PDF, request to last byte (GET /api/reports/{id}.pdf, every request rendered):`);
  console.log(`  cold (first after start, ${cold.length} starts)  ${cold.map(ms).join(', ')}`);
  console.log(`  warm (${warm.length} runs)  p50 ${ms(percentile(warm, 50))}  p95 ${ms(percentile(warm, 95))}`);
  console.log(
    `Peak memory: Olo's process ${mb(serverPeak)} RSS; Chromium, all its processes: ${mb(chromiumPeak)} RSS summed, ` +
      `${mb(chromiumPssPeak)} PSS summed (shared pages counted once)`,
  );
  console.log(`Floor: Chromium printing a static HTML file of ${floorRun.pages} pages:`);
  console.log(`  cold (launch + first print)  ${ms(floorRun.cold)}`);
  console.log(
    `  warm (${floorRun.warm.length} runs)  p50 ${ms(percentile(floorRun.warm, 50))}  p95 ${ms(percentile(floorRun.warm, 95))}`,
  );
  const coldWorst = Math.max(...cold);
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
  console.log(
    `Goal: warm p95 under ${ms(goals.warmP95Ms)} ${verdict(percentile(warm, 95) < goals.warmP95Ms)}; ` +
      `cold under ${ms(goals.coldMs)} ${verdict(coldWorst < goals.coldMs)} (worst ${ms(coldWorst)}).`,
  );
}

await main();
