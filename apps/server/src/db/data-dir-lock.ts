import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite takes no lock between processes: a second process on the same folder silently loses its
 * committed rows. An exclusively created lock file holding our pid keeps a second Olo out; a lock
 * left by a dead process is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'olo.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        fs.rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10);
      if (Number.isInteger(pid) && pid !== process.pid && isRunning(pid)) {
        throw new DataDirLockedError(
          `Another Olo (pid ${pid}) is using the data folder ${dataDir}. Stop it first, or set DATA_DIR to another folder.`,
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dataDir}.`);
}
