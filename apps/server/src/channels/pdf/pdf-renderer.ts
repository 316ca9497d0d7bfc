import { constants as fsConstants } from 'node:fs';
import fs from 'node:fs/promises';
import type { Logger } from 'pino';
import { type Browser, type BrowserServer, chromium, type Route } from 'playwright-core';
import { AppError } from '../../shared/errors.ts';
import { chromiumMissingMessage, mayFetch, type PdfJob, pdfCrashedMessage, pdfTimeoutMessage } from './pdf-job.ts';
import { PdfQueue } from './pdf-queue.ts';
import { type PrintSlot, type PrintWindow, printOnPage } from './print-page.ts';

export interface PdfRendererOptions {
  chromiumPath: string;
  /** Pages open at once, each reused by the next render. */
  pages: number;
  /** Renders that may wait for a page, all tenants together; one more is refused. */
  queueMax: number;
  /** Renders of one tenant that may wait for a page; one more of that tenant is refused. Default: `queueMax`. */
  tenantQueueMax?: number;
  /** The longest a render may wait for a page, ms; it then fails with `pdfQueueWaitMessage`. Default: none. */
  queueWaitMs?: number;
  /** The longest a render may take, ms, from getting a page to the PDF. */
  timeoutMs: number;
  logger: Logger;
}

/**
 * Renders a page serves before it is closed and a new one opened: a web app kept loaded for long may grow (caches,
 * leaks of its libraries), and a fresh page costs one app load.
 */
export const pageRendersMax = 100;

class BrowserGone extends Error {}

/** How long a browser suspected of hanging has to open a context, ms. */
const hungCheckMs = 5_000;

/**
 * Prints pages of the web app to PDF in one long-lived Chromium (decision 0127). The browser is
 * its own process (`launchServer`), started on the first render and again after it dies; renders
 * take one of `pages` reusable pages, and up to `queueMax` more wait for one (at most `tenantQueueMax` of a tenant,
 * for at most `queueWaitMs`), tenants served in turn (decision 0140).
 */
export class PdfRenderer {
  private server: BrowserServer | undefined;
  private browser: Browser | undefined;
  private starting: Promise<Browser> | undefined;
  private readonly idle: PrintSlot[] = [];
  private readonly queue: PdfQueue;
  private closed = false;
  /** Jobs handed to print pages so far: each one's number tells its drawing from the one before. */
  private printed = 0;
  /**
   * Renders since this instance started (those refused as busy or left waiting too long not among them): the status
   * dashboard's figures. Times in ms, from getting a place in the queue to the PDF or the failure.
   */
  readonly stats = { since: new Date(), renders: 0, failures: 0, totalMs: 0, maxMs: 0 };

  constructor(private readonly options: PdfRendererOptions) {
    this.queue = new PdfQueue(options);
  }

  /** The Chromium process now running (tests kill it to see the renderer recover). */
  get browserServer(): BrowserServer | undefined {
    return this.server;
  }

  async render(job: PdfJob): Promise<Buffer> {
    if (this.closed) throw new Error('PDF renderer closed');
    const tenant = job.tenant ?? '';
    await this.queue.acquire(tenant);
    const started = performance.now();
    let parking: Promise<void> | undefined;
    try {
      let done: { pdf: Buffer; slot: PrintSlot };
      try {
        done = await this.attempt(job);
      } catch (error) {
        // A render cut by a browser crash runs once more on the new browser.
        if (!(error instanceof BrowserGone)) throw error;
        this.options.logger.warn('PDF render interrupted by a Chromium crash; retrying on a new browser');
        try {
          done = await this.attempt(job);
        } catch (retryError) {
          if (retryError instanceof BrowserGone) throw new AppError('UNAVAILABLE', pdfCrashedMessage);
          throw retryError;
        }
      }
      parking = this.park(done.slot);
      return done.pdf;
    } catch (error) {
      this.stats.failures++;
      throw error;
    } finally {
      const tookMs = performance.now() - started;
      this.stats.renders++;
      this.stats.totalMs += tookMs;
      this.stats.maxMs = Math.max(this.stats.maxMs, tookMs);
      // The PDF goes out at once; the page is given to the next render once it is emptied.
      if (parking) void parking.finally(() => this.queue.release(tenant));
      else this.queue.release(tenant);
    }
  }

  /**
   * Empties a page after its render, so the report's scripts stop and its memory is freed while the page waits, and
   * pools it with its print page still loaded; a page that cannot be emptied, or has served its renders, is closed.
   */
  private async park(slot: PrintSlot): Promise<void> {
    slot.renders++;
    let timer: NodeJS.Timeout | undefined;
    try {
      if (slot.renders < pageRendersMax && slot.url !== undefined) {
        const emptied = slot.page.evaluate(() => (globalThis as PrintWindow).__oloPrint?.(null, 0));
        const tooLong = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('The print page did not empty itself')), hungCheckMs);
        });
        await Promise.race([emptied, tooLong]);
        if (slot.browser === this.browser && slot.browser.isConnected() && !this.closed) {
          this.idle.push(slot);
          return;
        }
      }
    } catch {
      // A page that cannot even empty itself may sit in a hung browser.
      await this.restartIfHung(slot.browser);
    } finally {
      clearTimeout(timer);
    }
    void slot.context.close().catch(() => {});
  }

  async close(): Promise<void> {
    this.closed = true;
    const server = this.server;
    this.server = undefined;
    this.browser = undefined;
    this.idle.length = 0;
    if (!server) return;
    // A hung browser never finishes closing: it is killed after a while.
    let timer: NodeJS.Timeout | undefined;
    const closing = server.close().then(
      () => true,
      () => false,
    );
    const closed = await Promise.race([
      closing,
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), hungCheckMs);
      }),
    ]);
    clearTimeout(timer);
    if (!closed) await server.kill();
  }

  /** The running browser, or one started now; callers at once share one start. */
  private launch(): Promise<Browser> {
    if (this.browser?.isConnected()) return Promise.resolve(this.browser);
    this.starting ??= this.start().finally(() => {
      this.starting = undefined;
    });
    return this.starting;
  }

  private async start(): Promise<Browser> {
    const path = this.options.chromiumPath;
    try {
      await fs.access(path, fsConstants.X_OK);
    } catch {
      throw new AppError('UNAVAILABLE', chromiumMissingMessage, undefined, { path });
    }
    const server = await chromium.launchServer({
      executablePath: path,
      headless: true,
      args: ['--disable-dev-shm-usage', '--font-render-hinting=none'],
    });
    let browser: Browser;
    try {
      browser = await chromium.connect(server.wsEndpoint());
    } catch (error) {
      await server.kill();
      throw error;
    }
    if (this.closed) {
      await server.close().catch(() => server.kill());
      throw new Error('PDF renderer closed');
    }
    this.server = server;
    this.browser = browser;
    browser.on('disconnected', () => {
      // Forget the dead browser and its pages; the next render starts a new one.
      if (this.browser === browser) this.browser = undefined;
      if (this.server === server) this.server = undefined;
      for (let i = this.idle.length - 1; i >= 0; i--) if (this.idle[i]?.browser === browser) this.idle.splice(i, 1);
      server.kill().catch(() => {});
      if (!this.closed)
        this.options.logger.warn('Chromium of the PDF renderer is gone; it starts again on the next PDF');
    });
    return browser;
  }

  private async openSlot(): Promise<PrintSlot> {
    const browser = await this.launch();
    try {
      // The web app registers a service worker; requests it answered would pass by `intercept`.
      const context = await browser.newContext({ deviceScaleFactor: 2, serviceWorkers: 'block' });
      const slot: PrintSlot = {
        context,
        page: await context.newPage(),
        browser,
        job: null,
        url: undefined,
        renders: 0,
      };
      // On the context, so that a page that replaces the first (see `print`) is routed too.
      await context.route('**/*', (route) => this.route(slot, route));
      return slot;
    } catch (error) {
      throw this.browserError(error, browser);
    }
  }

  private async route(slot: PrintSlot, route: Route): Promise<void> {
    const job = slot.job;
    // A late request of an earlier render goes nowhere.
    if (!job) return route.abort().catch(() => {});
    const request = route.request();
    try {
      const answer = job.intercept ? await job.intercept({ url: request.url(), method: request.method() }) : null;
      if (answer) {
        // Kept by no cache: the page outlives the job, and the next job may be somebody else's.
        await route.fulfill({
          status: answer.status,
          contentType: answer.contentType,
          headers: { 'cache-control': 'no-store' },
          body: answer.body,
        });
      } else if (mayFetch(request.url(), request.method(), job.url)) await route.continue();
      else await route.abort('blockedbyclient');
    } catch {
      await route.abort().catch(() => {});
    }
  }

  /** One try of a render, timed from asking for a page (a browser start included) to the PDF. */
  private async attempt(job: PdfJob): Promise<{ pdf: Buffer; slot: PrintSlot }> {
    let slot: PrintSlot | undefined;
    let timer: NodeJS.Timeout | undefined;
    let timedOut = false;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        timedOut = true;
        reject(
          new AppError('UNAVAILABLE', pdfTimeoutMessage, undefined, {
            seconds: String(Math.round(this.options.timeoutMs / 1000)),
          }),
        );
      }, this.options.timeoutMs);
    });
    const work = (async () => {
      let idle = this.idle.pop();
      while (idle && (idle.browser !== this.browser || !idle.browser.isConnected())) idle = this.idle.pop();
      const got = idle ?? (await this.openSlot());
      if (timedOut) {
        // Too late: the render has failed already, so the page is not kept.
        void got.context.close().catch(() => {});
        throw new Error('PDF page came after the timeout');
      }
      slot = got;
      got.job = job;
      return printOnPage(got, job, ++this.printed);
    })();
    work.catch(() => {});
    try {
      const pdf = await Promise.race([work, timeout]);
      const done = slot as unknown as PrintSlot;
      done.job = null;
      return { pdf, slot: done };
    } catch (error) {
      const failed = slot as PrintSlot | undefined;
      if (failed) {
        failed.job = null;
        // A page left mid-render is not reused: closing it also stops what it still does.
        void failed.context.close().catch(() => {});
      }
      if (timedOut) {
        // Checked before the render gives up its place, so the next one cannot get a hung browser.
        const suspect = failed?.browser ?? this.browser;
        if (suspect) await this.restartIfHung(suspect);
        throw error;
      }
      // Without a page, opening one failed: openSlot has told a crash apart already.
      if (!failed) throw error;
      throw this.browserError(error, failed.browser);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * A crash (the browser gone) becomes BrowserGone, which is retried; anything else stays. Calls cut by
   * a crash fail with "… closed" before the connection reports 'disconnected', so that message counts
   * too, and the browser is forgotten at once: the retry and the queued renders must not reuse it.
   */
  private browserError(error: unknown, browser: Browser): unknown {
    if (error instanceof AppError) return error;
    const message = error instanceof Error ? error.message : '';
    // The page's own process died (e.g. out of memory): the browser lives on, the page is gone.
    if (browser.isConnected() && /\bcrash/i.test(message)) return new BrowserGone(message);
    const closed = /\b(Browser|Target[\w ,]*) (has been )?closed\b/i.test(message);
    if (browser.isConnected() && !closed) return error;
    this.forget(browser);
    return new BrowserGone(String(error));
  }

  /** Stops using `browser`: its process is killed and its pages dropped. */
  private forget(browser: Browser): void {
    if (this.browser === browser) {
      const server = this.server;
      this.browser = undefined;
      this.server = undefined;
      server?.kill().catch(() => {});
    }
    for (let i = this.idle.length - 1; i >= 0; i--) if (this.idle[i]?.browser === browser) this.idle.splice(i, 1);
  }

  /**
   * After a timeout: a page that never got ready leaves the browser answering, but a hung browser
   * (alive, not answering) would fail every later render, so it is killed and the next one starts.
   */
  private async restartIfHung(browser: Browser): Promise<void> {
    if (!browser.isConnected()) return;
    let timer: NodeJS.Timeout | undefined;
    const hung = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(true), hungCheckMs);
    });
    // Any answer, even an error, shows the browser alive.
    const answers = browser
      .newContext()
      .then((context) => context.close())
      .then(
        () => false,
        () => false,
      );
    const isHung = await Promise.race([answers, hung]);
    clearTimeout(timer);
    if (isHung && browser.isConnected()) {
      this.options.logger.warn('Chromium of the PDF renderer does not answer; killing it');
      this.forget(browser);
    }
  }
}
