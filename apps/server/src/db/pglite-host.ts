/**
 * Child process that owns the embedded PGlite database and serves it over a unix socket with the
 * PostgreSQL wire protocol. PGlite runs queries on the calling thread (a 1 s query stops every
 * timer of its process), so it must not share the server's event loop.
 *
 * Protocol with the parent (IPC): receives nothing; sends {type:'ready', socketPath} or
 * {type:'error', message}. Exits when the parent disconnects.
 */
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const [dataPath, socketPath] = process.argv.slice(2);

async function main() {
  if (!dataPath || !socketPath || !process.send) throw new Error('usage: pglite-host <dataPath> <socketPath> (forked)');
  fs.rmSync(socketPath, { force: true });
  const db = await PGlite.create(dataPath);
  const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 1 });
  await server.start();
  process.send({ type: 'ready', socketPath });
  const shutdown = async () => {
    await server.stop().catch(() => {});
    await db.close().catch(() => {});
    fs.rmSync(socketPath, { force: true });
    process.exit(0);
  };
  process.on('disconnect', shutdown);
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', () => {});
}

main().catch((error: unknown) => {
  process.send?.({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  process.exit(1);
});
