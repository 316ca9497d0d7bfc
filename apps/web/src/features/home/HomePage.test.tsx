// @vitest-environment jsdom

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedInUser } from '../../testing/currentUser.ts';
import { cleanupApp, renderApp } from '../../testing/renderApp.tsx';

const user = signedInUser({ options: { dashboardSpacesHidden: [12], ui: { compact: true } } });

function project() {
  return {
    __typename: 'Project',
    id: 4,
    name: 'Koulun sisäilma',
    code: 'DEMO-1',
    ended: false,
    archived: false,
    hidden: false,
    alarmsTriggeredCount: 0,
    state: {
      __typename: 'ProjectState',
      online: true,
      metersOnline: 1,
      metersTotal: 1,
      latestReadingAt: new Date().toISOString(),
      offlineAt: null,
    },
    trends: [],
    series: [],
    seriesLatests: [],
    organization: { __typename: 'Organization', id: 'org-1', name: 'Olo Demo', slug: 'olo-demo' },
    spaces: [
      { __typename: 'Space', id: 11, name: 'Luokka 101', description: 'Ensimmäinen kerros', show: true },
      { __typename: 'Space', id: 12, name: 'Sali', description: null, show: true },
    ],
  };
}

function dashboard(projects: unknown[]) {
  return () => ({ data: { currentUser: { __typename: 'User', id: user.id, dashboardProjects: projects } } });
}

describe('dashboard', () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanupApp);

  it('says so when there are no projects to show', async () => {
    renderApp({
      path: '/home',
      graphql: { CurrentUser: () => ({ data: { currentUser: user } }), Dashboard: dashboard([]) },
    });
    const empty = await screen.findByTestId('dashboard-empty');
    // What is missing, how projects come to be, and the way on.
    expect(empty.textContent).toContain('Ei vielä projekteja');
    expect(empty.textContent).toContain('Pyydä ylläpitäjää kutsumaan sinut projektiin');
    expect(within(empty).getByRole('link', { name: 'Siirry organisaatioihin' }).getAttribute('href')).toBe('/o');
    expect(screen.queryByTestId('dashboard-projects')).toBeNull();
  });

  it('shows projects with their spaces and remembers an opened space without touching other options', async () => {
    const saved: unknown[] = [];
    renderApp({
      path: '/home',
      graphql: {
        CurrentUser: () => ({ data: { currentUser: user } }),
        Dashboard: dashboard([project()]),
        UpdateDashboardOptions: ({ options }) => {
          saved.push(options);
          return {
            data: {
              updateUserOptions: {
                ...user,
                options: { ...user.options, ...(options as object) },
                dashboardProjects: [project()],
              },
            },
          };
        },
      },
    });
    const projects = await screen.findByTestId('dashboard-projects');
    expect(within(projects).getByRole('link', { name: 'Koulun sisäilma' }).getAttribute('href')).toBe('/p/4');
    // The hidden space is left out of the list until asked for.
    expect(within(projects).queryByRole('button', { name: 'Sali' })).toBeNull();

    const space = within(projects).getByRole('button', { name: 'Luokka 101' });
    expect(space.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(space);
    await waitFor(() => expect(space.getAttribute('aria-expanded')).toBe('true'));
    await waitFor(() => expect(saved).toEqual([{ dashboardSpacesOpen: [11] }]));
  });

  it('shows the chosen meters with their latest reading, main values and battery state', async () => {
    const asked: unknown[] = [];
    const withMeters = signedInUser({ options: { dashboardMeters: [31] } });
    renderApp({
      path: '/home',
      graphql: {
        CurrentUser: () => ({ data: { currentUser: withMeters } }),
        Dashboard: dashboard([]),
        DashboardMeters: (variables) => {
          asked.push(variables);
          return {
            data: {
              meters: [
                {
                  __typename: 'Meter',
                  id: 31,
                  serial: 'a81758fffe0312ab',
                  name: 'Luokka 101 ERS',
                  active: true,
                  inStorage: false,
                  batteryUnit: 'V',
                  latest: {
                    __typename: 'MeterLatest',
                    time: new Date(Date.now() - 5 * 60_000).toISOString(),
                    data: {
                      co2: { value: 612.4, type: 'CO2', unit: 'ppm' },
                      temperature: { value: 21.46, type: 'Temperature', unit: '°C' },
                    },
                    battery: 3.1,
                  },
                  errors: {
                    __typename: 'MeterErrors',
                    battery: 'low',
                    lowVoltage: false,
                    missing: false,
                    systemErrors: 0,
                  },
                },
              ],
            },
          };
        },
      },
    });
    const card = await screen.findByTestId('dashboard-meter-31');
    expect(asked).toEqual([{ ids: [31] }]);
    expect(within(card).getByRole('link', { name: 'Luokka 101 ERS' }).getAttribute('href')).toBe('/meters/31');
    expect(within(card).getByTestId('dashboard-meter-31-co2').textContent).toBe('612 ppm');
    expect(within(card).getByTestId('dashboard-meter-31-temperature').textContent).toBe('21,5 °C');
    expect(within(card).getByText('Paristo vähissä')).toBeTruthy();
    expect(within(card).getByText(/5 minuuttia sitten/)).toBeTruthy();
    expect(within(card).getByText(/3,10 V/)).toBeTruthy();
  });

  it('shows no meters until some are chosen, and offers to choose them', async () => {
    renderApp({
      path: '/home',
      graphql: {
        CurrentUser: () => ({ data: { currentUser: user } }),
        Dashboard: dashboard([]),
        DashboardMeterChoices: () => ({
          data: { meters: [{ __typename: 'Meter', id: 31, serial: 'a81758fffe0312ab', name: 'Luokka 101 ERS' }] },
        }),
      },
    });
    await screen.findByTestId('dashboard-empty');
    expect(screen.queryByTestId('dashboard-meters')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Valitse mittarit' }));
    expect(await screen.findByLabelText(/^Yleisnäkymän mittarit/)).toBeTruthy();
  });
});
