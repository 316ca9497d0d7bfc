import os from 'node:os';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { type Database, openDatabase } from '../db/database.ts';
import { type EmbeddedDatabase, startEmbeddedDatabase } from '../db/pglite-process.ts';
import { type ComputerRow, ComputersRepository } from '../modules/computers/computers.repository.ts';
import { ComputersService } from '../modules/computers/computers.service.ts';
import type { Closers } from './closers.ts';

/** The database, migrated: DATABASE_URL's, or the embedded PGlite on a locked data folder. */
export async function openStorage(config: Config, closers: Closers, embedded?: EmbeddedDatabase): Promise<Database> {
  let database: Database;
  if (config.databaseUrl) {
    database = await openDatabase({ databaseUrl: config.databaseUrl });
  } else {
    const { host, releaseLock } = embedded ?? startEmbeddedDatabase(config.dataDir);
    closers.add(releaseLock);
    // Stops the PGlite child even when opening fails after it started.
    closers.add(() => host.then((started) => started.stop()).catch(() => {}));
    database = await openDatabase({ pgliteHost: host });
  }
  closers.add(() => database.close());
  return database;
}

/**
 * This instance in the computers table, before anything else is built: the rows it writes
 * (readings' latest values, meters' errors) name it.
 */
export async function registerComputer(
  database: Database,
  config: Config,
  logger: Logger,
  closers: Closers,
): Promise<{ computers: ComputersService; computer: ComputerRow }> {
  const computers = new ComputersService({ repository: new ComputersRepository(database.db), logger });
  const computer = await computers.start(config.instanceName, os.hostname());
  closers.add(() => computers.close());
  return { computers, computer };
}
