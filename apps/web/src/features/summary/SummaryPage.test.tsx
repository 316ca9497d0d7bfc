// @vitest-environment jsdom

import { MantineProvider } from '@mantine/core';
import { bodyOf, steadyValues, testSeries } from '@olo/data-engine/testing/data-bodies';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedInUser } from '../../testing/currentUser.ts';
import {
  cleanupApp,
  createServerlessClient,
  type GraphqlAnswers,
  installDomPolyfills,
  renderApp,
} from '../../testing/renderApp.tsx';
import { createTestI18n } from '../../testing/translations.ts';
import { GraphqlProvider } from '../apollo/GraphqlProvider.tsx';
import { shellProject } from '../projects/testProjects.ts';
import { SummaryView } from './SummaryView.tsx';

const dataId = '0b6c1f2e-0000-4000-8000-000000000001';
/** Wednesday 25 March 2026 in Helsinki: the default range is the week before it. */
const latest = '2026-03-25T09:58:00.000Z';

const savedView = {
  __typename: 'DataView',
  id: 31,
  projectId: 7,
  name: 'Hiihtoloma',
  from: '2026-02-22T22:00:00.000Z',
  to: '2026-03-01T21:59:59.999Z',
  filters: [],
  nulls: false,
  mode: 'max',
  slot: 3600,
};

/** The data API of the test: bodies of the engine's own test data, or bodies without series. */
function stubDataApi(options: { noSeries?: boolean } = {}) {
  const urls: string[] = [];
  const fetch = vi.fn(async (url: string) => {
    urls.push(url);
    const [, , , projectId, period, id, slot] = new URL(url, 'http://olo.test').pathname.split('/');
    const body = bodyOf({
      projectId: Number(projectId),
      period: period as string,
      dataId: id as string,
      slotSeconds: Number(slot),
      timeZone: 'Europe/Helsinki',
      series: options.noSeries ? [] : testSeries,
      values: steadyValues,
    });
    return { ok: true, status: 200, json: async () => body };
  });
  vi.stubGlobal('fetch', fetch);
  return urls;
}

/** The CO2 series (12) follows a limit whose one edge falls inside its test values (599..624 ppm); it picked a colour. */
const co2Limit = {
  __typename: 'Limit',
  id: 41,
  min: 400,
  max: 2000,
  limits: [610],
  colors: ['#2f9e44'],
  maxcolor: '#e03131',
  split: true,
  opacity: 0.25,
};
let summarySeries: unknown[] = [];

function answers(extra: GraphqlAnswers = {}): GraphqlAnswers {
  return {
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
          series: summarySeries,
        },
        seriesLatests: [{ __typename: 'SeriesLatest', id: 11, time: latest }],
      },
    }),
    SummarySaved: ({ projectId }) => ({
      data: {
        project: {
          __typename: 'Project',
          id: projectId,
          savedDateRanges: [],
          dataViews: [savedView],
        },
      },
    }),
    ...extra,
  };
}

const tableRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('summary page', { timeout: 30_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    summarySeries = [];
  });
  afterEach(async () => {
    await cleanupApp();
    vi.unstubAllGlobals();
  });

  it('shows the default range of the project: its dates, the min/avg/max table and export links', async () => {
    const urls = stubDataApi();
    renderApp({ path: '/p/7/summary', graphql: answers() });
    const table = await screen.findByTestId('summary-table', {}, { timeout: 20_000 });
    expect(tableRows(table)).toEqual([
      ['Luokka 101', 'Lämpötila', expect.stringMatching(/^\d+,\d °C$/), expect.any(String), expect.any(String)],
      ['Luokka 101', 'CO2', expect.stringMatching(/^\d+ ppm$/), expect.any(String), expect.any(String)],
    ]);
    expect(screen.getByTestId('data-slot-range').textContent).toBe('18.–25.3.2026');
    // A week of 10-minute slots: the days of March, by day, at the default slot of a week.
    expect(urls[0]).toMatch(/^\/api\/data\/7\/2026-03-\d\d\/0b6c1f2e-0000-4000-8000-000000000001\/600$/);
    const csv = within(screen.getByTestId('summary-exports')).getByRole('link', { name: 'Lataa CSV' });
    const query = new URL(csv.getAttribute('href') ?? '', 'http://olo.test');
    expect(query.pathname).toBe('/api/export/7.csv');
    expect(query.searchParams.get('slot')).toBe('600');
    expect(query.searchParams.get('to')).toBe(String(Date.parse(latest)));
    expect(query.searchParams.get('lang')).toBe('fi');
  });

  it('recomputes on a mode change without fetching, and fetches on a range change', async () => {
    const urls = stubDataApi();
    renderApp({ path: '/p/7/summary', graphql: answers() });
    await screen.findByTestId('summary-table', {}, { timeout: 20_000 });
    // The preload (three months before the range) is fetched after the range.
    await waitFor(() => expect(urls.some((url) => url.includes('/2025-12/'))).toBe(true));
    const fetched = urls.length;
    const csv = () => within(screen.getByTestId('summary-exports')).getByRole('link', { name: 'Lataa CSV' });

    fireEvent.click(screen.getByRole('radio', { name: 'Suurin' }));
    await waitFor(() => expect(csv().getAttribute('href')).toContain('mode=max'));
    expect(urls).toHaveLength(fetched);

    fireEvent.click(within(screen.getByTestId('summary-quick-ranges')).getByRole('button', { name: 'Tämä kuukausi' }));
    await waitFor(() => expect(urls.length).toBeGreaterThan(fetched));
    // An explicit slot outlives range changes; automatic follows the range.
    await waitFor(() => expect(csv().getAttribute('href')).toContain('slot=3600'));
  });

  it('compares periods: adds one, and loads a saved view as another', async () => {
    stubDataApi();
    renderApp({ path: '/p/7/summary', graphql: answers() });
    await screen.findByTestId('summary-table', {}, { timeout: 20_000 });
    fireEvent.click(screen.getByTestId('add-period'));
    await waitFor(() => expect(screen.getAllByTestId('data-slot')).toHaveLength(2));
    expect(screen.getByRole('region', { name: 'Jakso 2' })).toBeTruthy();

    fireEvent.click(await screen.findByRole('button', { name: 'Avaa kaikki tallennetut näkymät' }));
    await waitFor(() => expect(screen.getAllByTestId('data-slot')).toHaveLength(1));
    const loaded = screen.getByRole('region', { name: 'Hiihtoloma' });
    await waitFor(() => expect(within(loaded).getByTestId('data-slot-range').textContent).toBe('23.2.–1.3.2026'));
  });

  it('colours the table values by the band of the series limit, and offers to hide the limits on the graphs', async () => {
    stubDataApi();
    summarySeries = [
      { __typename: 'Serie', id: 11, color: null, limit: null },
      { __typename: 'Serie', id: 12, color: { __typename: 'Color', id: 3, color: '#123456' }, limit: co2Limit },
    ];
    renderApp({ path: '/p/7/summary', graphql: answers() });
    await screen.findByTestId('summary-table', {}, { timeout: 20_000 });
    const co2 = screen.getByTestId('summary-row-12');
    const bands = ['summary-min', 'summary-avg', 'summary-max'].map((id) =>
      within(co2).getByTestId(id).getAttribute('data-band-color'),
    );
    expect(bands).toEqual(['#2f9e44', '#e03131', '#e03131']);
    // Readable on the striped rows: the band's red, darkened a little to reach 4.5:1 (readableOn).
    expect(within(co2).getByTestId('summary-max').style.color).toBe('rgb(213, 47, 47)');
    expect(
      within(screen.getByTestId('summary-row-11')).getByTestId('summary-min').hasAttribute('data-band-color'),
    ).toBe(false);
    const toggle = screen.getByRole('switch', { name: 'Näytä raja-arvot' }) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    fireEvent.click(toggle);
    expect(toggle.checked).toBe(false);
  });

  it('offers no limits switch when no series follows a limit', async () => {
    stubDataApi();
    renderApp({ path: '/p/7/summary', graphql: answers() });
    await screen.findByTestId('summary-table', {}, { timeout: 20_000 });
    expect(screen.queryByRole('switch', { name: 'Näytä raja-arvot' })).toBeNull();
  });

  it('says so when the answers list no series', async () => {
    stubDataApi({ noSeries: true });
    renderApp({ path: '/p/7/summary', graphql: answers() });
    expect((await screen.findByTestId('summary-empty', {}, { timeout: 20_000 })).textContent).toBe('Ei dataa.');
  });
});

describe('read-only summary', { timeout: 30_000 }, () => {
  afterEach(async () => {
    await cleanupApp();
    vi.unstubAllGlobals();
  });

  it('shows the data without saved ranges or views, asking the server for none', async () => {
    installDomPolyfills();
    stubDataApi();
    const { client, operations } = createServerlessClient({});
    render(
      <I18nextProvider i18n={createTestI18n('en')}>
        <GraphqlProvider setup={{ client, restartSocket: () => {} }}>
          <MantineProvider>
            <SummaryView
              readOnly
              project={{
                projectId: 7,
                dataId,
                timeZone: 'Europe/Helsinki',
                startAt: null,
                latestDataTime: Date.parse(latest),
                defaultSelect: 7,
              }}
            />
          </MantineProvider>
        </GraphqlProvider>
      </I18nextProvider>,
    );
    const table = await screen.findByTestId('summary-table', {}, { timeout: 20_000 });
    expect(tableRows(table)[0]?.[2]).toMatch(/^\d+\.\d °C$/);
    expect(screen.queryByTestId('saved-views')).toBeNull();
    expect(screen.queryByTestId('save-view')).toBeNull();
    expect(screen.queryByTestId('save-range')).toBeNull();
    expect(operations).toEqual([]);
  });
});
