import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import mqtt from 'mqtt';
import postgres from 'postgres';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createTestDatabase,
  describeOnPostgres,
  postgresTestUrl,
  type TestDatabase,
} from '../testing/test-databases.ts';
import { uplinkExample } from '../testing/uplink-examples.ts';

const mainScript = fileURLToPath(new URL('../main.ts', import.meta.url));

/** Olo as its own process, as `npm start` runs it, so that the test can kill it outright. */
async function startOlo(
  env: Record<string, string>,
): Promise<{ process: ChildProcess; url: string; output(): string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', mainScript], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'error', DEMO_DATA: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Olo did not start:\n${output}`)), 120_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/Olo is running at (\S+)/);
      if (match) {
        clearTimeout(timer);
        resolve(match[1] as string);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => reject(new Error(`Olo exited with ${code}:\n${output}`)));
  });
  return { process: child, url, output: () => output };
}

async function until(check: () => Promise<boolean>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function ttsUplink(serial: string, fCnt: number) {
  const message = structuredClone(uplinkExample('tts-v3-mqtt-up.json').payload) as {
    end_device_ids: { dev_eui: string; device_id: string };
    uplink_message: { f_cnt: number; received_at?: string; settings: { time?: string } };
  };
  message.end_device_ids.dev_eui = serial.toUpperCase();
  message.uplink_message.f_cnt = fCnt;
  message.uplink_message.settings.time = new Date(Date.parse('2026-11-01T00:00:00Z') + fCnt * 60_000).toISOString();
  return message;
}

// The real Mosquitto at 127.0.0.1:1883 (CI starts it) and the real PostgreSQL.
describeOnPostgres('an external broker (Mosquitto) and a crash', () => {
  let database: TestDatabase;
  let admin: postgres.Sql;
  const running: ChildProcess[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'olo-crash-'));

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    admin = postgres(postgresTestUrl as string, { max: 1, onnotice: () => {} });
  });
  afterAll(async () => {
    for (const child of running) child.kill('SIGKILL');
    const name = new URL(database.databaseUrl as string).pathname.slice(1);
    await admin?.unsafe(`alter database ${name} allow_connections true`).catch(() => {});
    await admin?.end();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('acknowledges no uplink before it is stored: what a killed Olo had taken arrives after its restart', async () => {
    const env = {
      DATABASE_URL: database.databaseUrl as string,
      DATA_DIR: dataDir,
      MQTT_URL: 'mqtt://127.0.0.1:1883',
      MQTT_CLIENT_ID: `olo-crash-test-${crypto.randomBytes(4).toString('hex')}`,
    };
    const name = new URL(database.databaseUrl as string).pathname.slice(1);
    const sql = postgres(database.databaseUrl as string, { max: 1, onnotice: () => {} });
    const stored = async (serials: string[]) =>
      (
        await sql<Array<{ n: number }>>`
          select count(*)::int as n from meter_readings r join meters m on m.id = r.meter_id
          where m.serial in ${sql(serials)}`
      )[0]?.n ?? 0;
    const publisher = await mqtt.connectAsync('mqtt://127.0.0.1:1883', {
      clientId: `olo-crash-publisher-${crypto.randomBytes(4).toString('hex')}`,
    });
    const publish = (serial: string, fCnt: number) =>
      publisher.publishAsync(`v3/olo-crash@ttn/devices/eui-${serial}/up`, JSON.stringify(ttsUplink(serial, fCnt)), {
        qos: 1,
      });
    try {
      const first = await startOlo(env);
      running.push(first.process);
      // Subscribed and storing.
      const probe = crypto.randomBytes(8).toString('hex');
      await until(async () => {
        await publish(probe, 1);
        return (await stored([probe])) > 0;
      }, 60_000);

      // The database goes away; uplinks keep coming, and the broker takes them from the publisher.
      await sql.end();
      await admin.unsafe(`alter database ${name} allow_connections false`);
      await admin`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${name}`;
      const serials = Array.from({ length: 8 }, () => crypto.randomBytes(8).toString('hex'));
      for (const serial of serials) for (let fCnt = 1; fCnt <= 3; fCnt++) await publish(serial, fCnt);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      // Olo has had them all this while, and kept running without its database; now it dies
      // without any chance to finish.
      expect(first.process.exitCode, first.output()).toBeNull();
      const exited = new Promise((resolve) => first.process.once('exit', resolve));
      first.process.kill('SIGKILL');
      await exited;

      await admin.unsafe(`alter database ${name} allow_connections true`);
      const second = await startOlo(env);
      running.push(second.process);
      const check = postgres(database.databaseUrl as string, { max: 1, onnotice: () => {} });
      const count = async () =>
        (
          await check<Array<{ n: number }>>`
            select count(*)::int as n from meter_readings r join meters m on m.id = r.meter_id
            where m.serial in ${check(serials)}`
        )[0]?.n ?? 0;
      // The broker sends what the first one never acknowledged to the second, under the same client id.
      await until(async () => (await count()) >= serials.length * 3, 60_000).catch(() => {});
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await count()).toBe(serials.length * 3);
      await check.end();
      second.process.kill('SIGTERM');
      await new Promise((resolve) => second.process.once('exit', resolve));
    } finally {
      await publisher.endAsync();
    }
    // Two whole starts of Olo from source, on two cores that the other test files keep busy.
  }, 330_000);
});
