import type { ResolvedRouteHandle } from '../layout/routeHandle.ts';
import { afterLoginDefaultPath, loginRedirectPath } from './redirects.ts';

export interface GuardInput {
  handle: ResolvedRouteHandle;
  signedIn: boolean;
  /** While the session is unknown nothing is redirected. */
  loading: boolean;
  location: { pathname: string; search: string; hash: string };
  /** Set when the app ended the session itself: where to go instead of the login page. */
  sessionEndedTo?: string | null;
}

/** Where the route guard sends the visitor instead, or null to show the route. */
export function guardRedirect({ handle, signedIn, loading, location, sessionEndedTo }: GuardInput): string | null {
  if (loading) return null;
  if (!signedIn && !handle.public) return sessionEndedTo ?? loginRedirectPath(location);
  if (signedIn && location.pathname === '/') return afterLoginDefaultPath;
  return null;
}
