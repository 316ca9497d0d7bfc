// @vitest-environment jsdom

import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedInUser } from '../../testing/currentUser.ts';
import { cleanupApp, type GraphqlAnswers, renderApp } from '../../testing/renderApp.tsx';
import { adminProject, projectInvitations, shellOf } from '../project-edit/testProject.ts';

function source(state: { backfillProgress?: number; latestTime?: string | null; lastError?: string | null } = {}) {
  return {
    __typename: 'ProjectWeather',
    weatherId: 3,
    distanceKm: 12.34,
    backfillFrom: '2026-11-01T00:00:00Z',
    backfillUntil: '2026-11-28T00:00:00Z',
    backfilledTo: '2026-11-28T00:00:00Z',
    backfillProgress: state.backfillProgress ?? 1,
    weather: {
      __typename: 'Weather',
      id: 3,
      name: 'Weather - Helsinki Kaisaniemi',
      stationName: 'Helsinki Kaisaniemi',
      provider: 'fmi',
      latitude: 60.18,
      longitude: 24.94,
      latestTime: state.latestTime === undefined ? new Date().toISOString() : state.latestTime,
      latestValue: -3.4,
      fetchedAt: null,
      lastError: state.lastError ?? null,
      lastErrorAt: null,
    },
  };
}

function sources(weathers: unknown[], located = true) {
  return {
    data: {
      projectAdmin: {
        __typename: 'Project',
        id: 7,
        latitude: located ? 60.17 : null,
        longitude: located ? 24.94 : null,
        weathers,
        series: [],
        limits: [],
      },
    },
  };
}

function renderWeather(answers: GraphqlAnswers) {
  const project = adminProject(7, 'Koulu');
  const sent: string[] = [];
  renderApp({
    path: '/p/7/edit/weather',
    graphql: {
      CurrentUser: () => ({ data: { currentUser: signedInUser() } }),
      ProjectShell: () => ({ data: { project: shellOf(project) } }),
      ProjectAdmin: () => ({ data: { projectAdmin: project } }),
      ProjectInvitations: () => projectInvitations(),
      ...Object.fromEntries(
        Object.entries(answers).map(([name, answer]) => [
          name,
          (variables: Record<string, unknown>) => {
            sent.push(name);
            return answer(variables);
          },
        ]),
      ),
    },
  });
  return sent;
}

describe('weather sources', { timeout: 20_000 }, () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanupApp);

  it("shows a source's station, provider, distance and temperature, and its backfill as a labelled bar", async () => {
    renderWeather({ ProjectWeatherSources: () => sources([source({ backfillProgress: 0.25 })]) });
    const item = await screen.findByTestId('weather-source');
    expect(within(item).getByTestId('weather-source-name').textContent).toBe('Helsinki Kaisaniemi');
    expect(within(item).getByText('FMI')).toBeTruthy();
    expect(within(item).getByTestId('weather-source-distance').textContent).toBe('Etäisyys 12,3 km');
    expect(within(item).getByTestId('weather-source-latest').textContent).toContain('−3,4 °C');
    const bar = within(item).getByRole('progressbar', { name: 'Haetut menneet säätiedot: Helsinki Kaisaniemi' });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(within(item).queryByTestId('weather-source-stale')).toBeNull();
  });

  it('says since when a source has had no data', async () => {
    renderWeather({
      ProjectWeatherSources: () => sources([source({ latestTime: '2026-11-20T10:00:00Z', lastError: 'timeout' })]),
    });
    const stale = await screen.findByTestId('weather-source-stale');
    expect(stale.textContent).toMatch(/^Ei tietoja 20\.11\.2026 .* jälkeen$/);
  });

  it('explains that the project needs a location before weather can be added', async () => {
    renderWeather({ ProjectWeatherSources: () => sources([], false) });
    expect(await screen.findByTestId('weather-no-location')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Aseta sijainti' }).getAttribute('href')).toBe(
      '/p/7/edit/info#project-location',
    );
    expect((screen.getByTestId('weather-add') as HTMLButtonElement).disabled).toBe(true);
  });

  it('adds Open-Meteo when asked and shows a refusal translated', async () => {
    const provided: unknown[] = [];
    renderWeather({
      ProjectWeatherSources: () => sources([]),
      ProjectAddWeather: (variables) => {
        provided.push(variables.provider);
        return { errors: [{ message: 'The project already has this weather source' }] };
      },
    });
    await screen.findByText('Projektilla ei ole vielä säälähdettä.');
    fireEvent.click(screen.getByLabelText('Käytä Open-Meteoa lähimmän Ilmatieteen laitoksen aseman sijaan'));
    fireEvent.click(screen.getByRole('button', { name: 'Lisää sää' }));
    expect(await screen.findByText('Projektilla on jo tämä säälähde')).toBeTruthy();
    expect(provided).toEqual(['open-meteo']);
  });
});
