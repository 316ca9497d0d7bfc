import { accountErrors } from '@olo/shared';
import type { EventBus } from '../events/event-bus.ts';
import type { UserRow } from '../modules/accounts/accounts.repository.ts';
import type { AccountsService } from '../modules/accounts/accounts.service.ts';
import type { BugReportsService } from '../modules/bug-reports/bug-reports.service.ts';
import type { ClientInfo, SessionInfo, SessionsService } from '../modules/sessions/sessions.service.ts';
import { AppError } from '../shared/errors.ts';

export interface Services {
  accounts: AccountsService;
  sessions: SessionsService;
  bugReports: BugReportsService;
}

export interface GraphQLContext {
  services: Services;
  events: EventBus;
  session: SessionInfo | null;
  client: ClientInfo;
  /** Sets or clears the session cookie; only possible over HTTP. */
  setSessionCookie(token: string | null): void;
}

export function requireUser(context: GraphQLContext): UserRow {
  if (!context.session) throw new AppError('UNAUTHENTICATED', accountErrors.notSignedIn);
  return context.session.user;
}

export function requireSession(context: GraphQLContext): SessionInfo {
  if (!context.session) throw new AppError('UNAUTHENTICATED', accountErrors.notSignedIn);
  return context.session;
}
