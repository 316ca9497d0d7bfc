import { AppError } from '../../shared/errors.ts';

/*
 * What a render is (the print page contract), what its page may fetch, and how it may fail: the PDF renderer's
 * contract with the features that print (decisions 0127, 0137, 0140, 0141, 0143).
 */

/** A request the printed page makes, as `PdfJob.intercept` sees it. */
export interface PdfRequest {
  url: string;
  method: string;
}

/** An answer given in-process to a request of the printed page. */
export interface PdfAnswer {
  status: number;
  contentType: string;
  body: Buffer | string;
}

/**
 * A job's page follows the print page contract (decision 0137): once its scripts have run, the page at `url` defines
 * `window.__oloPrint(init, job)`, which draws `init` inside an element `[data-print-job="<job>"]` (replacing what it
 * drew before), in which `readySelector` matches once all is drawn; `__oloPrint(null, 0)` empties it. The page stays
 * loaded between jobs, so the next job of the same `url` skips loading the app.
 */
export interface PdfJob {
  /** A print page of the built web app on this server. */
  url: string;
  /**
   * Whose queue the job waits in (a report's organization id; unset: one shared queue): tenants are served in turn,
   * so one tenant's many or slow PDFs delay another's by at most one render (decision 0140).
   */
  tenant?: string;
  /** JSON handed to the page's `__oloPrint`. */
  init?: unknown;
  /** Answers a request in-process; null lets it through to the network. */
  intercept?: (request: PdfRequest) => Promise<PdfAnswer | null>;
  /** The page is printed once this matches, e.g. `[data-report-ready="true"]`. */
  readySelector: string;
  pdf: {
    landscape: boolean;
    /** A CSS length (e.g. `15mm`), the same on all four sides; header and footer sit in it. */
    margin: string;
    /** Chromium's header template (its classes `pageNumber`, `totalPages`; it loads nothing). */
    headerTemplate?: string;
    footerTemplate?: string;
    /** The first sheet (a cover) without header and footer, still counted as page 1. */
    coverSeparate: boolean;
  };
  metadata: { title: string; author: string; created: Date };
}

export const pdfTimeoutMessage = 'The PDF took longer than {seconds} s to render';
export const pdfTooLongMessage = 'The report would print on more than {pages} pages';
export const pdfCrashedMessage = 'Chromium crashed twice while printing the PDF';
export const chromiumMissingMessage =
  "Chromium was not found at {path}: install Debian's chromium or set CHROMIUM_PATH";

/**
 * Sheets a PDF may have: a print template's CSS (huge type, a tall box) could otherwise make Chromium lay out and
 * print thousands of pages. Checked on the drawn page before printing (decision 0141).
 */
export const pdfSheetsMax = 500;

/**
 * Whether a render failed because of its job (over its time, too long, crashing Chromium), so that the same job would
 * fail again: such failures may be answered from a short cache instead of rendering again. Busy, a long wait in the
 * queue and a missing Chromium are the renderer's state, not the job's.
 */
export function isRenderFailure(error: unknown): boolean {
  return error instanceof AppError && [pdfTimeoutMessage, pdfTooLongMessage, pdfCrashedMessage].includes(error.message);
}

/** The built web app's own files: Vite's hashed output under /assets/ and the files at the build's root. */
const appFile = /^\/(?:assets\/[\w.-]+|[\w-]+\.(?:js|css|svg|png|ico|webmanifest))$/;

/**
 * Whether the printed page may fetch `url` itself (decision 0143): only GETs of its own page and of the built web
 * app's files on its own server. What the job's `intercept` did not answer goes nowhere else: not to this server's
 * API, GraphQL or metrics, not to its network, not to the internet (data: and blob: load nothing).
 */
export function mayFetch(url: string, method: string, pageUrl: string): boolean {
  if (!URL.canParse(url) || !URL.canParse(pageUrl)) return false;
  const target = new URL(url);
  if (target.protocol === 'data:' || target.protocol === 'blob:') return true;
  const page = new URL(pageUrl);
  if (target.origin !== page.origin || method !== 'GET') return false;
  return target.pathname === page.pathname || appFile.test(target.pathname);
}
