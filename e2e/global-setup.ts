import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSmtpInbox } from '../apps/server/src/testing/smtp-inbox.ts';
import { startWeatherProviderServer } from '../apps/server/src/testing/weather-provider-server.ts';
import { e2eBaseUrl, e2eIngestToken, e2eMailDir, e2eMqttPort, e2ePort } from './support/environment.ts';

async function waitForHealth(url: string, server: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`Olo exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Olo did not answer at ${url} within ${timeoutMs} ms`);
}

/**
 * Starts a real SMTP server, the weather providers' stand-in and the built Olo (as `npm start` runs it) on a fresh PGlite folder,
 * with mail going to that SMTP server. `npm run test:browser` builds first.
 */
export default async function globalSetup() {
  fs.rmSync(e2eMailDir, { recursive: true, force: true });
  const inbox = await startSmtpInbox({ saveDir: e2eMailDir });
  // FMI and Open-Meteo as a local server answering in their recorded formats: no test reaches the internet.
  const weather = await startWeatherProviderServer();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'olo-e2e-data-'));
  const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(e2ePort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      MQTT_PORT: String(e2eMqttPort),
      INGEST_TOKEN: e2eIngestToken,
      MQTT_URL: '',
      REDIS_URL: '',
      SMTP_URL: inbox.url,
      PUBLIC_URL: e2eBaseUrl,
      OLO_ADMIN_PASSWORD: 'e2e-admin-password',
      // The demo users and projects (docs/decisions/0006-demo-data.md) are the limited-rights fixtures.
      DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
      // Specs register many accounts from 127.0.0.1 and repeat operations.
      RATE_LIMIT_FACTOR: '100',
      // Exports of more than 500 values run in the background (summary.spec's large export).
      EXPORT_BACKGROUND_CELLS: '500',
      FMI_URL: weather.fmiUrl,
      OPEN_METEO_URL: weather.openMeteoForecastUrl,
      OPEN_METEO_ARCHIVE_URL: weather.openMeteoArchiveUrl,
    },
  });
  await waitForHealth(e2eBaseUrl, server, 60_000);
  return async () => {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
    await inbox.close();
    await weather.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
