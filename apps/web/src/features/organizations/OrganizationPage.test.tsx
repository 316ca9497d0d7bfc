// @vitest-environment jsdom

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanupApp } from '../../testing/renderApp.tsx';
import { type FakeResolvers, renderWithFakeServer, serverError, signedInUser } from './fakeServer.tsx';

const viewer = signedInUser();
const organizationId = '10000000-0000-4000-8000-000000000001';

function organization(currentUserIsAdmin: boolean) {
  return {
    id: organizationId,
    name: 'Olo Demo',
    slug: 'olo-demo',
    path: 'olo-demo',
    parentId: null,
    description: 'Demo-organisaatio',
    currentUserIsAdmin,
    organizations: [
      {
        id: '10000000-0000-4000-8000-000000000002',
        name: 'Olo Demo Rakennus',
        slug: 'olo-demo-rakennus',
        path: 'olo-demo/olo-demo-rakennus',
        parentId: organizationId,
        currentUserIsAdmin,
      },
    ],
    projects: [{ id: 7, name: 'Koulun sisäilma', code: 'DEMO-1', ended: false, archived: false }],
    invitations: [
      {
        id: '30000000-0000-4000-8000-000000000001',
        email: 'uusi@example.com',
        createdAt: '2026-03-01T10:00:00.000Z',
        expiresAt: '2026-03-15T10:00:00.000Z',
      },
    ],
    members: [
      {
        id: '20000000-0000-4000-8000-000000000001',
        organizationId,
        isAdmin: true,
        canViewAll: true,
        canViewMeters: true,
        notifyOnMeterError: false,
        user: { id: 'admin-user', username: 'anna', name: 'Anna Admin', company: null },
      },
      {
        id: '20000000-0000-4000-8000-000000000002',
        organizationId,
        isAdmin: false,
        canViewAll: false,
        canViewMeters: false,
        notifyOnMeterError: true,
        user: { id: viewer.id, username: viewer.username, name: viewer.name, company: 'Olo Oy' },
      },
    ],
  };
}

function resolvers(currentUserIsAdmin: boolean, extra: FakeResolvers = {}): FakeResolvers {
  const answer = () => organization(currentUserIsAdmin);
  return { currentUser: () => viewer, organizationBySlug: answer, organization: answer, ...extra };
}

describe('organization page', () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanupApp);

  it('gives an admin the controls for children, projects, members, invitations and the organization', async () => {
    renderWithFakeServer({ path: '/o/olo-demo', resolvers: resolvers(true) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Olo Demo' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Luo alaorganisaatio' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Luo projekti' })).toBeTruthy();
    expect(screen.getByTestId('invite-form')).toBeTruthy();
    expect(screen.getByTestId('edit-organization-form')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Poista organisaatio' })).toBeTruthy();

    const members = screen.getByTestId('organization-members');
    const adminFlag = (await within(members).findByRole('checkbox', {
      name: 'Ylläpitäjä: Anna Admin',
    })) as HTMLInputElement;
    expect(adminFlag.checked).toBe(true);
    expect(within(members).getByRole('button', { name: `Poista ${viewer.name}` })).toBeTruthy();
    const pending = screen.getByTestId('pending-invitations');
    expect(await within(pending).findByText('uusi@example.com')).toBeTruthy();
  });

  it('shows a member the organization read only, without editing controls', async () => {
    renderWithFakeServer({ path: '/o/olo-demo', resolvers: resolvers(false) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Olo Demo' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Koulun sisäilma' }).getAttribute('href')).toBe('/p/7');
    expect(screen.getByRole('link', { name: 'Olo Demo Rakennus' }).getAttribute('href')).toBe('/o/olo-demo-rakennus');

    const members = screen.getByTestId('organization-members');
    expect(await within(members).findByText('Anna Admin')).toBeTruthy();
    expect(within(members).getAllByText('Kyllä').length).toBeGreaterThan(0);
    expect(within(members).queryByRole('checkbox')).toBeNull();
    expect(within(members).queryByRole('button')).toBeNull();
    for (const name of ['Luo alaorganisaatio', 'Luo projekti', 'Poista organisaatio']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    expect(screen.queryByTestId('invite-form')).toBeNull();
    expect(screen.queryByTestId('pending-invitations')).toBeNull();
    expect(screen.queryByTestId('edit-organization-form')).toBeNull();

    // Their own email setting is theirs to change.
    const emailSettings = screen.getByTestId('email-settings');
    const notify = within(emailSettings).getByRole('switch') as HTMLInputElement;
    expect(notify.checked).toBe(true);
  });

  it('shows the translated refusal when the server does not let the member change their email setting', async () => {
    const { operations } = renderWithFakeServer({
      path: '/o/olo-demo',
      resolvers: resolvers(false, {
        updateOrganizationMembership: () => {
          throw serverError('Permission denied');
        },
      }),
    });
    const emailSettings = await screen.findByTestId('email-settings');
    fireEvent.click(await within(emailSettings).findByRole('switch'));
    expect(await within(emailSettings).findByRole('alert')).toHaveProperty('textContent', 'Ei oikeutta');
    expect(operations.find((operation) => operation.name === 'UpdateOrganizationMembership')?.variables).toEqual({
      input: { id: '20000000-0000-4000-8000-000000000002', notifyOnMeterError: false },
    });
    // The switch goes back to what the server has.
    await waitFor(() => expect((within(emailSettings).getByRole('switch') as HTMLInputElement).checked).toBe(true));
  });

  it('shows the permission message for an organization the viewer may not see', async () => {
    renderWithFakeServer({
      path: '/o/someone-elses',
      resolvers: {
        currentUser: () => viewer,
        organizationBySlug: () => {
          throw serverError('Permission denied');
        },
      },
    });
    expect(await screen.findByTestId('permission-denied')).toBeTruthy();
    expect(screen.getByText('Sinulla ei ole oikeutta tähän sivuun.', { exact: false })).toBeTruthy();
  });

  it('creates a project in the Helsinki time zone by default and opens it', async () => {
    const { operations, router } = renderWithFakeServer({
      path: '/o/olo-demo',
      resolvers: resolvers(true, { createProject: () => ({ id: 42, name: 'Uusi', organizationId }) }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Luo projekti' }));
    const form = screen.getByTestId('create-project-form');
    fireEvent.click(within(form).getByRole('button', { name: 'Luo projekti' }));
    expect(await within(form).findByText('Pakollinen tieto')).toBeTruthy();

    fireEvent.change(within(form).getByLabelText(/^Nimi/), { target: { value: 'Uusi' } });
    fireEvent.change(within(form).getByLabelText('Alkamispäivä'), { target: { value: '2026-03-01' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Luo projekti' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/p/42'));
    expect(operations.find((operation) => operation.name === 'CreateOrganizationProject')?.variables).toEqual({
      input: {
        organizationId,
        name: 'Uusi',
        code: null,
        description: null,
        timeZone: 'Europe/Helsinki',
        startAt: '2026-02-28T22:00:00.000Z',
      },
    });
  });
});
