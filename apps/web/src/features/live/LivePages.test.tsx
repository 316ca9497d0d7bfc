// @vitest-environment jsdom

import { screen, waitFor, within } from '@testing-library/react';
import { Subject } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedInUser } from '../../testing/currentUser.ts';
import { cleanupApp, type GraphqlAnswer, type GraphqlAnswers, renderApp } from '../../testing/renderApp.tsx';
import { shellProject } from '../projects/testProjects.ts';
import { co2Limit, liveSerie, liveSpace, minutesAgo, projectLive, seriesLatest } from './testLive.ts';

const school = () =>
  projectLive(
    7,
    [liveSpace(2, 'Sali'), liveSpace(1, 'Luokka 101'), liveSpace(3, 'Varasto', false)],
    [
      liveSerie(11, 1, 'Kosteus', 'Humidity'),
      liveSerie(12, 1, 'Hiilidioksidi', 'CO2'),
      liveSerie(13, 1, 'Lämpötila', 'Temperature'),
      liveSerie(21, 2, 'Lämpötila', 'Temperature'),
      liveSerie(31, 3, 'Lämpötila', 'Temperature'),
    ],
    [seriesLatest(11, 41.26, minutesAgo(5)), seriesLatest(13, 21.46, minutesAgo(5)), seriesLatest(31, 5)],
  );

function renderLive(path: string, answers: GraphqlAnswers = {}, project: Record<string, unknown> = {}) {
  return renderApp({
    path,
    graphql: {
      CurrentUser: () => ({ data: { currentUser: signedInUser() } }),
      ProjectShell: ({ id }) => ({ data: { project: shellProject(Number(id), 'Koulu', project) } }),
      ProjectLive: school,
      ...answers,
    },
  });
}

const gaugeNames = (space: HTMLElement) =>
  within(space)
    .getAllByRole('group')
    .map((gauge) => gauge.getAttribute('aria-label'));

describe('live gauges', () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanupApp);

  it('shows a gauge per series, spaces by name and series by type priority, with value, unit and age', async () => {
    renderLive('/p/7/live');
    const gauges = await screen.findByTestId('live-gauges');
    const spaces = within(gauges).getAllByTestId('live-space');
    expect(spaces.map((space) => within(space).getByRole('heading').textContent)).toEqual(['Luokka 101', 'Sali']);
    expect(gaugeNames(spaces[0] as HTMLElement)).toEqual(['Lämpötila', 'Kosteus', 'Hiilidioksidi']);

    const temperature = screen.getByTestId('live-gauge-13');
    expect(within(temperature).getByTestId('live-value').textContent).toBe('21,5 °C');
    expect(within(temperature).getByTestId('live-age').textContent).toBe('5 minuuttia sitten');
    // The arc's ends; the type is not repeated under a name that says it.
    expect(within(temperature).getByText('40')).toBeTruthy();
    expect(within(temperature).getAllByText('Lämpötila')).toHaveLength(1);
    expect(within(screen.getByTestId('live-gauge-11')).getByTestId('live-value').textContent).toBe('41,3 %RH');
    // No value yet: '-', and no age.
    const co2 = screen.getByTestId('live-gauge-12');
    expect(within(co2).getByText('CO2')).toBeTruthy();
    expect(within(co2).getByTestId('live-value').textContent).toBe('-');
    expect(within(co2).getByTestId('live-age').textContent?.trim()).toBe('');
    // A hidden space's series are not shown.
    expect(screen.queryByTestId('live-gauge-31')).toBeNull();
    expect(
      within(screen.getByTestId('project-tabs')).getByRole('link', { name: 'Reaaliaika' }).getAttribute('aria-current'),
    ).toBe('page');
  });

  it('shows a value pushed by seriesLatestUpdated without loading the page again', async () => {
    const pushes = new Subject<GraphqlAnswer>();
    const { operations } = renderLive('/p/7/live', { SeriesLatestUpdated: () => pushes });
    const temperature = await screen.findByTestId('live-gauge-13');
    expect(within(temperature).getByTestId('live-value').textContent).toBe('21,5 °C');
    await waitFor(() => expect(operations).toContain('SeriesLatestUpdated'));

    pushes.next({
      data: { seriesLatestUpdated: [seriesLatest(13, 23.04, minutesAgo(0)), seriesLatest(12, 947, minutesAgo(0))] },
    });

    await waitFor(() => expect(within(temperature).getByTestId('live-value').textContent).toBe('23,0 °C'));
    expect(within(temperature).getByTestId('live-age').textContent).toBe('nyt');
    // A series that had no value gets the pushed one; the others keep theirs.
    expect(within(screen.getByTestId('live-gauge-12')).getByTestId('live-value').textContent).toBe('947 ppm');
    expect(within(screen.getByTestId('live-gauge-11')).getByTestId('live-value').textContent).toBe('41,3 %RH');
    expect(operations.filter((name) => name === 'ProjectLive')).toHaveLength(1);
  });

  it('draws a series on the bands of its limit, its value in its band colour; without a limit, neutral', async () => {
    renderLive('/p/7/live', {
      ProjectLive: () =>
        projectLive(
          7,
          [liveSpace(1, 'Luokka 101')],
          [
            liveSerie(12, 1, 'Hiilidioksidi', 'CO2', 'ppm', { limit: co2Limit(), alarming: true }),
            liveSerie(13, 1, 'Lämpötila', 'Temperature'),
          ],
          [seriesLatest(12, 950), seriesLatest(13, 21.5)],
        ),
    });
    const co2 = await screen.findByTestId('live-gauge-12');
    expect(within(co2).getAllByTestId('gauge-band')).toHaveLength(3);
    expect(within(co2).getByTestId('live-value').getAttribute('data-band-color')).toBe('#fab005');
    const meter = within(co2).getByRole('meter');
    expect([meter.getAttribute('aria-valuemin'), meter.getAttribute('aria-valuemax')]).toEqual(['400', '2000']);
    // An open alarm episode: outlined, and said in words.
    expect(co2.getAttribute('data-alarming')).toBe('true');
    expect(within(co2).getByTestId('live-alarming').textContent).toBe('Hälytystilassa');
    // Temperature without a limit is not red: a neutral grey.
    const temperature = screen.getByTestId('live-gauge-13');
    expect(within(temperature).queryAllByTestId('gauge-band')).toHaveLength(0);
    expect(within(temperature).getByTestId('live-value').getAttribute('data-band-color')).toBe('#868e96');
    expect(within(temperature).queryByTestId('live-alarming')).toBeNull();
  });

  it('follows a limit picked, and an alarm episode opened, as projectUpdated pushes them', async () => {
    const pushes = new Subject<GraphqlAnswer>();
    const { operations } = renderLive('/p/7/live', { LiveProjectUpdated: () => pushes });
    const co2 = await screen.findByTestId('live-gauge-12');
    await waitFor(() => expect(operations).toContain('LiveProjectUpdated'));
    expect(within(co2).queryAllByTestId('gauge-band')).toHaveLength(0);
    const { project } = school().data;
    pushes.next({
      data: {
        projectUpdated: {
          __typename: 'Project',
          id: 7,
          series: project.series.map((series) =>
            series.id === 12
              ? liveSerie(12, 1, 'Hiilidioksidi', 'CO2', null, { limit: co2Limit(), alarming: true })
              : series,
          ),
        },
      },
    });
    await waitFor(() => expect(within(co2).getAllByTestId('gauge-band')).toHaveLength(3));
    expect(co2.getAttribute('data-alarming')).toBe('true');
    expect(operations.filter((name) => name === 'ProjectLive')).toHaveLength(1);
  });

  it('says so when the project has no shown spaces', async () => {
    renderLive('/p/7/live', { ProjectLive: () => projectLive(7, [liveSpace(3, 'Varasto', false)], [], []) });
    const empty = await screen.findByTestId('live-empty');
    expect(empty.textContent).toContain('Projektissa ei ole vielä tiloja.');
    // A viewer is told who adds them, not offered the editor they may not open.
    expect(within(empty).queryByRole('link')).toBeNull();
  });
});

describe('live table', () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanupApp);

  it('lists space, series, value with unit and age, in the order of the gauges', async () => {
    renderLive('/p/7/liveold');
    const table = await screen.findByRole('table', { name: 'Reaaliaika (taulukko)' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .queryAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows.slice(1)).toEqual([
      ['Luokka 101', 'Lämpötila', '21,5 °C', '5 minuuttia sitten'],
      ['Luokka 101', 'Kosteus', '41,3 %RH', '5 minuuttia sitten'],
      ['Luokka 101', 'Hiilidioksidi', '-', '-'],
      ['Sali', 'Lämpötila', '-', '-'],
    ]);
  });

  it('colours each value by its band, readable, and marks alarming rows', async () => {
    renderLive('/p/7/liveold', {
      ProjectLive: () =>
        projectLive(
          7,
          [liveSpace(1, 'Luokka 101')],
          [
            liveSerie(12, 1, 'Hiilidioksidi', 'CO2', 'ppm', { limit: co2Limit(), alarming: true, color: '#123456' }),
            liveSerie(13, 1, 'Lämpötila', 'Temperature'),
          ],
          [seriesLatest(12, 1500), seriesLatest(13, 21.5)],
        ),
    });
    const co2 = await screen.findByTestId('live-row-12');
    const value = within(co2).getByTestId('live-value');
    expect(value.getAttribute('data-band-color')).toBe('#e03131');
    // The band's red darkened a little, to 4.5:1 on the striped rows.
    expect(value.style.color).toBe('rgb(213, 47, 47)');
    expect(co2.getAttribute('data-alarming')).toBe('true');
    expect(within(co2).getByText('Hälytystilassa')).toBeTruthy();
    const temperature = screen.getByTestId('live-row-13');
    expect(within(temperature).getByTestId('live-value').hasAttribute('data-band-color')).toBe(false);
    expect(temperature.hasAttribute('data-alarming')).toBe(false);
  });

  it('follows pushed values', async () => {
    const pushes = new Subject<GraphqlAnswer>();
    const { operations } = renderLive('/p/7/liveold', { SeriesLatestUpdated: () => pushes });
    const row = await screen.findByTestId('live-row-21');
    await waitFor(() => expect(operations).toContain('SeriesLatestUpdated'));
    pushes.next({ data: { seriesLatestUpdated: [seriesLatest(21, 19.2, minutesAgo(2))] } });
    await waitFor(() => expect(within(row).getByTestId('live-value').textContent).toBe('19,2 °C'));
    expect(within(row).getByTestId('live-age').textContent).toBe('2 minuuttia sitten');
  });
});

describe('live view turned off (showLive)', () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanupApp);

  it('offers no live tabs and answers their addresses with a notice, without asking for values', async () => {
    const { operations } = renderLive('/p/7/live', {}, { showLive: false });
    expect(await screen.findByTestId('live-view-off')).toBeTruthy();
    const tabs = within(screen.getByTestId('project-tabs'))
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(tabs).toEqual(['Yleiskatsaus', 'Yhteenveto']);
    expect(operations).not.toContain('ProjectLive');
  });
});
