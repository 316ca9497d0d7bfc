#!/usr/bin/env node
/**
 * Start-up benchmark (npm run bench): time from spawning the built server to its first healthy
 * /healthz answer, on a fresh data folder (cold: initdb, migrations, admin) and on an existing one
 * (warm, what a second `npm start` costs). Baseline in the same run: a bare process that only opens
 * and closes the same PGlite folder, the floor any start pays. Target: warm start under 5 s.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildAll } from '../scripts/build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.env.BENCH_RUNS ?? 5);
const targetMs = 5000;
const port = 3997;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function timeServerStart(dataDir) {
  const started = performance.now();
  const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      MQTT_PORT: '0',
      LOG_LEVEL: 'warn',
      OLO_ADMIN_PASSWORD: 'bench-password',
    },
  });
  try {
    while (true) {
      if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
}

async function timePgliteOpen(dataDir) {
  const started = performance.now();
  const script = `import { PGlite } from '@electric-sql/pglite'; const db = await PGlite.create(${JSON.stringify(path.join(dataDir, 'db'))}); await db.query('select 1'); await db.close();`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: path.join(root, 'apps/server'),
    stdio: 'inherit',
  });
  await new Promise((resolve, reject) =>
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`exit ${code}`)))),
  );
  return performance.now() - started;
}

await buildAll();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'olo-bench-'));
try {
  const cold = await timeServerStart(dataDir);
  const warm = [];
  const baseline = [];
  for (let run = 0; run < runs; run++) {
    baseline.push(await timePgliteOpen(dataDir));
    warm.push(await timeServerStart(dataDir));
  }
  const warmMedian = median(warm);
  const baselineMedian = median(baseline);
  console.log(`start-up, ${runs} runs, node ${process.version}`);
  console.log(`  cold start (new data folder)        ${cold.toFixed(0)} ms`);
  console.log(
    `  warm start (existing data folder)   median ${warmMedian.toFixed(0)} ms  [${warm.map((ms) => ms.toFixed(0)).join(', ')}]`,
  );
  console.log(
    `  baseline "pglite-open" (bare open)  median ${baselineMedian.toFixed(0)} ms  [${baseline.map((ms) => ms.toFixed(0)).join(', ')}]`,
  );
  console.log(`  warm start / baseline               ${(warmMedian / baselineMedian).toFixed(2)}x`);
  console.log(`  target warm start < ${targetMs} ms          ${warmMedian < targetMs ? 'met' : 'MISSED'}`);
  if (warmMedian >= targetMs) process.exitCode = 1;
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
