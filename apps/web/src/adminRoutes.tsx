import type { RouteObject } from 'react-router';
import { page, siteAdmin } from './routePage.tsx';

/** `/admin` and the site administration pages under it (site admins only, spec section 2). */
export const adminRoutes: RouteObject[] = [
  {
    index: true,
    ...page(
      () => import('./features/admin/AdminPage.tsx'),
      (m) => m.AdminPage,
    ),
    handle: { ...siteAdmin, title: 'Admin' },
  },
  {
    path: 'meters',
    ...page(
      () => import('./features/admin-meters/AdminMetersPage.tsx'),
      (m) => m.AdminMetersPage,
    ),
    handle: { ...siteAdmin, title: 'Meters' },
  },
  // The meter page itself: a site admin sees every meter there, free ones too.
  {
    path: 'meters/:meterId',
    ...page(
      () => import('./features/meters/MeterPage.tsx'),
      (m) => m.MeterPage,
    ),
    handle: { ...siteAdmin, title: 'Meter' },
  },
  {
    path: 'translations',
    ...page(
      () => import('./features/translations/TranslationsPage.tsx'),
      (m) => m.TranslationsPage,
    ),
    handle: { ...siteAdmin, title: 'Translations' },
  },
  {
    path: 'status-dash',
    ...page(
      () => import('./features/site-status/SiteStatusPage.tsx'),
      (m) => m.SiteStatusPage,
    ),
    handle: { ...siteAdmin, title: 'Site status' },
  },
  {
    path: 'users',
    ...page(
      () => import('./features/admin-users/AdminUsersPage.tsx'),
      (m) => m.AdminUsersPage,
    ),
    handle: { ...siteAdmin, title: 'Users' },
  },
  {
    path: 'limits',
    ...page(
      () => import('./features/limits/AdminLimitsPage.tsx'),
      (m) => m.AdminLimitsPage,
    ),
    handle: { ...siteAdmin, title: 'Limits' },
  },
  {
    path: 'colors',
    ...page(
      () => import('./features/limits/AdminColorsPage.tsx'),
      (m) => m.AdminColorsPage,
    ),
    handle: { ...siteAdmin, title: 'Colors' },
  },
];
