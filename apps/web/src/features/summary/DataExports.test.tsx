// @vitest-environment jsdom

import { bodyOf, steadyValues, testSeries } from '@olo/data-engine/testing/data-bodies';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { config } from '../../config.ts';
import { signedInUser } from '../../testing/currentUser.ts';
import { cleanupApp, renderApp } from '../../testing/renderApp.tsx';
import { shellProject } from '../projects/testProjects.ts';

// The real export job, its progress and the download are tested in apps/server (data-export.background.test.ts).

configure({ asyncUtilTimeout: 8000 });

const dataId = '0b6c1f2e-0000-4000-8000-000000000001';
const latest = '2026-03-25T09:58:00.000Z';

function stubDataApi() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const [, , , projectId, period, id, slot] = new URL(url, 'http://olo.test').pathname.split('/');
      const body = bodyOf({
        projectId: Number(projectId),
        period: period as string,
        dataId: id as string,
        slotSeconds: Number(slot),
        timeZone: 'Europe/Helsinki',
        series: testSeries,
        values: steadyValues,
      });
      return { ok: true, status: 200, json: async () => body };
    }),
  );
}

function dataExport(fields: Record<string, unknown>) {
  return {
    __typename: 'DataExport',
    id: 5,
    format: 'csv',
    status: 'queued',
    from: '2026-03-17T22:00:00.000Z',
    to: '2026-03-25T09:58:00.000Z',
    percent: 0,
    filename: null,
    url: null,
    error: null,
    finishedAt: null,
    ...fields,
  };
}

describe('background exports on the summary page', { timeout: 40_000 }, () => {
  const threshold = config.exportBackgroundCells;
  afterEach(async () => {
    config.exportBackgroundCells = threshold;
    await cleanupApp();
    vi.unstubAllGlobals();
  });

  it('starts a large export, shows its progress and then its download link', async () => {
    // A week of ten-minute slots of two series is about 2,000 values: large here.
    config.exportBackgroundCells = 100;
    stubDataApi();
    const started: Array<Record<string, unknown>> = [];
    // The list before the start, then as the poll finds it: running, then done.
    const steps = [
      [],
      [dataExport({ status: 'running', percent: 40 })],
      [
        dataExport({
          status: 'done',
          percent: 100,
          filename: 'Koulu-2026-03-18-2026-03-25.csv',
          url: '/api/exports/5',
          finishedAt: new Date().toISOString(),
        }),
      ],
    ];
    let asked = 0;
    renderApp({
      path: '/p/7/summary',
      graphql: {
        CurrentUser: () => ({ data: { currentUser: signedInUser() } }),
        ProjectShell: ({ id }) => ({ data: { project: shellProject(Number(id), 'Koulu') } }),
        ProjectSummary: ({ projectId }) => ({
          data: {
            project: {
              __typename: 'Project',
              id: projectId,
              timeZone: 'Europe/Helsinki',
              startAt: '2025-06-01T00:00:00.000Z',
              defaultSelect: 7,
              defaults: { mode: 'avg' },
              state: { __typename: 'ProjectState', dataId },
              series: [],
            },
            seriesLatests: [{ __typename: 'SeriesLatest', id: 11, time: latest }],
          },
        }),
        SummarySaved: ({ projectId }) => ({
          data: { project: { __typename: 'Project', id: projectId, savedDateRanges: [], dataViews: [] } },
        }),
        ProjectDataExports: ({ id }) => {
          const rows = steps[Math.min(asked, steps.length - 1)];
          if (started.length > 0) asked += 1;
          return { data: { project: { __typename: 'Project', id, dataExports: rows } } };
        },
        StartDataExport: ({ input }) => {
          started.push(input as Record<string, unknown>);
          asked = 1;
          return { data: { startDataExport: dataExport({}) } };
        },
      },
    });
    await screen.findByTestId('summary-table', {}, { timeout: 20_000 });
    const exports = screen.getByTestId('summary-exports');
    // Large: a button that starts the export, not a download link.
    expect(within(exports).queryByRole('link')).toBeNull();
    fireEvent.click(within(exports).getByRole('button', { name: 'Lataa CSV' }));
    await waitFor(() => expect(started).toHaveLength(1));
    expect(started[0]).toMatchObject({ projectId: 7, format: 'csv', slot: 600, mode: 'avg', lang: 'fi', to: latest });

    const region = screen.getByTestId('data-exports');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(await within(region).findByText(/^CSV-vienti 18\.–25\.3\.2026 on tekeillä… 40\s%$/)).toBeTruthy();
    expect(within(region).getByRole('progressbar', { name: 'Viennin kirjoitus' })).toBeTruthy();
    // The next poll (2 s) finds it ready: no bar, a link to the file.
    expect(
      await within(region).findByText('CSV-vienti 18.–25.3.2026 on valmis.', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(within(region).queryByRole('progressbar')).toBeNull();
    const link = within(region).getByRole('link', { name: 'Lataa Koulu-2026-03-18-2026-03-25.csv' });
    expect(link.getAttribute('href')).toBe('/api/exports/5');
  });
});
