// @vitest-environment jsdom

import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProjectPrivilege } from '../../../graphql/generated.ts';
import { signedInUser } from '../../../testing/currentUser.ts';
import { cleanupApp, renderApp } from '../../../testing/renderApp.tsx';
import { shellProject } from '../../projects/testProjects.ts';
import { listReport } from '../list/testReports.ts';
import { dispositionFilename, pdfFilename } from './reportPdf.ts';

// The routes themselves (rendering, permissions, error answers in the link's language) are tested in
// apps/server; here the app's side: where the button is, what it asks, what it saves and what it says.

configure({ asyncUtilTimeout: 8000 });

const pdfBytes = '%PDF-1.7 test';

/** The server's answers to the PDF routes: the file with its Content-Disposition, or an error answer. */
function stubPdfRoute(answer: (url: string) => Response) {
  const fetch = vi.fn(async (url: string) => answer(url));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const pdfAnswer = (filename: string) =>
  new Response(pdfBytes, {
    status: 200,
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="x.pdf"; filename*=UTF-8''${encodeURIComponent(filename)}`,
    },
  });

const errorAnswer = (status: number, message: string) =>
  new Response(JSON.stringify({ error: 'key', message }), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });

/** What the browser was handed to save: the file name and the bytes of each download. */
function captureSaves() {
  const saved: { name: string; href: string }[] = [];
  const blobs = new Map<string, Blob>();
  let next = 0;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        next += 1;
        const href = `blob:olo/${next}`;
        blobs.set(href, blob);
        return href;
      },
      revokeObjectURL: () => {},
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.getAttribute('href') ?? '' });
  });
  return { saved, text: async (href: string) => (await blobs.get(href)?.text()) ?? null };
}

function renderList(privileges: ProjectPrivilege[]) {
  render(<ToastContainer />);
  return renderApp({
    path: '/p/7/report',
    graphql: {
      CurrentUser: () => ({ data: { currentUser: signedInUser() } }),
      ProjectShell: ({ id }) => ({ data: { project: shellProject(Number(id), 'Koulu', { privileges }) } }),
      ProjectReports: () => ({
        data: { reports: [listReport(11, 'Sisäilma: marraskuu'), listReport(12, 'Kuivuminen')] },
      }),
    },
  });
}

describe('Download PDF', { timeout: 40_000 }, () => {
  beforeEach(() => localStorage.clear());
  afterEach(async () => {
    await cleanupApp();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('is on every row of the report list for a viewer, and saves the PDF under the server’s name', async () => {
    const fetch = stubPdfRoute(() => pdfAnswer('Sisäilma: marraskuu.pdf'));
    const saves = captureSaves();
    renderList(['view', 'viewReports']);
    const rows = await screen.findAllByTestId('report-row');
    expect(rows).toHaveLength(2);
    const first = within(rows[0] as HTMLElement).getByRole('link', {
      name: 'Lataa PDF: Sisäilma: marraskuu',
    });
    expect(first.getAttribute('href')).toBe('/api/reports/11.pdf?lang=fi');
    expect(
      within(rows[1] as HTMLElement)
        .getByRole('link', { name: 'Lataa PDF: Kuivuminen' })
        .getAttribute('href'),
    ).toBe('/api/reports/12.pdf?lang=fi');
    // A viewer gets the download and nothing an administrator does.
    expect(screen.queryByRole('button', { name: /Kloonaa|Poista/ })).toBeNull();

    fireEvent.click(first);
    await waitFor(() => expect(saves.saved).toHaveLength(1));
    expect(fetch).toHaveBeenCalledWith('/api/reports/11.pdf?lang=fi', { credentials: 'same-origin' });
    expect(saves.saved[0]?.name).toBe('Sisäilma: marraskuu.pdf');
    expect(await saves.text(saves.saved[0]?.href ?? '')).toBe(pdfBytes);
  });

  it('shows the server’s message when the render fails, and the button works again', async () => {
    const message = 'PDF:n tekeminen kesti yli 30 sekuntia. Yritä myöhemmin uudelleen.';
    let failing = true;
    stubPdfRoute(() => (failing ? errorAnswer(504, message) : pdfAnswer('Kuivuminen.pdf')));
    const saves = captureSaves();
    renderList(['view', 'viewReports', 'adminReports']);
    const row = (await screen.findAllByTestId('report-row'))[1] as HTMLElement;
    const link = within(row).getByRole('link', { name: 'Lataa PDF: Kuivuminen' });
    fireEvent.click(link);
    expect(await screen.findByText(message)).toBeTruthy();
    expect(saves.saved).toHaveLength(0);

    failing = false;
    await waitFor(() => expect(link.hasAttribute('data-loading')).toBe(false));
    fireEvent.click(link);
    await waitFor(() => expect(saves.saved.map((save) => save.name)).toEqual(['Kuivuminen.pdf']));
  });

  it('says so in the app’s language when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    renderList(['view', 'viewReports']);
    fireEvent.click(
      within((await screen.findAllByTestId('report-row'))[0] as HTMLElement).getByRole('link', {
        name: 'Lataa PDF: Sisäilma: marraskuu',
      }),
    );
    expect(await screen.findByText('PDF:ää ei voitu ladata. Yritä uudelleen.')).toBeTruthy();
  });

  it('names the file after the report when the answer does not name it', () => {
    expect(pdfFilename('Sisäilma: luokat 1/2 "A"')).toBe('Sisäilma_ luokat 1_2 _A_.pdf');
    expect(pdfFilename('   ')).toBe('report.pdf');
    expect(dispositionFilename(`attachment; filename="Sis_ilma.pdf"; filename*=UTF-8''Sis%C3%A4ilma.pdf`)).toBe(
      'Sisäilma.pdf',
    );
    expect(dispositionFilename('attachment; filename="plain.pdf"')).toBe('plain.pdf');
    expect(dispositionFilename(null)).toBeNull();
  });
});
