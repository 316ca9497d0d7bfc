// @vitest-environment jsdom

import { act, screen, waitFor, within } from '@testing-library/react';
import { Subject } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedInUser } from '../../testing/currentUser.ts';
import { cleanupApp, type GraphqlAnswer, renderApp } from '../../testing/renderApp.tsx';
import { co2Limit, liveSerie, liveSpace, minutesAgo, seriesLatest } from '../live/testLive.ts';
import { sparklinePath } from './projectStatus.ts';

const user = signedInUser({ options: { ui: { compact: true } } });

function project(
  state: { metersOnline: number; metersTotal: number; latestReadingAt: string | null; offlineAt?: string | null },
  alarms = 0,
) {
  const hour = Math.floor(Date.now() / 3_600_000) * 3_600_000;
  return {
    __typename: 'Project',
    id: 4,
    name: 'Koulun sisäilma',
    code: null,
    ended: false,
    archived: false,
    hidden: false,
    alarmsTriggeredCount: alarms,
    state: { __typename: 'ProjectState', online: state.metersOnline > 0, offlineAt: null, ...state },
    trends: [
      {
        __typename: 'ProjectTrend',
        dataType: 'CO2',
        hours: [new Date(hour - 3_600_000).toISOString(), new Date(hour).toISOString()],
        values: [600, 900],
      },
    ],
    organization: null,
    spaces: [{ ...liveSpace(11, 'Luokka 101'), description: null }],
    series: [
      liveSerie(21, 11, 'Hiilidioksidi', 'CO2', 'ppm', { limit: co2Limit() }),
      liveSerie(22, 11, 'Lämpötila', 'Temperature', '°C'),
      liveSerie(23, 11, 'Valo', 'Light', 'lux'),
    ],
    seriesLatests: [
      seriesLatest(21, 1000.4, minutesAgo(2)),
      seriesLatest(22, 21.46, minutesAgo(2)),
      seriesLatest(23, 300),
    ],
  };
}

function renderDashboard(
  dashboardProject: ReturnType<typeof project>,
  pushes = new Subject<GraphqlAnswer>(),
  dashboard: () => ReturnType<typeof project> = () => dashboardProject,
) {
  return renderApp({
    path: '/home',
    graphql: {
      CurrentUser: () => ({ data: { currentUser: user } }),
      Dashboard: () => ({
        data: { currentUser: { __typename: 'User', id: user.id, dashboardProjects: [dashboard()] } },
      }),
      ProjectsStatusUpdated: () => pushes,
    },
  });
}

describe('project status on the dashboard', () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanupApp);

  it("shows meters online, the newest reading's age, open alarms and the spaces' main values by their limits", async () => {
    renderDashboard(project({ metersOnline: 1, metersTotal: 2, latestReadingAt: minutesAgo(3) }, 2));
    const status = await screen.findByTestId('project-status');
    expect(within(status).getByTestId('project-online').textContent).toContain('1 / 2 mittaria yhteydessä');
    expect(within(status).queryByText('Ei yhteyttä')).toBeNull();
    const alarms = within(status).getByTestId('project-open-alarms');
    expect(alarms.getAttribute('href')).toBe('/p/4/alarms');
    expect(alarms.textContent).toBe('Hälytyksiä: 2');
    const values = await within(status).findAllByTestId('status-value');
    // Temperature before CO2 (spec section 9); light is not a main type.
    expect(values.map((value) => value.textContent)).toEqual(['21,5 °C', '1000 ppm']);
    expect(values[1]?.getAttribute('data-band-color')).toBe('#fab005');
    expect(values[0]?.getAttribute('data-band-color')).toBeNull();
    // The newest of the values (2 minutes ago) is newer than the server's latestReadingAt.
    expect(within(status).getByTestId('project-newest-reading').textContent).toContain('2 minuuttia sitten');
    const sparkline = within(status).getByTestId('project-sparkline');
    expect(sparkline.getAttribute('data-type')).toBe('CO2');
    expect(sparkline.querySelector('path')?.getAttribute('d')).toMatch(/^M[\d.]+ [\d.]+L/);
  });

  it('says offline only when none of its meters reports', async () => {
    renderDashboard(project({ metersOnline: 0, metersTotal: 2, latestReadingAt: minutesAgo(600) }));
    const online = await screen.findByTestId('project-online');
    expect(online.textContent).toContain('Ei yhteyttä');
    expect(online.getAttribute('data-online')).toBe('false');
  });

  it('follows the pushed project without a reload: its values, meters online and trends, in one subscription', async () => {
    const pushes = new Subject<GraphqlAnswer>();
    const first = project({ metersOnline: 1, metersTotal: 2, latestReadingAt: minutesAgo(2) });
    const { operations } = renderDashboard(first, pushes);
    await screen.findAllByTestId('status-value');
    await waitFor(() => expect(operations).toContain('ProjectsStatusUpdated'));
    const now = new Date().toISOString();
    const pushed = {
      ...first,
      state: { ...first.state, metersOnline: 2, latestReadingAt: now },
      trends: [{ ...first.trends[0], dataType: 'Temperature' }],
      seriesLatests: [seriesLatest(21, 1500, now), seriesLatest(22, 21.46, minutesAgo(2))],
    };
    act(() => pushes.next({ data: { projectsStatusUpdated: pushed } }));
    await waitFor(() => {
      const co2 = screen.getAllByTestId('status-value')[1];
      expect(co2?.textContent).toBe('1500 ppm');
      expect(co2?.getAttribute('data-band-color')).toBe('#e03131');
    });
    expect(screen.getByTestId('project-online').textContent).toContain('2 / 2 mittaria yhteydessä');
    expect(screen.getByTestId('project-sparkline').getAttribute('data-type')).toBe('Temperature');
    expect(operations.filter((name) => name === 'ProjectsStatusUpdated')).toHaveLength(1);
  });

  it('asks again when the first meter online would fall silent, since no push tells it', async () => {
    const online = project({
      metersOnline: 1,
      metersTotal: 1,
      latestReadingAt: minutesAgo(2),
      offlineAt: new Date(Date.now() + 500).toISOString(),
    });
    let answers = 0;
    renderDashboard(online, new Subject<GraphqlAnswer>(), () => {
      answers += 1;
      return answers === 1 ? online : { ...online, state: { ...online.state, metersOnline: 0, offlineAt: null } };
    });
    expect((await screen.findByTestId('project-online')).textContent).toContain('1 / 1 mittaria yhteydessä');
    await waitFor(() => expect(screen.getByTestId('project-online').textContent).toContain('Ei yhteyttä'), {
      timeout: 5_000,
    });
  });
});

describe('sparklinePath', () => {
  const now = Date.UTC(2026, 10, 26, 12, 30);
  const hour = (h: number) => new Date(Date.UTC(2026, 10, 26, h)).toISOString();
  it('draws the last 24 hours left to right, highest value at the top, and breaks at a missing hour', () => {
    expect(sparklinePath([hour(11), hour(12)], [1, 3], now, 23, 10)).toBe('M22.0 10.0L23.0 0.0');
    expect(sparklinePath([hour(10), hour(12)], [1, 3], now, 23, 10)).toBe('M21.0 10.0M23.0 0.0');
    expect(sparklinePath([], [], now, 23, 10)).toBe('');
  });
});
