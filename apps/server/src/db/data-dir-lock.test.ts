import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

describe('data folder lock', () => {
  it('refuses a folder another live process holds, naming it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'olo-lock-'));
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      fs.writeFileSync(path.join(dir, 'olo.lock'), String(holder.pid));
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(`Another Olo (pid ${holder.pid}) is using the data folder ${dir}`);
    } finally {
      holder.kill();
    }
  });

  it('takes over a lock left by a process that died, and releases it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'olo-lock-'));
    fs.writeFileSync(path.join(dir, 'olo.lock'), '999999999');
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'olo.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'olo.lock'))).toBe(false);
  });
});
