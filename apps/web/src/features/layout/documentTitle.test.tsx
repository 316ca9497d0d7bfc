// @vitest-environment jsdom

import { waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '../../routes.tsx';
import { signedInUser } from '../../testing/currentUser.ts';
import { cleanupApp, renderApp } from '../../testing/renderApp.tsx';
import en from '../i18n/locales/en.json';
import { shellProject } from '../projects/testProjects.ts';
import { documentTitle } from './documentTitle.ts';
import type { RouteHandle } from './routeHandle.ts';

function pageRoutes(list: RouteObject[], path = ''): { path: string; handle: RouteHandle }[] {
  return list.flatMap((route) => {
    const full = route.index ? `${path}/(index)` : `${path}/${route.path ?? ''}`;
    return [{ path: full, handle: route.handle as RouteHandle }, ...pageRoutes(route.children ?? [], full)];
  });
}

describe('page titles', { timeout: 30_000 }, () => {
  afterEach(() => cleanupApp());

  it('read "<page> – <site name>", the site name alone without a page name', () => {
    expect(documentTitle('Projektit', 'Olo')).toBe('Projektit – Olo');
    expect(documentTitle(null, 'Olo')).toBe('Olo');
    expect(documentTitle('Reaaliaika', 'Olo', 'Koulu A')).toBe('Reaaliaika – Koulu A – Olo');
  });

  it('name the project a page is about, and drop it on leaving the project', async () => {
    const { router } = renderApp({
      path: '/p/7/liveold',
      graphql: {
        CurrentUser: () => ({ data: { currentUser: signedInUser() } }),
        ProjectShell: ({ id }) => ({ data: { project: shellProject(Number(id), 'Koulu A') } }),
      },
    });
    await waitFor(() => expect(document.title).toBe('Reaaliaika (taulukko) – Koulu A – Olo'));
    await router.navigate('/help');
    await waitFor(() => expect(document.title).toBe('Ohjeet – Olo'));
  });

  it('are named by every route below the root, with a translated key', () => {
    const [root] = routes;
    for (const route of pageRoutes(root?.children ?? [])) {
      expect(route.handle.title, route.path).toBeTruthy();
      expect(Object.keys(en), route.path).toContain(route.handle.title);
    }
  });

  it('follow the page and its language', async () => {
    const { router } = renderApp({
      path: '/help',
      graphql: { CurrentUser: () => ({ data: { currentUser: signedInUser() } }) },
    });
    await waitFor(() => expect(document.title).toBe('Ohjeet – Olo'));
    await router.navigate('/p/1/report');
    await waitFor(() => expect(document.title).toBe('Raportit – Olo'));
    cleanupApp();
  });

  it("are in the visitor's language on the public pages", async () => {
    renderApp({ path: '/login', language: 'sv' });
    await waitFor(() => expect(document.title).toBe('Logga in – Olo'));
  });
});
