import { fork } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { lockDataDir } from './data-dir-lock.ts';

export interface PgliteHost {
  socketPath: string;
  stop(): Promise<void>;
}

/** Entry of the PGlite child: the .ts source under tsx and Vitest, the bundled .js in a build. */
function pgliteHostEntry(): { file: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  const ext = path.extname(here);
  // Source: next to this file. Bundle: dist/pglite-host.js next to dist/main.js, which holds this code.
  const file = path.join(path.dirname(here), `pglite-host${ext}`);
  return { file, execArgv: ext === '.ts' ? ['--import', 'tsx'] : [] };
}

/** Forks the PGlite child on `dataPath` and resolves once it accepts connections on its unix socket. */
export async function startPgliteHost(dataPath: string): Promise<PgliteHost> {
  fs.mkdirSync(dataPath, { recursive: true });
  // A unix socket path must stay under ~104 bytes, so long data folders use the temp folder.
  const id = crypto.createHash('sha256').update(dataPath).digest('hex').slice(0, 12);
  const candidate = path.join(path.dirname(dataPath), '.s.olo-pglite');
  const socketPath = candidate.length < 100 ? candidate : path.join(os.tmpdir(), `olo-pglite-${id}.sock`);
  const { file, execArgv } = pgliteHostEntry();
  const child = fork(file, [dataPath, socketPath], { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  await new Promise<void>((resolve, reject) => {
    child.once('message', (message: { type: string; message?: string }) =>
      message.type === 'ready' ? resolve() : reject(new Error(`PGlite failed to start: ${message.message}`)),
    );
    child.once('exit', (code) => reject(new Error(`PGlite process exited with code ${code}`)));
  });
  let stopping: Promise<void> | undefined;
  // Disconnecting makes the child close PGlite cleanly and exit.
  const stop = () =>
    (stopping ??= new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.disconnect();
    }));
  return { socketPath, stop };
}

/** The embedded database being started: the data folder locked and the PGlite child booting. */
export interface EmbeddedDatabase {
  host: Promise<PgliteHost>;
  releaseLock: () => void;
}

/**
 * Locks `dataDir` and starts PGlite on `dataDir/db` without waiting for it. PGlite takes a second
 * or two to open, about as long as loading the rest of the server, so `main` starts it first.
 */
export function startEmbeddedDatabase(dataDir: string): EmbeddedDatabase {
  const releaseLock = lockDataDir(dataDir);
  const host = startPgliteHost(path.join(dataDir, 'db'));
  // Awaited later by openDatabase; a failure must not count as unhandled meanwhile.
  host.catch(() => {});
  return { host, releaseLock };
}
