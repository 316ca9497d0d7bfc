import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { EventBus } from '../events/event-bus.ts';
import { executeInProcess } from '../graphql/in-process.ts';
import { registerGraphQL } from '../graphql/server.ts';
import { fastifyTrustProxy, proxyTrust } from '../http/client-address.ts';
import { registerCsrfCookie } from '../http/csrf.ts';
import { registerErrorAnswers } from '../http/error-answers.ts';
import { createMetrics, registerHttpMetrics } from '../http/metrics.ts';
import { registerOpenApiRoute } from '../http/openapi.ts';
import { registerSecurityHeaders } from '../http/security-headers.ts';
import { loadSiteLogo, registerSiteLogo } from '../http/site-logo.ts';
import { InProcessRequests, registerViewer } from '../http/viewer.ts';
import { registerWebApp } from '../http/web-app.ts';
import { registerAttachmentRoutes } from '../modules/attachments/attachments.routes.ts';
import { registerDataRoutes } from '../modules/data/data.routes.ts';
import { registerDataExportRoutes } from '../modules/data-export/data-export.routes.ts';
import { registerIngestRoutes } from '../modules/ingest/ingest.routes.ts';
import { registerReportPdfRoutes } from '../modules/report-pdf/report-pdf.routes.ts';
import type { PrintPageServer } from '../modules/report-pdf/report-pdf.service.ts';
import { registerReportScheduleRoutes } from '../modules/report-schedules/report-schedules.routes.ts';
import { registerPublicReportRoutes } from '../modules/reports/public-reports.routes.ts';
import { registerTranslationRoutes } from '../modules/translations/translations.routes.ts';
import { registerWeatherRoutes } from '../modules/weather/weather.routes.ts';
import type { Broker } from '../mqtt/broker.ts';
import { defaultWebDist } from '../paths.ts';
import type { Closers } from './closers.ts';
import type { LateBound } from './late-bound.ts';
import type { Services } from './services.ts';

/** How long answers still being sent may take when the server closes, ms. */
const closeGraceMs = 5000;

/** The REST routes under /api: a module with routes of its own adds its line here. */
export function registerRoutes(app: FastifyInstance, services: Services): void {
  registerAttachmentRoutes(app, services);
  registerDataRoutes(app, services);
  registerDataExportRoutes(app, services);
  registerOpenApiRoute(app);
  registerIngestRoutes(app, services);
  registerPublicReportRoutes(app, services);
  registerReportPdfRoutes(app, services);
  registerReportScheduleRoutes(app, services);
  registerTranslationRoutes(app, services);
  registerWeatherRoutes(app, services);
}

/**
 * The schema and routes a report PDF's print page is answered by: GraphQL in-process, and GETs of the routes as a
 * browser's, with the rights the PDF's asker has.
 */
function printPageServer(
  app: FastifyInstance,
  deps: { services: Services; events: EventBus },
  inProcess: InProcessRequests,
): PrintPageServer {
  return {
    query: (access, document, variables) => executeInProcess(deps, access, document, variables),
    async get(access, path) {
      const response = await inProcess.inject(app, access, { method: 'GET', url: path });
      return {
        status: response.statusCode,
        contentType: String(response.headers['content-type'] ?? 'application/octet-stream'),
        body: response.rawPayload,
      };
    },
  };
}

/** GET /healthz: the database and the broker, up or down (503 while the database is down). */
function registerHealthCheck(app: FastifyInstance, database: Database, broker: Broker): void {
  app.get('/healthz', async (_request, reply) => {
    const databaseUp = await database.ping();
    const body = {
      status: databaseUp ? 'ok' : 'error',
      database: { status: databaseUp ? 'up' : 'down', kind: database.kind },
      broker: { status: broker.isUp() ? 'up' : 'down', kind: broker.kind },
    };
    return reply.code(databaseUp ? 200 : 503).send(body);
  });
}

/**
 * Fastify with what every answer shares (errors, security headers, cookies, CSRF, the viewer,
 * metrics), then the routes: health, REST, GraphQL, and the web app, whose not-found handler
 * answers every other path.
 */
export async function createHttpApp(
  deps: {
    config: Config;
    logger: Logger;
    database: Database;
    broker: Broker;
    events: EventBus;
    services: Services;
    /** Bound here: the report PDF's print page is answered by this app's schema and routes. */
    printPage: LateBound<PrintPageServer>;
  },
  closers: Closers,
): Promise<FastifyInstance> {
  const { config, services, broker } = deps;
  const inProcess = new InProcessRequests();
  const app: FastifyInstance = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    // A print page's requests are part of its PDF's request, logged as that.
    logController: new LogController({ disableRequestLogging: (request) => !!inProcess.accessOf(request.headers) }),
    // Client IPs (limits per IP, logs) come from X-Forwarded-For only through the proxies TRUST_PROXY names.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
  });
  closers.add(async () => {
    // Node holds a keep-alive connection whose last answer was a stream (a file, an export) as busy until its
    // keep-alive timeout (72 s), so closing would wait that long: answers in flight get a grace, then the rest close.
    const grace = setTimeout(() => app.server.closeAllConnections(), closeGraceMs);
    try {
      await app.close();
    } finally {
      clearTimeout(grace);
    }
  });
  registerErrorAnswers(app);
  registerSecurityHeaders(app, { publicUrl: config.publicUrl });
  const secureCookies = config.publicUrl.startsWith('https:');
  const metrics = createMetrics();
  await app.register(fastifyCookie);
  registerCsrfCookie(app, secureCookies);
  registerViewer(app, services, inProcess);
  registerHttpMetrics(app, metrics, { token: config.metricsToken });

  registerHealthCheck(app, deps.database, broker);
  registerRoutes(app, services);
  const graphql = registerGraphQL(app, {
    services,
    events: deps.events,
    metrics,
    logger: deps.logger,
    secureCookies,
    proxyTrust: proxyTrust(config.trustProxy),
    allowedOrigins: [new URL(config.publicUrl).origin],
  });
  closers.add(() => graphql.close());
  deps.printPage.set(printPageServer(app, deps, inProcess));
  const siteLogo = loadSiteLogo(config.siteLogoFile);
  registerSiteLogo(app, siteLogo);
  await registerWebApp(app, {
    distDir: config.webDist ?? defaultWebDist,
    siteName: config.siteName,
    siteLogoUrl: siteLogo?.url,
    contactEmail: config.contactEmail,
    contactPhone: config.contactPhone,
    mqttPort: broker.kind === 'embedded' ? broker.port : undefined,
    exportBackgroundCells: config.exportBackgroundCells,
  });
  return app;
}
