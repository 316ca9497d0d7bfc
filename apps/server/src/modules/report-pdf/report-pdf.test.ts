import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  accountErrors,
  formatMeasurement,
  type ReportContent,
  type ReportDataslot,
  type ReportElement,
  reportContentVersion,
} from '@olo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printTemplates, reportCovers, reports } from '../../db/tables/index.ts';
import { serverRoot } from '../../paths.ts';
import { createOrganization, createProject, signedInClient } from '../../testing/factories.ts';
import { flatPng } from '../../testing/images.ts';
import { testDatabases } from '../../testing/test-databases.ts';
import { startTestServer, TestClient, type TestServer } from '../../testing/test-server.ts';
import type { ProjectDataBody } from '../data/data.schema.ts';
import { ReadingsRepository, type SeriesValue } from '../ingest/readings.repository.ts';

const repoRoot = path.join(serverRoot, '..', '..');

/** Values every 10 minutes through October 2026 (Helsinki), a different level per series, rising a little each day. */
function valuesOf(seriesId: number, level: number): SeriesValue[] {
  const values: SeriesValue[] = [];
  for (let t = Date.parse('2026-09-30T12:00:00Z'), i = 0; t < Date.parse('2026-11-01T12:00:00Z'); t += 600_000, i++) {
    values.push({ seriesId, time: new Date(t), value: level + (i % 13) / 10 + Math.floor(i / 144) * 0.37 });
  }
  return values;
}

const noData: { dataslotId: string | null; slot: number | null; mode: null; nulls: null; filters: null } = {
  dataslotId: null,
  slot: null,
  mode: null,
  nulls: null,
  filters: null,
};
const base = { repeatPerSpace: false, pageBreakBefore: false, children: [] as ReportElement[] };
const text = (id: string, value: string, style: 'title' | 'heading' | 'paragraph' = 'paragraph'): ReportElement =>
  ({ ...base, id, kind: 'text', text: value, style }) as ReportElement;

/** A PDF's text, page by page (pdftotext), whitespace made single spaces. */
function pdfPages(file: string, pages: number): string[] {
  return Array.from({ length: pages }, (_, index) =>
    execFileSync('pdftotext', ['-layout', '-f', String(index + 1), '-l', String(index + 1), file, '-'])
      .toString()
      .replace(/\s+/g, ' '),
  );
}

function pdfInfo(file: string): Record<string, string> {
  const lines = execFileSync('pdfinfo', ['-isodates', file]).toString().split('\n');
  return Object.fromEntries(
    lines.flatMap((line) => {
      const match = /^([^:]+):\s*(.*)$/.exec(line);
      return match ? [[match[1] as string, match[2] as string]] : [];
    }),
  );
}

describe.each(testDatabases)('reports as PDF on %s', (kind) => {
  let olo: TestServer;
  let admin: TestClient;
  let stranger: TestClient;
  let anonymous: TestClient;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'olo-report-pdf-'));
  const ids = { project: 0, dataId: '', yard: 0, cellar: 0, plain: 0, template: 0, landscape: 0, long: 0, graph: 0 };
  let publicId = '';
  const organizationName = 'Testikunnan tilapalvelut';
  const days = [4, 5, 6, 7, 8];

  /** The PDF at `url` saved to a file, with its page count. */
  async function pdf(client: TestClient, url: string) {
    const response = await client.fetch(url);
    const bytes = Buffer.from(await response.arrayBuffer());
    const file = path.join(tmp, `${Math.random().toString(36).slice(2)}.pdf`);
    fs.writeFileSync(file, bytes);
    const info = response.status === 200 ? pdfInfo(file) : {};
    const pages = Number(info.Pages ?? 0);
    return { response, bytes, file, info, pages, text: response.status === 200 ? pdfPages(file, pages) : [] };
  }

  beforeAll(async () => {
    // The print page is the built web app's (built only when stale).
    execFileSync('node', ['scripts/build.mjs'], { cwd: repoRoot, stdio: 'ignore' });
    olo = await startTestServer(kind);
    ({ client: admin } = await signedInClient(olo.url));
    ({ client: stranger } = await signedInClient(olo.url));
    anonymous = new TestClient(olo.url);
    const organization = await createOrganization(admin, { name: organizationName });
    const project = await createProject(admin, organization.id, { timeZone: 'Europe/Helsinki', name: 'Koulu' });
    ids.project = project.id;
    const { sql } = olo.server.database;
    const spaces = await sql<Array<{ id: number }>>`
      insert into spaces (project_id, name, show)
      values (${project.id}, 'Piha', true), (${project.id}, 'Kellari', true) returning id`;
    const [yardSpace, cellarSpace] = spaces.map((row) => row.id) as [number, number];
    const series = await sql<Array<{ id: number }>>`
      insert into series (project_id, space_id, name, data_type, data_unit)
      values (${project.id}, ${yardSpace}, 'Lämpötila', 'Temperature', '°C'),
             (${project.id}, ${cellarSpace}, 'Lämpötila', 'Temperature', '°C')
      returning id`;
    [ids.yard, ids.cellar] = series.map((row) => row.id) as [number, number];
    const stored = [...valuesOf(ids.yard, 5), ...valuesOf(ids.cellar, 12)];
    const readings = new ReadingsRepository(sql);
    await readings.transaction(async (tx) => {
      await readings.ensureSeriesMonths(
        tx,
        stored.map((value) => value.time),
      );
      await readings.insertSeriesValues(tx, stored);
    });
    const [row] = await sql<
      Array<{ dataId: string }>
    >`select data_id as "dataId" from projects where id = ${project.id}`;
    ids.dataId = row?.dataId as string;

    const selections = [
      { space: { kind: 'space', id: yardSpace, name: 'Piha' }, dataType: 'Temperature' },
      { space: { kind: 'space', id: cellarSpace, name: 'Kellari' }, dataType: 'Temperature' },
    ];
    const table = (id: string, title: string, data: Partial<typeof noData>, pageBreakBefore = false): ReportElement =>
      ({
        ...base,
        pageBreakBefore,
        id,
        kind: 'dataTable',
        title,
        series: selections,
        layout: 'slots',
        data: { ...noData, ...data },
      }) as ReportElement;
    // A day of one-hour rows each (more than half a page): without page-break rules some would be cut in two.
    const dataslots: ReportDataslot[] = days.map((day) => ({
      id: `d${day}`,
      name: `Päivä ${day}`,
      range: {
        kind: 'fixed',
        from: new Date(Date.UTC(2026, 9, day - 1, 21)).toISOString(),
        to: new Date(Date.UTC(2026, 9, day, 21)).toISOString(),
      },
      filters: [],
      nulls: false,
      mode: 'avg',
      slot: 3600,
    })) as ReportDataslot[];
    const content: ReportContent = {
      version: reportContentVersion,
      elements: [
        text('title', 'Lokakuun lämpötilat', 'title'),
        text('intro', 'Päivittäiset keskiarvot ja tunnit päivä kerrallaan.'),
        table('daily', 'Päivittäiset keskiarvot', { slot: 86_400 }),
        ...days.map((day) => table(`hours${day}`, `Tunnit ${day}. päivä`, { dataslotId: `d${day}`, slot: 3600 })),
      ],
    };
    const [cover] = await olo.server.database.db
      .insert(reportCovers)
      .values({
        organizationId: organization.id,
        name: 'Kansi',
        cover: {
          version: reportContentVersion,
          logoAttachmentId: null,
          elements: [text('coverTitle', 'Kansilehti: {report.name}', 'title')],
        },
      })
      .returning();
    const [template] = await olo.server.database.db
      .insert(printTemplates)
      .values({
        organizationId: organization.id,
        name: 'Tulostuspohja',
        header: '<b>Ylätunniste {project.name}</b>',
        footer: 'Alatunniste sivu {page}/{pages} {organization.name}',
        css: '',
        margin: '18mm',
      })
      .returning();
    const range = { from: new Date('2026-10-03T21:00:00Z'), to: new Date('2026-10-20T21:00:00Z') };
    const inserted = await olo.server.database.db
      .insert(reports)
      .values([
        { projectId: project.id, name: 'Lokakuu', content, dataslots, ...range, coverId: cover?.id },
        {
          projectId: project.id,
          name: 'Lokakuu pohjalla',
          content,
          dataslots,
          ...range,
          coverId: cover?.id,
          printtemplateId: template?.id,
        },
        {
          projectId: project.id,
          name: 'Vaaka',
          content: { version: reportContentVersion, elements: [text('only', 'Vaakasuora raportti', 'title')] },
          ...range,
          landscape: true,
        },
        {
          projectId: project.id,
          name: 'Pitkä taulukko',
          // Three days of one-hour rows: a table longer than two pages.
          content: {
            version: reportContentVersion,
            elements: [table('long', 'Kolmen päivän tunnit', { slot: 3600 })],
          },
          from: new Date('2026-10-09T21:00:00Z'),
          to: new Date('2026-10-12T21:00:00Z'),
        },
        {
          projectId: project.id,
          name: 'Käyrä',
          content: {
            version: reportContentVersion,
            elements: [
              {
                ...base,
                id: 'graph',
                kind: 'graph',
                title: 'Lämpötilakäyrä',
                series: selections,
                data: { ...noData, slot: 3600 },
                groupBy: 'type',
                showLimits: false,
              } as ReportElement,
            ],
          },
          ...range,
        },
      ])
      .returning();
    [ids.plain, ids.template, ids.landscape, ids.long, ids.graph] = inserted.map((report) => report.id) as [
      number,
      number,
      number,
      number,
      number,
    ];
    publicId = inserted[0]?.publicId as string;
  }, 300_000);
  afterAll(async () => {
    await olo?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('prints the cover alone on page 1, then every page with the default footer numbered n / N, and the metadata', async () => {
    const { response, info, pages, text: pageTexts } = await pdf(admin, `/api/reports/${ids.plain}.pdf?lang=fi`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toContain("filename*=UTF-8''Lokakuu.pdf");
    expect(info.Title).toBe('Lokakuu');
    expect(info.Author).toBe(organizationName);
    expect(Date.now() - Date.parse(info.CreationDate as string)).toBeLessThan(10 * 60_000);
    expect(info['Page size']).toContain('595.'); // A4 portrait: 595 × 842 pt
    expect(pages).toBeGreaterThanOrEqual(4);
    expect(pageTexts[0]).toContain('Kansilehti: Lokakuu');
    expect(pageTexts[0]).not.toMatch(/\d+ ?\/ ?\d+/);
    for (let page = 2; page <= pages; page++) {
      // pdftotext drops the thin spaces of the small footer type: "2/7" or "2 / 7".
      expect(pageTexts[page - 1], `page ${page}`).toMatch(new RegExp(`Lokakuu ${page} ?/ ?${pages} *$`));
    }
    // Selectable text: the report's own title is text, not a picture.
    expect(pageTexts[1]).toContain('Lokakuun lämpötilat');
  });

  it("shows a data table's values as the data API gives them", async () => {
    const { text: pageTexts } = await pdf(admin, `/api/reports/${ids.plain}.pdf?lang=fi`);
    const response = await admin.fetch(`/api/data/${ids.project}/2026-10/${ids.dataId}/86400`);
    const body = (await response.json()) as ProjectDataBody;
    const from = Date.parse('2026-10-03T21:00:00Z') / 1000;
    const to = Date.parse('2026-10-20T21:00:00Z') / 1000;
    const average = (start: number, seriesId: number) => {
      const aggregate = body.data[String(start)]?.[String(seriesId)] as unknown as [number, number, number, number];
      return formatMeasurement(aggregate[0] / aggregate[3], 'Temperature', 'fi');
    };
    const rows = body.slots
      .filter((start) => start >= from && start < to)
      .map((start) => `${average(start, ids.yard)} ${average(start, ids.cellar)}`);
    expect(rows).toHaveLength(17);
    expect(new Set(rows).size).toBe(17);
    const all = pageTexts.join(' ');
    let at = all.indexOf('Päivittäiset keskiarvot');
    for (const row of rows) {
      const found = all.indexOf(row, at + 1);
      expect(found, row).toBeGreaterThan(at);
      at = found;
    }
  });

  it('never cuts an element across pages: each table starts and ends on the page of its title', async () => {
    const { pages, text: pageTexts } = await pdf(admin, `/api/reports/${ids.plain}.pdf?lang=fi`);
    const pagesOf = (pattern: RegExp) =>
      pageTexts.flatMap((pageText, index) => (pattern.test(pageText) ? [index + 1] : []));
    for (const day of days) {
      const [titlePage, ...more] = pagesOf(new RegExp(`Tunnit ${day}\\. päivä`));
      expect(more).toEqual([]);
      // The day's first and last hour (its rows are the only ones naming that date with an hour).
      expect(pagesOf(new RegExp(`(?<!\\d)${day}\\.10\\.2026 klo 0?0[.:]00`)), `day ${day}`).toEqual([titlePage]);
      expect(pagesOf(new RegExp(`(?<!\\d)${day}\\.10\\.2026 klo 23[.:]00`)), `day ${day}`).toEqual([titlePage]);
    }
    expect(pages).toBeGreaterThan(days.length / 2 + 1);
  });

  it("puts the print template's header and footer, variables filled, on every page but the cover", async () => {
    const { response, pages, text: pageTexts } = await pdf(admin, `/api/reports/${ids.template}.pdf?lang=fi`);
    expect(response.status).toBe(200);
    expect(pageTexts[0]).not.toContain('Ylätunniste');
    expect(pageTexts[0]).not.toContain('Alatunniste');
    for (let page = 2; page <= pages; page++) {
      expect(pageTexts[page - 1], `page ${page}`).toContain('Ylätunniste Koulu');
      expect(pageTexts[page - 1], `page ${page}`).toContain(`Alatunniste sivu ${page}/${pages} ${organizationName}`);
    }
  });

  it('repeats the header row of a table that runs over pages, and cuts no row', async () => {
    const { response, pages, text: pageTexts } = await pdf(admin, `/api/reports/${ids.long}.pdf?lang=fi`);
    expect(response.status).toBe(200);
    expect(pages).toBeGreaterThanOrEqual(2);
    const header = 'Aika Piha · Lämpötila (°C) Kellari · Lämpötila (°C)';
    const hours: string[] = [];
    for (const [index, pageText] of pageTexts.entries()) {
      expect(pageText, `page ${index + 1}`).toContain(header);
      // Every row whole: its time and both values together on one page.
      hours.push(
        ...[...pageText.matchAll(/\d{1,2}\.10\.2026 klo \d{1,2}[.:]\d{2} \d+,\d \d+,\d/g)].map((match) => match[0]),
      );
    }
    expect(hours).toHaveLength(72);
  });

  it('draws a graph as vector paths with its legend as text, not as a picture', async () => {
    const { response, file, text: pageTexts } = await pdf(admin, `/api/reports/${ids.graph}.pdf?lang=fi`);
    expect(response.status).toBe(200);
    const page = pageTexts.find((pageText) => pageText.includes('Lämpötilakäyrä')) ?? '';
    // The legend names both lines, and the value axis its unit; the pointer's values are not printed.
    expect(page).toMatch(/Piha/);
    expect(page).toMatch(/Kellari/);
    expect(page).toContain('°C');
    expect(page).not.toMatch(/Aika/);
    // pdfimages lists every embedded bitmap under its two heading lines: a canvas printed as a snapshot would be one.
    const images = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).trim().split('\n');
    expect(images.slice(2)).toEqual([]);
  });

  it('prints a landscape report on landscape A4', async () => {
    const { response, info, text: pageTexts } = await pdf(admin, `/api/reports/${ids.landscape}.pdf`);
    expect(response.status).toBe(200);
    expect(info['Page size']).toMatch(/^84[12]\.\d+ x 595\.\d+ pts \(A4\)/);
    expect(pageTexts[0]).toContain('Vaakasuora raportti');
  });

  it("refuses anybody who may not view the project's reports, and an unknown report, in the link's language", async () => {
    const signedOut = await anonymous.fetch(`/api/reports/${ids.plain}.pdf?lang=en`);
    expect([401, 403]).toContain(signedOut.status);
    const other = await stranger.fetch(`/api/reports/${ids.plain}.pdf?lang=sv`);
    expect(other.status).toBe(403);
    expect(((await other.json()) as { message: string }).message).toBe('Åtkomst nekad');
    const unknown = await admin.fetch('/api/reports/999999.pdf?lang=fi');
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { message: string }).message).toBe('Raporttia ei löytynyt');
  });

  it('gives the public PDF only while published under that id', async () => {
    const unpublished = await anonymous.fetch(`/api/public-reports/${publicId}.pdf`);
    expect(unpublished.status).toBe(404);
    await unpublished.arrayBuffer();
    // An id of the right length that is no uuid is no report either (not a database error).
    const malformed = await anonymous.fetch(`/api/public-reports/${'-'.repeat(36)}.pdf`);
    expect(malformed.status).toBe(404);
    await malformed.arrayBuffer();
    const publish = async () =>
      (
        await admin.graphql<{ publishReport: { publicId: string } }>(
          'mutation ($id: Int!) { publishReport(id: $id) { publicId } }',
          { id: ids.plain },
        )
      ).data?.publishReport.publicId as string;
    const first = await publish();
    const published = await pdf(anonymous, `/api/public-reports/${first}.pdf?lang=fi`);
    expect(published.response.status).toBe(200);
    expect(published.text[0]).toContain('Kansilehti: Lokakuu');
    expect(published.text.join(' ')).toContain('Päivittäiset keskiarvot');
    expect(published.text[1]).toMatch(new RegExp(`Lokakuu 2 ?/ ?${published.pages}`));

    const second = await publish();
    expect(second).not.toBe(first);
    const old = await anonymous.fetch(`/api/public-reports/${first}.pdf?lang=fi`);
    expect(old.status).toBe(404);
    await old.arrayBuffer();
    expect((await pdf(anonymous, `/api/public-reports/${second}.pdf`)).response.status).toBe(200);
  });

  it('serves a kept PDF again while nothing it shows changed, and prints again after an edit', async () => {
    const first = await pdf(admin, `/api/reports/${ids.landscape}.pdf?lang=fi`);
    const again = await pdf(admin, `/api/reports/${ids.landscape}.pdf?lang=fi`);
    // Byte for byte: the creation date would differ if it had been printed again.
    expect(again.bytes.equals(first.bytes)).toBe(true);
    const renamed = await admin.graphql<{ updateReport: { name: string } }>(
      'mutation ($input: UpdateReportInput!) { updateReport(input: $input) { name } }',
      { input: { id: ids.landscape, name: 'Vaaka 2' } },
    );
    expect(renamed.data?.updateReport.name).toBe('Vaaka 2');
    const edited = await pdf(admin, `/api/reports/${ids.landscape}.pdf?lang=fi`);
    expect(edited.info.Title).toBe('Vaaka 2');
  });
});

describe('the public report PDF’s rate limit', () => {
  let olo: TestServer;
  beforeAll(async () => {
    // publicReportPdfPerIp: 30 per 10 minutes, here 3; the public link's data and files (3000) here 300.
    olo = await startTestServer('pglite', { RATE_LIMIT_FACTOR: '0.1' });
  });
  afterAll(() => olo?.close());

  it('refuses an address that asks for PDFs too often, guessed ids included, more strictly than the data', async () => {
    const client = new TestClient(olo.url);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await client.fetch(`/api/public-reports/${crypto.randomUUID()}.pdf?lang=en`);
      statuses.push(response.status);
      if (i === 3) expect(((await response.json()) as { message: string }).message).toBe(accountErrors.tooManyRequests);
      else await response.arrayBuffer();
    }
    expect(statuses).toEqual([404, 404, 404, 429]);
    const file = await client.fetch(`/api/public-reports/${crypto.randomUUID()}/attachments/${crypto.randomUUID()}`);
    await file.arrayBuffer();
    expect(file.status).toBe(404);
  });
});

/** Waits until `check` holds, polling (the server's work runs in the same process). */
async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe.each(testDatabases)('the PDF renderer shared between organizations on %s', (kind) => {
  let olo: TestServer;
  let admin: TestClient;
  const orgs = { a: '', b: '' };
  const ids = { a: [] as number[], b: 0, huge: 0, pictures: 0 };
  /** Renders asked of the renderer (by organization, A or B) and those that finished, in order. */
  let asked: string[] = [];
  let finished: string[] = [];
  /** A render whose page requests wait for this (the first one asked), as a slow page would. */
  let slowPage: Promise<void> | undefined;

  beforeAll(async () => {
    execFileSync('node', ['scripts/build.mjs'], { cwd: repoRoot, stdio: 'ignore' });
    // One page: whoever holds it holds the renderer.
    olo = await startTestServer(kind, { PDF_PAGES: '1' });
    ({ client: admin } = await signedInClient(olo.url));
    const range = { from: new Date('2026-10-03T21:00:00Z'), to: new Date('2026-10-20T21:00:00Z') };
    const content = (words: string): ReportContent => ({
      version: reportContentVersion,
      elements: [text('title', words, 'title')],
    });
    for (const side of ['a', 'b'] as const) {
      const organization = await createOrganization(admin, { name: `Organisaatio ${side.toUpperCase()}` });
      orgs[side] = organization.id;
      const project = await createProject(admin, organization.id, { timeZone: 'Europe/Helsinki' });
      const image = (width: number, height: number) =>
        `<img src="data:image/png;base64,${flatPng(width, height).toString('base64')}" style="height:8mm">`;
      const [template] = await olo.server.database.db
        .insert(printTemplates)
        .values(
          side === 'a'
            ? // A print template whose CSS makes the report thousands of sheets long.
              { organizationId: organization.id, name: 'Jättiläinen', css: 'body { min-height: 3000000px; }' }
            : // One whose header holds a small logo and one of 25 megapixels (3 KB as a file).
              { organizationId: organization.id, name: 'Kuvat', header: `${image(200, 50)} ${image(5000, 5000)}` },
        )
        .returning();
      const names = side === 'a' ? ['A1', 'A2', 'A3', 'Jättiläinen'] : ['B1', 'Kuvat'];
      const inserted = await olo.server.database.db
        .insert(reports)
        .values(
          names.map((name) => ({
            projectId: project.id,
            name,
            content: content(`Raportti ${name}`),
            ...range,
            printtemplateId: name === 'Jättiläinen' || name === 'Kuvat' ? template?.id : null,
          })),
        )
        .returning();
      if (side === 'a') {
        ids.a = inserted.slice(0, 3).map((report) => report.id);
        ids.huge = inserted[3]?.id as number;
      } else [ids.b, ids.pictures] = inserted.map((report) => report.id) as [number, number];
    }
    // Watches the real renderer: which organization's renders it is asked for and finishes, holding the first.
    const pdfRenderer = olo.server.services.pdf;
    const render = pdfRenderer.render.bind(pdfRenderer);
    pdfRenderer.render = (job) => {
      const label = job.tenant === orgs.a ? 'A' : job.tenant === orgs.b ? 'B' : '?';
      asked.push(label);
      const held = asked.length === 1 && slowPage;
      const intercept = job.intercept;
      const asWritten = held
        ? {
            ...job,
            intercept: async (request: Parameters<NonNullable<typeof intercept>>[0]) => {
              await held;
              return intercept ? intercept(request) : null;
            },
          }
        : job;
      return render(asWritten).then((pdf) => {
        finished.push(label);
        return pdf;
      });
    };
  }, 300_000);
  afterAll(() => olo?.close());

  it("prints B's PDF after one render while A's slow page and flood of PDFs hold the renderer", async () => {
    let release = () => {};
    slowPage = new Promise<void>((resolve) => {
      release = resolve;
    });
    asked = [];
    finished = [];
    const ask = (id: number, lang: string) => admin.fetch(`/api/reports/${id}.pdf?lang=${lang}`);
    const slow = ask(ids.a[0] as number, 'fi');
    await until(() => asked.length === 1, "A's slow render");
    // Four more of A's, each a PDF of its own (another report or language), fill A's share of the queue.
    const flood = [ask(ids.a[1] as number, 'fi'), ask(ids.a[1] as number, 'sv'), ask(ids.a[1] as number, 'en')];
    flood.push(ask(ids.a[2] as number, 'fi'));
    await until(() => asked.length === 5, "A's flood");
    const refused = await ask(ids.a[2] as number, 'sv');
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toBe(
      'Den här organisationens PDF:er fyller redan dess platser i kön, försök igen om en stund',
    );
    const other = ask(ids.b, 'fi');
    await until(() => asked.length === 7, "B's render");
    release();
    const answers = await Promise.all([slow, ...flood, other]);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      await answer.arrayBuffer();
    }
    // B's render came right after the one holding the page when it asked, ahead of A's four queued before it.
    expect(finished).toEqual(['A', 'B', 'A', 'A', 'A', 'A']);
  });

  it('answers a failed render of an unchanged report from a short cache, and renders a changed one again', async () => {
    asked = [];
    const url = `/api/reports/${ids.huge}.pdf?lang=fi`;
    const first = await admin.fetch(url);
    expect(first.status).toBe(400);
    expect(((await first.json()) as { message: string }).message).toBe('Raportista tulisi yli 500 sivua');
    expect(asked).toHaveLength(1);
    const again = await admin.fetch(url);
    expect(again.status).toBe(400);
    expect(((await again.json()) as { message: string }).message).toBe('Raportista tulisi yli 500 sivua');
    expect(asked).toHaveLength(1);
    // Another language is another PDF.
    const english = await admin.fetch(`/api/reports/${ids.huge}.pdf?lang=en`);
    expect(((await english.json()) as { message: string }).message).toBe(
      'The report would print on more than 500 pages',
    );
    expect(asked).toHaveLength(2);
    const renamed = await admin.graphql<{ updateReport: { name: string } }>(
      'mutation ($input: UpdateReportInput!) { updateReport(input: $input) { name } }',
      { input: { id: ids.huge, name: 'Jättiläinen 2' } },
    );
    expect(renamed.data?.updateReport.name).toBe('Jättiläinen 2');
    const edited = await admin.fetch(url);
    expect(edited.status).toBe(400);
    await edited.arrayBuffer();
    expect(asked).toHaveLength(3);
  });

  it("prints a print template's small images and leaves out one too large in pixels", async () => {
    const response = await admin.fetch(`/api/reports/${ids.pictures}.pdf?lang=fi`);
    expect(response.status).toBe(200);
    const file = path.join(os.tmpdir(), `olo-pictures-${crypto.randomUUID()}.pdf`);
    fs.writeFileSync(file, Buffer.from(await response.arrayBuffer()));
    try {
      // pdfimages: two heading lines, then per image its page, number, type, width, height, …
      const sizes = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' })
        .trim()
        .split('\n')
        .slice(2)
        .map((line) => line.trim().split(/\s+/).slice(3, 5).join('×'));
      expect(sizes).toContain('200×50');
      expect(sizes.filter((size) => size.startsWith('5000'))).toEqual([]);
    } finally {
      fs.rmSync(file, { force: true });
    }
  });
});

describe('the report PDF routes’ rate limits', () => {
  let olo: TestServer;
  beforeAll(async () => {
    // reportPdfPerAccount: 60 per 10 minutes, here 30; reportPdfPerIp: 120, here 60; five sign-ups from one address.
    olo = await startTestServer('pglite', { RATE_LIMIT_FACTOR: '0.5' });
  });
  afterAll(() => olo?.close());

  it("refuses an account, then an address, that asks for members' PDFs too often, in the link's language", async () => {
    const users = [];
    for (let i = 0; i < 3; i++) users.push((await signedInClient(olo.url)).client);
    const [first, second, third] = users as [TestClient, TestClient, TestClient];
    const ask = async (client: TestClient) => {
      const response = await client.fetch('/api/reports/999999.pdf?lang=fi');
      return { status: response.status, message: ((await response.json()) as { message: string }).message };
    };
    for (let i = 0; i < 30; i++) expect((await ask(first)).status).toBe(404);
    // The account's limit: its next PDF is refused, while others from the same address still get theirs.
    expect(await ask(first)).toEqual({ status: 429, message: 'Liian monta pyyntöä, yritä myöhemmin uudelleen' });
    for (let i = 0; i < 30; i++) expect((await ask(second)).status).toBe(404);
    // The address's limit: 60 from it, whichever account asked.
    expect(await ask(third)).toEqual({ status: 429, message: 'Liian monta pyyntöä, yritä myöhemmin uudelleen' });
  });
});
