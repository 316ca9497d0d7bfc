import { accountErrors } from '@olo/shared';
import type { EventBus } from '../events/event-bus.ts';
import type { ViewerAccess } from '../modules/access/access.policy.ts';
import type { UserRow } from '../modules/accounts/accounts.repository.ts';
import type { ClientInfo, SessionInfo } from '../modules/sessions/sessions.service.ts';
import { AppError } from '../shared/errors.ts';
import type { Services } from '../wiring/services.ts';
import type { RequestLoaders } from './loaders.ts';

// Built in one place, wiring/services.ts; its type is what that builds.
export type { Services };

export interface GraphQLContext {
  services: Services;
  events: EventBus;
  session: SessionInfo | null;
  /** The viewer's rights, cached for this request (a subscription makes a fresh one per event). */
  access: ViewerAccess;
  /** What fields of listed objects load, batched and kept for this request, renewed with `access`. */
  loaders: RequestLoaders;
  client: ClientInfo;
  /** Sets or clears the session cookie; only possible over HTTP. */
  setSessionCookie(token: string | null): void;
  /** Gives the browser a device cookie after it signed in (decision 0144); only possible over HTTP. */
  setDeviceCookie(value: string): void;
}

export function requireUser(context: GraphQLContext): UserRow {
  if (!context.session) throw new AppError('UNAUTHENTICATED', accountErrors.notSignedIn);
  return context.session.user;
}

export function requireSession(context: GraphQLContext): SessionInfo {
  if (!context.session) throw new AppError('UNAUTHENTICATED', accountErrors.notSignedIn);
  return context.session;
}
