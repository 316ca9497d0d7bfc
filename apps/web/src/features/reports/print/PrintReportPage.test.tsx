// @vitest-environment jsdom

import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupApp, renderApp } from '../../../testing/renderApp.tsx';
import { testGraphqlContext, testGraphqlCover } from '../document/testReportScope.ts';

const logoId = '00000000-0000-4000-8000-0000000000aa';

function memberReport() {
  return {
    __typename: 'Report',
    id: 7,
    projectId: 1,
    name: 'Kuukausiraportti',
    content: {
      version: 1,
      elements: [
        { id: 'title', kind: 'text', text: '{project.name}: {report.from}–{report.to}', style: 'title' },
        { id: 'table', kind: 'dataTable', title: 'Lämpötilat', series: [] },
      ],
    },
    dataslots: [],
    from: '2026-10-31T22:00:00.000Z',
    to: '2026-11-30T22:00:00.000Z',
    landscape: true,
    pageMargin: '15mm',
    coverId: 4,
    printtemplateId: null,
    publicId: null,
    published: false,
    template: false,
    summary: false,
    version: 3,
    createdAt: '2026-11-01T08:00:00.000Z',
    updatedAt: '2026-12-01T08:00:00.000Z',
    cover: testGraphqlCover(logoId),
    context: testGraphqlContext(),
  };
}

describe('print page', () => {
  afterEach(async () => {
    await cleanupApp();
  });

  /** The PDF renderer's call, once the page has loaded. */
  async function print(init: Parameters<NonNullable<typeof window.__oloPrint>>[0], job: number) {
    await waitFor(() => expect(window.__oloPrint).toBeTypeOf('function'));
    act(() => window.__oloPrint?.(init, job));
  }

  it('draws the report it is given for paper, in the language asked, with images from the given address and no query of its own', async () => {
    const { operations } = renderApp({ path: '/print/report', language: 'fi' });
    await print(
      {
        report: memberReport() as never,
        sources: { dataPath: '/api/public-reports/x/data', attachmentBase: '/api/public-reports/x/attachments' },
        language: 'en',
        margin: '20mm',
      },
      1,
    );
    const document = await screen.findByTestId('report-document');
    expect(document.closest('[data-print-job="1"]')).not.toBeNull();
    expect(within(document).getByRole('heading', { level: 1 }).textContent).toBe('Koulu: 1 Nov 2026–30 Nov 2026');
    expect(document.dataset.orientation).toBe('landscape');
    // A data element with nothing chosen says so in the language asked, and the document is ready to print.
    expect(within(document).getByTestId('report-no-series').textContent).toBe('No series chosen.');
    await waitFor(() => expect(document.dataset.reportReady).toBe('true'));
    const logo = within(screen.getByTestId('report-cover')).getByRole('img');
    expect(logo.getAttribute('src')).toBe(`/api/public-reports/x/attachments/${logoId}`);
    expect(window.document.documentElement.classList.contains('print')).toBe(true);
    // The template's margin overrides the document's own page margin.
    const pageRules = [...window.document.querySelectorAll('style')].map((style) => style.textContent ?? '');
    expect(pageRules.at(-1)).toContain('@page { margin: 20mm; }');
    // No site header: the page is the report alone.
    expect(screen.queryByRole('banner')).toBeNull();
    expect(operations.filter((name) => name !== 'CurrentUser')).toEqual([]);

    // The next report replaces it under its own job number; an empty call leaves nothing drawn.
    await print(
      {
        report: { ...memberReport(), name: 'Toinen' } as never,
        sources: { dataPath: '/api/data', attachmentBase: '/api/attachments' },
      },
      2,
    );
    await waitFor(() => expect(window.document.querySelector('[data-print-job="1"]')).toBeNull());
    expect(window.document.querySelector('[data-print-job="2"] [data-testid="report-document"]')).not.toBeNull();
    await print(null, 0);
    expect(screen.queryByTestId('report-document')).toBeNull();
    expect(window.document.documentElement.classList.contains('print')).toBe(false);
  });

  it('says so until it is handed a report', async () => {
    renderApp({ path: '/print/report', language: 'en' });
    expect((await screen.findByTestId('print-report-missing')).textContent).toBe('No report to print.');
  });
});
