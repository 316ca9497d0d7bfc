// @vitest-environment jsdom

import { MantineProvider } from '@mantine/core';
import type { Language, ReportCoverContent, ReportElement } from '@olo/shared';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { installDomPolyfills } from '../../../testing/renderApp.tsx';
import { createTestI18n } from '../../../testing/translations.ts';
import { ReportDocument } from './ReportDocument.tsx';
import type { ReportModel } from './reportScope.ts';
import { testReportContext, testReportModel, testReportSources } from './testReportScope.ts';
import { allReportElementsReady } from './useReportReady.ts';

function wrap(children: ReactNode, language: Language = 'fi') {
  installDomPolyfills();
  return render(
    <I18nextProvider i18n={createTestI18n(language)}>
      <MantineProvider>{children}</MantineProvider>
    </I18nextProvider>,
  );
}

function renderReport(report: ReportModel, language: Language = 'fi') {
  return wrap(<ReportDocument report={report} context={testReportContext()} sources={testReportSources} />, language);
}

const text = (id: string, value: string, more: Record<string, unknown> = {}) => ({
  id,
  kind: 'text',
  text: value,
  ...more,
});

const doc = (...content: unknown[]) => ({ type: 'doc', content });
const paragraph = (...content: unknown[]) => ({ type: 'paragraph', content });
const run = (value: string, marks?: unknown[]) => ({ type: 'text', text: value, ...(marks ? { marks } : {}) });

describe('report document', () => {
  afterEach(cleanup);

  it('fills the variables in the report language and the project time zone, the range as its first and last day', () => {
    renderReport(
      testReportModel([
        text('a', '{project.name} ({project.code}), {organization.name}', { style: 'title' }),
        text('b', '{report.name}: {report.from}–{report.to}'),
        text('c', '{space.name} and {unknown} stay as written'),
      ]),
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Koulu (K-1), Kunta');
    // November in Helsinki: from 1 November 00:00 (22:00 UTC the day before) up to 1 December 00:00, exclusive.
    expect(screen.getByText('Marraskuu: 1.11.2026–30.11.2026')).toBeTruthy();
    expect(screen.getByText('{space.name} and {unknown} stay as written')).toBeTruthy();
  });

  it('draws no empty heading for a text not yet written', () => {
    renderReport(testReportModel([text('a', '', { style: 'title' }), text('b', '  ', { style: 'heading' })]));
    expect(screen.queryAllByRole('heading')).toEqual([]);
  });

  it('writes dates as the language does', () => {
    renderReport(testReportModel([text('b', '{report.from} – {report.to}')]), 'en');
    expect(screen.getByText('1 Nov 2026 – 30 Nov 2026')).toBeTruthy();
  });

  it('draws the children of a repeating element once per shown space, in the project order, with its name', () => {
    renderReport(
      testReportModel([
        {
          id: 'rooms',
          kind: 'text',
          text: 'Tilat',
          style: 'heading',
          repeatPerSpace: true,
          children: [text('room', 'Tila {space.name}', { style: 'subheading' })],
        },
        text('after', 'Lopuksi'),
      ]),
    );
    const rooms = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    // The hidden space (Varasto) gets no copy.
    expect(rooms).toEqual(['Tila Luokka 101', 'Tila Sali']);
    expect(screen.getAllByText('Tilat')).toHaveLength(1);
    expect(screen.getAllByText('Lopuksi')).toHaveLength(1);
    expect(within(screen.getByRole('region', { name: 'Sali' })).getByText('Tila Sali')).toBeTruthy();
  });

  it('draws children once below a plain element', () => {
    renderReport(
      testReportModel([text('parent', 'Osa 1', { style: 'heading', children: [text('child', 'Sisältö')] })]),
    );
    expect(screen.getAllByText('Sisältö')).toHaveLength(1);
  });

  it('is landscape when the report is, with the cover first', () => {
    const cover: ReportCoverContent = {
      version: 1,
      logoAttachmentId: '00000000-0000-4000-8000-0000000000aa',
      elements: testReportModel([text('cover-title', 'Raportti: {project.name}', { style: 'title' })]).content.elements,
    };
    renderReport(testReportModel([text('first', 'Ensimmäinen')], { landscape: true, cover: { name: 'Kansi', cover } }));
    const document = screen.getByTestId('report-document');
    expect(document.dataset.orientation).toBe('landscape');
    const coverPage = screen.getByTestId('report-cover');
    expect(document.querySelector('[data-testid="report-cover"], [data-testid="report-page"]')).toBe(coverPage);
    // Printed on landscape A4.
    expect(document.querySelector('style')?.textContent).toContain('size: A4 landscape');
    expect(within(coverPage).getByRole('heading', { level: 1 }).textContent).toBe('Raportti: Koulu');
    const logo = within(coverPage).getByRole('img', { name: 'Organisaation Kunta logo' }) as HTMLImageElement;
    expect(logo.getAttribute('src')).toBe('/api/attachments/00000000-0000-4000-8000-0000000000aa');
  });

  it('is portrait otherwise, on A4 pages, and marks an element that starts a new page for the paginator', () => {
    renderReport(
      testReportModel([text('a', 'Yksi'), text('b', 'Kaksi'), text('c', 'Kolme', { pageBreakBefore: true })]),
    );
    expect(screen.getByTestId('report-document').dataset.orientation).toBe('portrait');
    // Nothing is laid out in jsdom: one page frame, the elements in one flow over it.
    expect(screen.getAllByTestId('report-page')).toHaveLength(1);
    const breaking = document.querySelectorAll('[data-page-break-before]');
    expect([...breaking].map((element) => element.textContent)).toEqual(['Kolme']);
  });

  it('says it is ready when every data element has drawn its values', async () => {
    renderReport(testReportModel([text('a', 'Otsikko'), { id: 'g', kind: 'graph', title: 'Hiilidioksidi' }]));
    expect((await screen.findByTestId('report-document')).dataset.reportReady).toBe('true');

    const root = document.createElement('div');
    root.innerHTML =
      '<div data-report-body="text"><p>Otsikko</p></div>' +
      '<div data-report-body="summary"><div data-report-element-ready="true"></div></div>' +
      '<div data-report-body="graph"><div></div></div>';
    expect(allReportElementsReady(root)).toBe(false);
    root.querySelector('[data-report-body="graph"] div')?.setAttribute('data-report-element-ready', 'true');
    expect(allReportElementsReady(root)).toBe(true);
  });
});

describe('rich text', () => {
  afterEach(cleanup);

  /** Drawn as stored, past the schema: what the server holds is drawn whatever it is. */
  function renderRichText(document: unknown) {
    const element = {
      id: 'r',
      kind: 'richText',
      doc: document,
      repeatPerSpace: false,
      pageBreakBefore: false,
      children: [],
    };
    return renderReport({ ...testReportModel(), content: { version: 1, elements: [element as ReportElement] } });
  }

  it('draws headings, lists and marks as elements, with variables filled', () => {
    renderRichText(
      doc(
        { type: 'heading', attrs: { level: 2 }, content: [run('Johdanto')] },
        paragraph(
          run('Kohde '),
          run('{project.name}', [{ type: 'bold' }]),
          run(' ja '),
          run('kursiivi', [{ type: 'italic' }]),
        ),
        { type: 'bulletList', content: [{ type: 'listItem', content: [paragraph(run('Ensin'))] }] },
        {
          type: 'orderedList',
          attrs: { start: 3 },
          content: [{ type: 'listItem', content: [paragraph(run('Kolmas'))] }],
        },
      ),
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Johdanto' })).toBeTruthy();
    expect(screen.getByText('Koulu').tagName).toBe('STRONG');
    expect(screen.getByText('kursiivi').tagName).toBe('EM');
    expect(screen.getAllByRole('list')).toHaveLength(2);
    expect(screen.getByText('Kolmas').closest('ol')?.getAttribute('start')).toBe('3');
  });

  it('makes safe links into links that leak nothing, and never a javascript: link', () => {
    renderRichText(
      doc(
        paragraph(run('Ohje', [{ type: 'link', attrs: { href: 'https://example.org/ohje' } }])),
        // The schema refuses such a mark on saving; a stored one must still not become a link.
        paragraph(run('Vaarallinen', [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }])),
        paragraph(run('Raakaa <b>HTML</b>:ää')),
      ),
    );
    const link = screen.getByRole('link', { name: 'Ohje' });
    expect(link.getAttribute('href')).toBe('https://example.org/ohje');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(screen.getByText('Vaarallinen').closest('a')).toBeNull();
    expect(screen.getByText('Raakaa <b>HTML</b>:ää')).toBeTruthy();
    expect(document.querySelector('[data-report-body] b')).toBeNull();
  });

  it('draws simple tables with header cells and spans', () => {
    renderRichText(
      doc({
        type: 'table',
        content: [
          {
            type: 'tableRow',
            content: [
              { type: 'tableHeader', attrs: { colspan: 1 }, content: [paragraph(run('Tila'))] },
              { type: 'tableHeader', content: [paragraph(run('Tulos'))] },
            ],
          },
          {
            type: 'tableRow',
            content: [{ type: 'tableCell', attrs: { colspan: 2 }, content: [paragraph(run('Kaikki hyvin'))] }],
          },
        ],
      }),
    );
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Tila', 'Tulos']);
    const cell = within(table).getByRole('cell', { name: 'Kaikki hyvin' });
    expect(cell.getAttribute('colspan')).toBe('2');
    expect(within(table).getByRole('columnheader', { name: 'Tila' }).getAttribute('colspan')).toBeNull();
  });
});
