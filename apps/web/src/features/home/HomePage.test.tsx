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
    state: { __typename: 'ProjectState', online: true },
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
    expect(empty.textContent).toBe('Ei vielä projekteja.');
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
});
