import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../shared/errors.ts';
import { startTestServer } from '../../testing/test-server.ts';
import {
  chromiumMissingMessage,
  isRenderFailure,
  type PdfJob,
  pdfTimeoutMessage,
  pdfTooLongMessage,
} from './pdf-job.ts';
import { pdfBusyMessage, pdfQueueWaitMessage, pdfTenantBusyMessage } from './pdf-queue.ts';
import { type PdfRenderer, PdfRenderer as Renderer } from './pdf-renderer.ts';
import { translatePdfError } from './pdf-texts.ts';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const logger = pino({ level: 'silent' });

/**
 * A print page (the renderer's contract): `__oloPrint(init, job)` draws `?sheets=` A4 sheets showing `init` and the
 * answer of `/api/value` (which the tests answer in-process) inside `[data-print-job]`, ready once that answer
 * arrived; `__oloPrint(null, 0)` empties it.
 */
const documentHtml = `<!doctype html><html><head><style>
  body { margin: 0; font: 16px sans-serif; } section { break-after: page; } section:last-child { break-after: auto; }
</style></head><body><div id="root"></div><script>
  const params = new URLSearchParams(location.search);
  const count = Number(params.get('sheets') || '1');
  const root = document.getElementById('root');
  let leave = false;
  window.__oloPrint = (init, job) => {
    root.replaceChildren();
    // A job's init may ask the page to leave once emptied, as a page that reloads itself would.
    if (!init) {
      if (leave) location.href = 'about:blank';
      return;
    }
    leave = init.leave === true;
    const drawing = document.createElement('div');
    drawing.dataset.printJob = String(job);
    const sheets = document.createElement('div');
    drawing.append(sheets);
    root.append(drawing);
    for (let i = 1; i <= count; i++) {
      const section = document.createElement('section');
      // As a print template's CSS could make it: a box taller than a thousand A4 sheets.
      if (params.get('tall')) section.style.height = '2000000px';
      section.textContent = 'Sheet ' + i + (i === 1 ? ' init=' + JSON.stringify(init) : '');
      sheets.append(section);
    }
    const probe = params.get('probe');
    const probed = probe ? fetch(probe, { mode: 'no-cors' }).then(() => 'reached', () => 'refused') : Promise.resolve('');
    probed.then((result) => {
      if (result) sheets.insertAdjacentText('beforeend', 'probe=' + result);
      return fetch('/api/value');
    }).then((answer) => answer.text()).then((text) => {
      const value = document.createElement('p');
      value.textContent = 'value=' + text;
      sheets.lastElementChild.append(value);
      sheets.dataset.ready = 'true';
    });
  };
</script></body></html>`;

/** Loads of the print page itself (not its data requests). */
let pageLoads = 0;

let server: http.Server;
let base: string;
let dir: string;
const renderers: PdfRenderer[] = [];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'olo-pdf-'));
  server = http.createServer((request, response) => {
    if (request.url?.startsWith('/api/value')) {
      // Reached only when a job lets the request through.
      response.setHeader('content-type', 'text/plain');
      response.end('from-network');
      return;
    }
    pageLoads++;
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.end(documentHtml);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  await Promise.all(renderers.splice(0).map((renderer) => renderer.close()));
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

function renderer(options: Partial<ConstructorParameters<typeof Renderer>[0]> = {}): PdfRenderer {
  const created = new Renderer({ chromiumPath, pages: 2, queueMax: 16, timeoutMs: 30_000, logger, ...options });
  renderers.push(created);
  return created;
}

function job(overrides: Partial<PdfJob> & { sheets?: number; value?: () => Promise<string> } = {}): PdfJob {
  const { sheets = 3, value = async () => 'answered', ...rest } = overrides;
  return {
    url: `${base}/print?sheets=${sheets}`,
    init: { report: 'Kiinteistö <b>' },
    intercept: async (request) =>
      request.url.endsWith('/api/value') ? { status: 200, contentType: 'text/plain', body: await value() } : null,
    readySelector: '[data-ready="true"]',
    pdf: {
      landscape: false,
      margin: '15mm',
      footerTemplate:
        '<div style="font-size:10px;width:100%;text-align:center">page <span class="pageNumber"></span> / <span class="totalPages"></span></div>',
      coverSeparate: true,
    },
    metadata: { title: 'Energy report', author: 'Acme Oy', created: new Date('2026-03-04T05:06:07Z') },
    ...rest,
  };
}

let written = 0;
function saved(pdf: Buffer): string {
  const file = path.join(dir, `${++written}.pdf`);
  fs.writeFileSync(file, pdf);
  return file;
}

function info(file: string): Record<string, string> {
  const text = execFileSync('pdfinfo', ['-isodates', file], { encoding: 'utf8' });
  return Object.fromEntries(
    text
      .split('\n')
      .filter((line) => line.includes(':'))
      .map((line) => [line.slice(0, line.indexOf(':')).trim(), line.slice(line.indexOf(':') + 1).trim()]),
  );
}

function pageText(file: string, page: number): string {
  return execFileSync('pdftotext', ['-f', String(page), '-l', String(page), '-layout', file, '-'], {
    encoding: 'utf8',
  });
}

/** A promise with its resolve outside, for answers the test gives when it chooses. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

/**
 * The time limit of the tests of a render that never ends: long enough that starting Chromium and printing a page
 * fit in it on a loaded CI machine, since the next render must succeed under the same limit.
 */
const slowLimitMs = 10_000;

describe('PdfRenderer', () => {
  it('prints every sheet with the cover bare, "n / N" on the others, init, intercepted data and metadata', async () => {
    const file = saved(await renderer().render(job({ sheets: 3 })));
    const meta = info(file);
    expect(meta.Pages).toBe('3');
    expect(meta['Page size']).toMatch(/^595\.\d+ x 842\.\d+ pts \(A4\)/);
    expect(meta.Title).toBe('Energy report');
    expect(meta.Author).toBe('Acme Oy');
    expect(meta.CreationDate).toBe('2026-03-04T05:06:07Z');

    const cover = pageText(file, 1);
    expect(cover).toContain('Sheet 1');
    // The init JSON reached the page unchanged (markup stays text).
    expect(cover).toContain('init={"report":"Kiinteistö <b>"}');
    expect(cover).not.toMatch(/page\s+\d/);
    expect(pageText(file, 2)).toMatch(/Sheet 2[\s\S]*page 2 \/ 3/);
    const last = pageText(file, 3);
    expect(last).toMatch(/page 3 \/ 3/);
    // The data request was answered in-process, not by the network.
    expect(last).toContain('value=answered');
  });

  it('prints landscape A4, and reuses its pages for the next PDFs', async () => {
    const pdfRenderer = renderer({ pages: 1 });
    for (const sheets of [2, 4]) {
      const file = saved(await pdfRenderer.render(job({ sheets, pdf: { ...job().pdf, landscape: true } })));
      const meta = info(file);
      expect(meta.Pages).toBe(String(sheets));
      expect(meta['Page size']).toMatch(/^842\.\d+ x 595\.\d+ pts \(A4\)/);
      expect(pageText(file, sheets)).toContain(`page ${sheets} / ${sheets}`);
    }
  });

  it('keeps its print page loaded between PDFs of the same page, each PDF showing only its own report', async () => {
    const pdfRenderer = renderer({ pages: 1 });
    const loadsBefore = pageLoads;
    const reports = ['Ensimmäinen', 'Toinen', 'Kolmas'];
    for (const report of reports) {
      const file = saved(await pdfRenderer.render(job({ sheets: 2, init: { report } })));
      const text = pageText(file, 1) + pageText(file, 2);
      expect(text).toContain(`init={"report":"${report}"}`);
      for (const other of reports.filter((name) => name !== report)) expect(text).not.toContain(other);
      expect(text).toContain('value=answered');
    }
    expect(pageLoads - loadsBefore).toBe(1);
    // Another print page is loaded in the same browser page.
    await pdfRenderer.render(job({ sheets: 1 }));
    expect(pageLoads - loadsBefore).toBe(2);
  });

  it('loads the print page again when a kept page has left it between PDFs', async () => {
    const pdfRenderer = renderer({ pages: 1 });
    const loadsBefore = pageLoads;
    await pdfRenderer.render(job({ sheets: 1, init: { report: 'Lähtevä', leave: true } }));
    const file = saved(await pdfRenderer.render(job({ sheets: 1, init: { report: 'Seuraava' } })));
    expect(pageText(file, 1)).toContain('init={"report":"Seuraava"}');
    expect(pageLoads - loadsBefore).toBe(2);
  });

  it('without templates or a separate cover prints no header or footer', async () => {
    const file = saved(
      await renderer().render(job({ sheets: 2, pdf: { landscape: false, margin: '10mm', coverSeparate: false } })),
    );
    expect(info(file).Pages).toBe('2');
    expect(pageText(file, 2)).not.toContain('page');
    expect(pageText(file, 2)).toContain('value=answered');
  });

  it("lets the page fetch only its own page and the web app's files of its server, nothing else of it", async () => {
    const printer = renderer();
    // The job's intercept answers only the page's own /api/value; whatever else the probe asks is the renderer's to judge.
    const probe = async (target: string) => {
      const url = `${base}/print?sheets=1&probe=${encodeURIComponent(target)}`;
      return pageText(saved(await printer.render(job({ url }))), 1);
    };
    expect(await probe(`${base}/assets/index-AbC123.js`)).toContain('probe=reached');
    expect(await probe(`${base}/favicon.svg`)).toContain('probe=reached');
    const loads = pageLoads;
    const refused = [
      // Olo's API, GraphQL, metrics and other routes that no intercept answered.
      ...['/api/secret', '/graphql?query=%7B__typename%7D', '/metrics', '/site-logo'].map((route) => `${base}${route}`),
      // The same server under another name.
      `${base.replace('127.0.0.1', 'localhost')}/print`,
    ];
    for (const target of refused) expect(await probe(target), target).toContain('probe=refused');
    // Every request that reached the server was a print page's own load: one per PDF.
    expect(pageLoads - loads).toBe(refused.length);
  });

  it("does not let the page reach the server's network beyond its own server", async () => {
    let hits = 0;
    const other = http.createServer((_, response) => {
      hits++;
      response.end('inside');
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    try {
      const port = (other.address() as AddressInfo).port;
      for (const probe of [`http://localhost:${port}/secret`, `http://127.0.0.1:${port}/secret`]) {
        const url = `${base}/print?sheets=1&probe=${encodeURIComponent(probe)}`;
        const file = saved(await renderer().render(job({ url })));
        expect(pageText(file, 1)).toContain('probe=refused');
      }
      expect(hits).toBe(0);
    } finally {
      other.closeAllConnections();
      await new Promise((resolve) => other.close(resolve));
    }
  });

  it('refuses a render beyond the queue as busy, and finishes the running and queued ones', async () => {
    const pdfRenderer = renderer({ pages: 1, queueMax: 1 });
    const hold = deferred<string>();
    const running = pdfRenderer.render(job({ value: () => hold.promise }));
    const queued = pdfRenderer.render(job({ sheets: 2 }));
    const refused = await rejection(pdfRenderer.render(job()));
    expect(refused.code).toBe('TOO_MANY_REQUESTS');
    expect(refused.message).toBe(pdfBusyMessage);
    expect(translatePdfError(refused.message, 'en')).toBe('PDF renderer busy');

    hold.resolve('released');
    const [first, second] = await Promise.all([running, queued]);
    expect(pageText(saved(first), 3)).toContain('value=released');
    expect(info(saved(second)).Pages).toBe('2');
  });

  it("serves tenants in turn: B's PDF waits for one render of A's slow page, not for A's flood", async () => {
    const pdfRenderer = renderer({ pages: 1, queueMax: 16, tenantQueueMax: 8 });
    /** Renders in the order they started drawing (each asks its value once drawn). */
    const started: string[] = [];
    const slowStarted = deferred<void>();
    const slowPage = deferred<string>();
    const slow = pdfRenderer.render(
      job({
        tenant: 'A',
        value: () => {
          started.push('A slow');
          slowStarted.resolve();
          return slowPage.promise;
        },
      }),
    );
    await slowStarted.promise;
    const labelled = (tenant: string, label: string) =>
      pdfRenderer.render(
        job({
          tenant,
          sheets: 1,
          value: async () => {
            started.push(label);
            return label;
          },
        }),
      );
    const flood = Array.from({ length: 6 }, (_, index) => labelled('A', `A${index + 1}`));
    const other = labelled('B', 'B');
    slowPage.resolve('slow');
    const [, ...rest] = await Promise.all([slow, other, ...flood]);
    expect(rest.every((pdf) => pdf.length > 0)).toBe(true);
    // B started right after the render that held the page when it came; A's flood went on after it.
    expect(started).toEqual(['A slow', 'B', 'A1', 'A2', 'A3', 'A4', 'A5', 'A6']);
  });

  it("refuses a tenant's render beyond its share of the queue while others still get in", async () => {
    const pdfRenderer = renderer({ pages: 1, queueMax: 16, tenantQueueMax: 2 });
    const hold = deferred<string>();
    const running = pdfRenderer.render(job({ tenant: 'A', value: () => hold.promise }));
    const queuedA = [pdfRenderer.render(job({ tenant: 'A', sheets: 1 })), pdfRenderer.render(job({ tenant: 'A' }))];
    const refused = await rejection(pdfRenderer.render(job({ tenant: 'A' })));
    expect(refused.code).toBe('TOO_MANY_REQUESTS');
    expect(refused.message).toBe(pdfTenantBusyMessage);
    expect(translatePdfError(refused.message, 'fi')).toBe(
      'Tämän organisaation PDF-tiedostot täyttävät jo sen paikat jonossa, yritä hetken päästä uudelleen',
    );
    const queuedB = pdfRenderer.render(job({ tenant: 'B', sheets: 2 }));
    hold.resolve('released');
    await Promise.all([running, ...queuedA]);
    expect(info(saved(await queuedB)).Pages).toBe('2');
  });

  it('answers a render that waited too long for a page with its message, and the queue goes on', async () => {
    const pdfRenderer = renderer({ pages: 1, queueWaitMs: 1000 });
    const hold = deferred<string>();
    const running = pdfRenderer.render(job({ value: () => hold.promise }));
    const error = await rejection(pdfRenderer.render(job({ tenant: 'B' })));
    expect(error.code).toBe('UNAVAILABLE');
    expect(error.message).toBe(pdfQueueWaitMessage);
    expect(isRenderFailure(error)).toBe(false);
    expect(translatePdfError(error.message, 'sv', error.values)).toBe(
      'PDF:en väntade mer än 1 s på skrivaren, försök igen senare',
    );
    hold.resolve('released');
    expect(pageText(saved(await running), 3)).toContain('value=released');
    // The page it did not get is free for the next render.
    expect(info(saved(await pdfRenderer.render(job({ tenant: 'B', sheets: 2 })))).Pages).toBe('2');
  });

  it('refuses a page drawn taller than the sheets a PDF may have before printing it', async () => {
    const pdfRenderer = renderer({ pages: 1 });
    const error = await rejection(pdfRenderer.render(job({ url: `${base}/print?sheets=1&tall=1` })));
    expect(error.message).toBe(pdfTooLongMessage);
    expect(isRenderFailure(error)).toBe(true);
    expect(translatePdfError(error.message, 'en', error.values)).toBe('The report would print on more than 500 pages');
    expect(info(saved(await pdfRenderer.render(job({ sheets: 2 })))).Pages).toBe('2');
    // The status dashboard's counts: both renders, the refused one as failed, with their times.
    expect(pdfRenderer.stats).toMatchObject({ renders: 2, failures: 1 });
    expect(pdfRenderer.stats.maxMs).toBeGreaterThan(0);
    expect(pdfRenderer.stats.totalMs).toBeGreaterThanOrEqual(pdfRenderer.stats.maxMs);
  });

  it('fails a render over the time limit with its message, and the next render works', async () => {
    const pdfRenderer = renderer({ pages: 1, timeoutMs: slowLimitMs });
    const never = new Promise<string>(() => {});
    const error = await rejection(pdfRenderer.render(job({ value: () => never })));
    expect(error.code).toBe('UNAVAILABLE');
    expect(error.message).toBe(pdfTimeoutMessage);
    expect(translatePdfError(error.message, 'en', error.values)).toBe('The PDF took longer than 10 s to render');
    expect(translatePdfError(error.message, 'fi', error.values)).toBe('PDF:n tulostus kesti yli 10 s');

    expect(info(saved(await pdfRenderer.render(job({ sheets: 2 })))).Pages).toBe('2');
  });

  it('restarts Chromium killed mid-render: the interrupted and the queued renders still complete', async () => {
    const pdfRenderer = renderer({ pages: 1, queueMax: 4 });
    const reached = deferred<void>();
    const hold = deferred<string>();
    let calls = 0;
    // The first attempt waits here until the browser is killed; the retry is answered at once.
    const value = async () => {
      calls++;
      if (calls > 1) return 'after restart';
      reached.resolve();
      return hold.promise;
    };
    const interrupted = pdfRenderer.render(job({ value }));
    const queued = pdfRenderer.render(job({ sheets: 2 }));
    await reached.promise;
    const before = pdfRenderer.browserServer;
    const pid = before?.process().pid;
    expect(pid).toBeTypeOf('number');
    await before?.kill();

    const [first, second] = await Promise.all([interrupted, queued]);
    hold.resolve('too late');
    expect(pageText(saved(first), 3)).toContain('value=after restart');
    expect(info(saved(second)).Pages).toBe('2');
    expect(pdfRenderer.browserServer?.process().pid).not.toBe(pid);
  });

  it('starts Chromium again after its process died between renders', async () => {
    const pdfRenderer = renderer();
    await pdfRenderer.render(job({ sheets: 1 }));
    const chromiumProcess = pdfRenderer.browserServer?.process();
    expect(chromiumProcess?.pid).toBeTypeOf('number');
    const exited = new Promise((resolve) => chromiumProcess?.once('exit', resolve));
    process.kill(chromiumProcess?.pid as number, 'SIGKILL');
    await exited;

    const file = saved(await pdfRenderer.render(job({ sheets: 2 })));
    expect(info(file).Pages).toBe('2');
    expect(pdfRenderer.browserServer?.process().pid).not.toBe(chromiumProcess?.pid);
  });

  it('kills a hung Chromium after a render timed out, and the next render gets a new one', async () => {
    const pdfRenderer = renderer({ pages: 1, timeoutMs: slowLimitMs });
    await pdfRenderer.render(job({ sheets: 1 }));
    const chromiumProcess = pdfRenderer.browserServer?.process();
    const pid = chromiumProcess?.pid as number;
    // Stopped mid-render, the browser process keeps its connection open but answers nothing.
    const stop = async () => {
      process.kill(pid, 'SIGSTOP');
      return 'stopped';
    };
    try {
      const error = await rejection(pdfRenderer.render(job({ value: stop })));
      expect(error.message).toBe(pdfTimeoutMessage);
    } finally {
      // Left running only if the renderer failed to kill it.
      if (chromiumProcess?.exitCode === null && chromiumProcess.signalCode === null) process.kill(pid, 'SIGCONT');
    }
    const file = saved(await pdfRenderer.render(job({ sheets: 2 })));
    expect(info(file).Pages).toBe('2');
    expect(pdfRenderer.browserServer?.process().pid).not.toBe(pid);
  });

  it('says where Chromium was looked for when it is missing', async () => {
    const missing = path.join(dir, 'no-chromium');
    const error = await rejection(renderer({ chromiumPath: missing }).render(job()));
    expect(error.code).toBe('UNAVAILABLE');
    expect(error.message).toBe(chromiumMissingMessage);
    expect(translatePdfError(error.message, 'en', error.values)).toBe(
      `Chromium was not found at ${missing}: install Debian's chromium or set CHROMIUM_PATH`,
    );
  });

  it('is built once by the server from its configuration and closed with it', async () => {
    const olo = await startTestServer('pglite', { CHROMIUM_PATH: chromiumPath, PDF_PAGES: '1', PDF_QUEUE_MAX: '0' });
    let chromiumProcess: ReturnType<NonNullable<PdfRenderer['browserServer']>['process']> | undefined;
    try {
      const pdfRenderer = olo.server.services.pdf;
      const hold = deferred<string>();
      const running = pdfRenderer.render(job({ value: () => hold.promise }));
      // One page and no queue: a second PDF meanwhile is refused.
      expect((await rejection(pdfRenderer.render(job()))).message).toBe(pdfBusyMessage);
      hold.resolve('served');
      expect(pageText(saved(await running), 3)).toContain('value=served');
      chromiumProcess = pdfRenderer.browserServer?.process();
      expect(chromiumProcess?.exitCode).toBeNull();
    } finally {
      await olo.close();
    }
    // Shutting the server down ends its Chromium.
    if (chromiumProcess?.exitCode === null && chromiumProcess.signalCode === null) {
      await new Promise((resolve) => chromiumProcess?.once('exit', resolve));
    }
    expect(chromiumProcess?.exitCode !== null || chromiumProcess?.signalCode !== null).toBe(true);
  });
});
