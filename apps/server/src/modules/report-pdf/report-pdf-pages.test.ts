import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverRoot } from '../../paths.ts';
import { seedDemoAlarms } from '../../seed/demo-alarms.ts';
import { seedDemoData } from '../../seed/demo-data.ts';
import { seedDemoHistory } from '../../seed/demo-history.ts';
import { seedDemoMeters } from '../../seed/demo-meters.ts';
import { demoPrintTemplate, demoReportPublicId, seedDemoReports } from '../../seed/demo-reports.ts';
import { startTestServer, TestClient, type TestServer } from '../../testing/test-server.ts';
import { printMarginTypeMinPt } from './report-pdf.templates.ts';

const repoRoot = path.join(serverRoot, '..', '..');

interface Word {
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

interface PdfPage {
  width: number;
  height: number;
  words: Word[];
}

/** The words of each page with their boxes in pt (`pdftotext -bbox`). */
function pdfWords(file: string): PdfPage[] {
  const xhtml = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return xhtml
    .split('<page ')
    .slice(1)
    .map((chunk) => {
      const size = /width="([\d.]+)" height="([\d.]+)"/.exec(chunk);
      const words = [
        ...chunk.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g),
      ].map((match) => ({
        text: match[5] as string,
        xMin: Number(match[1]),
        yMin: Number(match[2]),
        xMax: Number(match[3]),
        yMax: Number(match[4]),
      }));
      return { width: Number(size?.[1]), height: Number(size?.[2]), words };
    });
}

/** A page drawn in grey at 72 dpi (one pixel a point): its rows of pixel values, 255 white (`pdftoppm -gray`). */
function pageGreys(file: string, page: number, dir: string): { width: number; rows: Buffer[] } {
  const prefix = path.join(dir, `page-${page}`);
  execFileSync('pdftoppm', ['-f', String(page), '-l', String(page), '-r', '72', '-gray', '-singlefile', file, prefix]);
  const bytes = fs.readFileSync(`${prefix}.pgm`);
  // P5 header: magic, width, height, maximum, each followed by one whitespace byte.
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(bytes.subarray(0, 40).toString('latin1'));
  if (!header) throw new Error('not a PGM picture');
  const [width, height] = [Number(header[1]), Number(header[2])];
  const start = header[0].length;
  const rows = Array.from({ length: height }, (_, y) => bytes.subarray(start + y * width, start + (y + 1) * width));
  return { width, rows };
}

/** pt per mm. */
const ptPerMm = 72 / 25.4;

/**
 * The demo's published indoor-air report as its PDF (issue 31): pages filled rather than broken early, graphs the
 * text's width, header and footer legible, nothing past the margins, and a designed cover with the logo. The layout
 * does not depend on the database, so this runs on PGlite alone.
 */
describe('the demo report’s PDF pages', () => {
  let olo: TestServer;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'olo-report-pages-'));
  const file = path.join(tmp, 'demo.pdf');
  let pages: PdfPage[] = [];
  const margin = Number.parseFloat(demoPrintTemplate.margin) * ptPerMm;

  beforeAll(async () => {
    execFileSync('node', ['scripts/build.mjs'], { cwd: repoRoot, stdio: 'ignore' });
    olo = await startTestServer('pglite', { PDF_TIMEOUT_MS: '120000' });
    const { db, sql } = olo.server.database;
    await seedDemoData({ db, accounts: olo.server.services.accounts });
    await seedDemoMeters(db);
    await seedDemoAlarms(db);
    await seedDemoHistory({ db, sql }, { stepMinutes: 30 });
    await seedDemoReports({ db, attachmentsDir: path.join(olo.server.config.dataDir, 'attachments') });
    const response = await new TestClient(olo.url).fetch(`/api/public-reports/${demoReportPublicId}.pdf?lang=fi`);
    expect(response.status).toBe(200);
    fs.writeFileSync(file, Buffer.from(await response.arrayBuffer()));
    pages = pdfWords(file);
  }, 600_000);
  afterAll(async () => {
    await olo?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  /** Words inside the page's content area (between the margins), and those of the header and footer lines. */
  const inside = (page: PdfPage, word: Word) => word.yMin >= margin - 1 && word.yMax <= page.height - margin + 1;

  it('has a designed cover: the logo at the top, the title block, and the facts at the foot', () => {
    const [cover] = pages;
    if (!cover) throw new Error('no pages');
    const text = cover.words.map((word) => word.text).join(' ');
    expect(text).toContain('Sisäilmaraportti');
    for (const fact of ['PROJEKTI', 'AJANJAKSO', 'LAATIJA', 'PÄIVÄYS', 'Olo Demo']) expect(text).toContain(fact);
    // The facts sit at the foot: the cover is laid out over the whole page, not a block in its middle.
    const lowest = Math.max(...cover.words.map((word) => word.yMax));
    expect(lowest).toBeGreaterThan(cover.height * 0.8);
    // The organization's logo is the cover's picture.
    const images = execFileSync('pdfimages', ['-list', '-f', '1', '-l', '1', file], { encoding: 'utf8' });
    expect(images.trim().split('\n').slice(2)).toHaveLength(1);
  });

  it('fills every page but the last at least a third down: breaks come only where a block would be cut', () => {
    expect(pages.length).toBeGreaterThanOrEqual(4);
    const content = (page: PdfPage) => page.height - 2 * margin;
    for (const [index, page] of pages.slice(1, -1).entries()) {
      const lowest = Math.max(...page.words.filter((word) => inside(page, word)).map((word) => word.yMax));
      expect((lowest - margin) / content(page), `page ${index + 2}`).toBeGreaterThan(1 / 3);
    }
  });

  it(`prints header and footer at ${printMarginTypeMinPt} pt or more, with every font embedded`, () => {
    for (const [index, page] of pages.slice(1).entries()) {
      const marginWords = page.words.filter((word) => !inside(page, word));
      expect(marginWords.length, `page ${index + 2}`).toBeGreaterThan(3);
      for (const word of marginWords) {
        // A word's box is its line's height: the font size times its ascent and descent (1.16 for DejaVu Sans).
        expect(word.yMax - word.yMin, `"${word.text}" on page ${index + 2}`).toBeGreaterThanOrEqual(
          printMarginTypeMinPt * 1.1,
        );
      }
    }
    const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' }).trim().split('\n').slice(2);
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) expect(font, font).toMatch(/\syes\s+yes\s+yes\s/);
  });

  it('puts nothing past the side margins, and the body nowhere in the top or bottom margin', () => {
    for (const [index, page] of pages.entries()) {
      for (const word of page.words) {
        const where = `"${word.text}" on page ${index + 1}`;
        expect(word.xMin, where).toBeGreaterThanOrEqual(margin - 1);
        expect(word.xMax, where).toBeLessThanOrEqual(page.width - margin + 1);
        // In a margin: the header's or footer's line, wholly in it.
        if (!inside(page, word)) expect(word.yMax <= margin || word.yMin >= page.height - margin, where).toBe(true);
      }
    }
  });

  it("draws each graph across at least 90 % of the text's width", () => {
    const index = pages.findIndex((page) => page.words.some((word) => word.text === '(°C)'));
    const page = pages[index] as PdfPage;
    const title = page.words.find((word) => word.text === '(°C)') as Word;
    // The graph's time axis: the first day label below its title.
    const axis = page.words.find((word) => word.yMin > title.yMax && /^\d{1,2}\.\d{1,2}\.$/.test(word.text)) as Word;
    expect(axis).toBeDefined();
    const { rows } = pageGreys(file, index + 1, tmp);
    let widest = 0;
    for (let y = Math.ceil(title.yMax) + 2; y < Math.floor(axis.yMin) - 2; y++) {
      const row = rows[y] as Buffer;
      const inked = [...row.keys()].filter((x) => (row[x] as number) < 250);
      if (inked.length > 0) widest = Math.max(widest, (inked.at(-1) as number) - (inked[0] as number));
    }
    expect(widest / (page.width - 2 * margin)).toBeGreaterThanOrEqual(0.9);
  });
});
