// @vitest-environment jsdom

import { screen, waitFor, within } from '@testing-library/react';
import { Subject } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedInUser } from '../../testing/currentUser.ts';
import { cleanupApp, type GraphqlAnswer, type GraphqlAnswers, renderApp } from '../../testing/renderApp.tsx';
import {
  co2Limit,
  liveSerie,
  liveSpace,
  minutesAgo,
  projectLive,
  seriesLatest,
  weatherSerie,
} from '../live/testLive.ts';
import { shellProject } from '../projects/testProjects.ts';

/** Below 0 °C blue, above it green: the classroom's weather follows it (Space.weatherLimit). */
const frostLimit = co2Limit({ id: 44, min: -30, max: 30, limits: [0], colors: ['#1971c2'], maxcolor: '#2f9e44' });

/** Luokka 101 shows the outdoor temperature of source 5; Sali shows no weather. */
const weatherProject = () =>
  projectLive(
    7,
    [
      liveSpace(1, 'Luokka 101', true, { weatherId: 5, weatherDatatype: 'ExternalTemperature', weatherLimit: 44 }),
      liveSpace(2, 'Sali'),
    ],
    [
      liveSerie(13, 1, 'Lämpötila', 'Temperature'),
      liveSerie(21, 2, 'Lämpötila', 'Temperature'),
      weatherSerie(91, 5, 'Sää - Ulkolämpötila', 'ExternalTemperature'),
      weatherSerie(92, 5, 'Sää - Kosteus', 'Humidity'),
    ],
    [
      seriesLatest(13, 20.9, minutesAgo(5)),
      seriesLatest(21, 19.5, minutesAgo(5)),
      seriesLatest(91, -3.2, minutesAgo(20)),
      seriesLatest(92, 80, minutesAgo(20)),
    ],
    [co2Limit(), frostLimit],
  );

function renderLive(path: string, answers: GraphqlAnswers = {}) {
  return renderApp({
    path,
    graphql: {
      CurrentUser: () => ({ data: { currentUser: signedInUser() } }),
      ProjectShell: ({ id }) => ({ data: { project: shellProject(Number(id), 'Koulu') } }),
      ProjectLive: weatherProject,
      ...answers,
    },
  });
}

const spaceSection = (name: string) =>
  screen.getAllByTestId('live-space').find((space) => within(space).getByRole('heading').textContent === name);

describe('live views with outdoor weather', () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanupApp);

  it('shows the outdoor value and the difference beside a space with weather, none beside one without', async () => {
    renderLive('/p/7/live');
    await screen.findByTestId('live-gauges');
    const classroom = spaceSection('Luokka 101') as HTMLElement;
    expect(within(classroom).getByTestId('space-weather-value').textContent).toBe('Ulkona −3,2 °C');
    expect(within(classroom).getByTestId('space-weather-name').textContent).toBe('Sää - Ulkolämpötila (Ulkolämpötila)');
    expect(within(classroom).getByTestId('space-weather-comparison').textContent).toBe('Ero ulos 24,1 °C');
    // Coloured by the space's weather limit: −3,2 °C is in its blue band.
    expect(within(classroom).getByText('−3,2 °C').getAttribute('data-band-color')).toBe('#1971c2');
    expect(within(spaceSection('Sali') as HTMLElement).queryByTestId('space-weather')).toBeNull();
    // Weather series have no space: no stray group or gauge of them.
    expect(screen.getAllByTestId('live-space')).toHaveLength(2);
    expect(screen.queryByTestId('live-gauge-91')).toBeNull();
  });

  it('follows a new outdoor value pushed by seriesLatestUpdated', async () => {
    const pushes = new Subject<GraphqlAnswer>();
    const { operations } = renderLive('/p/7/live', { SeriesLatestUpdated: () => pushes });
    await screen.findByTestId('live-gauges');
    await waitFor(() => expect(operations).toContain('SeriesLatestUpdated'));
    pushes.next({ data: { seriesLatestUpdated: [seriesLatest(91, -5, minutesAgo(0))] } });
    const classroom = spaceSection('Luokka 101') as HTMLElement;
    await waitFor(() =>
      expect(within(classroom).getByTestId('space-weather-value').textContent).toBe('Ulkona −5,0 °C'),
    );
    expect(within(classroom).getByTestId('space-weather-comparison').textContent).toBe('Ero ulos 25,9 °C');
  });

  it('adds an outdoor row under a space with weather in the live table', async () => {
    renderLive('/p/7/liveold');
    const table = await screen.findByTestId('live-table');
    const row = within(table).getByTestId('live-weather-row-1');
    expect(within(row).getByTestId('space-weather-value').textContent).toBe('Ulkona −3,2 °C');
    expect(within(table).queryByTestId('live-weather-row-2')).toBeNull();
  });
});
