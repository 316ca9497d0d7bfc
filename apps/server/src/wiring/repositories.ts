import type { Database } from '../db/database.ts';
import { AccessRepository } from '../modules/access/access.repository.ts';
import { AccountsRepository } from '../modules/accounts/accounts.repository.ts';
import { AdminUsersRepository } from '../modules/admin-users/admin-users.repository.ts';
import { AlarmEngineRepository } from '../modules/alarms/alarm-engine.repository.ts';
import { AlarmNotificationsRepository } from '../modules/alarms/alarm-notifications.repository.ts';
import { AlarmsRepository } from '../modules/alarms/alarms.repository.ts';
import { AttachmentsRepository } from '../modules/attachments/attachments.repository.ts';
import { BugReportsRepository } from '../modules/bug-reports/bug-reports.repository.ts';
import { CalibrationsRepository } from '../modules/calibrations/calibrations.repository.ts';
import { ClassificationRepository } from '../modules/classification/classification.repository.ts';
import { ColorsRepository } from '../modules/colors/colors.repository.ts';
import { DataRepository } from '../modules/data/data.repository.ts';
import { DataExportsRepository } from '../modules/data-export/data-exports.repository.ts';
import { DataViewsRepository } from '../modules/data-views/data-views.repository.ts';
import { DocumentsRepository } from '../modules/documents/documents.repository.ts';
import { ReadingsRepository } from '../modules/ingest/readings.repository.ts';
import { ApplicationBindingsRepository } from '../modules/integrations/application-bindings.repository.ts';
import { IntegrationsRepository } from '../modules/integrations/integrations.repository.ts';
import { InvitationsRepository } from '../modules/invitations/invitations.repository.ts';
import { JobsRepository } from '../modules/jobs/jobs.repository.ts';
import { LimitsRepository } from '../modules/limits/limits.repository.ts';
import { MeterCommandsRepository } from '../modules/meter-commands/meter-commands.repository.ts';
import { MeterErrorsRepository } from '../modules/meter-errors/meter-errors.repository.ts';
import { MetersRepository } from '../modules/meters/meters.repository.ts';
import { OrganizationsRepository } from '../modules/organizations/organizations.repository.ts';
import { PrintTemplatesRepository } from '../modules/print-templates/print-templates.repository.ts';
import { ProjectPagesRepository } from '../modules/project-pages/project-pages.repository.ts';
import { ProjectsRepository } from '../modules/projects/projects.repository.ts';
import {
  RecalculationRepository,
  RecalculationTasksRepository,
} from '../modules/recalculation/recalculation.repository.ts';
import { ReportCoversRepository } from '../modules/report-covers/report-covers.repository.ts';
import { ReportSchedulesRepository } from '../modules/report-schedules/report-schedules.repository.ts';
import { PublicReportsRepository } from '../modules/reports/public-reports.repository.ts';
import { ReportsRepository } from '../modules/reports/reports.repository.ts';
import { SeriesRepository } from '../modules/series/series.repository.ts';
import { SessionsRepository } from '../modules/sessions/sessions.repository.ts';
import { SiteStatusRepository } from '../modules/site-status/site-status.repository.ts';
import { SpacesRepository } from '../modules/spaces/spaces.repository.ts';
import { SystemErrorsRepository } from '../modules/system-errors/system-errors.repository.ts';
import { TranslationsRepository } from '../modules/translations/translations.repository.ts';
import { WeatherRepository } from '../modules/weather/weather.repository.ts';

/**
 * Every repository, each built once and shared by the services that read its tables (they keep
 * no state of their own). The computers' is built before, by registerComputer.
 */
export function createRepositories(database: Database, computerId: number) {
  const { db, sql } = database;
  // PostgreSQL answers a request's independent reads on parallel connections; PGlite is one session.
  const parallel = database.kind === 'postgres' ? 2 : 1;
  return {
    access: new AccessRepository(db),
    accounts: new AccountsRepository(db),
    adminUsers: new AdminUsersRepository(db),
    alarmEngine: new AlarmEngineRepository(sql),
    applicationBindings: new ApplicationBindingsRepository(db),
    alarmNotifications: new AlarmNotificationsRepository(sql),
    alarms: new AlarmsRepository(sql, db),
    attachments: new AttachmentsRepository(db),
    bugReports: new BugReportsRepository(db),
    calibrations: new CalibrationsRepository(sql),
    classification: new ClassificationRepository(sql),
    colors: new ColorsRepository(db),
    data: new DataRepository(sql, { parallel }),
    dataExports: new DataExportsRepository(sql),
    dataViews: new DataViewsRepository(db),
    documents: new DocumentsRepository(db),
    integrations: new IntegrationsRepository(db),
    invitations: new InvitationsRepository(db),
    jobs: new JobsRepository(sql),
    limits: new LimitsRepository(db),
    meterCommands: new MeterCommandsRepository(db),
    meterErrors: new MeterErrorsRepository(sql),
    meters: new MetersRepository(db),
    organizations: new OrganizationsRepository(db),
    printTemplates: new PrintTemplatesRepository(db),
    projectPages: new ProjectPagesRepository(db),
    projects: new ProjectsRepository(db),
    publicReports: new PublicReportsRepository(db),
    readings: new ReadingsRepository(sql, computerId),
    recalculation: new RecalculationRepository(sql),
    recalculationTasks: new RecalculationTasksRepository(sql),
    reportCovers: new ReportCoversRepository(db),
    reportSchedules: new ReportSchedulesRepository(sql),
    reports: new ReportsRepository(db),
    series: new SeriesRepository(db),
    sessions: new SessionsRepository(db),
    spaces: new SpacesRepository(db),
    siteStatus: new SiteStatusRepository(sql),
    systemErrors: new SystemErrorsRepository(db, computerId),
    translations: new TranslationsRepository(db),
    weather: new WeatherRepository(sql),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
