#!/usr/bin/env node
/**
 * `npm start`: builds what is missing or stale, then runs the server with the embedded defaults
 * (PGlite under ./data, embedded MQTT broker, mail as .eml files) and demo data on first start.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildAll } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

await buildAll();
// A young generation of 64 MB: the ingest allocates briskly and short-lived, and with the default
// (16 MB) a quarter of the server's time under load went to scavenges (bench/ingest.ts).
const child = spawn(
  process.execPath,
  ['--enable-source-maps', '--max-semi-space-size=64', path.join(root, 'apps/server/dist/main.js')],
  {
    cwd: root,
    stdio: 'inherit',
    env: { NODE_ENV: 'production', DEMO_DATA: 'true', ...process.env },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
