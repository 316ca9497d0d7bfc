// @vitest-environment jsdom

import { bodyOf, steadyValues, testSeries } from '@olo/data-engine/testing/data-bodies';
import { screen, waitFor, within } from '@testing-library/react';
import { Subject } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanupApp, type GraphqlAnswer, renderApp } from '../../testing/renderApp.tsx';
import { minutesAgo } from '../live/testLive.ts';

const publicId = '00000000-0000-4000-8000-00000000de01';

function publicProject(overrides: Record<string, unknown> = {}) {
  return {
    __typename: 'PublicProject',
    id: 1,
    publicId,
    name: 'Koulun sisäilma',
    description: 'Mittaukset luokissa.',
    code: 'DEMO-1',
    startAt: '2026-01-10T08:00:00.000Z',
    endAt: null,
    ended: false,
    timeZone: 'Europe/Helsinki',
    defaultSelect: 7,
    defaults: {},
    dataId: '5d1f6a9e-0000-4000-8000-000000000001',
    latestDataTime: null,
    showLive: false,
    showReport: false,
    showAlarm: false,
    alarmingSeriesCount: 0,
    summaryReports: [],
    reports: [],
    picture: null,
    pages: [],
    spaces: [],
    series: [],
    ...overrides,
  };
}

const publicSpace = (id: number, name: string, weatherSeriesId: number | null = null) => ({
  __typename: 'PublicSpace',
  id,
  name,
  description: null,
  weatherSeriesId,
});

function publicLatest(seriesId: number, data: number, time: string = minutesAgo(5)) {
  return { __typename: 'PublicSeriesLatest', seriesId, data, time };
}

function publicSeries(
  id: number,
  spaceId: number | null,
  name: string,
  dataType: string,
  dataUnit: string | null,
  latest: ReturnType<typeof publicLatest> | null = null,
) {
  return {
    __typename: 'PublicSeries',
    id,
    spaceId,
    name,
    dataType,
    dataUnit,
    color: null,
    limit: null,
    latest,
    alarming: false,
  };
}

/** The school's CO2, temperature and humidity series. */
const schoolSeries = () => [
  publicSeries(12, 1, 'Hiilidioksidi', 'CO2', 'ppm', publicLatest(12, 612)),
  publicSeries(13, 1, 'Lämpötila', 'Temperature', '°C', publicLatest(13, 21.46)),
  publicSeries(21, 2, 'Kosteus', 'Humidity', '%RH'),
];

/** A shared school whose two shown spaces have a CO2, a temperature and a humidity series. */
const school = (overrides: Record<string, unknown> = {}) =>
  publicProject({
    showLive: true,
    spaces: [publicSpace(2, 'Sali'), publicSpace(1, 'Luokka 101')],
    series: schoolSeries(),
    ...overrides,
  });

/** The public data API (the summary's only source): every period of project 1 answered with steady values. */
function stubDataApi(): string[] {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      const [, , , projectId, period, dataId, slot] = new URL(url, 'http://olo.test').pathname.split('/');
      const body = bodyOf({
        projectId: Number(projectId),
        period: period as string,
        dataId: dataId as string,
        slotSeconds: Number(slot),
        timeZone: 'Europe/Helsinki',
        series: testSeries,
        values: steadyValues,
      });
      return { ok: true, status: 200, json: async () => body };
    }),
  );
  return urls;
}

describe('public project view', () => {
  let dataUrls: string[] = [];
  beforeEach(() => {
    localStorage.clear();
    dataUrls = stubDataApi();
  });
  afterEach(async () => {
    await cleanupApp();
    vi.unstubAllGlobals();
  });

  it('shows the summary of the public data read-only: graphs and table, no saved ranges or views', async () => {
    const { operations } = renderApp({
      path: `/project/${publicId}`,
      graphql: {
        PublicProject: () => ({
          data: { projectByPublicId: publicProject({ latestDataTime: '2026-11-20T10:00:00.000Z' }) },
        }),
        PublicProjectUpdated: () => new Subject<GraphqlAnswer>(),
      },
    });
    const summary = await screen.findByTestId('public-summary');
    const table = await within(summary).findByTestId('summary-table', {}, { timeout: 20_000 });
    expect(within(table).getByText('Lämpötila')).toBeTruthy();
    expect(dataUrls.length).toBeGreaterThan(0);
    expect(dataUrls.every((url) => url.startsWith('/api/data/1/'))).toBe(true);
    expect(within(summary).queryByTestId('saved-views')).toBeNull();
    expect(within(summary).queryByTestId('save-range')).toBeNull();
    // Beyond the shell's session question, nothing but the public project: no member ranges or views.
    expect(operations.filter((name) => !name.startsWith('Public') && name !== 'CurrentUser')).toEqual([]);
  });

  it("is titled by the project's name and links to its published summary reports", async () => {
    const reportPublicId = '00000000-0000-4000-8000-0000000000a1';
    renderApp({
      path: `/project/${publicId}`,
      graphql: {
        PublicProject: () => ({
          data: {
            projectByPublicId: publicProject({
              summaryReports: [
                {
                  __typename: 'PublicReport',
                  publicId: reportPublicId,
                  name: 'Sisäilmaraportti',
                  // October on the project's clock (Helsinki).
                  from: '2026-09-30T21:00:00.000Z',
                  to: '2026-10-31T22:00:00.000Z',
                },
              ],
            }),
          },
        }),
        PublicProjectUpdated: () => new Subject<GraphqlAnswer>(),
      },
    });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Koulun sisäilma');
    await waitFor(() => expect(document.title).toBe('Koulun sisäilma – Olo'));
    const reports = await screen.findByTestId('public-summary-reports');
    const link = within(reports).getByRole('link', { name: 'Sisäilmaraportti' });
    expect(link.getAttribute('href')).toBe(`/report/${reportPublicId}`);
    expect(reports.textContent).toContain('1.–31.10.2026');
  });

  it('lists every published report while the project shows reports, and its alarm state while it shows alarms', async () => {
    const report = (publicId: string, name: string) => ({
      __typename: 'PublicReport',
      publicId,
      name,
      from: '2026-09-30T21:00:00.000Z',
      to: '2026-10-31T22:00:00.000Z',
    });
    const summary = report('00000000-0000-4000-8000-0000000000a1', 'Yhteenveto');
    const monthly = report('00000000-0000-4000-8000-0000000000a2', 'Kuukausiraportti');
    renderApp({
      path: `/project/${publicId}`,
      graphql: {
        PublicProject: () => ({
          data: {
            projectByPublicId: school({
              showReport: true,
              showAlarm: true,
              alarmingSeriesCount: 1,
              summaryReports: [summary],
              reports: [monthly, summary],
              series: schoolSeries().map((series) => (series.id === 12 ? { ...series, alarming: true } : series)),
            }),
          },
        }),
        PublicProjectUpdated: () => new Subject<GraphqlAnswer>(),
      },
    });
    const reports = await screen.findByTestId('public-summary-reports');
    expect(within(reports).getByRole('heading').textContent).toBe('Raportit');
    expect(
      within(reports)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Kuukausiraportti', 'Yhteenveto']);
    const state = screen.getByTestId('public-alarm-state');
    expect(state.textContent).toContain('Hälytystilassa olevia sarjoja: 1');
    expect(screen.getByTestId('live-gauge-12').dataset.alarming).toBe('true');
    expect(screen.getByTestId('live-gauge-13').dataset.alarming).toBeUndefined();
  });

  it('says so when the project shows alarms and none is open; shows no alarm state when it does not', async () => {
    renderApp({
      path: `/project/${publicId}`,
      graphql: {
        PublicProject: () => ({ data: { projectByPublicId: publicProject({ showAlarm: true }) } }),
        PublicProjectUpdated: () => new Subject<GraphqlAnswer>(),
      },
    });
    expect((await screen.findByTestId('public-alarm-state')).textContent).toContain('Ei avoimia hälytyksiä');
    await cleanupApp();
    renderApp({
      path: `/project/${publicId}`,
      graphql: {
        PublicProject: () => ({ data: { projectByPublicId: publicProject() } }),
        PublicProjectUpdated: () => new Subject<GraphqlAnswer>(),
      },
    });
    await screen.findByTestId('public-project');
    expect(screen.queryByTestId('public-alarm-state')).toBeNull();
  });

  it('shows no report section while no summary report is published', async () => {
    renderApp({
      path: `/project/${publicId}`,
      graphql: {
        PublicProject: () => ({ data: { projectByPublicId: publicProject() } }),
        PublicProjectUpdated: () => new Subject<GraphqlAnswer>(),
      },
    });
    await screen.findByTestId('public-project');
    expect(screen.queryByTestId('public-summary-reports')).toBeNull();
  });

  it('tells a signed-out visitor that a turned-off link does not work', async () => {
    const { router } = renderApp({
      path: `/project/${publicId}`,
      graphql: {
        PublicProject: () => ({ errors: [{ message: 'Not found', extensions: { code: 'NOT_FOUND' } }] }),
      },
    });
    const message = await screen.findByTestId('public-link-invalid');
    expect(message.textContent).toContain('Tämä julkinen linkki ei toimi. Se on ehkä poistettu käytöstä.');
    expect(router.state.location.pathname).toBe(`/project/${publicId}`);
    expect(screen.queryByTestId('public-project')).toBeNull();
  });

  it('shows the project, its end and its summary pages as text, never as markup', async () => {
    renderApp({
      path: `/project/${publicId}`,
      language: 'en',
      graphql: {
        PublicProject: () => ({
          data: {
            projectByPublicId: publicProject({
              ended: true,
              showLive: true,
              spaces: [publicSpace(3, 'Luokka 101')],
              pages: [
                {
                  __typename: 'ProjectPage',
                  id: 5,
                  name: 'Tulokset',
                  order: 1,
                  content:
                    '## Yhteenveto\n\nIlma oli **hyvää**.\n\n<img src=x onerror=alert(1)>\n\n[klikkaa](javascript:alert(1))',
                },
              ],
            }),
          },
        }),
      },
    });
    const view = await screen.findByTestId('public-project');
    expect(screen.getByRole('heading', { level: 1, name: 'Koulun sisäilma' })).toBeTruthy();
    expect(screen.getByText('Project measurement ended.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Tulokset' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Yhteenveto' })).toBeTruthy();
    expect(screen.getByText('hyvää').tagName).toBe('STRONG');
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeTruthy();
    expect(view.querySelector('img')).toBeNull();
    expect(screen.queryByRole('link', { name: 'klikkaa' })).toBeNull();
    expect(screen.getByText('Luokka 101')).toBeTruthy();
  });

  it('shows the shown spaces as live gauges, read-only, and follows pushed values without a reload', async () => {
    const pushes = new Subject<GraphqlAnswer>();
    const { operations } = renderApp({
      path: `/project/${publicId}`,
      graphql: {
        PublicProject: () => ({ data: { projectByPublicId: school() } }),
        PublicSeriesLatestUpdated: () => pushes,
        PublicProjectUpdated: () => new Subject<GraphqlAnswer>(),
      },
    });
    const live = await screen.findByTestId('public-live');
    expect(within(live).getByRole('heading', { level: 2 }).textContent).toBe('Reaaliaikanäkymä');
    const spaces = within(live).getAllByTestId('live-space');
    expect(spaces.map((space) => within(space).getByRole('heading').textContent)).toEqual(['Luokka 101', 'Sali']);
    expect(
      within(spaces[0] as HTMLElement)
        .getAllByRole('group')
        .map((gauge) => gauge.getAttribute('aria-label')),
    ).toEqual(['Lämpötila', 'Hiilidioksidi']);
    const temperature = screen.getByTestId('live-gauge-13');
    expect(within(temperature).getByTestId('live-value').textContent).toBe('21,5 °C');
    expect(within(temperature).getByTestId('live-age').textContent).toBe('5 minuuttia sitten');
    expect(within(screen.getByTestId('live-gauge-21')).getByTestId('live-value').textContent).toBe('-');
    // Read-only: nothing on the page leads into the member pages.
    expect(within(live).queryAllByRole('link')).toEqual([]);
    // Anonymous visitors never ask the member live query.
    expect(operations).not.toContain('ProjectLive');

    await waitFor(() => expect(operations).toContain('PublicSeriesLatestUpdated'));
    pushes.next({
      data: {
        publicSeriesLatestUpdated: [publicLatest(12, 947, minutesAgo(0)), publicLatest(21, 38.04, minutesAgo(0))],
      },
    });
    await waitFor(() =>
      expect(within(screen.getByTestId('live-gauge-12')).getByTestId('live-value').textContent).toBe('947 ppm'),
    );
    expect(within(screen.getByTestId('live-gauge-21')).getByTestId('live-value').textContent).toBe('38,0 %RH');
    expect(within(screen.getByTestId('live-gauge-12')).getByTestId('live-age').textContent).toBe('nyt');
    expect(within(screen.getByTestId('live-gauge-13')).getByTestId('live-value').textContent).toBe('21,5 °C');
    expect(operations.filter((name) => name === 'PublicProject')).toHaveLength(1);
  });

  it('shows the outdoor weather a space shows beside its gauges, not as a gauge of its own', async () => {
    const pushes = new Subject<GraphqlAnswer>();
    renderApp({
      path: `/project/${publicId}`,
      graphql: {
        PublicProject: () => ({
          data: {
            projectByPublicId: publicProject({
              showLive: true,
              spaces: [publicSpace(2, 'Sali'), publicSpace(1, 'Luokka 101', 30)],
              series: [
                publicSeries(12, 1, 'Hiilidioksidi', 'CO2', 'ppm', publicLatest(12, 612)),
                publicSeries(13, 1, 'Lämpötila', 'Temperature', '°C', publicLatest(13, 21.46)),
                publicSeries(30, null, 'Sää - Ulkolämpötila', 'ExternalTemperature', '°C', publicLatest(30, -3.2)),
              ],
            }),
          },
        }),
        PublicSeriesLatestUpdated: () => pushes,
        PublicProjectUpdated: () => new Subject<GraphqlAnswer>(),
      },
    });
    const live = await screen.findByTestId('public-live');
    const [classroom, hall] = within(live).getAllByTestId('live-space') as [HTMLElement, HTMLElement];
    expect(
      within(classroom)
        .getAllByRole('group')
        .filter((group) => group.dataset.testid !== 'space-weather')
        .map((gauge) => gauge.getAttribute('aria-label')),
    ).toEqual(['Lämpötila', 'Hiilidioksidi']);
    expect(screen.queryByTestId('live-gauge-30')).toBeNull();
    expect(within(classroom).getByTestId('space-weather-value').textContent).toBe('Ulkona −3,2 °C');
    expect(
      within(classroom)
        .getAllByTestId('space-weather-comparison')
        .map((comparison) => comparison.textContent),
    ).toEqual(['Ero ulos 24,7 °C', 'CO2 yli ulkoilman 192 ppm']);
    expect(within(hall).queryByTestId('space-weather')).toBeNull();

    pushes.next({ data: { publicSeriesLatestUpdated: [publicLatest(30, -5, minutesAgo(0))] } });
    await waitFor(() =>
      expect(within(classroom).getByTestId('space-weather-value').textContent).toBe('Ulkona −5,0 °C'),
    );
  });

  it('shows no live values and subscribes to none while the project does not show them', async () => {
    const { operations } = renderApp({
      path: `/project/${publicId}`,
      graphql: {
        PublicProject: () => ({ data: { projectByPublicId: publicProject({ showLive: false }) } }),
        PublicProjectUpdated: () => new Subject<GraphqlAnswer>(),
      },
    });
    await screen.findByTestId('public-project');
    await waitFor(() => expect(operations).toContain('PublicProjectUpdated'));
    expect(screen.queryByTestId('public-live')).toBeNull();
    expect(operations).not.toContain('PublicSeriesLatestUpdated');
  });

  it('tells the visitor that the link stopped working when the server ends the pushes', async () => {
    const updates = new Subject<GraphqlAnswer>();
    let asked = 0;
    renderApp({
      path: `/project/${publicId}`,
      graphql: {
        PublicProject: () => {
          asked += 1;
          return asked === 1
            ? { data: { projectByPublicId: publicProject() } }
            : { errors: [{ message: 'Not found', extensions: { code: 'NOT_FOUND' } }] };
        },
        PublicProjectUpdated: () => updates,
      },
    });
    await screen.findByTestId('public-project');
    await waitFor(() => expect(updates.observed).toBe(true));
    updates.complete();
    expect(await screen.findByTestId('public-link-invalid')).toBeTruthy();
  });
});
