import crypto from 'node:crypto';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createProject, signedInClient } from '../../testing/factories.ts';
import { testDatabases } from '../../testing/test-databases.ts';
import { expectData, startTestServer, type TestClient, type TestServer } from '../../testing/test-server.ts';

const ingestToken = 'site-status-test-ingest-token-0123456789';
const newSerial = () => crypto.randomBytes(8).toString('hex');

/** A Things Stack uplink, decoded by the network server, with two values. */
const ttsUplink = (serial: string) => ({
  end_device_ids: { device_id: `s-${serial}`, application_ids: { application_id: 'site-status' }, dev_eui: serial },
  uplink_message: { f_port: 1, f_cnt: 1, frm_payload: 'AQ==', decoded_payload: { co2: 600, temperature: 21.5 } },
});

async function post(url: string, body: unknown): Promise<number> {
  const response = await fetch(`${url}/api/ingest/tts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${ingestToken}` },
    body: JSON.stringify(body),
  });
  return response.status;
}

const statusFields = /* GraphQL */ `
  generatedAt
  ingestMinutes { minute uplinks values }
  refusals { key count }
  jobs { name due later running retrying gaveUp doneLastHour }
  alarmDeliveries { key count }
  pdf { renders failures meanSeconds }
  database { sizeBytes readingsLastDay }
  broker { kind up clients }
  computers { id name lastSeenAt }
  meterHealth { organizationId organizationName summary { missing batteryLow systemErrors } }
  weathers { id stationName latestTime lastError }
  systemErrors { ofNoMeter ofMeters newestAt }
`;

interface Status {
  ingestMinutes: Array<{ minute: string; uplinks: number; values: number }>;
  refusals: Array<{ key: string; count: number }>;
  jobs: Array<{ name: string; due: number; later: number; running: number; retrying: number; gaveUp: number }>;
  alarmDeliveries: Array<{ key: string; count: number }>;
  pdf: { renders: number; failures: number; meanSeconds: number | null };
  database: { sizeBytes: number; readingsLastDay: number };
  broker: { kind: string; up: boolean; clients: number | null };
  computers: Array<{ id: number; name: string; lastSeenAt: string }>;
  meterHealth: Array<{
    organizationId: string | null;
    organizationName: string | null;
    summary: { missing: number; batteryLow: number; systemErrors: number };
  }>;
  systemErrors: { ofNoMeter: number; ofMeters: number; newestAt: string | null };
}

const totalUplinks = (status: Status) => status.ingestMinutes.reduce((sum, minute) => sum + minute.uplinks, 0);
const totalValues = (status: Status) => status.ingestMinutes.reduce((sum, minute) => sum + minute.values, 0);

describe.each(testDatabases)('the site status dashboard (%s)', (kind) => {
  let olo: TestServer;
  let siteAdmin: TestClient;
  let member: TestClient;
  const sql = () => olo.server.database.sql;
  const status = async () =>
    expectData(await siteAdmin.graphql<{ siteStatus: Status }>(`query { siteStatus { ${statusFields} } }`)).siteStatus;

  beforeAll(async () => {
    olo = await startTestServer(kind, { INGEST_TOKEN: ingestToken });
    const site = await signedInClient(olo.url);
    siteAdmin = site.client;
    await sql()`update users set is_admin = true where username = ${site.account.username}`;
    member = (await signedInClient(olo.url)).client;
  });
  afterAll(() => olo?.close());

  it('is for site admins only', async () => {
    const response = await member.graphql(`query { siteStatus { generatedAt } }`);
    expect(response.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('counts an uplink and its values in the minute it arrived, and the day’s readings', async () => {
    const before = await status();
    expect(await post(olo.url, ttsUplink(newSerial()))).toBe(202);
    const after = await status();
    expect(totalUplinks(after)).toBe(totalUplinks(before) + 1);
    expect(totalValues(after)).toBeGreaterThanOrEqual(totalValues(before) + 2);
    const thisMinute = after.ingestMinutes.at(-1);
    expect(Date.now() - new Date(thisMinute?.minute ?? 0).getTime()).toBeLessThan(120_000);
    expect(after.database.readingsLastDay).toBe(before.database.readingsLastDay + 1);
    expect(after.database.sizeBytes).toBeGreaterThan(0);
  });

  it('counts refused uplinks by reason', async () => {
    const refusedBefore = (await status()).refusals.find((row) => row.key === 'ingest.malformed')?.count ?? 0;
    // No device: the network server's message cannot be an uplink.
    expect(await post(olo.url, { uplink_message: { f_port: 1 } })).toBe(400);
    const refused = (await status()).refusals.find((row) => row.key === 'ingest.malformed');
    expect(refused?.count).toBe(refusedBefore + 1);
  });

  it('shows the queue: a job retrying after a failure and one that gave up', async () => {
    await sql()`insert into jobs (name, payload, attempts, max_attempts, last_error, run_at)
      values ('status.test', '{}', 1, 3, 'boom', now() + interval '1 minute'),
             ('status.test', '{}', 3, 3, 'boom', now() - interval '1 minute'),
             ('status.test', '{}', 0, 3, null, now() - interval '1 second')`;
    const queue = (await status()).jobs.find((row) => row.name === 'status.test');
    expect(queue).toMatchObject({ due: 1, later: 1, retrying: 1, gaveUp: 1 });
    await sql()`delete from jobs where name = 'status.test'`;
  });

  it('counts alarm actions by how their latest notification of the last hour went', async () => {
    const organization = await createOrganization(siteAdmin);
    const project = await createProject(siteAdmin, organization.id);
    const [alarm] = await sql()`insert into alarms (project_id, name) values (${project.id}, 'CO2') returning id`;
    const before = (await status()).alarmDeliveries;
    // As AlarmNotifications records them: each action's latest delivery, its status and time.
    await sql()`insert into alarms_actions (alarm_id, type, email, delivery_status, delivery_at) values
      (${alarm?.id}, 'email', 'a@example.com', 'sent', now()),
      (${alarm?.id}, 'email', 'b@example.com', 'sent', now() - interval '5 minutes'),
      (${alarm?.id}, 'webhook', null, 'failed', now()),
      (${alarm?.id}, 'email', 'c@example.com', 'failed', now() - interval '2 hours')`;
    const after = (await status()).alarmDeliveries;
    const count = (rows: Status['alarmDeliveries'], key: string) => rows.find((row) => row.key === key)?.count ?? 0;
    expect(count(after, 'sent')).toBe(count(before, 'sent') + 2);
    expect(count(after, 'failed')).toBe(count(before, 'failed') + 1);
  });

  it('shows the instances with their heartbeats, and the embedded broker with its clients', async () => {
    const before = await status();
    expect(before.computers).toEqual([
      expect.objectContaining({ id: olo.server.computer.id, name: olo.server.computer.name }),
    ]);
    expect(Date.now() - new Date(before.computers[0]?.lastSeenAt ?? 0).getTime()).toBeLessThan(120_000);
    expect(before.broker).toMatchObject({ kind: 'embedded', up: true });
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${olo.server.broker.port}`, {
      username: 'olo',
      password: ingestToken,
      reconnectPeriod: 0,
    });
    try {
      expect((await status()).broker.clients).toBe((before.broker.clients ?? 0) + 1);
    } finally {
      await client.endAsync();
    }
  });

  it('counts missing meters and their errors per organization, and system errors that /errors lists', async () => {
    const organization = await createOrganization(siteAdmin, { name: 'Status Oy' });
    const serial = newSerial();
    const [meter] = await sql()`
      insert into meters (serial, organization_id, last_seen_at, interval_seconds)
      values (${serial}, ${organization.id}, now() - interval '2 hours', 600) returning id`;
    await sql()`insert into system_errors (name, type, meter_id) values ('Decode', 'meter.decode', ${meter?.id})`;
    const before = (await status()).systemErrors.ofNoMeter;
    await sql()`insert into system_errors (name, type) values ('Broker', 'test.status')`;
    const after = await status();
    expect(after.meterHealth.find((row) => row.organizationId === organization.id)).toEqual({
      organizationId: organization.id,
      organizationName: 'Status Oy',
      summary: { missing: 1, batteryLow: 0, systemErrors: 1 },
    });
    expect(after.systemErrors.ofNoMeter).toBe(before + 1);
    expect(after.systemErrors.ofMeters).toBeGreaterThanOrEqual(1);
  });

  it('pushes a new snapshot over the subscription when a reading arrives', async () => {
    const socket = siteAdmin.websocket();
    const pushed: Status[] = [];
    let failure: unknown;
    const stop = socket.subscribe(
      { query: `subscription { siteStatusUpdated { ${statusFields} } }` },
      {
        next: (value) => pushed.push((value.data as { siteStatusUpdated: Status }).siteStatusUpdated),
        error: (error) => {
          failure = error;
        },
        complete: () => {},
      },
    );
    try {
      await waitFor(() => pushed.length >= 1);
      const first = pushed[0] as Status;
      expect(await post(olo.url, ttsUplink(newSerial()))).toBe(202);
      // Well within the 15 s of the periodic push: the reading's event brings it.
      await waitFor(() => pushed.some((one) => totalUplinks(one) === totalUplinks(first) + 1), 5_000);
    } finally {
      stop();
      await socket.dispose();
    }
    expect(failure).toBeUndefined();
  });

  it('refuses the subscription to others', async () => {
    const socket = member.websocket();
    try {
      const outcome = await new Promise<unknown>((resolve) => {
        socket.subscribe(
          { query: 'subscription { siteStatusUpdated { generatedAt } }' },
          { next: resolve, error: resolve, complete: () => {} },
        );
      });
      expect(JSON.stringify(outcome)).toMatch(/FORBIDDEN|permission/i);
    } finally {
      await socket.dispose();
    }
  });
});

async function waitFor(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
