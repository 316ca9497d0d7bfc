import os from 'node:os';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import { createMailer } from './channels/mail/mailer.ts';
import { MailOutbox } from './channels/mail/outbox.ts';
import { createSmsGateway } from './channels/sms/sms-gateway.ts';
import { webhookTargetProblem } from './channels/webhook/webhook-delivery.ts';
import type { Config } from './config.ts';
import { type Database, openDatabase } from './db/database.ts';
import { type EmbeddedDatabase, startEmbeddedDatabase } from './db/pglite-process.ts';
import { createLocalEventBus, createRedisEventBus, type EventBus } from './events/event-bus.ts';
import type { Services } from './graphql/context.ts';
import { registerGraphQL } from './graphql/server.ts';
import { registerCsrfCookie } from './http/csrf.ts';
import { registerErrorAnswers } from './http/error-answers.ts';
import { createMetrics, registerHttpMetrics } from './http/metrics.ts';
import { registerOpenApiRoute } from './http/openapi.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerWebApp } from './http/web-app.ts';
import { AccessPolicy } from './modules/access/access.policy.ts';
import { AccessRepository } from './modules/access/access.repository.ts';
import { AccountsRepository } from './modules/accounts/accounts.repository.ts';
import { AccountsService } from './modules/accounts/accounts.service.ts';
import { LoginThrottle } from './modules/accounts/login-throttle.ts';
import { AlarmEngineRepository } from './modules/alarms/alarm-engine.repository.ts';
import { AlarmNotificationsRepository } from './modules/alarms/alarm-notifications.repository.ts';
import { AlarmNotifications } from './modules/alarms/alarm-notifications.ts';
import { AlarmsRepository } from './modules/alarms/alarms.repository.ts';
import { AlarmsService } from './modules/alarms/alarms.service.ts';
import { AttachmentsRepository } from './modules/attachments/attachments.repository.ts';
import { registerAttachmentRoutes } from './modules/attachments/attachments.routes.ts';
import { AttachmentsService } from './modules/attachments/attachments.service.ts';
import { BugReportsRepository } from './modules/bug-reports/bug-reports.repository.ts';
import { BugReportsService } from './modules/bug-reports/bug-reports.service.ts';
import { CalibrationsRepository } from './modules/calibrations/calibrations.repository.ts';
import { CalibrationsService } from './modules/calibrations/calibrations.service.ts';
import { type ComputerRow, ComputersRepository } from './modules/computers/computers.repository.ts';
import { ComputersService } from './modules/computers/computers.service.ts';
import { DataRepository } from './modules/data/data.repository.ts';
import { registerDataRoutes } from './modules/data/data.routes.ts';
import { DataService } from './modules/data/data.service.ts';
import { registerDataExportRoutes } from './modules/data-export/data-export.routes.ts';
import { DataExportService } from './modules/data-export/data-export.service.ts';
import { DataViewsRepository } from './modules/data-views/data-views.repository.ts';
import { DataViewsService } from './modules/data-views/data-views.service.ts';
import { registerIngestRoutes } from './modules/ingest/ingest.routes.ts';
import { IngestService } from './modules/ingest/ingest.service.ts';
import { publishWrittenBatch } from './modules/ingest/live-events.ts';
import { ReadingWriter } from './modules/ingest/reading-writer.ts';
import { ReadingsRepository } from './modules/ingest/readings.repository.ts';
import { providerOfTopic } from './modules/ingest/uplink-formats.ts';
import { IntegrationsRepository } from './modules/integrations/integrations.repository.ts';
import { IntegrationsService } from './modules/integrations/integrations.service.ts';
import { InvitationsRepository } from './modules/invitations/invitations.repository.ts';
import { InvitationsService } from './modules/invitations/invitations.service.ts';
import { JobsRepository } from './modules/jobs/jobs.repository.ts';
import { JobQueue, purgeDoneJobsSchedule } from './modules/jobs/jobs.service.ts';
import { MeterCommandsRepository } from './modules/meter-commands/meter-commands.repository.ts';
import { MeterCommandsService } from './modules/meter-commands/meter-commands.service.ts';
import { MeterErrorsRepository } from './modules/meter-errors/meter-errors.repository.ts';
import { MeterErrorsService } from './modules/meter-errors/meter-errors.service.ts';
import { MetersRepository } from './modules/meters/meters.repository.ts';
import { MetersService } from './modules/meters/meters.service.ts';
import { OrganizationsRepository } from './modules/organizations/organizations.repository.ts';
import { OrganizationsService } from './modules/organizations/organizations.service.ts';
import { ProjectPagesRepository } from './modules/project-pages/project-pages.repository.ts';
import { ProjectPagesService } from './modules/project-pages/project-pages.service.ts';
import { ProjectsRepository } from './modules/projects/projects.repository.ts';
import { ProjectsService } from './modules/projects/projects.service.ts';
import { RecalculationRepository } from './modules/recalculation/recalculation.repository.ts';
import { RecalculationService } from './modules/recalculation/recalculation.service.ts';
import { SeriesRepository } from './modules/series/series.repository.ts';
import { type RecomputeDatasource, SeriesService } from './modules/series/series.service.ts';
import { SessionsRepository } from './modules/sessions/sessions.repository.ts';
import { SessionsService } from './modules/sessions/sessions.service.ts';
import { SpacesRepository } from './modules/spaces/spaces.repository.ts';
import { SpacesService } from './modules/spaces/spaces.service.ts';
import { SystemErrorsRepository } from './modules/system-errors/system-errors.repository.ts';
import { SystemErrorsService } from './modules/system-errors/system-errors.service.ts';
import { type Broker, startBroker } from './mqtt/broker.ts';
import { defaultWebDist } from './paths.ts';
import { RateLimiter } from './shared/rate-limits.ts';

export interface OloServer {
  app: FastifyInstance;
  config: Config;
  database: Database;
  broker: Broker;
  events: EventBus;
  services: Services;
  /** This instance, as registered in the computers table. */
  computer: ComputerRow;
  logger: Logger;
  /** Listens on config.port (0: any free port) and returns the base URL. */
  listen(): Promise<string>;
  close(): Promise<void>;
}

export function createLogger(config: Pick<Config, 'logLevel'>): Logger {
  return pino({ level: config.logLevel, base: undefined });
}

/**
 * Wires Olo together: data folder lock, database (migrated), event bus, mail, MQTT broker,
 * services, HTTP routes and GraphQL. Everything it opens, `close()` closes, in reverse order.
 */
export async function createServer(
  config: Config,
  logger: Logger = createLogger(config),
  /** The embedded database if the caller already started it (see main.ts); ignored with DATABASE_URL. */
  embedded?: EmbeddedDatabase,
): Promise<OloServer> {
  const closers: Array<() => Promise<void> | void> = [];
  const close = async () => {
    for (const closer of closers.reverse()) {
      try {
        await closer();
      } catch (error) {
        logger.error({ err: error }, 'error while shutting down');
      }
    }
    closers.length = 0;
  };
  try {
    let database: Database;
    if (config.databaseUrl) {
      database = await openDatabase({ databaseUrl: config.databaseUrl });
    } else {
      const { host, releaseLock } = embedded ?? startEmbeddedDatabase(config.dataDir);
      closers.push(releaseLock);
      // Stops the PGlite child even when opening fails after it started.
      closers.push(() => host.then((started) => started.stop()).catch(() => {}));
      database = await openDatabase({ pgliteHost: host });
    }
    closers.push(() => database.close());

    const computers = new ComputersService({ repository: new ComputersRepository(database.db), logger });
    const computer = await computers.start(config.instanceName, os.hostname());
    closers.push(() => computers.close());

    const events = config.redisUrl ? await createRedisEventBus(config.redisUrl) : createLocalEventBus();
    closers.push(() => events.close());

    const mailer = createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      mailDir: path.join(config.dataDir, 'mail'),
      logger,
    });
    closers.push(() => mailer.close());

    const sessions = new SessionsService(new SessionsRepository(database.db), events);
    const rateLimiter = new RateLimiter(config.rateLimitFactor);
    const accounts = new AccountsService({
      repository: new AccountsRepository(database.db),
      sessions,
      mailer,
      events,
      throttle: new LoginThrottle(config.rateLimitFactor),
      limits: rateLimiter,
      logger,
      publicUrl: config.publicUrl,
      siteName: config.siteName,
    });
    closers.push(() => accounts.flushMail());
    const outbox = new MailOutbox(mailer, logger);
    closers.push(() => outbox.flush());
    const accountsRepository = new AccountsRepository(database.db);
    const access = new AccessPolicy(new AccessRepository(database.db));
    const organizations = new OrganizationsService({
      repository: new OrganizationsRepository(database.db),
      accounts: accountsRepository,
      events,
    });
    const attachments = new AttachmentsService(
      new AttachmentsRepository(database.db),
      path.join(config.dataDir, 'attachments'),
    );
    const projectsRepository = new ProjectsRepository(database.db);
    const projects = new ProjectsService({
      repository: projectsRepository,
      accounts: accountsRepository,
      attachments,
      events,
    });
    const integrations = new IntegrationsService(new IntegrationsRepository(database.db));
    if (config.ingestToken) await integrations.ensureSiteWide(config.ingestToken);
    const alarmsRepository = new AlarmsRepository(database.sql, database.db);
    const alarmEngineRepository = new AlarmEngineRepository(database.sql);
    const jobsRepository = new JobsRepository(database.sql);
    const jobs = new JobQueue(jobsRepository, logger);
    const alarmNotifications = new AlarmNotifications({
      repository: new AlarmNotificationsRepository(database.sql),
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
      publicUrl: config.publicUrl,
      siteName: config.siteName,
      allowPrivateWebhooks: config.webhookAllowPrivate,
      mayReceiveAlarms: (userId, projectId) => access.mayReceiveAlarms(userId, projectId),
    });
    jobs.define(alarmNotifications.notifyJob, alarmNotifications.deliverJob);
    const readingsRepository = new ReadingsRepository(database.sql, computer.id);
    const writer = new ReadingWriter(
      readingsRepository,
      (batch) => void publishWrittenBatch(events, batch, logger, computer.id),
      logger,
      { lanes: database.kind === 'postgres' ? 2 : 1 },
      alarmEngineRepository,
      {
        enqueueOutcomes: (tx, outcomes) => alarmNotifications.enqueueOutcomes(tx, outcomes),
        committed: () => jobs.lookNow(),
      },
    );
    closers.push(() => writer.close());
    const meters = new MetersRepository(database.db);
    const systemErrors = new SystemErrorsRepository(database.db, computer.id);
    const ingest = new IngestService({
      meters,
      systemErrors,
      writer,
      events,
      logger,
      driverLearned: (meter) => metersService.decodeKeptReadings(meter),
      readingTimes: {
        earliest: config.readingTimeMin,
        maxAheadMs: config.readingMaxAheadSeconds * 1000,
        now: () => Date.now(),
      },
    });
    const recalculationRepository = new RecalculationRepository(database.sql);
    const recalculation = new RecalculationService({ repository: recalculationRepository, events, logger });
    const recompute: RecomputeDatasource = async (change) => {
      await recalculation.recomputeSeries(change);
    };
    const calibrations = new CalibrationsService({
      repository: new CalibrationsRepository(database.sql),
      recalculationRepository,
      recalculation,
      events,
    });
    const seriesService = new SeriesService({
      repository: new SeriesRepository(database.db),
      spaces: new SpacesRepository(database.db),
      events,
      meterChannels: (meterId) => metersService.channels(meterId),
      recompute,
    });
    const metersService: MetersService = new MetersService({
      repository: meters,
      systemErrors,
      events,
      meterChanged: (serial) => {
        ingest.forgetMeter(serial);
        broker.forgetApplicationOwners();
      },
      recompute,
      deleteReadings: (request) => recalculation.deleteReadings(request),
      storeHistory: async (readings) => {
        await readingsRepository.transaction((tx) => readingsRepository.insertReadings(tx, readings));
      },
    });
    const meterErrors = new MeterErrorsService({
      repository: new MeterErrorsRepository(database.sql),
      jobs,
      mailer,
      logger,
      publicUrl: config.publicUrl,
      siteName: config.siteName,
      timeZone: config.timeZone,
    });
    jobs.define(meterErrors.mailJob);
    jobs.schedule(meterErrors.schedule);
    jobs.schedule(purgeDoneJobsSchedule(jobsRepository));
    const alarms = new AlarmsService({
      repository: alarmsRepository,
      engine: alarmEngineRepository,
      events,
      projectMembers: async (projectId) => (await projectsRepository.listMembers(projectId)).map((row) => row.user),
      webhookTargetProblem: (url) => webhookTargetProblem(url, config.webhookAllowPrivate),
      enqueueNotifications: (tx, outcomes) => alarmNotifications.enqueueOutcomes(tx, outcomes),
      notificationsQueued: () => jobs.lookNow(),
      sendTest: async (actionId) => {
        await alarmNotifications.sendTest(actionId);
      },
      limits: rateLimiter,
    });
    jobs.schedule(alarms.missingDataSchedule);

    const services: Services = {
      accounts,
      data: new DataService({
        repository: new DataRepository(database.sql, { parallel: database.kind === 'postgres' ? 2 : 1 }),
        spaces: new SpacesRepository(database.db),
        series: new SeriesRepository(database.db),
      }),
      dataViews: new DataViewsService(new DataViewsRepository(database.db)),
      alarms,
      alarmNotifications,
      computers,
      ingest,
      jobs,
      meterErrors,
      integrations,
      meters: metersService,
      meterCommands: new MeterCommandsService({
        repository: new MeterCommandsRepository(database.db),
        meters,
        publishDownlink: (topic, body, organizationId) => broker.publish(topic, body, organizationId),
      }),
      systemErrors: new SystemErrorsService({ repository: systemErrors, events }),
      series: seriesService,
      calibrations,
      sessions,
      bugReports: new BugReportsService(new BugReportsRepository(database.db), logger, rateLimiter),
      access,
      organizations,
      projects,
      spaces: new SpacesService(new SpacesRepository(database.db), events),
      projectPages: new ProjectPagesService(new ProjectPagesRepository(database.db), events),
      invitations: new InvitationsService({
        repository: new InvitationsRepository(database.db),
        accounts: accountsRepository,
        organizations,
        projects,
        outbox,
        events,
        limits: rateLimiter,
        publicUrl: config.publicUrl,
        siteName: config.siteName,
      }),
      attachments,
    };

    const broker = await startBroker({
      url: config.mqttUrl,
      clientId: config.mqttClientId,
      port: config.mqttPort,
      host: config.host,
      logger,
      authenticate: (username, password) => integrations.byMqttCredentials(username, password),
      // Its own counts: a network server's failures must not block a web user's login, nor the reverse.
      throttle: new LoginThrottle(config.rateLimitFactor),
      applicationOwners: ({ provider, application }) => meters.organizationsOfApplication(provider, application),
      hasRoom: () => writer.hasRoom,
      onUplink: async (topic, payload, sender) => {
        const provider = providerOfTopic(topic);
        if (provider) await ingest.acceptMessage(provider, payload, sender, topic);
      },
      onWrongKind: (topic, sender) => ingest.recordWrongKind(topic, sender),
      onForeignTopic: (topic, sender) => ingest.recordForeignTopic(topic, sender),
    });
    closers.push(() => broker.close());

    const app: FastifyInstance = Fastify({
      loggerInstance: logger as FastifyBaseLogger,
      // Client IPs (login limits, logs) come from X-Forwarded-For only behind a trusted proxy.
      trustProxy: config.trustProxy,
      bodyLimit: 1024 * 1024,
    });
    closers.push(() => app.close());
    registerErrorAnswers(app);
    registerSecurityHeaders(app, { publicUrl: config.publicUrl });
    const secureCookies = config.publicUrl.startsWith('https:');
    const metrics = createMetrics();
    await app.register(fastifyCookie);
    registerCsrfCookie(app, secureCookies);
    registerHttpMetrics(app, metrics, { token: config.metricsToken, trustProxy: config.trustProxy });

    app.get('/healthz', async (_request, reply) => {
      const databaseUp = await database.ping();
      const body = {
        status: databaseUp ? 'ok' : 'error',
        database: { status: databaseUp ? 'up' : 'down', kind: database.kind },
        broker: { status: broker.isUp() ? 'up' : 'down', kind: broker.kind },
      };
      return reply.code(databaseUp ? 200 : 503).send(body);
    });

    registerAttachmentRoutes(app, services);
    registerDataRoutes(app, services);
    registerDataExportRoutes(app, { ...services, dataExport: new DataExportService({ data: services.data }) });
    registerOpenApiRoute(app);
    registerIngestRoutes(app, { ingest, integrations });

    const graphql = registerGraphQL(app, {
      services,
      events,
      metrics,
      logger,
      secureCookies,
      allowedOrigins: [new URL(config.publicUrl).origin],
    });
    closers.push(() => graphql.close());

    await registerWebApp(app, {
      distDir: config.webDist ?? defaultWebDist,
      siteName: config.siteName,
      contactEmail: config.contactEmail,
      contactPhone: config.contactPhone,
      mqttPort: broker.kind === 'embedded' ? broker.port : undefined,
    });

    await jobs.start();
    closers.push(() => jobs.close());

    return {
      app,
      config,
      database,
      broker,
      events,
      services,
      computer,
      logger,
      async listen() {
        await app.listen({ port: config.port, host: config.host });
        const address = app.server.address();
        const port = address && typeof address === 'object' ? address.port : config.port;
        return `http://localhost:${port}`;
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
