import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import mqtt from 'mqtt';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, signedInClient } from '../testing/factories.ts';
import {
  createTestDatabase,
  describeOnPostgres,
  postgresTestUrl,
  type TestDatabase,
  testDatabases,
} from '../testing/test-databases.ts';
import { expectData, startTestServer, type TestClient, type TestServer } from '../testing/test-server.ts';
import { chirpstackUplinkOf, uplinkExample } from '../testing/uplink-examples.ts';

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

/*
 * Two tenants whose network servers publish to the same Mosquitto, which Olo subscribes to as one
 * site-wide client: each tenant's commands go to its own application's topic, and an uplink heard
 * on the other's application does not move them there. Mosquitto's topics are shared with every
 * test run on this machine, so applications and DevEUIs are new in each run.
 */
describe.each(testDatabases)('two tenants on an external broker (Mosquitto) on %s', (database) => {
  let olo: TestServer;
  let siteAdmin: TestClient;
  let publisher: mqtt.MqttClient;
  const tenants: Array<{
    admin: TestClient;
    organizationId: string;
    application: string;
    serial: string;
    meterId: number;
  }> = [];
  const sql = () => olo.server.database.sql;
  const readings = async (serial: string) =>
    (
      await sql()<Array<{ f_cnt: number }>>`
        select r.f_cnt from meter_readings r join meters m on m.id = r.meter_id where m.serial = ${serial}
        order by r.f_cnt`
    ).map((row) => row.f_cnt);
  const commandTopic = (tenant: { application: string; serial: string }) =>
    `application/${tenant.application}/device/${tenant.serial}/command/down`;
  const sendCommand = async (tenant: (typeof tenants)[number]) =>
    expectData(
      await tenant.admin.graphql<{ meterCommand: { status: string } }>(
        'mutation C($id: Int!) { meterCommand(meterId: $id, name: "Raw", fPort: 85, payload: "0102") { status } }',
        { id: tenant.meterId },
      ),
    ).meterCommand.status;

  beforeAll(async () => {
    olo = await startTestServer(database, {
      MQTT_URL: 'mqtt://127.0.0.1:1883',
      MQTT_CLIENT_ID: `olo-tenants-test-${crypto.randomBytes(4).toString('hex')}`,
    });
    const site = await signedInClient(olo.url);
    siteAdmin = site.client;
    await sql()`update users set is_admin = true where username = ${site.account.username}`;
    publisher = await mqtt.connectAsync('mqtt://127.0.0.1:1883');
    for (let index = 0; index < 2; index++) {
      const admin = (await signedInClient(olo.url)).client;
      const organizationId = (await createOrganization(admin)).id;
      const application = crypto.randomUUID();
      const serial = crypto.randomBytes(8).toString('hex');
      const uplink = chirpstackUplinkOf(application, serial, 1);
      // Mosquitto drops what arrives before Olo has subscribed: sent again until stored.
      await until(async () => {
        await publisher.publishAsync(uplink.topic, JSON.stringify(uplink.body), { qos: 1 });
        await new Promise((resolve) => setTimeout(resolve, 200));
        return (await readings(serial)).length > 0;
      });
      const [moved] = expectData(
        await siteAdmin.graphql<{ moveFreeMeters: Array<{ id: number }> }>(
          'mutation M($s: [String!]!, $o: ID!) { moveFreeMeters(serials: $s, organizationId: $o) { id } }',
          { s: [serial], o: organizationId },
        ),
      ).moveFreeMeters;
      tenants.push({ admin, organizationId, application, serial, meterId: moved?.id as number });
    }
  });
  afterAll(async () => {
    await publisher?.endAsync();
    await olo?.close();
  });

  /** Posts an uplink with a new integration's bearer token of the tenant's organization: `{stored, refused}`. */
  const postAsTenant = async (tenant: (typeof tenants)[number], uplink: ReturnType<typeof chirpstackUplinkOf>) => {
    const { secret } = expectData(
      await tenant.admin.graphql<{ createIntegration: { secret: string } }>(
        'mutation C($o: ID!) { createIntegration(organizationId: $o, name: "Webhook") { secret } }',
        { o: tenant.organizationId },
      ),
    ).createIntegration;
    const response = await fetch(`${olo.url}/api/ingest/chirpstack`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
      body: JSON.stringify(uplink.body),
    });
    expect(response.status).toBe(202);
    return response.json();
  };

  /** What is published on the two tenants' applications while `act` runs, in order. */
  async function publishedDuring(act: () => Promise<void>, expected: number): Promise<string[]> {
    const listener = await mqtt.connectAsync('mqtt://127.0.0.1:1883');
    const topics: string[] = [];
    listener.on('message', (topic) => topics.push(topic));
    await listener.subscribeAsync(
      tenants.map((tenant) => `application/${tenant.application}/#`),
      { qos: 1 },
    );
    await act();
    await until(async () => topics.length >= expected, 10_000).catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 300));
    await listener.endAsync();
    return topics;
  }

  it("publishes each tenant's command only on its own application's topic", async () => {
    const [a, b] = tenants as [(typeof tenants)[number], (typeof tenants)[number]];
    const topics = await publishedDuring(async () => {
      expect(await sendCommand(a)).toBe('sent');
      expect(await sendCommand(b)).toBe('sent');
    }, 2);
    expect(topics).toEqual([commandTopic(a), commandTopic(b)]);
  });

  it("takes no uplink of a tenant's meter heard on another tenant's application, whose commands stay on its own", async () => {
    const [a, b] = tenants as [(typeof tenants)[number], (typeof tenants)[number]];
    const stray = chirpstackUplinkOf(b.application, a.serial, 7);
    await publisher.publishAsync(stray.topic, JSON.stringify(stray.body), { qos: 1 });
    const refusals = () =>
      sql()`select data->>'application' as application from system_errors
            where type = 'ingest.foreign-application' and data->>'serial' = ${a.serial}`;
    await until(async () => (await refusals()).length > 0, 10_000).catch(() => {});
    expect(await refusals()).toEqual([{ application: b.application }]);
    expect(await readings(a.serial)).toEqual([1]);

    const topics = await publishedDuring(async () => {
      expect(await sendCommand(a)).toBe('sent');
    }, 1);
    expect(topics).toEqual([commandTopic(a)]);
    // Heard on its own application again, it is taken as before.
    const own = chirpstackUplinkOf(a.application, a.serial, 8);
    await publisher.publishAsync(own.topic, JSON.stringify(own.body), { qos: 1 });
    await until(async () => (await readings(a.serial)).includes(8), 10_000);
    expect(await readings(a.serial)).toEqual([1, 8]);
  });

  it("keeps the site's allocation on an organization's own uplinks too: its meter is not routed onto another tenant's application", async () => {
    const [a, b] = tenants as [(typeof tenants)[number], (typeof tenants)[number]];
    expect(await postAsTenant(a, chirpstackUplinkOf(b.application, a.serial, 20))).toEqual({ stored: 0, refused: 1 });
    const topics = await publishedDuring(async () => {
      expect(await sendCommand(a)).toBe('sent');
    }, 1);
    expect(topics).toEqual([commandTopic(a)]);
  });

  it("takes no claim from a route an organization's own uplink taught: the site's uplinks there are stored", async () => {
    const [a, b] = tenants as [(typeof tenants)[number], (typeof tenants)[number]];
    // A routes its meter onto an application the site has not allocated (B's network server's next one).
    const next = crypto.randomUUID();
    expect(await postAsTenant(a, chirpstackUplinkOf(next, a.serial, 30))).toEqual({ stored: 1, refused: 0 });
    // B's network server moves B's meter there and publishes on the site's broker.
    const moved = chirpstackUplinkOf(next, b.serial, 31);
    await publisher.publishAsync(moved.topic, JSON.stringify(moved.body), { qos: 1 });
    await until(async () => (await readings(b.serial)).includes(31), 10_000);
    const routes = await sql()`
      select serial, provider_info->>'applicationId' as application from meters where serial in ${sql()([a.serial, b.serial])}
      order by serial = ${a.serial} desc`;
    expect(routes).toEqual([
      { serial: a.serial, application: next },
      { serial: b.serial, application: next },
    ]);
  });
});
