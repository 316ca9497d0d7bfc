// @vitest-environment jsdom

import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedInUser } from '../../testing/currentUser.ts';
import { cleanupApp, type GraphqlAnswers, renderApp } from '../../testing/renderApp.tsx';

const invitationId = '6f1c2a8e-8d1b-4c1e-9f5a-2b7f0c3d4e5f';
const path = `/invitations-accept?invitationId=${invitationId}&code=secret-code`;

function invitation(target: { organizationId: string; organizationSlug: string } | { projectId: number }) {
  return {
    __typename: 'UserInvitation',
    invitationId,
    code: 'secret-code',
    name: 'Koulu',
    createdAt: '2026-11-01T10:00:00.000Z',
    expiresAt: '2026-11-15T10:00:00.000Z',
    organizationId: null,
    organizationSlug: null,
    projectId: null,
    ...target,
  };
}

const signedIn: GraphqlAnswers = { CurrentUser: () => ({ data: { currentUser: signedInUser() } }) };

describe('accepting an invitation', () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanupApp);

  it('shows what a project invitation is for, accepts it with the code of the link and opens the project', async () => {
    const accepted: Record<string, unknown>[] = [];
    const { router } = renderApp({
      path,
      graphql: {
        ...signedIn,
        Invitation: () => ({ data: { invitation: invitation({ projectId: 7 }) } }),
        AcceptProjectInvite: (variables) => {
          accepted.push(variables);
          return { data: { acceptProjectInvite: { __typename: 'AcceptedProjectInvite', id: 7, name: 'Koulu' } } };
        },
      },
    });
    expect(await screen.findByText('Sinut on kutsuttu projektiin Koulu.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Hyväksy kutsu' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/p/7'));
    expect(accepted).toEqual([{ invitationId, code: 'secret-code' }]);
  });

  it('accepts an organization invitation and opens the organization', async () => {
    const { router, operations } = renderApp({
      path,
      graphql: {
        ...signedIn,
        Invitation: () => ({
          data: { invitation: invitation({ organizationId: 'org-1', organizationSlug: 'koulut' }) },
        }),
        AcceptOrganizationInvite: () => ({
          data: {
            acceptOrganizationInvite: {
              __typename: 'AcceptedOrganizationInvite',
              id: 'org-1',
              name: 'Koulut',
              slug: 'koulut',
            },
          },
        }),
      },
    });
    expect(await screen.findByText('Sinut on kutsuttu organisaatioon Koulu.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Hyväksy kutsu' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/o/koulut'));
    expect(operations).not.toContain('AcceptProjectInvite');
  });

  it('tells that a used or expired invitation cannot be accepted', async () => {
    const { operations } = renderApp({
      path,
      graphql: {
        ...signedIn,
        Invitation: () => ({
          errors: [{ message: 'Invalid or expired invitation', extensions: { code: 'BAD_USER_INPUT' } }],
        }),
      },
    });
    const message = await screen.findByTestId('invitation-invalid');
    expect(message.textContent).toContain('Kutsu on virheellinen tai vanhentunut');
    expect(screen.queryByRole('button', { name: 'Hyväksy kutsu' })).toBeNull();
    expect(operations.filter((name) => name.startsWith('Accept'))).toEqual([]);
  });

  it('tells the same when the link lacks the invitation', async () => {
    const { operations } = renderApp({ path: '/invitations-accept', graphql: signedIn });
    expect(await screen.findByTestId('invitation-invalid')).toBeTruthy();
    expect(operations).not.toContain('Invitation');
  });
});
