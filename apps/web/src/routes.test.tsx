// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loginRedirectPath, safeRedirectTarget } from './features/auth/redirects.ts';
import { guardRedirect } from './features/auth/routeGuard.ts';
import { type RouteHandle, resolveRouteHandle } from './features/layout/routeHandle.ts';
import { routes } from './routes.tsx';
import { cleanupApp, renderApp } from './testing/renderApp.tsx';

interface FlatRoute {
  path: string;
  handle: RouteHandle;
  chain: { handle?: unknown }[];
}

function flatten(routeList: RouteObject[], parentPath = '', parentChain: { handle?: unknown }[] = []): FlatRoute[] {
  return routeList.flatMap((route) => {
    const own = route.index ? '' : (route.path ?? '');
    const path = own.startsWith('/') ? own : [parentPath.replace(/\/$/, ''), own].filter(Boolean).join('/') || '/';
    const fullPath = path.startsWith('/') ? path : `/${path}`;
    const chain = [...parentChain, { handle: route.handle }];
    const self: FlatRoute[] =
      route.element || route.Component || route.lazy || route.index
        ? [{ path: fullPath, handle: route.handle as RouteHandle, chain }]
        : [];
    return [...self, ...flatten(route.children ?? [], fullPath, chain)];
  });
}

const flat = flatten(routes);
const byPath = new Map(flat.filter((route) => route.path !== '/' || route.chain.length > 1).map((r) => [r.path, r]));

const specRoutes = [
  '/',
  '/about',
  '/login',
  '/register',
  '/forgot',
  '/reset',
  '/verify',
  '/test',
  '/testssr',
  '/logout',
  '/home',
  '/help',
  // A help document's page (issue 34): /help/<path or id>.
  '/help/:key',
  '/profile',
  '/invitations-accept',
  '/errors',
  '/meters',
  '/meters/:meterId',
  '/p',
  '/o',
  '/o/:slug',
  '/admin',
  '/admin/meters',
  '/admin/meters/:meterId',
  '/admin/users',
  '/admin/status-dash',
  '/admin/limits',
  '/admin/colors',
  '/p/:projectId',
  '/p/:projectId/alarms',
  '/p/:projectId/live',
  '/p/:projectId/liveold',
  '/p/:projectId/summary',
  '/p/:projectId/report',
  '/p/:projectId/report/:reportId',
  '/p/:projectId/edit',
  '/p/:projectId/edit/actions',
  '/p/:projectId/edit/colors',
  '/p/:projectId/edit/info',
  '/p/:projectId/edit/pages',
  '/p/:projectId/edit/series',
  '/p/:projectId/edit/users',
  '/p/:projectId/edit/weather',
  '/project/:projectPublicId',
  '/report/:reportPublicId',
  '/*',
];

/** Pages no user is sent to: the print page the server's PDF renderer opens (public: its Chromium holds no session). */
const internalRoutes = ['/print/report'];

/** Screens the spec names (section 2's list of screens) without giving them a route; a site admin's (decision 0187). */
const screensWithoutSpecRoute = ['/admin/translations'];

const publicRoutes = new Set([
  ...internalRoutes,
  '/',
  '/about',
  '/login',
  '/register',
  '/forgot',
  '/reset',
  '/verify',
  '/test',
  '/testssr',
  '/logout',
  '/project/:projectPublicId',
  '/report/:reportPublicId',
  '/*',
]);

describe('route table', () => {
  it('lists every route of spec section 2', () => {
    expect([...byPath.keys()].sort()).toEqual([...specRoutes, ...internalRoutes, ...screensWithoutSpecRoute].sort());
  });

  it('gives every route an explicit public flag, public only where the spec says so', () => {
    for (const route of byPath.values()) {
      expect(typeof route.handle?.public, route.path).toBe('boolean');
      expect(resolveRouteHandle(route.chain).public, route.path).toBe(publicRoutes.has(route.path));
    }
  });

  it('picks layouts from the deepest route, default wrapping the root', () => {
    expect(routes[0]?.handle).toMatchObject({ layout: 'default' });
    const layoutOf = (path: string) => resolveRouteHandle(byPath.get(path)?.chain ?? []).layout;
    expect(layoutOf('/')).toBe('plain');
    for (const path of ['/login', '/register', '/forgot', '/reset', '/verify']) expect(layoutOf(path)).toBe('plain');
    expect(layoutOf('/test')).toBe('test');
    expect(layoutOf('/testssr')).toBe('test');
    expect(layoutOf('/project/:projectPublicId')).toBe('plain-client');
    expect(layoutOf('/report/:reportPublicId')).toBe('plain-client');
    expect(layoutOf('/home')).toBe('default');
    expect(layoutOf('/p/:projectId/edit/series')).toBe('default');
    expect(resolveRouteHandle([{ handle: { layout: 'plain' } }, { handle: { layout: false } }]).layout).toBe(false);
  });

  it('marks the admin pages as site-admin only', () => {
    for (const route of byPath.values()) {
      expect(resolveRouteHandle(route.chain).admin, route.path).toBe(route.path.startsWith('/admin'));
    }
  });
});

describe('route guard', () => {
  const location = { pathname: '/p/12/live', search: '?from=2026-01-01&to=2026-02-01', hash: '#space-3' };
  const privateHandle = { layout: 'default' as const, public: false, admin: false };

  it('sends a visitor to login with the full original path', () => {
    expect(guardRedirect({ handle: privateHandle, signedIn: false, loading: false, location })).toBe(
      '/login?redirectFrom=%2Fp%2F12%2Flive%3Ffrom%3D2026-01-01%26to%3D2026-02-01%23space-3',
    );
    expect(loginRedirectPath(location)).toBe(
      `/login?redirectFrom=${encodeURIComponent('/p/12/live?from=2026-01-01&to=2026-02-01#space-3')}`,
    );
  });

  it('sends a visitor whose session the app just ended where it asked, not to login', () => {
    expect(
      guardRedirect({ handle: privateHandle, signedIn: false, loading: false, location, sessionEndedTo: '/' }),
    ).toBe('/');
  });

  it('waits while the session is unknown and lets public routes through', () => {
    expect(guardRedirect({ handle: privateHandle, signedIn: false, loading: true, location })).toBeNull();
    expect(
      guardRedirect({ handle: { ...privateHandle, public: true }, signedIn: false, loading: false, location }),
    ).toBeNull();
    expect(guardRedirect({ handle: privateHandle, signedIn: true, loading: false, location })).toBeNull();
  });

  it('sends a signed-in user from / to /home', () => {
    const root = { pathname: '/', search: '', hash: '' };
    expect(
      guardRedirect({ handle: { ...privateHandle, public: true }, signedIn: true, loading: false, location: root }),
    ).toBe('/home');
  });

  it('follows only same-origin paths after login', () => {
    const origin = 'https://olo.example';
    expect(safeRedirectTarget('/p/12/live?x=1#a', origin)).toBe('/p/12/live?x=1#a');
    expect(safeRedirectTarget(null, origin)).toBe('/home');
    expect(safeRedirectTarget('https://evil.example/', origin)).toBe('/home');
    expect(safeRedirectTarget('//evil.example/x', origin)).toBe('/home');
    expect(safeRedirectTarget('/\\evil.example', origin)).toBe('/home');
    expect(safeRedirectTarget('javascript:alert(1)', origin)).toBe('/home');
    expect(safeRedirectTarget('/login?redirectFrom=/x', origin)).toBe('/home');
  });
});

// Rendered as a visitor with no server behind the app; what a signed-in user sees needs the server's answers and is
// tested in the browser (e2e/).
describe('routes rendered', () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanupApp);

  it('redirects a protected deep link to login, keeping the full path', async () => {
    const { router } = renderApp({ path: '/profile?tab=emails#emails' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?redirectFrom=${encodeURIComponent('/profile?tab=emails#emails')}`);
    expect(await screen.findByRole('button', { name: 'Kirjaudu sisään' })).toBeTruthy();
  });

  it('shows the front page in Finnish whatever the language', async () => {
    renderApp({ path: '/', language: 'en' });
    expect(await screen.findByRole('link', { name: 'Kirjaudu sisään' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Yhteystiedot' })).toBeTruthy();
  });

  it('shows the catch-all page for unknown paths', async () => {
    renderApp({ path: '/no/such/page' });
    expect(await screen.findByText('Sivua ei löytynyt')).toBeTruthy();
  });

  it('renders the test page in the test layout', async () => {
    const { container } = renderApp({ path: '/test' });
    expect(await screen.findByText('Testisivu')).toBeTruthy();
    expect(container.querySelector('[data-layout="test"]')).not.toBeNull();
  });
});
