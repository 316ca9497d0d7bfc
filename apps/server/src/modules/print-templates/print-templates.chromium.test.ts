import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createPrintTemplateInput, fillPrintTemplate, printTemplateStyle } from '@olo/shared';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPrintTemplate } from '../../seed/demo-reports.ts';

/**
 * A print template as Chromium prints it: its header and footer, filled by fillPrintTemplate, as
 * Chromium's header and footer templates, on a three-page document. Real Chromium (Debian's, or
 * CHROMIUM_PATH) and pdftotext; the renderer's own tests cover the renderer.
 */
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const pageText = async (pdf: Buffer, page: number) => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'olo-print-template-'));
  try {
    const file = path.join(dir, 'out.pdf');
    await fs.writeFile(file, pdf);
    return execFileSync('pdftotext', ['-f', String(page), '-l', String(page), '-layout', file, '-'], {
      encoding: 'utf8',
    });
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
};

describe('a print template printed by Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath });
  });
  afterAll(() => browser?.close());

  it('puts the filled header and footer with the page number and count on every page', async () => {
    const template = createPrintTemplateInput.parse({
      organizationId: '00000000-0000-4000-8000-000000000001',
      ...demoPrintTemplate,
    });
    const values = {
      'report.name': 'Sisäilma <Q1> & muut',
      'project.name': 'Kirkonkylän koulu',
      'report.from': '1.1.2026',
      'report.to': '31.3.2026',
      'organization.name': 'Olo Demo',
    };
    const page = await browser.newPage();
    try {
      const sheets = [1, 2, 3]
        .map((n) => `<h1 style="break-before: ${n === 1 ? 'auto' : 'page'}">Sivu ${n}</h1>`)
        .join('');
      await page.setContent(
        `<style>${printTemplateStyle(template)}</style><main data-report-ready="true">${sheets}</main>`,
      );
      // The accent reaches the document's headings through the template's style.
      expect(await page.evaluate(() => getComputedStyle(document.querySelector('h1') as Element).color)).toBe(
        'rgb(28, 79, 166)',
      );
      const pdf = await page.pdf({
        format: 'A4',
        printBackground: true,
        displayHeaderFooter: true,
        headerTemplate: fillPrintTemplate(template.header, values),
        footerTemplate: fillPrintTemplate(template.footer, values),
        margin: { top: template.margin, bottom: template.margin, left: template.margin, right: template.margin },
      });
      for (const n of [1, 2, 3]) {
        const text = (await pageText(pdf, n)).replace(/\s+/g, ' ');
        expect(text).toContain(`Sivu ${n}`);
        expect(text).toContain('Olo Demo');
        expect(text).toContain('Kirkonkylän koulu');
        // Escaped on the way in: the report's name prints as written.
        expect(text).toContain(`Sisäilma <Q1> & muut · 1.1.2026 – 31.3.2026 · ${n} / 3`);
      }
    } finally {
      await page.close();
    }
  });
});
