// @vitest-environment jsdom

import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProjectPrivilege } from '../../graphql/generated.ts';
import { signedInUser } from '../../testing/currentUser.ts';
import { cleanupApp, type GraphqlAnswer, renderApp } from '../../testing/renderApp.tsx';
import { shellProject, summaryPage } from './testProjects.ts';

function renderProject(path: string, answer: (id: number) => GraphqlAnswer) {
  return renderApp({
    path,
    graphql: {
      CurrentUser: () => ({ data: { currentUser: signedInUser() } }),
      ProjectShell: ({ id }) => answer(Number(id)),
    },
  });
}

const project =
  (state: Partial<Record<string, unknown>> = {}) =>
  (id: number) => ({
    data: { project: shellProject(id, 'Koulu', state) },
  });

async function tabNames(): Promise<string[]> {
  const tabs = await screen.findByTestId('project-tabs');
  return within(tabs)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');
}

describe('project shell', () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanupApp);

  it('offers Edit, Alarms and Reports only to viewers with those rights', async () => {
    renderProject('/p/7', project({ privileges: ['view'] }));
    expect(await tabNames()).toEqual(['Yleiskatsaus', 'Reaaliaika', 'Reaaliaika (taulukko)', 'Yhteenveto']);
    await cleanupApp();

    renderProject('/p/7', project({ privileges: ['view', 'admin', 'viewAlarms', 'viewReports'] }));
    expect(await tabNames()).toEqual([
      'Yleiskatsaus',
      'Hälytykset',
      'Reaaliaika',
      'Reaaliaika (taulukko)',
      'Yhteenveto',
      'Raportit',
      'Muokkaa',
    ]);
    expect(screen.getByRole('link', { name: 'Muokkaa' }).getAttribute('href')).toBe('/p/7/edit');
    expect(screen.getByRole('link', { name: 'Raportit' }).getAttribute('href')).toBe('/p/7/report');
  });

  it('leads a member who may edit only a part of the project to the first edit tab they may use', async () => {
    const editLink = async (privileges: ProjectPrivilege[]) => {
      renderProject('/p/7', project({ privileges }));
      await tabNames();
      const link = screen.queryByRole('link', { name: 'Muokkaa' })?.getAttribute('href') ?? null;
      await cleanupApp();
      return link;
    };
    expect(await editLink(['view', 'adminSeries'])).toBe('/p/7/edit/series');
    expect(await editLink(['view', 'adminAlarms', 'viewAlarms'])).toBe('/p/7/edit/actions');
    expect(await editLink(['view', 'adminSeries', 'adminAlarms', 'viewAlarms'])).toBe('/p/7/edit/series');
    // Reports have no edit tab of their own: the edit page leads a report admin on to the reports page.
    expect(await editLink(['view', 'adminReports', 'viewReports'])).toBe('/p/7/edit');
    expect(await editLink(['view', 'viewAlarms', 'viewReports'])).toBeNull();
  });

  it('marks Edit as the current tab on every edit page', async () => {
    renderProject('/p/7/edit/actions', project({ privileges: ['view', 'adminSeries', 'adminAlarms', 'viewAlarms'] }));
    await tabNames();
    const edit = screen.getByRole('link', { name: 'Muokkaa' });
    expect(edit.getAttribute('href')).toBe('/p/7/edit/series');
    expect(edit.getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Yleiskatsaus' }).getAttribute('aria-current')).toBeNull();
  });

  it('shows the name, code, organization link and state of the project in its header', async () => {
    renderProject('/p/7', project({ ended: true, hidden: true }));
    const header = await screen.findByTestId('project-header');
    expect(within(header).getByRole('heading', { level: 1, name: 'Koulu' })).toBeTruthy();
    expect(within(header).getByText('Tunnus: P-7')).toBeTruthy();
    expect(within(header).getByRole('link', { name: 'Demo Oy' }).getAttribute('href')).toBe('/o/demo');
    expect(within(header).getByText('Projektin mittaus on päättynyt.')).toBeTruthy();
    expect(within(header).getByText('Piilotettu')).toBeTruthy();
    expect(within(header).getByTestId('favourite-toggle').getAttribute('aria-pressed')).toBe('false');
  });

  it('says "not found" instead of a project the server refuses, missing or not shared alike', async () => {
    renderProject('/p/7/live', () => ({
      errors: [{ message: 'Permission denied', extensions: { code: 'FORBIDDEN' } }],
    }));
    const notFound = await screen.findByTestId('project-not-found');
    expect(within(notFound).getByRole('heading', { name: 'Projektia ei löytynyt' })).toBeTruthy();
    expect(screen.queryByTestId('permission-denied')).toBeNull();
    expect(screen.queryByTestId('project-tabs')).toBeNull();
    expect(screen.queryByTestId('not-available-yet')).toBeNull();
  });

  it('says "not found" for an address that cannot be a project, without asking the server', async () => {
    const { operations } = renderProject('/p/abc', project());
    expect(await screen.findByTestId('project-not-found')).toBeTruthy();
    expect(operations).not.toContain('ProjectShell');
  });
});

describe('project default page', () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanupApp);

  it('shows the shown summary pages by order as tabs, their Markdown as text and headings', async () => {
    renderProject(
      '/p/7',
      project({
        description: 'Koulun sisäilman seuranta.',
        pages: [
          summaryPage(2, 'Huolto', 'Mittarit **asennettu** syyslomalla.', { order: 2 }),
          summaryPage(1, 'Yleistä', '## Koulun sisäilma\n\nLuokat 101 ja 102.\n\n<script>alert(1)</script>', {
            order: 1,
          }),
          summaryPage(3, 'Luonnos', 'Kesken', { order: 3, show: false }),
        ],
      }),
    );
    const pages = await screen.findByTestId('project-pages');
    expect(
      within(pages)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Yleistä', 'Huolto']);
    expect(within(pages).getByRole('heading', { name: 'Koulun sisäilma' })).toBeTruthy();
    expect(within(pages).getByText('Luokat 101 ja 102.')).toBeTruthy();
    // What a page holds stays text: no element is made from it.
    expect(within(pages).getByText('<script>alert(1)</script>')).toBeTruthy();
    expect(document.querySelector('[data-testid="project-pages"] script')).toBeNull();
    expect(screen.getByText('Koulun sisäilman seuranta.')).toBeTruthy();

    fireEvent.click(within(pages).getByRole('tab', { name: 'Huolto' }));
    expect((await within(pages).findByText('asennettu')).tagName).toBe('STRONG');
  });

  it('shows one page under its name, and the measurement period', async () => {
    renderProject(
      '/p/7',
      project({
        startAt: '2026-01-31T22:00:00.000Z',
        endAt: '2026-03-01T10:00:00.000Z',
        pages: [summaryPage(1, 'Yleistä', 'Hei')],
      }),
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Yleistä' })).toBeTruthy();
    // Dates are the project's own, in its time zone.
    expect(screen.getByTestId('project-period').textContent).toBe('Mittausjakso 1.2.–1.3.2026');
  });

  it('says so when the project has no summary pages', async () => {
    renderProject('/p/7', project());
    expect(await screen.findByText('Projektilla ei ole vielä yhteenvetosivuja.')).toBeTruthy();
    expect(screen.queryByTestId('project-pages')).toBeNull();
  });
});
