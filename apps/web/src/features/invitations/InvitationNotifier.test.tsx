// @vitest-environment jsdom

import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedInUser } from '../../testing/currentUser.ts';
import { cleanupApp, installDomPolyfills, renderApp } from '../../testing/renderApp.tsx';
import { Notifications } from '../notifications/Notifications.tsx';
import { notifiedInvitationsStorageKey } from './InvitationNotifier.tsx';

const pending = {
  __typename: 'UserInvitation',
  invitationId: '6f1c2a8e-8d1b-4c1e-9f5a-2b7f0c3d4e5f',
  code: 'secret-code',
  name: 'Koulu',
  createdAt: '2026-11-01T10:00:00.000Z',
  expiresAt: '2026-11-15T10:00:00.000Z',
  organizationId: null,
  organizationSlug: null,
  projectId: 7,
};

/** The app mounts the toast container beside the router; a test mounts its own. */
function renderWithToasts(user: ReturnType<typeof signedInUser>) {
  installDomPolyfills();
  render(
    <MantineProvider>
      <Notifications />
    </MantineProvider>,
  );
  return renderApp({
    path: '/home',
    graphql: {
      CurrentUser: () => ({ data: { currentUser: user } }),
      Dashboard: () => ({ data: { currentUser: { __typename: 'User', id: user.id, dashboardProjects: [] } } }),
    },
  });
}

describe('note of a pending invitation', () => {
  beforeEach(() => localStorage.clear());
  afterEach(async () => {
    toast.dismiss();
    await cleanupApp();
  });

  it('tells a verified user once, with a way to the profile', async () => {
    const user = signedInUser({ invitations: [pending] });
    renderWithToasts(user);
    expect(await screen.findByText('Sinulla on hyväksymätön kutsu.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Katso kutsusi' }).getAttribute('href')).toBe('/profile#invitations');
    expect(JSON.parse(localStorage.getItem(notifiedInvitationsStorageKey(user.id)) ?? '[]')).toEqual([
      pending.invitationId,
    ]);

    toast.dismiss();
    await cleanupApp();
    renderWithToasts(user);
    await screen.findByTestId('dashboard-empty');
    expect(screen.queryByText('Sinulla on hyväksymätön kutsu.')).toBeNull();
  });

  it('waits until the user is verified', async () => {
    renderWithToasts(signedInUser({ isVerified: false, invitations: [pending] }));
    await screen.findByTestId('dashboard-empty');
    await waitFor(() => expect(screen.queryByText('Sinulla on hyväksymätön kutsu.')).toBeNull());
  });
});
