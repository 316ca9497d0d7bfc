// @vitest-environment jsdom

import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProjectPrivilege } from '../../../graphql/generated.ts';
import { signedInUser } from '../../../testing/currentUser.ts';
import { cleanupApp, renderApp } from '../../../testing/renderApp.tsx';
import { shellProject } from '../../projects/testProjects.ts';
import { listReport } from './testReports.ts';

function renderOverview(privileges: ProjectPrivilege[], reports: ReturnType<typeof listReport>[]) {
  return renderApp({
    path: '/p/7',
    graphql: {
      CurrentUser: () => ({ data: { currentUser: signedInUser() } }),
      ProjectShell: ({ id }) => ({ data: { project: shellProject(Number(id), 'Koulu', { privileges }) } }),
      ProjectSummaryReports: () => ({ data: { summaryReports: reports } }),
    },
  });
}

describe('summary reports on the project overview', () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanupApp);

  it('lists the summary reports with their periods and a way to all reports', async () => {
    renderOverview(['view', 'viewReports'], [listReport(1, 'Sisäilmaraportti', { summary: true })]);
    const section = await screen.findByTestId('summary-reports');
    expect(within(section).getByRole('heading', { name: 'Yhteenvetoraportit' })).toBeTruthy();
    const [item] = within(section).getAllByTestId('summary-report');
    expect(within(item as HTMLElement).getByText('Sisäilmaraportti')).toBeTruthy();
    expect(within(item as HTMLElement).getByText('1.–30.11.2026')).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'Kaikki raportit' }).getAttribute('href')).toBe('/p/7/report');
  });

  it('shows nothing when there are none, and does not ask for them without the reports right', async () => {
    const empty = renderOverview(['view', 'viewReports'], []);
    await screen.findByTestId('project-default-page');
    await waitFor(() => expect(empty.operations).toContain('ProjectSummaryReports'));
    expect(screen.queryByTestId('summary-reports')).toBeNull();
    await cleanupApp();

    const { operations } = renderOverview(['view'], [listReport(1, 'Sisäilmaraportti', { summary: true })]);
    await screen.findByTestId('project-default-page');
    expect(operations).not.toContain('ProjectSummaryReports');
    expect(screen.queryByTestId('summary-reports')).toBeNull();
  });
});
