// @vitest-environment jsdom

import { MantineProvider } from '@mantine/core';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedInUser } from '../../testing/currentUser.ts';
import { cleanupApp, type GraphqlAnswers, installDomPolyfills, renderApp } from '../../testing/renderApp.tsx';
import { Notifications } from '../notifications/Notifications.tsx';

const me = signedInUser({ isAdmin: true });

function user(id: string, username: string, rest: Record<string, unknown> = {}) {
  return {
    __typename: 'AdminUser',
    id,
    username,
    name: null,
    email: `${username}@example.com`,
    isVerified: true,
    isAdmin: false,
    active: true,
    lastSignInAt: '2026-03-01T10:00:00.000Z',
    organizations: [],
    organizationCount: 0,
    projects: [],
    projectCount: 0,
    ...rest,
  };
}

const own = user(me.id, me.username, { name: me.name, isAdmin: true });
const anna = user('00000000-0000-4000-8000-0000000000a1', 'anna', {
  name: 'Anna Virtanen',
  isVerified: false,
  lastSignInAt: null,
  organizations: [{ __typename: 'AdminUserMembership', id: 'org-1', name: 'Olo Demo', isAdmin: true }],
  organizationCount: 3,
  projects: [{ __typename: 'AdminUserMembership', id: '7', name: 'Koulu', isAdmin: false }],
  projectCount: 1,
});

interface Sent {
  name: string;
  variables: Record<string, unknown>;
}

/** Answers as the server would: 60 users in all, 25 a page; a change comes back as the changed user. */
function answers(sent: Sent[]): GraphqlAnswers {
  let annaNow = anna;
  let annaDeleted = false;
  return {
    CurrentUser: () => ({ data: { currentUser: me } }),
    AdminUsers: (variables) => {
      sent.push({ name: 'AdminUsers', variables });
      const items = variables.offset === 0 ? [own, ...(annaDeleted ? [] : [annaNow])] : [user('u-60', 'zed')];
      return { data: { allUsers: { __typename: 'AdminUserPage', total: annaDeleted ? 59 : 60, items } } };
    },
    AdminUpdateUser: (variables) => {
      sent.push({ name: 'AdminUpdateUser', variables });
      annaNow = { ...annaNow, active: variables.active as boolean };
      return { data: { adminUpdateUser: annaNow } };
    },
    AdminDeleteUser: (variables) => {
      sent.push({ name: 'AdminDeleteUser', variables });
      annaDeleted = true;
      return { data: { adminDeleteUser: true } };
    },
  };
}

function renderAdminUsers(sent: Sent[], path = '/admin/users') {
  installDomPolyfills();
  render(
    <MantineProvider>
      <Notifications />
    </MantineProvider>,
  );
  return renderApp({ path, graphql: answers(sent) });
}

configure({ asyncUtilTimeout: 5000 });

describe('admin users', { timeout: 20_000 }, () => {
  beforeEach(() => localStorage.clear());
  afterEach(async () => {
    toast.dismiss();
    await cleanupApp();
  });

  it('is for site admins only', async () => {
    const { operations } = renderApp({
      path: '/admin/users',
      graphql: { CurrentUser: () => ({ data: { currentUser: signedInUser() } }) },
    });
    expect(await screen.findByText('Sinulla ei ole oikeutta tälle sivulle.')).toBeTruthy();
    expect(operations).not.toContain('AdminUsers');
  });

  it('lists users with their state, memberships and last sign-in; one’s own account has no actions', async () => {
    const sent: Sent[] = [];
    renderAdminUsers(sent);
    expect((await screen.findByTestId('admin-users-count')).textContent).toBe('Käyttäjiä löytyi: 60.');
    const row = (await screen.findByText('Anna Virtanen')).closest('tr') as HTMLElement;
    expect(within(row).getByText('anna@example.com')).toBeTruthy();
    expect(within(row).getByText('Vahvistamaton')).toBeTruthy();
    expect(within(row).getByText('Olo Demo (ylläpitäjä)')).toBeTruthy();
    expect(within(row).getByText('ja 2 muuta')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Koulu' }).getAttribute('href')).toBe('/p/7');
    expect(within(row).getByText('Ei koskaan')).toBeTruthy();
    const ownRow = screen
      .getAllByTestId('admin-user-row')
      .find((item) => item.dataset.username === me.username) as HTMLElement;
    expect(within(ownRow).getByText('Pääkäyttäjä')).toBeTruthy();
    expect(within(ownRow).queryByRole('button')).toBeNull();
    expect(sent[0]).toEqual({ name: 'AdminUsers', variables: { search: null, offset: 0, limit: 25 } });
    expect(screen.getByText('Sivu 1 / 3')).toBeTruthy();
  });

  it('deactivates a user, and deletes one only once confirmed', async () => {
    const sent: Sent[] = [];
    renderAdminUsers(sent);
    const row = (await screen.findByText('Anna Virtanen')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Poista käytöstä: Anna Virtanen' }));
    await waitFor(() => expect(within(row).getByTestId('user-state').textContent).toBe('Poistettu käytöstä'));
    expect(sent.find((item) => item.name === 'AdminUpdateUser')?.variables).toEqual({
      userId: anna.id,
      active: false,
    });

    fireEvent.click(within(row).getByRole('button', { name: 'Poista käyttäjä Anna Virtanen' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/^Poistetaanko käyttäjä Anna Virtanen\?/)).toBeTruthy();
    expect(sent.some((item) => item.name === 'AdminDeleteUser')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Poista käyttäjä' }));
    await waitFor(() => expect(screen.queryByText('Anna Virtanen')).toBeNull());
    expect(sent.find((item) => item.name === 'AdminDeleteUser')?.variables).toEqual({ userId: anna.id });
  });

  it('pages through the list and searches from the address', async () => {
    const sent: Sent[] = [];
    renderAdminUsers(sent, '/admin/users?q=zed&page=3');
    expect(await screen.findByText('zed')).toBeTruthy();
    expect(sent[0]?.variables).toEqual({ search: 'zed', offset: 50, limit: 25 });
    fireEvent.click(screen.getByRole('button', { name: 'Edellinen sivu' }));
    await waitFor(() => expect(sent.at(-1)?.variables).toEqual({ search: 'zed', offset: 25, limit: 25 }));
  });
});
