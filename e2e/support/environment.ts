import os from 'node:os';
import path from 'node:path';

/** Where the browser tests' server listens; E2E_PORT moves it when 3999 is taken. */
export const e2ePort = Number(process.env.E2E_PORT ?? 3999);
export const e2eBaseUrl = `http://localhost:${e2ePort}`;
/** Mail received by the tests' SMTP server, one JSON file each. */
export const e2eMailDir = path.join(os.tmpdir(), `olo-e2e-mail-${e2ePort}`);
/** The browser tests' server runs its embedded MQTT broker here, with site-wide ingest credentials. */
export const e2eMqttPort = Number(process.env.E2E_MQTT_PORT ?? e2ePort + 1);
export const e2eIngestToken = 'e2e-ingest-token-0123456789';
