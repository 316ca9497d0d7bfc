import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { PageLoader } from './features/layout/RootLayout.tsx';
import type { RouteHandle } from './features/layout/routeHandle.ts';

export const signedIn = { public: false } satisfies RouteHandle;
export const siteAdmin = { public: false, admin: true } satisfies RouteHandle;

/**
 * A route whose screen loads when first visited: only the shell is in the initial JavaScript
 * (issue 5's goal of under 250 KB gzipped; `npm run build` prints the figure). On the first page
 * the layout shows at once with a loader in the screen's place until its code is in (without a
 * fallback the router renders nothing and warns "No HydrateFallback element provided").
 */
export function page<Module>(
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType,
): Pick<RouteObject, 'lazy' | 'hydrateFallbackElement'> {
  return { lazy: async () => ({ Component: pick(await load()) }), hydrateFallbackElement: <PageLoader /> };
}
