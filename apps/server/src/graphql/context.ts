import { accountErrors } from '@olo/shared';
import type { EventBus } from '../events/event-bus.ts';
import type { AccessPolicy, ViewerAccess } from '../modules/access/access.policy.ts';
import type { UserRow } from '../modules/accounts/accounts.repository.ts';
import type { AccountsService } from '../modules/accounts/accounts.service.ts';
import type { AlarmNotifications } from '../modules/alarms/alarm-notifications.ts';
import type { AlarmsService } from '../modules/alarms/alarms.service.ts';
import type { AttachmentsService } from '../modules/attachments/attachments.service.ts';
import type { BugReportsService } from '../modules/bug-reports/bug-reports.service.ts';
import type { CalibrationsService } from '../modules/calibrations/calibrations.service.ts';
import type { ComputersService } from '../modules/computers/computers.service.ts';
import type { DataService } from '../modules/data/data.service.ts';
import type { DataViewsService } from '../modules/data-views/data-views.service.ts';
import type { IngestService } from '../modules/ingest/ingest.service.ts';
import type { IntegrationsService } from '../modules/integrations/integrations.service.ts';
import type { InvitationsService } from '../modules/invitations/invitations.service.ts';
import type { JobQueue } from '../modules/jobs/jobs.service.ts';
import type { MeterErrorsService } from '../modules/meter-errors/meter-errors.service.ts';
import type { MetersService } from '../modules/meters/meters.service.ts';
import type { OrganizationsService } from '../modules/organizations/organizations.service.ts';
import type { ProjectPagesService } from '../modules/project-pages/project-pages.service.ts';
import type { ProjectsService } from '../modules/projects/projects.service.ts';
import type { SeriesService } from '../modules/series/series.service.ts';
import type { ClientInfo, SessionInfo, SessionsService } from '../modules/sessions/sessions.service.ts';
import type { SpacesService } from '../modules/spaces/spaces.service.ts';
import { AppError } from '../shared/errors.ts';
import type { RequestLoaders } from './loaders.ts';

export interface Services {
  accounts: AccountsService;
  sessions: SessionsService;
  bugReports: BugReportsService;
  access: AccessPolicy;
  organizations: OrganizationsService;
  projects: ProjectsService;
  spaces: SpacesService;
  projectPages: ProjectPagesService;
  invitations: InvitationsService;
  attachments: AttachmentsService;
  ingest: IngestService;
  integrations: IntegrationsService;
  meters: MetersService;
  series: SeriesService;
  calibrations: CalibrationsService;
  computers: ComputersService;
  jobs: JobQueue;
  meterErrors: MeterErrorsService;
  data: DataService;
  dataViews: DataViewsService;
  alarms: AlarmsService;
  alarmNotifications: AlarmNotifications;
}

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
}

export function requireUser(context: GraphQLContext): UserRow {
  if (!context.session) throw new AppError('UNAUTHENTICATED', accountErrors.notSignedIn);
  return context.session.user;
}

export function requireSession(context: GraphQLContext): SessionInfo {
  if (!context.session) throw new AppError('UNAUTHENTICATED', accountErrors.notSignedIn);
  return context.session;
}
