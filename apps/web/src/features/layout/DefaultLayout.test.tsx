// @vitest-environment jsdom

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { signedInUser } from '../../testing/currentUser.ts';
import { cleanupApp, renderApp } from '../../testing/renderApp.tsx';

const user = (isAdmin: boolean) =>
  signedInUser({
    isAdmin,
    menuProjects: [{ __typename: 'Project', id: 7, name: 'Koulu', code: 'K-1' }] as never,
    menuOrganizations: [{ __typename: 'Organization', id: 'o1', name: 'Kiinteistöt Oy', slug: 'kiinteistot' }] as never,
  });

async function openPhoneMenu() {
  fireEvent.click(await screen.findByRole('button', { name: 'Valikko' }));
  return screen.findByRole('dialog');
}

describe('phone menu', { timeout: 30_000 }, () => {
  afterEach(() => cleanupApp());

  it('holds every main link, the quick menus, the language, the profile and signing out', async () => {
    renderApp({ path: '/meters', graphql: { CurrentUser: () => ({ data: { currentUser: user(true) } }) } });
    const menu = await openPhoneMenu();
    const hrefs = within(menu)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual([
      '/home',
      '/p',
      '/p/7',
      '/o',
      '/o/kiinteistot',
      '/meters',
      '/help',
      '/admin',
      '/profile',
      '/logout',
    ]);
    expect(within(menu).getByRole('combobox', { name: 'Kieli' })).toBeTruthy();
    expect(within(menu).getByRole('link', { name: 'Mittarit' }).getAttribute('data-active')).toBe('true');
  });

  it('offers the administration only to a site admin', async () => {
    renderApp({ path: '/help', graphql: { CurrentUser: () => ({ data: { currentUser: user(false) } }) } });
    const menu = await openPhoneMenu();
    expect(within(menu).queryByRole('link', { name: 'Ylläpito' })).toBeNull();
  });

  it('closes when a link is followed', async () => {
    const { router } = renderApp({
      path: '/help',
      graphql: { CurrentUser: () => ({ data: { currentUser: user(false) } }) },
    });
    const menu = await openPhoneMenu();
    fireEvent.click(within(menu).getByRole('link', { name: 'Profiili' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('is not offered to a visitor, who has no menu', async () => {
    renderApp({ path: '/about' });
    expect((await screen.findAllByRole('link', { name: 'Kirjaudu sisään' })).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Valikko' })).toBeNull();
  });
});

describe('skip link', { timeout: 30_000 }, () => {
  afterEach(() => cleanupApp());

  it('is the first link of the page and moves focus to its main content', async () => {
    renderApp({ path: '/help', graphql: { CurrentUser: () => ({ data: { currentUser: user(false) } }) } });
    const skip = await screen.findByRole('link', { name: 'Siirry sisältöön' });
    expect(screen.getAllByRole('link')[0]).toBe(skip);
    fireEvent.click(skip);
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });
});
