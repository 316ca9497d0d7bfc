import path from 'node:path';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { startEmbeddedDatabase } from './db/pglite-process.ts';

async function main() {
  const config = loadConfig();
  // PGlite boots in its own process while this one loads the rest of the server (a dynamic import,
  // which the build puts in a separate chunk): the two take about as long, so start-up overlaps them.
  const embedded = config.databaseUrl ? undefined : startEmbeddedDatabase(config.dataDir);
  const { createLogger, createServer } = await import('./app.ts');
  const { demoUser, seedDemoData } = await import('./seed/demo-data.ts');
  const logger = createLogger(config);
  const server = await createServer(config, logger, embedded);
  await server.services.sessions.purgeExpired();
  const admin = await server.services.accounts.ensureSiteAdmin(config.adminPassword);
  if (admin?.password) {
    // Printed once, on the start that creates the admin; it is not stored anywhere in clear text.
    console.log(`\nCreated the site admin. Username: admin  Password: ${admin.password}\n`);
  }
  const shippedHelp = await server.services.documents.writeShippedHelp();
  if (shippedHelp > 0) logger.info({ documents: shippedHelp }, 'shipped help documents written');
  let demoSimulation: { stop(): Promise<void> } | undefined;
  if (config.demoData) {
    const demo = await seedDemoData({ db: server.database.db, accounts: server.services.accounts });
    if (demo.created) logger.info(`demo data created; sign in as ${demoUser.username} / ${demoUser.password}`);
    // The demo meters send readings, in process, so that a fresh start shows live values.
    const { seedDemoMeters } = await import('./seed/demo-meters.ts');
    const { publishToIngest, startDemoSimulation } = await import('./simulator/simulation.ts');
    await seedDemoMeters(server.database.db);
    const { seedDemoAlarms } = await import('./seed/demo-alarms.ts');
    await seedDemoAlarms(server.database.db);
    const { seedDemoReports } = await import('./seed/demo-reports.ts');
    await seedDemoReports({ db: server.database.db, attachmentsDir: path.join(config.dataDir, 'attachments') });
    demoSimulation = startDemoSimulation({
      publish: publishToIngest(server.services.ingest),
      onError: (error) => logger.warn({ err: error }, 'demo uplink failed'),
    });
  }
  const url = await server.listen();
  let demoHistory: Promise<void> | undefined;
  let stopStructureFeed: (() => void) | undefined;
  if (config.demoData) {
    // Three months of history, on a fresh database only and after the server answers, so that it never delays
    // start-up; it is older than the simulator's live day, so the two never write the same readings.
    const { seedDemoHistory, startDemoStructureFeed } = await import('./seed/demo-history.ts');
    const { seedDemoWeather } = await import('./seed/demo-weather.ts');
    const deps = { db: server.database.db, sql: server.database.sql, events: server.events };
    demoHistory = seedDemoHistory(deps).then(
      async (history) => {
        if (history.created) logger.info({ values: history.values, episodes: history.episodes }, 'demo history stored');
        // Outdoor weather beside the readings: Kaisaniemi's, three months generated, then FMI's where it answers.
        await seedDemoWeather(deps).catch((error: unknown) => logger.warn({ err: error }, 'demo weather failed'));
        // The slab RH has no meter for the simulation to send: its hand readings go on from where the history ends.
        stopStructureFeed = startDemoStructureFeed(deps, (error) =>
          logger.warn({ err: error }, 'demo slab reading failed'),
        );
      },
      (error: unknown) => logger.warn({ err: error }, 'demo history failed'),
    );
  }
  console.log(`Olo is running at ${config.publicUrl === `http://localhost:${config.port}` ? url : config.publicUrl}`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    await demoSimulation?.stop();
    await demoHistory;
    stopStructureFeed?.();
    await server.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('Olo failed to start:', error);
  }
  process.exit(1);
});
