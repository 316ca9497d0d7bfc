import crypto from 'node:crypto';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, createServer } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createOrganization, signedInClient } from '../../testing/factories.ts';
import { describeOnPostgres, testDatabases } from '../../testing/test-databases.ts';
import { expectData, startTestServer, type TestClient, type TestServer } from '../../testing/test-server.ts';
import { ComputersRepository } from './computers.repository.ts';

const ingestToken = 'computers-test-ingest-token-0123456789';
const newSerial = () => crypto.randomBytes(8).toString('hex');

/** A Things Stack uplink, decoded by the network server, of a meter Olo may not know yet. */
const ttsUplink = (serial: string) => ({
  end_device_ids: { device_id: `c-${serial}`, application_ids: { application_id: 'computers' }, dev_eui: serial },
  uplink_message: { f_port: 1, f_cnt: 1, frm_payload: 'AQ==', decoded_payload: { co2: 600 } },
});

async function post(url: string, body: unknown): Promise<number> {
  const response = await fetch(`${url}/api/ingest/tts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${ingestToken}` },
    body: JSON.stringify(body),
  });
  return response.status;
}

type SystemErrors = {
  systemErrors: Array<{
    data: { serial?: string } | null;
    computer: { id: number; name: string; hostname: string } | null;
  }>;
};
const systemErrorsQuery = 'query { systemErrors { data computer { id name hostname } } }';

describe.each(testDatabases)('computers (Olo instances) on %s', (kind) => {
  let olo: TestServer;
  let siteAdmin: TestClient;
  const sql = () => olo.server.database.sql;

  beforeAll(async () => {
    olo = await startTestServer(kind, { INGEST_TOKEN: ingestToken, INSTANCE_NAME: 'ingest-a' });
    const site = await signedInClient(olo.url);
    siteAdmin = site.client;
    await sql()`update users set is_admin = true where username = ${site.account.username}`;
  });
  afterAll(() => olo?.close());

  it('registers the instance at start-up under INSTANCE_NAME, with its host name', async () => {
    expect(olo.server.computer).toMatchObject({ name: 'ingest-a', hostname: os.hostname() });
    const rows = await sql()`select id, name, hostname, started_at, last_seen_at from computers`;
    expect(rows).toEqual([
      expect.objectContaining({ id: olo.server.computer.id, name: 'ingest-a', hostname: os.hostname() }),
    ]);
  });

  it('keeps the id of a name that registers again, with its new host name and start time', async () => {
    const repository = new ComputersRepository(olo.server.database.db);
    const before = olo.server.computer;
    await sql()`update computers set last_seen_at = now() - interval '1 hour' where id = ${before.id}`;
    await repository.touch(before.id);
    const [touched] = await sql()`select last_seen_at from computers where id = ${before.id}`;
    expect(Date.now() - new Date(touched?.last_seen_at).getTime()).toBeLessThan(60_000);

    const again = await repository.register('ingest-a', 'moved-host');
    expect(again.id).toBe(before.id);
    expect(again.hostname).toBe('moved-host');
    expect(again.startedAt.getTime()).toBeGreaterThanOrEqual(before.startedAt.getTime());
    const other = await repository.register('ingest-b', 'other-host');
    expect(other.id).not.toBe(before.id);
    await repository.register('ingest-a', os.hostname());
    await sql()`delete from computers where id = ${other.id}`;
  });

  it('names the instance that recorded a system error, for site admins only', async () => {
    const serial = newSerial();
    expect(await post(olo.url, ttsUplink(serial))).toBe(202);
    // An unknown meter was created as a free meter: a system error of no meter.
    const [recorded] = await sql()`select computer_id from system_errors where data->>'serial' = ${serial}`;
    expect(recorded?.computer_id).toBe(olo.server.computer.id);
    const errors = expectData(await siteAdmin.graphql<SystemErrors>(systemErrorsQuery)).systemErrors;
    expect(errors.find((error) => error.data?.serial === serial)?.computer).toEqual({
      id: olo.server.computer.id,
      name: 'ingest-a',
      hostname: os.hostname(),
    });

    // An error recorded before instances were has none.
    await sql()`insert into system_errors (name, type, data) values ('Old', 'test.old', ${JSON.stringify({ serial: 'old' })}::jsonb)`;
    const old = expectData(await siteAdmin.graphql<SystemErrors>(systemErrorsQuery)).systemErrors;
    expect(old.find((error) => error.data?.serial === 'old')?.computer).toBeNull();

    // The meter's admin sees its errors, but not which instance recorded them.
    const { client: admin } = await signedInClient(olo.url);
    const organization = await createOrganization(admin);
    await sql()`update meters set organization_id = ${organization.id} where serial = ${serial}`;
    const [meter] = await sql()`select id from meters where serial = ${serial}`;
    await sql()`
      insert into system_errors (name, type, meter_id, computer_id)
      values ('Decode', 'meter.decode', ${meter?.id}, ${olo.server.computer.id})`;
    const query = 'query M($id: Int!) { meter(id: $id) { systemErrors { name computer { id } } } }';
    const asAdmin = expectData(
      await admin.graphql<{ meter: { systemErrors: Array<{ name: string; computer: unknown }> } }>(query, {
        id: meter?.id,
      }),
    ).meter.systemErrors;
    expect(asAdmin).toEqual([{ name: 'Decode', computer: null }]);
    const asSiteAdmin = expectData(
      await siteAdmin.graphql<{ meter: { systemErrors: Array<{ name: string; computer: unknown }> } }>(query, {
        id: meter?.id,
      }),
    ).meter.systemErrors;
    expect(asSiteAdmin).toEqual([{ name: 'Decode', computer: { id: olo.server.computer.id } }]);
  });
});

// Two instances share a database only on PostgreSQL: a PGlite folder takes one Olo (DATA_DIR lock).
describeOnPostgres('two Olo instances on one PostgreSQL', () => {
  let olo: TestServer;
  let siteAdmin: TestClient;

  beforeAll(async () => {
    olo = await startTestServer('postgres', { INGEST_TOKEN: ingestToken, INSTANCE_NAME: 'ingest-a' });
    const site = await signedInClient(olo.url);
    siteAdmin = site.client;
    await olo.server.database.sql`update users set is_admin = true where username = ${site.account.username}`;
  });
  afterAll(() => olo?.close());

  it('tells apart two instances on one database: each records its own errors', async () => {
    const databaseUrl = olo.server.config.databaseUrl as string;
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      MQTT_PORT: '0',
      DATA_DIR: olo.server.config.dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      INGEST_TOKEN: ingestToken,
      INSTANCE_NAME: 'ingest-second',
    });
    const second = await createServer(config, createLogger(config));
    try {
      const url = await second.listen();
      expect(second.computer.id).not.toBe(olo.server.computer.id);
      const serial = newSerial();
      expect(await post(url, ttsUplink(serial))).toBe(202);
      const errors = expectData(await siteAdmin.graphql<SystemErrors>(systemErrorsQuery)).systemErrors;
      expect(errors.find((error) => error.data?.serial === serial)?.computer).toMatchObject({
        id: second.computer.id,
        name: 'ingest-second',
      });
    } finally {
      await second.close();
    }
  }, 30_000);
});
