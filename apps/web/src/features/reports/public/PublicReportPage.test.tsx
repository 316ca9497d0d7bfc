// @vitest-environment jsdom

import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanupApp, renderApp } from '../../../testing/renderApp.tsx';
import { testGraphqlContext, testGraphqlCover } from '../document/testReportScope.ts';

const publicId = '00000000-0000-4000-8000-00000000be01';
const logoId = '00000000-0000-4000-8000-0000000000aa';

function publicReport(overrides: Record<string, unknown> = {}) {
  return {
    __typename: 'PublicReport',
    publicId,
    name: 'Sisäilmaraportti',
    content: {
      version: 1,
      elements: [
        { id: 'title', kind: 'text', text: '{project.name}: {report.from}–{report.to}', style: 'title' },
        {
          id: 'rooms',
          kind: 'text',
          text: 'Tilat',
          style: 'heading',
          repeatPerSpace: true,
          children: [{ id: 'room', kind: 'text', text: '{space.name}', style: 'subheading' }],
        },
      ],
    },
    dataslots: [],
    from: '2026-10-31T22:00:00.000Z',
    to: '2026-11-30T22:00:00.000Z',
    landscape: true,
    pageMargin: '15mm',
    updatedAt: '2026-12-01T08:00:00.000Z',
    cover: testGraphqlCover(logoId),
    context: testGraphqlContext([
      { id: 2, name: 'Luokka 101' },
      { id: 1, name: 'Sali' },
    ]),
    ...overrides,
  };
}

describe('public report page', () => {
  afterEach(cleanupApp);

  it('shows the published report read-only, its images from the public link, and asks nothing else', async () => {
    const { operations } = renderApp({
      path: `/report/${publicId}`,
      graphql: {
        PublicReport: ({ publicId: asked }) => ({ data: { publicReport: { ...publicReport(), publicId: asked } } }),
      },
    });
    const document = await screen.findByTestId('report-document');
    expect(within(document).getByRole('heading', { level: 1 }).textContent).toBe('Koulu: 1.11.2026–30.11.2026');
    expect(
      within(document)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Luokka 101', 'Sali']);
    expect(document.dataset.orientation).toBe('landscape');
    const logo = within(screen.getByTestId('report-cover')).getByRole('img');
    expect(logo.getAttribute('src')).toBe(`/api/public-reports/${publicId}/attachments/${logoId}`);
    await waitFor(() => expect(window.document.title).toContain('Sisäilmaraportti'));
    // No editing, no member data: the report and, at most, the shell's session question.
    expect(screen.queryByRole('button', { name: /tallenna|muokkaa/i })).toBeNull();
    expect(operations.filter((name) => name !== 'CurrentUser')).toEqual(['PublicReport']);
  });

  it('offers the published report as PDF signed out, and shows the server’s message when it is refused', async () => {
    const message = 'This report is not published, or its link has changed.';
    const fetch = vi.fn(
      async (_url: string) =>
        new Response(JSON.stringify({ error: 'Not found', message }), {
          status: 404,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    try {
      render(<ToastContainer />);
      renderApp({
        path: `/report/${publicId}`,
        language: 'en',
        graphql: { PublicReport: () => ({ data: { publicReport: publicReport() } }) },
      });
      await screen.findByTestId('report-document');
      const link = screen.getByRole('link', { name: 'Download PDF' });
      expect(link.getAttribute('href')).toBe(`/api/public-reports/${publicId}.pdf?lang=en`);
      expect(link.getAttribute('download')).toBe('Sisäilmaraportti.pdf');
      // Unpublished since the page was opened: the server says why, in the link's language.
      fireEvent.click(link);
      expect(await screen.findByText(message)).toBeTruthy();
      expect(fetch.mock.calls[0]?.[0]).toBe(`/api/public-reports/${publicId}.pdf?lang=en`);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('says the link does not work when the report is not published or the link is old', async () => {
    renderApp({
      path: `/report/${publicId}`,
      language: 'en',
      graphql: {
        PublicReport: () => ({ data: null, errors: [{ message: 'Not found', extensions: { code: 'NOT_FOUND' } }] }),
      },
    });
    const notFound = await screen.findByTestId('public-report-not-found');
    expect(notFound.textContent).toContain('This report is not published, or its link has changed.');
    expect(screen.queryByTestId('report-document')).toBeNull();
  });

  it('says a report saved by a newer version of Olo cannot be shown, rather than drawing part of it', async () => {
    renderApp({
      path: `/report/${publicId}`,
      language: 'en',
      graphql: {
        PublicReport: () => ({ data: { publicReport: publicReport({ content: { version: 99, elements: [] } }) } }),
      },
    });
    const unreadable = await screen.findByTestId('public-report-unreadable');
    expect(unreadable.textContent).toContain('This report was saved by a newer version of Olo');
  });
});
