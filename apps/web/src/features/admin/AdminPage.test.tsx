// @vitest-environment jsdom

import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { signedInUser } from '../../testing/currentUser.ts';
import { cleanupApp, renderApp } from '../../testing/renderApp.tsx';

describe('/admin', { timeout: 30_000 }, () => {
  afterEach(() => cleanupApp());

  it('leads a site admin to every built administration page', async () => {
    renderApp({
      path: '/admin',
      graphql: { CurrentUser: () => ({ data: { currentUser: signedInUser({ isAdmin: true }) } }) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ylläpito' })).toBeTruthy();
    const targets = screen.getAllByRole('link', { name: /^Avaa:/ }).map((link) => link.getAttribute('href'));
    expect(targets).toEqual([
      '/admin/status-dash',
      '/errors',
      '/admin/meters',
      '/admin/users',
      '/admin/limits',
      '/admin/colors',
      '/admin/translations',
    ]);
  });

  it('is refused to a user who is not a site admin', async () => {
    renderApp({ path: '/admin', graphql: { CurrentUser: () => ({ data: { currentUser: signedInUser() } }) } });
    expect(await screen.findByText('Sinulla ei ole oikeutta tälle sivulle.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Avaa:/ })).toBeNull();
  });
});
