import type { FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { EmbeddedDatabase } from './db/pglite-process.ts';
import type { EventBus } from './events/event-bus.ts';
import type { ComputerRow } from './modules/computers/computers.repository.ts';
import type { PrintPageServer } from './modules/report-pdf/report-pdf.service.ts';
import type { Broker } from './mqtt/broker.ts';
import { connectBroker } from './wiring/broker.ts';
import { Closers } from './wiring/closers.ts';
import { createHttpApp } from './wiring/http.ts';
import { defineJobs } from './wiring/jobs.ts';
import { lateBound } from './wiring/late-bound.ts';
import { openEventBus, openMailer } from './wiring/messaging.ts';
import { createRepositories } from './wiring/repositories.ts';
import { createServices, type Services } from './wiring/services.ts';
import { openStorage, registerComputer } from './wiring/storage.ts';

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
 * Wires Olo together, one step a line (the steps are in `wiring/`): data folder lock and database
 * (migrated), this instance, event bus, mail, repositories, services and jobs, MQTT broker, HTTP
 * routes and GraphQL. Everything a step opens, `close()` closes, in reverse order.
 */
export async function createServer(
  config: Config,
  logger: Logger = createLogger(config),
  /** The embedded database if the caller already started it (see main.ts); ignored with DATABASE_URL. */
  embedded?: EmbeddedDatabase,
): Promise<OloServer> {
  const closers = new Closers(logger);
  const close = () => closers.closeAll();
  try {
    const database = await openStorage(config, closers, embedded);
    const { computers, computer } = await registerComputer(database, config, logger, closers);
    const events = await openEventBus(config, closers);
    const mailer = openMailer(config, logger, closers);
    const repositories = createRepositories(database, computer.id);
    // The broker feeds the ingest, so it starts after the services; meters send downlinks through it.
    const brokerLater = lateBound<Broker>('the MQTT broker');
    // Known once listening; the PDF renderer's page is loaded from it.
    const addressLater = lateBound<string>("this server's address");
    // The report PDF's print page is answered by the HTTP app's schema and routes, made after the services.
    const printPageLater = lateBound<PrintPageServer>('the print page server');
    const { services, writer } = await createServices({
      config,
      logger,
      database,
      repositories,
      events,
      mailer,
      computers,
      computer,
      broker: brokerLater,
      address: addressLater,
      printPage: printPageLater,
      closers,
    });
    defineJobs(services, repositories, logger);
    const broker = await connectBroker({ config, logger, services, repositories, writer }, closers);
    brokerLater.set(broker);
    const app = await createHttpApp(
      { config, logger, database, broker, events, services, printPage: printPageLater },
      closers,
    );
    await services.jobs.start();
    closers.add(() => services.jobs.close());

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
        // Chromium reaches this server on the address it listens on; a wildcard one is reachable on loopback.
        const wildcard = ['0.0.0.0', '::', ''].includes(config.host);
        const host = wildcard ? '127.0.0.1' : config.host.includes(':') ? `[${config.host}]` : config.host;
        addressLater.set(`http://${host}:${port}`);
        return `http://localhost:${port}`;
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
