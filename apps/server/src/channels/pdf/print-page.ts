import { PDFDocument } from 'pdf-lib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { AppError } from '../../shared/errors.ts';
import { type PdfJob, pdfSheetsMax, pdfTooLongMessage } from './pdf-job.ts';

/** Height of an A4 sheet in CSS px (96 per inch): 297 mm portrait, 210 mm landscape. */
const sheetHeightPx = { portrait: (297 / 25.4) * 96, landscape: (210 / 25.4) * 96 };

/** A pooled page, with the job it serves now (its routes read this) and the print page it has loaded. */
export interface PrintSlot {
  context: BrowserContext;
  page: Page;
  browser: Browser;
  job: PdfJob | null;
  /** The print page loaded and answering `__oloPrint`, if any. */
  url: string | undefined;
  renders: number;
}

/** The print page contract's function, as the page defines it. */
export type PrintWindow = { __oloPrint?: (init: unknown, job: number) => void };

/**
 * Prints `job` on a pooled page as the print page contract says (decision 0137): hands its `init` to the page already
 * loaded, else loads the print page first; waits for the drawing numbered `number` to be ready, refuses one taller than
 * `pdfSheetsMax` sheets, prints it, and puts a separate cover first.
 */
export async function printOnPage(slot: PrintSlot, job: PdfJob, number: number): Promise<Buffer> {
  const hand = (page: Page) =>
    page.evaluate(
      ([init, printJob]) => {
        const print = (globalThis as PrintWindow).__oloPrint;
        print?.(init, printJob);
        return print !== undefined;
      },
      [job.init ?? null, number] as const,
    );
  const handed = slot.url === job.url && (await hand(slot.page).catch(() => false));
  if (!handed) {
    if (slot.url === job.url) {
      // The kept page has left its print page (reloaded itself, say) and may still be navigating: a new page
      // replaces it rather than racing its navigation.
      const left = slot.page;
      slot.page = await slot.context.newPage();
      void left.close().catch(() => {});
    }
    slot.url = undefined;
    await slot.page.goto(job.url, { waitUntil: 'load', timeout: 0 });
    await slot.page.waitForFunction(() => typeof (globalThis as PrintWindow).__oloPrint === 'function', undefined, {
      timeout: 0,
      polling: 20,
    });
    slot.url = job.url;
    await hand(slot.page);
  }
  const { page } = slot;
  await page.waitForSelector(`[data-print-job="${number}"] ${job.readySelector}`, { state: 'attached', timeout: 0 });
  // The drawn height at the screen's width is at most the printed one (print is narrower), so this never refuses a
  // report that fits, and cuts one whose CSS would have Chromium print thousands of sheets before the PDF starts.
  const height = await page.evaluate(
    () =>
      (globalThis as unknown as { document: { documentElement: { scrollHeight: number } } }).document.documentElement
        .scrollHeight,
  );
  if (height / sheetHeightPx[job.pdf.landscape ? 'landscape' : 'portrait'] > pdfSheetsMax) {
    throw new AppError('BAD_USER_INPUT', pdfTooLongMessage, undefined, { pages: String(pdfSheetsMax) });
  }
  const margin = { top: job.pdf.margin, right: job.pdf.margin, bottom: job.pdf.margin, left: job.pdf.margin };
  const headerFooter = Boolean(job.pdf.headerTemplate || job.pdf.footerTemplate);
  const common = { format: 'A4', landscape: job.pdf.landscape, margin, printBackground: true, timeout: 0 } as const;
  const whole = await page.pdf({
    ...common,
    displayHeaderFooter: headerFooter,
    // An empty template, not Chromium's default (date and title), where only one is given.
    headerTemplate: job.pdf.headerTemplate || '<span></span>',
    footerTemplate: job.pdf.footerTemplate || '<span></span>',
  });
  const cover = job.pdf.coverSeparate && headerFooter ? await page.pdf({ ...common, pageRanges: '1' }) : undefined;
  return finishDocument(whole, cover, job.metadata);
}

/** Puts the plain cover in place of the first page and writes the document's metadata. */
async function finishDocument(whole: Buffer, cover: Buffer | undefined, metadata: PdfJob['metadata']): Promise<Buffer> {
  const document = await PDFDocument.load(whole);
  if (cover) {
    const coverDocument = await PDFDocument.load(cover);
    const [page] = await document.copyPages(coverDocument, [0]);
    if (page) {
      document.removePage(0);
      document.insertPage(0, page);
    }
  }
  document.setTitle(metadata.title, { showInWindowTitleBar: true });
  document.setAuthor(metadata.author);
  document.setCreationDate(metadata.created);
  document.setModificationDate(metadata.created);
  document.setCreator('Olo');
  document.setProducer('Olo');
  return Buffer.from(await document.save());
}
