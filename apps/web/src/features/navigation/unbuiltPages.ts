import { matchPath } from 'react-router';

/**
 * Route patterns whose screen a later issue builds: routes.tsx serves them with `later(...)`, and no menu, tab or link
 * offers them (decision 0082). When a page lands, removing it here makes its links appear (routes.test.tsx keeps this
 * list and routes.tsx in step).
 */
export const unbuiltPages: readonly string[] = [];

/** True when the address (a path, with or without query) leads to a built screen. */
export function isPageBuilt(to: string): boolean {
  const path = to.split(/[?#]/)[0] ?? to;
  return !unbuiltPages.some((pattern) => matchPath(pattern, path));
}
