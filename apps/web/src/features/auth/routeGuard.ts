import type { ResolvedRouteHandle } from '../layout/routeHandle.ts';
import { afterLoginDefaultPath, loginRedirectPath } from './redirects.ts';

export interface GuardInput {
  handle: ResolvedRouteHandle;
  signedIn: boolean;
  /** While the session is unknown nothing is redirected. */
  loading: boolean;
  location: { pathname: string; search: string; hash: string };
}

/** Where the route guard sends the visitor instead, or null to show the route. */
export function guardRedirect({ handle, signedIn, loading, location }: GuardInput): string | null {
  if (loading) return null;
  if (!signedIn && !handle.public) return loginRedirectPath(location);
  if (signedIn && location.pathname === '/') return afterLoginDefaultPath;
  return null;
}
