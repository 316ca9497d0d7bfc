// @vitest-environment jsdom

import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedInUser } from '../../testing/currentUser.ts';
import { cleanupApp, renderApp } from '../../testing/renderApp.tsx';

// An invitation mail links to /invitations-accept; a visitor without an account is sent to log in, registers
// there instead, and must land back on the invitation to accept it.
const invitationPath = '/invitations-accept?invitationId=6f1c2a8e-8d1b-4c1e-9f5a-2b7f0c3d4e5f&code=secret-code';

function field(label: string): HTMLElement {
  return screen.getByLabelText(new RegExp(`^${label}`));
}

describe('registering from a link that needs an account', () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanupApp);

  it('offers registration on the login page without losing the way back', async () => {
    const { router } = renderApp({ path: invitationPath });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    fireEvent.click(await screen.findByRole('link', { name: 'Luo tunnus' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
    expect(new URLSearchParams(router.state.location.search).get('redirectFrom')).toBe(invitationPath);
  });

  it('returns to the page that needed an account after registering', async () => {
    let currentUser: ReturnType<typeof signedInUser> | null = null;
    const { router } = renderApp({
      path: `/register?redirectFrom=${encodeURIComponent(invitationPath)}`,
      graphql: {
        CurrentUser: () => ({ data: { currentUser } }),
        Register: () => {
          currentUser = signedInUser({ username: 'uusi', isVerified: false });
          return { data: { register: currentUser } };
        },
        Invitation: () => ({
          data: {
            invitation: {
              __typename: 'UserInvitation',
              invitationId: '6f1c2a8e-8d1b-4c1e-9f5a-2b7f0c3d4e5f',
              code: 'secret-code',
              name: 'Koulu',
              createdAt: '2026-11-01T10:00:00.000Z',
              expiresAt: '2026-11-15T10:00:00.000Z',
              organizationId: null,
              organizationSlug: null,
              projectId: 7,
            },
          },
        }),
      },
    });
    fireEvent.change(await screen.findByLabelText(/^Käyttäjätunnus/), { target: { value: 'uusi' } });
    fireEvent.change(field('Salasana'), { target: { value: 'pitkä-salasana' } });
    fireEvent.change(field('Sähköposti'), { target: { value: 'uusi@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rekisteröidy' }));

    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(invitationPath),
    );
    expect(await screen.findByRole('button', { name: 'Hyväksy kutsu' })).toBeTruthy();
  });

  it('goes to the dashboard after registering when the way back leads off the site', async () => {
    let currentUser: ReturnType<typeof signedInUser> | null = null;
    const { router } = renderApp({
      path: `/register?redirectFrom=${encodeURIComponent('//evil.example.com/x')}`,
      graphql: {
        CurrentUser: () => ({ data: { currentUser } }),
        Register: () => {
          currentUser = signedInUser({ username: 'uusi' });
          return { data: { register: currentUser } };
        },
        Dashboard: () => ({
          data: { currentUser: { __typename: 'User', id: currentUser?.id, dashboardProjects: [] } },
        }),
      },
    });
    fireEvent.change(await screen.findByLabelText(/^Käyttäjätunnus/), { target: { value: 'uusi' } });
    fireEvent.change(field('Salasana'), { target: { value: 'pitkä-salasana' } });
    fireEvent.change(field('Sähköposti'), { target: { value: 'uusi@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rekisteröidy' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });
});
