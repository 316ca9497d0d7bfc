import path from 'node:path';
import type { Logger } from 'pino';
import type { Mailer } from '../channels/mail/mailer.ts';
import { MailOutbox } from '../channels/mail/outbox.ts';
import { createSmsGateway } from '../channels/sms/sms-gateway.ts';
import { webhookTargetProblem } from '../channels/webhook/webhook-delivery.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { Transaction } from '../db/sql.ts';
import type { EventBus } from '../events/event-bus.ts';
import { AccessPolicy } from '../modules/access/access.policy.ts';
import { AccountEmailsService } from '../modules/accounts/account-emails.service.ts';
import { AccountNotices } from '../modules/accounts/account-notices.ts';
import { AccountsService } from '../modules/accounts/accounts.service.ts';
import { DeviceCookies, deviceKeyName, newDeviceKey } from '../modules/accounts/device-cookies.ts';
import { LoginThrottle } from '../modules/accounts/login-throttle.ts';
import { SignInService } from '../modules/accounts/sign-in.service.ts';
import { AlarmEpisodesService } from '../modules/alarms/alarm-episodes.service.ts';
import { AlarmNotifications } from '../modules/alarms/alarm-notifications.ts';
import { AlarmsService } from '../modules/alarms/alarms.service.ts';
import { AttachmentsService } from '../modules/attachments/attachments.service.ts';
import { BugReportsService } from '../modules/bug-reports/bug-reports.service.ts';
import { CalibrationsService } from '../modules/calibrations/calibrations.service.ts';
import { ClassificationService } from '../modules/classification/classification.service.ts';
import { ColorsService } from '../modules/colors/colors.service.ts';
import type { ComputerRow } from '../modules/computers/computers.repository.ts';
import type { ComputersService } from '../modules/computers/computers.service.ts';
import { DataService } from '../modules/data/data.service.ts';
import { BackgroundExportService } from '../modules/data-export/data-export.background.ts';
import { DataExportService } from '../modules/data-export/data-export.service.ts';
import { DataViewsService } from '../modules/data-views/data-views.service.ts';
import { DocumentsService } from '../modules/documents/documents.service.ts';
import { IngestService } from '../modules/ingest/ingest.service.ts';
import { publishWrittenBatch } from '../modules/ingest/live-events.ts';
import { ReadingWriter } from '../modules/ingest/reading-writer.ts';
import { IntegrationsService } from '../modules/integrations/integrations.service.ts';
import { InvitationsService } from '../modules/invitations/invitations.service.ts';
import { JobQueue } from '../modules/jobs/jobs.service.ts';
import { LimitsService } from '../modules/limits/limits.service.ts';
import { MeterCommandsService } from '../modules/meter-commands/meter-commands.service.ts';
import { MeterErrorsService } from '../modules/meter-errors/meter-errors.service.ts';
import { MetersService } from '../modules/meters/meters.service.ts';
import { OrganizationsService } from '../modules/organizations/organizations.service.ts';
import { ProjectPagesService } from '../modules/project-pages/project-pages.service.ts';
import { ProjectsService } from '../modules/projects/projects.service.ts';
import { RecalculationService } from '../modules/recalculation/recalculation.service.ts';
import type { PrintPageServer } from '../modules/report-pdf/report-pdf.service.ts';
import { PublicSeriesService } from '../modules/series/public-series.service.ts';
import type { RecomputeDatasource } from '../modules/series/recompute-datasource.ts';
import { SeriesService } from '../modules/series/series.service.ts';
import { SessionsService } from '../modules/sessions/sessions.service.ts';
import { SpacesService } from '../modules/spaces/spaces.service.ts';
import { SystemErrorsService } from '../modules/system-errors/system-errors.service.ts';
import type { Broker } from '../mqtt/broker.ts';
import { AppError, invalidField } from '../shared/errors.ts';
import { RateLimiter } from '../shared/rate-limits.ts';
import type { Closers } from './closers.ts';
import { type LateBound, lateBound } from './late-bound.ts';
import { createReporting } from './reporting.ts';
import type { Repositories } from './repositories.ts';
import { createSiteAdministration } from './site-administration.ts';
import { createWeather } from './weather.ts';

export interface ServicesDeps {
  config: Config;
  logger: Logger;
  database: Database;
  repositories: Repositories;
  events: EventBus;
  mailer: Mailer;
  computers: ComputersService;
  computer: ComputerRow;
  /** Started once the services it feeds exist; meters send their downlinks through it. */
  broker: LateBound<Broker>;
  /** This server's own base URL once it listens: the PDF renderer's page loads the built app from it. */
  address: LateBound<string>;
  /** This server's schema and routes, answering a report PDF's print page in-process: bound by the HTTP wiring. */
  printPage: LateBound<PrintPageServer>;
  closers: Closers;
}

/**
 * Every service, built from the repositories and from services built before it, in that order.
 * The one pair that calls both ways (the ingest tells meters of a learned driver, meters tell the
 * ingest of a changed meter) goes through a late-bound meters service, and meters reach the
 * broker, started after the services, through `deps.broker`.
 */
export async function createServices(deps: ServicesDeps) {
  const { config, logger, repositories, events, mailer, closers } = deps;
  const site = { publicUrl: config.publicUrl, siteName: config.siteName };
  const rateLimits = new RateLimiter(config.rateLimitFactor);

  const sessions = new SessionsService(repositories.sessions, events);
  const accountNotices = new AccountNotices({ repository: repositories.accounts, mailer, events, logger, ...site });
  closers.add(() => accountNotices.flush());
  const accounts = new AccountsService({ repository: repositories.accounts, sessions, notices: accountNotices });
  const accountEmails = new AccountEmailsService({
    repository: repositories.accounts,
    notices: accountNotices,
    rateLimits,
  });
  const signIn = new SignInService({
    repository: repositories.accounts,
    sessions,
    emails: accountEmails,
    notices: accountNotices,
    throttle: new LoginThrottle(config.rateLimitFactor),
    devices: new DeviceCookies(await repositories.accounts.sharedSecret(deviceKeyName, newDeviceKey())),
    rateLimits,
  });
  const outbox = new MailOutbox(mailer, logger);
  closers.add(() => outbox.flush());
  const access = new AccessPolicy(repositories.access);
  const organizations = new OrganizationsService({
    repository: repositories.organizations,
    accounts: repositories.accounts,
    events,
  });
  const attachments = new AttachmentsService(repositories.attachments, path.join(config.dataDir, 'attachments'));
  const projects = new ProjectsService({
    repository: repositories.projects,
    accounts: repositories.accounts,
    attachments,
    events,
  });
  const invitations = new InvitationsService({
    repository: repositories.invitations,
    accounts: repositories.accounts,
    organizations,
    projects,
    outbox,
    events,
    rateLimits,
    ...site,
  });
  const integrations = new IntegrationsService(repositories.integrations);
  if (config.ingestToken) await integrations.ensureSiteWide(config.ingestToken);

  const jobs = new JobQueue(repositories.jobs, logger);
  const alarmNotifications = new AlarmNotifications({
    repository: repositories.alarmNotifications,
    jobs,
    mailer,
    sms: createSmsGateway({
      url: config.smsUrl,
      token: config.smsToken,
      log: (to, text) => {
        if (logger.isLevelEnabled('info')) logger.info({ to, text: text() }, 'SMS not sent: SMS_URL is not set');
      },
    }),
    logger,
    ...site,
    allowPrivateWebhooks: config.webhookAllowPrivate,
    mayReceiveAlarms: (userId, projectId) => access.mayReceiveAlarms(userId, projectId),
  });
  const alarms = new AlarmsService({
    repository: repositories.alarms,
    events,
    projectMembers: async (projectId) => (await repositories.projects.listMembers(projectId)).map((row) => row.user),
    webhookTargetProblem: (url) => webhookTargetProblem(url, config.webhookAllowPrivate),
    sendTest: async (actionId) => {
      await alarmNotifications.sendTest(actionId);
    },
    rateLimits,
  });
  const alarmEpisodes = new AlarmEpisodesService({
    repository: repositories.alarms,
    engine: repositories.alarmEngine,
    events,
    enqueueNotifications: (tx, outcomes) => alarmNotifications.enqueueOutcomes(tx, outcomes),
    notificationsQueued: () => jobs.lookNow(),
  });
  const meterErrors = new MeterErrorsService({
    repository: repositories.meterErrors,
    jobs,
    mailer,
    logger,
    ...site,
    timeZone: config.timeZone,
  });

  const recalculation = new RecalculationService({
    repository: repositories.recalculation,
    tasks: repositories.recalculationTasks,
    jobs,
    events,
    logger,
  });
  const recompute: RecomputeDatasource = {
    enqueue: async (tx, changes, { userId, reason = 'datasource' }) => {
      const enqueue = (within: Transaction) => recalculation.enqueue(within, changes, { reason, userId });
      if (tx) await enqueue(tx);
      else await repositories.recalculation.transaction(enqueue);
    },
    queued: () => recalculation.queued(),
  };
  const calibrations = new CalibrationsService({
    repository: repositories.calibrations,
    recalculationRepository: repositories.recalculation,
    recalculation,
    events,
  });

  const writer = new ReadingWriter({
    repository: repositories.readings,
    onWritten: (batch) => void publishWrittenBatch(events, batch, logger, deps.computer.id),
    logger,
    options: { lanes: deps.database.kind === 'postgres' ? 2 : 1 },
    alarms: repositories.alarmEngine,
    notifications: {
      enqueueOutcomes: (tx, outcomes) => alarmNotifications.enqueueOutcomes(tx, outcomes),
      committed: () => jobs.lookNow(),
    },
  });
  closers.add(() => writer.close());
  const metersLater = lateBound<MetersService>('the meters service');
  const ingest = new IngestService({
    meters: repositories.meters,
    bindings: repositories.applicationBindings,
    applicationBound: (topic, organizationId) => deps.broker.get().applicationBound(topic, organizationId),
    downlinksReachEverySubscriber: Boolean(config.mqttUrl),
    systemErrors: repositories.systemErrors,
    writer,
    events,
    logger,
    driverLearned: (meter) => metersLater.get().decodeKeptReadings(meter),
    readingTimes: {
      earliest: config.readingTimeMin,
      maxAheadMs: config.readingMaxAheadSeconds * 1000,
      now: () => Date.now(),
    },
  });
  const meters = new MetersService({
    repository: repositories.meters,
    systemErrors: repositories.systemErrors,
    events,
    meterChanged: (serial) => {
      ingest.forgetMeter(serial);
      deps.broker.get().forgetApplicationOwners();
    },
    recompute,
    deleteReadings: (request, userId) => recalculation.deleteReadingsInBackground(request, userId),
    storeHistory: async (readings) => {
      await repositories.readings.transaction((tx) => repositories.readings.insertReadings(tx, readings));
    },
  });
  metersLater.set(meters);
  const colors = new ColorsService(repositories.colors, events);
  const limits = new LimitsService(repositories.limits, events);
  const series = new SeriesService({
    repository: repositories.series,
    spaces: repositories.spaces,
    events,
    checkPaletteChoice: async (projectId, choice) => {
      await colors.assertUsable(projectId, choice.colorId);
      await limits.assertUsable(projectId, choice.limitId, choice.dataType);
    },
    meterChannels: (meterId) => meters.channels(meterId),
    meterLatestOwnReading: (meterId) => meters.latestOwnReadingTime(meterId),
    recompute,
  });
  const publicSeries = new PublicSeriesService({
    repository: repositories.series,
    spaces: repositories.spaces,
    seriesWithOpenEpisodes: (seriesIds) => repositories.alarms.seriesWithOpenEpisodes(seriesIds),
  });

  const data = new DataService({
    repository: repositories.data,
    spaces: repositories.spaces,
    series: repositories.series,
  });
  const dataExport = new DataExportService({ data });
  const backgroundExports = new BackgroundExportService({
    repository: repositories.dataExports,
    exports: dataExport,
    access,
    dir: path.join(config.dataDir, 'exports'),
    logger,
    jobs,
  });
  const { weather, weatherData, weatherJobs } = createWeather({
    config,
    repositories,
    jobs,
    events,
    logger,
    rateLimits,
  });
  const reporting = createReporting(deps, { access, attachments, data, jobs, rateLimits });
  const services = {
    access,
    accountEmails,
    accounts,
    alarmEpisodes,
    alarmNotifications,
    alarms,
    attachments,
    bugReports: new BugReportsService(repositories.bugReports, logger, rateLimits),
    calibrations,
    colors,
    classification: new ClassificationService({ repository: repositories.classification }),
    computers: deps.computers,
    data,
    dataExport,
    backgroundExports,
    dataViews: new DataViewsService(repositories.dataViews),
    documents: new DocumentsService(repositories.documents),
    ingest,
    integrations,
    invitations,
    jobs,
    limits,
    meterErrors,
    meters,
    meterCommands: new MeterCommandsService({
      repository: repositories.meterCommands,
      meters: repositories.meters,
      publishDownlink: (topic, body, organizationId) => deps.broker.get().publish(topic, body, organizationId),
    }),
    organizations,
    projectPages: new ProjectPagesService(repositories.projectPages, events),
    recalculation,
    projects,
    ...reporting,
    series,
    publicSeries,
    sessions,
    signIn,
    spaces: new SpacesService(repositories.spaces, events, async (projectId, choices) => {
      await colors.assertUsable(projectId, choices.colorId);
      await weather.assertSpaceChoice(projectId, choices);
      if (choices.weatherLimit != null && choices.weatherDatatype) {
        await limits.assertUsable(projectId, choices.weatherLimit, choices.weatherDatatype).catch((error: unknown) => {
          throw error instanceof AppError
            ? invalidField('weatherLimit', error.issues?.[0]?.message ?? error.message)
            : error;
        });
      }
    }),
    systemErrors: new SystemErrorsService({ repository: repositories.systemErrors, events }),
    ...createSiteAdministration({ ...deps, sessions, meters, pdf: reporting.pdf }),
    weather,
    weatherData,
    weatherJobs,
  };
  return { services, writer };
}

/** The services of GraphQL's context, the REST routes and the jobs, by module. */
export type Services = Awaited<ReturnType<typeof createServices>>['services'];
