// @vitest-environment jsdom

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProjectListFilter } from '../../graphql/generated.ts';
import { signedInUser } from '../../testing/currentUser.ts';
import { cleanupApp, renderApp } from '../../testing/renderApp.tsx';
import { listProject, serverFilter } from './testProjects.ts';

// The real server's filtering, favourites and live updates are tested in the browser (e2e/).

/** The list's status fields: three of four meters reporting, two open alarms. */
const status = {
  alarmsTriggeredCount: 2,
  state: {
    __typename: 'ProjectState',
    online: true,
    metersOnline: 3,
    metersTotal: 4,
    latestReadingAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    offlineAt: null,
  },
};
const projects = [
  listProject(1, 'Koulu', { favourite: true, ...status }),
  listProject(2, 'Päiväkoti', { ended: true, ...status }),
  listProject(3, 'Varasto', { hidden: true, ...status }),
  listProject(4, 'Vanha halli', { archived: true, organization: null, ...status }),
];

function renderList(path = '/p') {
  const filters: ProjectListFilter[] = [];
  const favourites = new Set(projects.filter((project) => project.favourite).map((project) => project.id));
  const current = () => projects.map((project) => ({ ...project, favourite: favourites.has(project.id) }));
  const answerFavourite = (id: unknown, favourite: boolean, field: string) => {
    if (favourite) favourites.add(Number(id));
    else favourites.delete(Number(id));
    return { data: { [field]: current().find((project) => project.id === Number(id)) } };
  };
  const view = renderApp({
    path,
    graphql: {
      CurrentUser: () => ({ data: { currentUser: signedInUser() } }),
      ProjectList: ({ filter }) => {
        filters.push(filter as ProjectListFilter);
        return { data: { projects: serverFilter(current(), filter as ProjectListFilter) } };
      },
      FavouriteProject: ({ id }) => answerFavourite(id, true, 'favouriteProject'),
      UnfavouriteProject: ({ id }) => answerFavourite(id, false, 'unfavouriteProject'),
    },
  });
  return { ...view, filters };
}

async function shownNames(): Promise<string[]> {
  const list = await screen.findByTestId('project-list');
  return within(list)
    .getAllByRole('link')
    .filter((link) => /^\/p\/\d+$/.test(link.getAttribute('href') ?? ''))
    .map((link) => link.textContent ?? '');
}

describe('project list', () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanupApp);

  it('lists running and ended projects, with their code, organization, state and a link to each', async () => {
    renderList();
    await waitFor(async () => expect(await shownNames()).toEqual(['Koulu', 'Päiväkoti']));
    const ended = screen.getByTestId('project-row-2');
    expect(within(ended).getByText('P-2')).toBeTruthy();
    expect(within(ended).getByText('Demo Oy')).toBeTruthy();
    expect(within(ended).getByText('Projektin mittaus on päättynyt.')).toBeTruthy();
    expect(within(ended).getByRole('link', { name: 'Päiväkoti' }).getAttribute('href')).toBe('/p/2');
    // The state is the first column: an ended project is noticed before its name is read.
    const list = screen.getByTestId('project-list');
    expect(
      within(list)
        .getAllByRole('columnheader')
        .map((heading) => heading.textContent),
    ).toEqual(['Tila', 'Suosikki', 'Projekti', 'Organisaatio']);
    expect(within(ended).getAllByRole('cell')[0]?.textContent).toBe('Projektin mittaus on päättynyt.');
  });

  it('says of a running project what its home status strip says first: meters online, newest reading, alarms', async () => {
    renderList();
    const running = within(await screen.findByTestId('project-row-1')).getAllByRole('cell')[0];
    if (!running) throw new Error('no status cell');
    expect(within(running).getByText('3 / 4 mittaria yhteydessä')).toBeTruthy();
    expect(within(running).getByTestId('project-newest-reading').textContent).toContain('5 min');
    expect(within(running).getByRole('link', { name: 'Hälytyksiä: 2' }).getAttribute('href')).toBe('/p/1/alarms');
  });

  it('brings in hidden and archived projects, leaves out ended ones and keeps the switches in the URL', async () => {
    const { router, filters } = renderList();
    await waitFor(async () => expect(await shownNames()).toEqual(['Koulu', 'Päiväkoti']));

    fireEvent.click(screen.getByRole('switch', { name: 'Näytä piilotetut' }));
    await waitFor(async () => expect(await shownNames()).toEqual(['Koulu', 'Päiväkoti', 'Varasto']));
    expect(within(screen.getByTestId('project-row-3')).getByText('Piilotettu')).toBeTruthy();

    fireEvent.click(screen.getByRole('switch', { name: 'Näytä arkistoidut' }));
    await waitFor(async () => expect(await shownNames()).toEqual(['Koulu', 'Päiväkoti', 'Varasto', 'Vanha halli']));
    expect(within(screen.getByTestId('project-row-4')).getByText('Arkistoitu')).toBeTruthy();

    fireEvent.click(screen.getByRole('switch', { name: 'Näytä päättyneet' }));
    await waitFor(async () => expect(await shownNames()).toEqual(['Koulu', 'Varasto', 'Vanha halli']));

    expect(filters.at(-1)).toEqual({ hidden: true, archived: true, ended: false, favourite: false });
    expect(new URLSearchParams(router.state.location.search).toString()).toBe('hidden=1&archived=1&ended=0');
  });

  it('restores the filter from the URL after a reload', async () => {
    const { filters } = renderList('/p?hidden=1&ended=0&search=var');
    await waitFor(async () => expect(await shownNames()).toEqual(['Varasto']));
    expect(filters[0]).toEqual({ hidden: true, archived: false, ended: false, favourite: false, search: 'var' });
    expect(screen.getByRole<HTMLInputElement>('switch', { name: 'Näytä piilotetut' }).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('switch', { name: 'Näytä päättyneet' }).checked).toBe(false);
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Haku' }).value).toBe('var');
  });

  it('searches by what is typed, after a pause', async () => {
    const { router, filters } = renderList();
    await waitFor(async () => expect(await shownNames()).toEqual(['Koulu', 'Päiväkoti']));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Haku' }), { target: { value: 'päivä' } });
    await waitFor(async () => expect(await shownNames()).toEqual(['Päiväkoti']));
    expect(filters.at(-1)).toMatchObject({ search: 'päivä' });
    expect(new URLSearchParams(router.state.location.search).get('search')).toBe('päivä');
  });

  it('shows only favourites, and a project taken out of them leaves the list at once', async () => {
    renderList('/p?favourite=1');
    await waitFor(async () => expect(await shownNames()).toEqual(['Koulu']));
    const star = within(screen.getByTestId('project-row-1')).getByTestId('favourite-toggle');
    expect(star.getAttribute('aria-pressed')).toBe('true');
    expect(star.getAttribute('aria-label')).toBe('Poista Koulu suosikeista');

    fireEvent.click(star);
    expect(await screen.findByTestId('project-list-empty')).toBeTruthy();
    expect(screen.getByText('Yksikään projekti ei vastaa suodattimia.')).toBeTruthy();
  });

  it('stars a project from the list', async () => {
    renderList();
    const row = await screen.findByTestId('project-row-2');
    const star = within(row).getByRole('button', { name: 'Lisää Päiväkoti suosikkeihin' });
    expect(star.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(star);
    await waitFor(() =>
      expect(within(row).getByTestId('favourite-toggle').getAttribute('aria-label')).toBe(
        'Poista Päiväkoti suosikeista',
      ),
    );
  });
});
