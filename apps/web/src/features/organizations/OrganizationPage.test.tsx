// @vitest-environment jsdom

import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedInUser } from '../../testing/currentUser.ts';
import { typeInto } from '../../testing/dateFields.ts';
import { cleanupApp, type GraphqlAnswers, renderApp } from '../../testing/renderApp.tsx';
import { ancestor, memberOf, organizationId, organizationSummary, permissionDenied } from './testData.ts';

const viewer = signedInUser();
const ownMembershipId = '20000000-0000-4000-8000-000000000002';

function organizationPage(currentUserIsAdmin: boolean) {
  return {
    ...organizationSummary({ description: 'Demo-organisaatio', currentUserIsAdmin }),
    parent: null,
    organizations: [
      organizationSummary({
        id: '10000000-0000-4000-8000-000000000002',
        name: 'Olo Demo Rakennus',
        slug: 'olo-demo-rakennus',
        path: 'olo-demo/olo-demo-rakennus',
        parentId: organizationId,
        currentUserIsAdmin,
      }),
    ],
    projects: [
      { __typename: 'Project', id: 7, name: 'Koulun sisäilma', code: 'DEMO-1', ended: false, archived: false },
      { __typename: 'Project', id: 8, name: 'Vanha koulu', code: null, ended: true, archived: true },
    ],
  };
}

const members = [
  memberOf(
    { id: 'admin-user', username: 'anna', name: 'Anna Admin' },
    { isAdmin: true, canViewAll: true, canViewMeters: true },
    '20000000-0000-4000-8000-000000000001',
  ),
  memberOf(viewer, { notifyOnMeterError: true }, ownMembershipId),
];

const memberUser = (id: string, username: string, name: string | null) => ({
  __typename: 'MemberUser',
  id,
  username,
  name,
  company: null,
});
const bertil = memberUser('30000000-0000-4000-8000-0000000000b1', 'bertil', 'Bertil Berg');
/** usersList: the members above as well, whom the form leaves out. */
const addableUsers = [memberUser('admin-user', 'anna', 'Anna Admin'), bertil];

const invitation = {
  __typename: 'Invitation',
  id: '30000000-0000-4000-8000-000000000001',
  email: 'uusi@example.com',
  username: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  expiresAt: '2026-03-15T10:00:00.000Z',
};

function answers(currentUserIsAdmin: boolean, extra: GraphqlAnswers = {}): GraphqlAnswers {
  return {
    CurrentUser: () => ({ data: { currentUser: viewer } }),
    OrganizationPage: () => ({ data: { organizationBySlug: organizationPage(currentUserIsAdmin) } }),
    OrganizationMembers: () => ({
      data: { organization: { __typename: 'Organization', id: organizationId, members } },
    }),
    OrganizationInvitations: () => ({
      data: { organization: { __typename: 'Organization', id: organizationId, invitations: [invitation] } },
    }),
    OrganizationIntegrations: () => ({
      data: { organization: { __typename: 'Organization', id: organizationId, integrations: [] } },
    }),
    OrganizationAddableUsers: () => ({ data: { usersList: addableUsers } }),
    ManagedOrganizationColors: () => ({ data: { colorsByOrganization: [] } }),
    ManagedOrganizationLimits: () => ({ data: { limitsByOrganization: [] } }),
    ...extra,
  };
}

// These screens render many sections, and the first render loads Mantine's styles: a busy machine needs more than
// the default second (and five seconds per test).
configure({ asyncUtilTimeout: 5000 });

describe('organization page', { timeout: 20_000 }, () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanupApp);

  it('gives an admin the controls for children, projects, members, invitations and the organization', async () => {
    renderApp({ path: '/o/olo-demo', graphql: answers(true) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Olo Demo' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Luo alaorganisaatio' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Luo projekti' })).toBeTruthy();
    expect(screen.getByTestId('invite-form')).toBeTruthy();
    expect(screen.getByTestId('edit-organization-form')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Poista organisaatio' })).toBeTruthy();
    expect(await within(screen.getByTestId('limits-section')).findByTestId('no-limits')).toBeTruthy();
    expect(await within(screen.getByTestId('colors-section')).findByTestId('no-colors')).toBeTruthy();

    const memberList = screen.getByTestId('organization-members');
    const adminFlag = (await within(memberList).findByRole('checkbox', {
      name: 'Ylläpitäjä: Anna Admin',
    })) as HTMLInputElement;
    expect(adminFlag.checked).toBe(true);
    expect(within(memberList).getByRole('button', { name: `Poista ${viewer.name}` })).toBeTruthy();
    const pending = screen.getByTestId('pending-invitations');
    expect(await within(pending).findByText('uusi@example.com')).toBeTruthy();
  });

  it('lets an admin add an existing user of the organizations above as a member', async () => {
    let sent: unknown;
    renderApp({
      path: '/o/olo-demo',
      graphql: answers(true, {
        AddOrganizationMember: (variables) => {
          sent = variables;
          return {
            data: {
              createOrganizationMembership: memberOf(bertil, {}, '20000000-0000-4000-8000-0000000000b1'),
            },
          };
        },
      }),
    });
    const form = await screen.findByTestId('add-member-form');
    const picker = within(form).getByRole('combobox', { name: /^Käyttäjä/ });
    fireEvent.click(picker);
    await waitFor(() => expect(picker.getAttribute('aria-controls')).toBeTruthy());
    const listbox = document.getElementById(picker.getAttribute('aria-controls') ?? '') as HTMLElement;
    // Mantine hides dropdowns that jsdom, which lays nothing out, reports off screen; a browser shows them.
    const options = await within(listbox).findAllByRole('option', { hidden: true });
    expect(options.map((option) => option.textContent)).toEqual(['Bertil Berg (bertil)']);
    fireEvent.click(options[0] as HTMLElement);
    fireEvent.click(within(form).getByRole('button', { name: 'Lisää jäseneksi' }));
    await waitFor(() => expect(sent).toBeDefined());
    expect(sent).toEqual({ input: { organizationId, userId: bertil.id } });
    // The form empties for the next one.
    await waitFor(() => expect((picker as HTMLInputElement).value).toBe(''));
  });

  it('shows a member the organization read only, without editing controls', async () => {
    const { operations } = renderApp({ path: '/o/olo-demo', graphql: answers(false) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Olo Demo' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Koulun sisäilma' }).getAttribute('href')).toBe('/p/7');
    // A project's state comes before its name, as in the project list.
    expect(screen.getAllByTestId('organization-project').map((item) => item.textContent)).toEqual([
      'Koulun sisäilmaDEMO-1',
      'Projektin mittaus on päättynyt.ArkistoituVanha koulu',
    ]);
    expect(screen.getByRole('link', { name: 'Olo Demo Rakennus' }).getAttribute('href')).toBe('/o/olo-demo-rakennus');

    const memberList = screen.getByTestId('organization-members');
    expect(await within(memberList).findByText('Anna Admin')).toBeTruthy();
    expect(within(memberList).getAllByText('Kyllä').length).toBeGreaterThan(0);
    expect(within(memberList).queryByRole('checkbox')).toBeNull();
    expect(within(memberList).queryByRole('button')).toBeNull();
    for (const name of ['Luo alaorganisaatio', 'Luo projekti', 'Poista organisaatio']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    expect(screen.queryByTestId('invite-form')).toBeNull();
    expect(screen.queryByTestId('add-member-form')).toBeNull();
    expect(operations).not.toContain('OrganizationAddableUsers');
    expect(screen.queryByTestId('pending-invitations')).toBeNull();
    expect(screen.queryByTestId('edit-organization-form')).toBeNull();
    expect(operations).not.toContain('OrganizationInvitations');
    expect(screen.queryByTestId('limits-section')).toBeNull();
    expect(operations).not.toContain('ManagedOrganizationLimits');

    // Their own email setting is theirs to change.
    const notify = within(screen.getByTestId('email-settings')).getByRole('switch') as HTMLInputElement;
    expect(notify.checked).toBe(true);
  });

  it('shows the translated refusal when the server does not let a member change their email setting', async () => {
    let sent: Record<string, unknown> | undefined;
    renderApp({
      path: '/o/olo-demo',
      graphql: answers(false, {
        UpdateOrganizationMembership: (variables) => {
          sent = variables;
          return permissionDenied();
        },
      }),
    });
    const emailSettings = await screen.findByTestId('email-settings');
    fireEvent.click(await within(emailSettings).findByRole('switch'));
    expect((await within(emailSettings).findByRole('alert')).textContent).toBe('Ei oikeutta');
    expect(sent).toEqual({ input: { id: ownMembershipId, notifyOnMeterError: false } });
    // The switch goes back to what the server has.
    await waitFor(() => expect((within(emailSettings).getByRole('switch') as HTMLInputElement).checked).toBe(true));
  });

  it('shows the permission message for an organization the viewer may not see', async () => {
    renderApp({
      path: '/o/someone-elses',
      graphql: { CurrentUser: () => ({ data: { currentUser: viewer } }), OrganizationPage: permissionDenied },
    });
    expect(await screen.findByTestId('permission-denied')).toBeTruthy();
    expect(screen.getByText(/^Sinulla ei ole oikeutta nähdä tätä sivua/)).toBeTruthy();
    expect(screen.queryByTestId('organization-members')).toBeNull();
  });

  it('creates a project in the Helsinki time zone by default and opens it', async () => {
    let sent: Record<string, unknown> | undefined;
    const { router } = renderApp({
      path: '/o/olo-demo',
      graphql: answers(true, {
        CreateOrganizationProject: (variables) => {
          sent = variables;
          const project = { __typename: 'Project', id: 42, name: 'Uusi', code: null, ended: false, archived: false };
          return { data: { createProject: { ...project, organizationId } } };
        },
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Luo projekti' }));
    const form = screen.getByTestId('create-project-form');
    fireEvent.click(within(form).getByRole('button', { name: 'Luo projekti' }));
    expect(await within(form).findByText('Pakollinen tieto')).toBeTruthy();
    expect(sent).toBeUndefined();

    fireEvent.change(within(form).getByLabelText(/^Nimi/), { target: { value: 'Uusi' } });
    typeInto(within(form).getByLabelText('Alkamispäivä'), '1.3.2026');
    fireEvent.click(within(form).getByRole('button', { name: 'Luo projekti' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/p/42'));
    expect(sent).toEqual({
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

describe('organization breadcrumbs', { timeout: 20_000 }, () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanupApp);

  /** The page of an organization deep down, with the given chain of ancestors. */
  function renderDeep(parent: Record<string, unknown> | null, path: string) {
    const organization = {
      ...organizationSummary({
        id: '10000000-0000-4000-8000-000000000009',
        name: 'Luokka 101',
        slug: 'luokka-101',
        path,
        parentId: parent ? String(parent.id) : '10000000-0000-4000-8000-000000000008',
        currentUserIsAdmin: false,
      }),
      parent,
      organizations: [],
      projects: [],
    };
    renderApp({
      path: '/o/luokka-101',
      graphql: answers(false, { OrganizationPage: () => ({ data: { organizationBySlug: organization } }) }),
    });
  }

  async function breadcrumbLinks() {
    await screen.findByRole('heading', { level: 1, name: 'Luokka 101' });
    const breadcrumbs = screen.getByRole('navigation', { name: 'Murupolku' });
    return within(breadcrumbs)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('aria-label'), link.getAttribute('href')]);
  }

  it('shows the ancestors by name, from the top down, with links to them', async () => {
    renderDeep(
      ancestor(
        '10000000-0000-4000-8000-000000000002',
        'Olo Demo Rakennus',
        'olo-demo-rakennus',
        ancestor(organizationId, 'Olo Demo', 'olo-demo'),
      ),
      'olo-demo/olo-demo-rakennus/luokka-101',
    );
    expect(await breadcrumbLinks()).toEqual([
      ['Organisaatiot', null, '/o'],
      ['Olo Demo', null, '/o/olo-demo'],
      ['Olo Demo Rakennus', null, '/o/olo-demo-rakennus'],
    ]);
  });

  it('leaves out a parent that the viewer does not see', async () => {
    renderDeep(null, 'secret-parent/luokka-101');
    expect(await breadcrumbLinks()).toEqual([['Organisaatiot', null, '/o']]);
  });

  it('links to the organizations above the four nearest ones', async () => {
    const fifth = { __typename: 'Organization', id: 'org-5', slug: 'taso-5' };
    let chain: Record<string, unknown> = fifth;
    for (const level of [4, 3, 2, 1]) chain = ancestor(`org-${level}`, `Taso ${level}`, `taso-${level}`, chain);
    renderDeep(chain, 'taso-5/taso-4/taso-3/taso-2/taso-1/luokka-101');
    expect(await breadcrumbLinks()).toEqual([
      ['Organisaatiot', null, '/o'],
      ['…', 'Ylemmät organisaatiot', '/o/taso-5'],
      ['Taso 4', null, '/o/taso-4'],
      ['Taso 3', null, '/o/taso-3'],
      ['Taso 2', null, '/o/taso-2'],
      ['Taso 1', null, '/o/taso-1'],
    ]);
  });
});
