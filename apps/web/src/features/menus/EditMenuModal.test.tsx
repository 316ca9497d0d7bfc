// @vitest-environment jsdom

import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerConfirm } from '../../testing/confirmDialog.ts';
import { signedInUser } from '../../testing/currentUser.ts';
import { cleanupApp, type GraphqlAnswers, renderApp } from '../../testing/renderApp.tsx';

const projects = [
  { __typename: 'Project', id: 4, name: 'Koulun sisäilma', code: 'DEMO-1' },
  { __typename: 'Project', id: 5, name: 'Päiväkoti', code: null },
  { __typename: 'Project', id: 9, name: 'Uimahalli', code: 'DEMO-2' },
];

const organizations = [
  { __typename: 'Organization', id: 'org-1', name: 'Olo Demo', slug: 'olo-demo', path: 'olo-demo' },
  {
    __typename: 'Organization',
    id: 'org-2',
    name: 'Olo Demo Rakennus',
    slug: 'olo-demo-rakennus',
    path: 'olo-demo/olo-demo-rakennus',
  },
];

type User = ReturnType<typeof signedInUser>;

/** Answers as the server does: it merges the given option groups over the stored ones, and the menus follow. */
function answers(user: User, sent: unknown[]): GraphqlAnswers {
  return {
    CurrentUser: () => ({ data: { currentUser: user } }),
    MenuProjectChoices: () => ({ data: { projects } }),
    MenuOrganizationChoices: () => ({ data: { organizations } }),
    UpdateMenuOptions: ({ options }) => {
      sent.push(options);
      const merged = { ...user.options, ...(options as object) };
      const chosenProjects = merged.menuProjects as number[];
      const chosenOrganizations = merged.menuOrganizations as string[];
      return {
        data: {
          updateUserOptions: {
            ...user,
            options: merged,
            menuProjects: chosenProjects.length
              ? projects.filter((project) => chosenProjects.includes(project.id))
              : projects,
            menuOrganizations: chosenOrganizations.length
              ? organizations.filter((organization) => chosenOrganizations.includes(organization.id))
              : organizations,
          },
        },
      };
    },
  };
}

// Mantine hides a dropdown whose button it finds off screen, as jsdom, which lays nothing out, says every element is;
// in a browser the menu shows, so the queries below include hidden elements.
const hidden = true;

async function openMenu(name: string): Promise<HTMLElement> {
  fireEvent.click(await screen.findByRole('button', { name }));
  return screen.findByRole('menu', { hidden });
}

async function menuItems(name: string): Promise<string[]> {
  const menu = await openMenu(name);
  const items = within(menu)
    .getAllByRole('menuitem', { hidden })
    .map((item) => item.textContent ?? '');
  fireEvent.keyDown(menu, { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('menu', { hidden })).toBeNull());
  return items;
}

async function openEditor(menuName: string): Promise<HTMLElement> {
  const menu = await openMenu(menuName);
  fireEvent.click(within(menu).getByRole('menuitem', { hidden, name: 'Muokkaa valikkoa' }));
  return screen.findByRole('dialog');
}

const checkbox = (dialog: HTMLElement, name: string) =>
  within(dialog).getByRole('checkbox', { name }) as HTMLInputElement;

// The first render loads Mantine's styles: a busy machine needs more than the default second.
configure({ asyncUtilTimeout: 5000 });

describe('editing the header menus', { timeout: 20_000 }, () => {
  beforeEach(() => localStorage.clear());
  afterEach(async () => {
    vi.restoreAllMocks();
    await cleanupApp();
  });

  it('lists only the chosen projects after saving, and sends only the menu option', async () => {
    const user = signedInUser({
      menuProjects: projects,
      options: { dashboardProjects: [9], ui: { compact: true } },
    });
    const sent: unknown[] = [];
    renderApp({ path: '/help', graphql: answers(user, sent) });
    expect(await menuItems('Projektivalikko')).toEqual([
      'Koulun sisäilmaDEMO-1',
      'Päiväkoti',
      'UimahalliDEMO-2',
      'Kaikki projektit',
      'Muokkaa valikkoa',
    ]);

    const dialog = await openEditor('Projektivalikko');
    expect(within(dialog).getByText(/Jos mitään ei ole valittu/)).toBeTruthy();
    // Nothing is chosen yet: the menu lists every running project.
    await waitFor(() => expect(within(dialog).getAllByRole('checkbox')).toHaveLength(3));
    expect(
      within(dialog)
        .getAllByRole('checkbox')
        .some((box) => (box as HTMLInputElement).checked),
    ).toBe(false);
    const save = within(dialog).getByRole('button', { name: 'Tallenna' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    fireEvent.click(checkbox(dialog, 'Uimahalli'));
    fireEvent.click(checkbox(dialog, 'Koulun sisäilma'));
    fireEvent.click(save);

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // In the order of the list; the server keeps the dashboard and interface options that are not sent.
    expect(sent).toEqual([{ menuProjects: [4, 9] }]);
    expect(await menuItems('Projektivalikko')).toEqual([
      'Koulun sisäilmaDEMO-1',
      'UimahalliDEMO-2',
      'Kaikki projektit',
      'Muokkaa valikkoa',
    ]);
  });

  it('shows the current choice and clears it with "Show all"', async () => {
    const user = signedInUser({
      menuProjects: projects.slice(0, 1),
      options: { menuProjects: [4], dashboardProjects: [9] },
    });
    const sent: unknown[] = [];
    renderApp({ path: '/help', graphql: answers(user, sent) });

    const dialog = await openEditor('Projektivalikko');
    await waitFor(() => expect(checkbox(dialog, 'Koulun sisäilma').checked).toBe(true));
    expect(checkbox(dialog, 'Uimahalli').checked).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Näytä kaikki' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([{ menuProjects: [] }]);
    expect(await menuItems('Projektivalikko')).toEqual([
      'Koulun sisäilmaDEMO-1',
      'Päiväkoti',
      'UimahalliDEMO-2',
      'Kaikki projektit',
      'Muokkaa valikkoa',
    ]);
  });

  it('chooses organizations by their ids and leaves the projects menu alone', async () => {
    const user = signedInUser({ menuOrganizations: organizations, options: { menuProjects: [4] } });
    const sent: unknown[] = [];
    renderApp({ path: '/help', graphql: answers(user, sent) });

    const dialog = await openEditor('Organisaatiovalikko');
    // The path tells apart organizations of the same name under different parents.
    expect(await within(dialog).findByText('olo-demo/olo-demo-rakennus')).toBeTruthy();
    fireEvent.click(checkbox(dialog, 'Olo Demo Rakennus'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tallenna' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([{ menuOrganizations: ['org-2'] }]);
    expect(await menuItems('Organisaatiovalikko')).toEqual([
      'Olo Demo Rakennus',
      'Kaikki organisaatiot',
      'Muokkaa valikkoa',
    ]);
  });

  it('keeps the choice when closing is not confirmed, and sends nothing when cancelled', async () => {
    const user = signedInUser({ menuProjects: projects });
    const sent: unknown[] = [];
    const { operations } = renderApp({ path: '/help', graphql: answers(user, sent) });

    const dialog = await openEditor('Projektivalikko');
    await waitFor(() => expect(within(dialog).getAllByRole('checkbox')).toHaveLength(3));
    fireEvent.click(checkbox(dialog, 'Päiväkoti'));

    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(await answerConfirm(false)).toBe('Suljetaanko tallentamatta muutoksia?');
    expect(checkbox(dialog, 'Päiväkoti').checked).toBe(true);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Peruuta' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(operations).not.toContain('UpdateMenuOptions');
  });

  it('shows the server refusal in the dialog and keeps it open', async () => {
    const user = signedInUser({ menuProjects: projects });
    renderApp({
      path: '/help',
      graphql: {
        ...answers(user, []),
        UpdateMenuOptions: () => ({
          data: null,
          errors: [{ message: 'Permission denied', extensions: { code: 'FORBIDDEN' } }],
        }),
      },
    });
    const dialog = await openEditor('Projektivalikko');
    await waitFor(() => expect(within(dialog).getAllByRole('checkbox')).toHaveLength(3));
    fireEvent.click(checkbox(dialog, 'Päiväkoti'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tallenna' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Ei oikeutta');
    expect(checkbox(dialog, 'Päiväkoti').checked).toBe(true);
  });
});
