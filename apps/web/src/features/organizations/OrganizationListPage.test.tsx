// @vitest-environment jsdom

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanupApp } from '../../testing/renderApp.tsx';
import { renderWithFakeServer, signedInUser } from './fakeServer.tsx';

const top = {
  id: '10000000-0000-4000-8000-000000000001',
  name: 'Olo Demo',
  slug: 'olo-demo',
  path: 'olo-demo',
  parentId: null,
  currentUserIsAdmin: true,
};
const child = {
  id: '10000000-0000-4000-8000-000000000002',
  name: 'Olo Demo Rakennus',
  slug: 'olo-demo-rakennus',
  path: 'olo-demo/olo-demo-rakennus',
  parentId: top.id,
  currentUserIsAdmin: true,
};

/** Required fields have an asterisk after the label text. */
function field(label: string): HTMLInputElement {
  return screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
}

describe('organization list', () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanupApp);

  it('shows the organizations under their parents, each linking to its page', async () => {
    renderWithFakeServer({
      path: '/o',
      resolvers: { currentUser: () => signedInUser(), organizations: () => [top, child] },
    });
    const list = await screen.findByTestId('organization-list');
    const parentLink = within(list).getByRole('link', { name: 'Olo Demo' });
    expect(parentLink.getAttribute('href')).toBe('/o/olo-demo');
    const childLink = within(list).getByRole('link', { name: 'Olo Demo Rakennus' });
    expect(childLink.getAttribute('href')).toBe('/o/olo-demo-rakennus');
    // The child is listed inside its parent's item.
    expect(parentLink.closest('li')?.contains(childLink)).toBe(true);
  });

  it('checks the new organization in the chosen language before asking the server', async () => {
    const { operations } = renderWithFakeServer({
      path: '/o',
      resolvers: { currentUser: () => signedInUser(), organizations: () => [] },
    });
    const form = await screen.findByTestId('create-organization-form');
    fireEvent.click(within(form).getByRole('button', { name: 'Luo organisaatio' }));
    await waitFor(() => expect(field('Nimi').getAttribute('aria-invalid')).toBe('true'));
    expect(within(form).getAllByText('Pakollinen tieto')).toHaveLength(2);

    fireEvent.change(field('Lyhyt nimi osoitteissa'), { target: { value: 'Bad slug!' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Luo organisaatio' }));
    expect(await within(form).findByText('Käytä pieniä kirjaimia, numeroita ja väliviivoja')).toBeTruthy();
    expect(operations.map((operation) => operation.name)).not.toContain('CreateOrganization');
  });

  it('suggests the slug from the name, creates the organization and opens it', async () => {
    const created = { ...top, id: '10000000-0000-4000-8000-000000000003', name: 'Äijälän Koulu' };
    const { operations, router } = renderWithFakeServer({
      path: '/o',
      language: 'en',
      resolvers: {
        currentUser: () => signedInUser({ language: 'en' }),
        organizations: () => [top],
        createOrganization: (args) => ({ ...created, slug: args.slug, path: args.slug }),
        organizationBySlug: (args) => ({ ...created, slug: args.slug, path: args.slug }),
      },
    });
    const form = await screen.findByTestId('create-organization-form');
    fireEvent.change(field('Name'), { target: { value: 'Äijälän Koulu' } });
    expect(field('Short name in addresses').value).toBe('aijalan-koulu');
    fireEvent.click(within(form).getByRole('button', { name: 'Create organization' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/o/aijalan-koulu'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Äijälän Koulu' })).toBeTruthy();
    expect(operations.find((operation) => operation.name === 'CreateOrganization')?.variables).toEqual({
      name: 'Äijälän Koulu',
      slug: 'aijalan-koulu',
      description: null,
      parentId: null,
    });
  });
});
