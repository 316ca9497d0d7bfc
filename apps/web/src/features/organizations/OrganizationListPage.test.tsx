// @vitest-environment jsdom

import type { Language } from '@olo/shared';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedInUser } from '../../testing/currentUser.ts';
import { cleanupApp, renderApp } from '../../testing/renderApp.tsx';
import { organizationSummary } from './testData.ts';

const top = organizationSummary();
const child = organizationSummary({
  id: '10000000-0000-4000-8000-000000000002',
  name: 'Olo Demo Rakennus',
  slug: 'olo-demo-rakennus',
  path: 'olo-demo/olo-demo-rakennus',
  parentId: top.id,
});
const currentUser =
  (language: Language = 'fi') =>
  () => ({ data: { currentUser: signedInUser({ language }) } });
const organizationList = (organizations: unknown[]) => () => ({ data: { organizations } });

/** Required fields have an asterisk after the label text. */
function field(label: string): HTMLInputElement {
  return screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
}

// These screens render many sections, and the first render loads Mantine's styles: a busy machine needs more than
// the default second (and five seconds per test).
configure({ asyncUtilTimeout: 5000 });

describe('organization list', { timeout: 20_000 }, () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanupApp);

  it('shows the organizations under their parents, each linking to its page', async () => {
    renderApp({
      path: '/o',
      graphql: { CurrentUser: currentUser(), OrganizationList: organizationList([top, child]) },
    });
    const list = await screen.findByTestId('organization-list');
    const parentLink = within(list).getByRole('link', { name: 'Olo Demo' });
    expect(parentLink.getAttribute('href')).toBe('/o/olo-demo');
    const childLink = within(list).getByRole('link', { name: 'Olo Demo Rakennus' });
    expect(childLink.getAttribute('href')).toBe('/o/olo-demo-rakennus');
    // The child is listed inside its parent's item.
    expect(parentLink.closest('li')?.contains(childLink)).toBe(true);
  });

  it('offers no new organization to a member with view rights only, which an administrator is offered', async () => {
    const viewOnly = organizationSummary({ currentUserIsAdmin: false });
    renderApp({ path: '/o', graphql: { CurrentUser: currentUser(), OrganizationList: organizationList([viewOnly]) } });
    await screen.findByTestId('organization-list');
    expect(screen.queryByTestId('create-organization-form')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Luo organisaatio' })).toBeNull();
    await cleanupApp();

    // Nor a member of a shared project who belongs to no organization (the demo viewer).
    const projectMember = signedInUser({
      menuProjects: [{ __typename: 'Project', id: 7, name: 'Koulu', code: null }] as never,
    });
    renderApp({
      path: '/o',
      graphql: {
        CurrentUser: () => ({ data: { currentUser: projectMember } }),
        OrganizationList: organizationList([]),
      },
    });
    expect((await screen.findByTestId('organization-list-empty')).textContent).toContain('jaettu sinulle suoraan');
    expect(screen.queryByTestId('create-organization-form')).toBeNull();
    await cleanupApp();

    renderApp({
      path: '/o',
      graphql: {
        CurrentUser: currentUser(),
        OrganizationList: organizationList([organizationSummary({ currentUserIsAdmin: true })]),
      },
    });
    expect(await screen.findByTestId('create-organization-form')).toBeTruthy();
  });

  it('tells a user of no organization how to join one, and offers creating their own', async () => {
    renderApp({ path: '/o', graphql: { CurrentUser: currentUser(), OrganizationList: organizationList([]) } });
    const empty = await screen.findByTestId('organization-list-empty');
    expect(empty.textContent).toContain('Pyydä organisaatiosi ylläpitäjältä kutsu');
    expect(await screen.findByTestId('create-organization-form')).toBeTruthy();
  });

  it('checks the new organization in the chosen language before asking the server', async () => {
    const { operations } = renderApp({
      path: '/o',
      graphql: { CurrentUser: currentUser(), OrganizationList: organizationList([]) },
    });
    const form = await screen.findByTestId('create-organization-form');
    fireEvent.click(within(form).getByRole('button', { name: 'Luo organisaatio' }));
    await waitFor(() => expect(field('Nimi').getAttribute('aria-invalid')).toBe('true'));
    expect(within(form).getAllByText('Pakollinen tieto')).toHaveLength(2);

    fireEvent.change(field('Lyhyt nimi osoitteissa'), { target: { value: 'Bad slug!' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Luo organisaatio' }));
    expect(await within(form).findByText('Käytä pieniä kirjaimia, numeroita ja väliviivoja')).toBeTruthy();
    expect(operations).not.toContain('CreateOrganization');
  });

  it('suggests the slug from the name, creates the organization and opens it', async () => {
    let sent: Record<string, unknown> | undefined;
    const created = (slug: string) => ({
      ...organizationSummary({ id: '10000000-0000-4000-8000-000000000003', name: 'Äijälän Koulu', slug, path: slug }),
      parent: null,
      organizations: [],
      projects: [],
    });
    const { router } = renderApp({
      path: '/o',
      language: 'en',
      graphql: {
        CurrentUser: currentUser('en'),
        OrganizationList: organizationList([top]),
        CreateOrganization: (variables) => {
          sent = variables;
          return { data: { createOrganization: created(String(variables.slug)) } };
        },
        OrganizationPage: (variables) => ({ data: { organizationBySlug: created(String(variables.slug)) } }),
      },
    });
    const form = await screen.findByTestId('create-organization-form');
    fireEvent.change(field('Name'), { target: { value: 'Äijälän Koulu' } });
    expect(field('Short name in addresses').value).toBe('aijalan-koulu');
    fireEvent.click(within(form).getByRole('button', { name: 'Create organization' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/o/aijalan-koulu'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Äijälän Koulu' })).toBeTruthy();
    expect(sent).toEqual({ name: 'Äijälän Koulu', slug: 'aijalan-koulu', description: null, parentId: null });
  });
});
