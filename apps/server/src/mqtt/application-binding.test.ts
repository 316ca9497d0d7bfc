import crypto from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, signedInClient } from '../testing/factories.ts';
import { grantedQos, received, until } from '../testing/mqtt-clients.ts';
import { testDatabases } from '../testing/test-databases.ts';
import { expectData, startTestServer, type TestClient, type TestServer } from '../testing/test-server.ts';
import { chirpstackUplinkOf } from '../testing/uplink-examples.ts';

/*
 * Who an application belongs to on the embedded broker (decision 0145): the organization whose
 * integration's own credentials delivered its uplinks. Any other way of coming to own one (an
 * organization's meter routed there by its own uplinks after another's network server used it,
 * a meter moved by a site admin, an uplink through the site-wide credentials) must not refuse the
 * network server that uses it.
 */

const ingestToken = 'application-binding-test-token-0123456789';
const siteWide = { username: 'olo', password: ingestToken };
const newSerial = () => crypto.randomBytes(8).toString('hex');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Tenant {
  admin: TestClient;
  organizationId: string;
  credentials: { username: string; password: string };
  /** The integration's secret, which is also its bearer token on /api/ingest. */
  token: string;
}

describe.each(testDatabases)('applications bound to integrations on %s', (database) => {
  let olo: TestServer;
  let siteAdmin: TestClient;
  const clients: MqttClient[] = [];
  const sql = () => olo.server.database.sql;
  const connect = async (credentials: { username: string; password: string }) => {
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${olo.server.broker.port}`, {
      ...credentials,
      reconnectPeriod: 0,
    });
    clients.push(client);
    return client;
  };
  /** Publishes an uplink of `serial` on `application`; the embedded broker acknowledges it once stored or refused. */
  const publishUplink = async (
    credentials: { username: string; password: string },
    application: string,
    serial: string,
    fCnt: number,
  ) => {
    const uplink = chirpstackUplinkOf(application, serial, fCnt);
    const client = await connect(credentials);
    await client.publishAsync(uplink.topic, JSON.stringify(uplink.body), { qos: 1 });
    await client.endAsync();
  };
  const postUplink = async (token: string, application: string, serial: string, fCnt: number) => {
    const response = await fetch(`${olo.url}/api/ingest/chirpstack`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(chirpstackUplinkOf(application, serial, fCnt).body),
    });
    return { status: response.status, body: await response.json() };
  };
  const stored = async (serial: string) =>
    (
      await sql()`select r.f_cnt from meter_readings r join meters m on m.id = r.meter_id
                  where m.serial = ${serial} order by r.f_cnt`
    ).map((row) => row.f_cnt as number);
  const routedTo = async (serial: string) =>
    (await sql()`select provider_info->>'applicationId' as application from meters where serial = ${serial}`)[0]
      ?.application as string | undefined;
  const moveToOrganization = async (serial: string, organizationId: string) =>
    expectData(
      await siteAdmin.graphql<{ moveFreeMeters: Array<{ id: number }> }>(
        'mutation M($s: [String!]!, $o: ID!) { moveFreeMeters(serials: $s, organizationId: $o) { id } }',
        { s: [serial], o: organizationId },
      ),
    ).moveFreeMeters[0]?.id as number;

  async function tenant(): Promise<Tenant> {
    const admin = (await signedInClient(olo.url)).client;
    const organizationId = (await createOrganization(admin)).id;
    const created = expectData(
      await admin.graphql<{ createIntegration: { secret: string; integration: { mqttUsername: string } } }>(
        'mutation C($o: ID!) { createIntegration(organizationId: $o, name: "ChirpStack") { secret integration { mqttUsername } } }',
        { o: organizationId },
      ),
    ).createIntegration;
    return {
      admin,
      organizationId,
      credentials: { username: created.integration.mqttUsername, password: created.secret },
      token: created.secret,
    };
  }

  /** A tenant's meter, heard on its own application through its own credentials and moved to it. */
  async function meterOf(owner: Tenant) {
    const application = crypto.randomUUID();
    const serial = newSerial();
    await publishUplink(owner.credentials, application, serial, 1);
    await moveToOrganization(serial, owner.organizationId);
    return { application, serial };
  }

  beforeAll(async () => {
    olo = await startTestServer(database, { INGEST_TOKEN: ingestToken });
    const site = await signedInClient(olo.url);
    siteAdmin = site.client;
    await sql()`update users set is_admin = true where username = ${site.account.username}`;
    await until(() => olo.server.broker.isUp());
  });
  afterAll(async () => {
    for (const client of clients) await client.endAsync(true).catch(() => {});
    await olo?.close();
  });

  it("keeps an application with the network server that used it first: another tenant's uplinks there are refused", async () => {
    const a = await tenant();
    const b = await tenant();
    const squatter = await meterOf(a);
    // B's network server uses its application; its meters are still free, waiting for the site admin.
    const application = crypto.randomUUID();
    const first = newSerial();
    await publishUplink(b.credentials, application, first, 1);
    expect(await stored(first)).toEqual([1]);

    // A routes its own meter onto B's application through its own credentials, over MQTT and HTTP.
    await publishUplink(a.credentials, application, squatter.serial, 2);
    const posted = await postUplink(a.token, application, squatter.serial, 3);
    expect(posted).toEqual({ status: 202, body: { stored: 0, refused: 1 } });
    expect(await stored(squatter.serial)).toEqual([1]);
    expect(await routedTo(squatter.serial)).toBe(squatter.application);

    // B's meters keep being stored, before and after the site admin moves them to B.
    const second = newSerial();
    await publishUplink(b.credentials, application, second, 1);
    await publishUplink(b.credentials, application, first, 2);
    expect(await stored(second)).toEqual([1]);
    expect(await stored(first)).toEqual([1, 2]);
    await moveToOrganization(first, b.organizationId);
    await publishUplink(b.credentials, application, first, 3);
    expect(await stored(first)).toEqual([1, 2, 3]);
    expect(
      await grantedQos(await connect(b.credentials), [`application/${application}/device/+/command/down`]),
    ).toEqual([1]);
    expect(
      await grantedQos(await connect(a.credentials), [`application/${application}/device/+/command/down`]),
    ).toEqual([128]);
    const refused = await sql()`
      select type from system_errors
      where data->>'integrationId' in (select id::text from integrations where organization_id = ${a.organizationId})
      order by time, id`;
    expect(refused.map((row) => row.type)).toEqual(['mqtt.foreign-topic', 'ingest.foreign-application']);
    const refusedB = await sql()`
      select type from system_errors
      where type in ('mqtt.foreign-topic', 'ingest.foreign-application')
        and data->>'integrationId' in (select id::text from integrations where organization_id = ${b.organizationId})`;
    expect(refusedB).toEqual([]);
  });

  it('takes no claim from a meter a site admin moved: the network server that uses the application is not refused', async () => {
    const a = await tenant();
    const b = await tenant();
    // A meter heard on the application through the site-wide credentials, which the site admin moves to A.
    const application = crypto.randomUUID();
    const moved = newSerial();
    await publishUplink(siteWide, application, moved, 1);
    await moveToOrganization(moved, a.organizationId);

    const own = newSerial();
    await publishUplink(b.credentials, application, own, 1);
    expect(await stored(own)).toEqual([1]);
    expect(
      await grantedQos(await connect(b.credentials), [`application/${application}/device/+/command/down`]),
    ).toEqual([1]);
  });

  it("takes no claim from an uplink through the site-wide credentials that routes a tenant's meter", async () => {
    const a = await tenant();
    const b = await tenant();
    const meter = await meterOf(a);
    const application = crypto.randomUUID();
    await publishUplink(siteWide, application, meter.serial, 2);
    expect(await routedTo(meter.serial)).toBe(application);

    // B's network server moves B's meter to that application, and has a new device there.
    const own = await meterOf(b);
    await publishUplink(b.credentials, application, own.serial, 2);
    expect(await postUplink(b.token, application, own.serial, 3)).toEqual({
      status: 202,
      body: { stored: 1, refused: 0 },
    });
    const added = newSerial();
    await publishUplink(b.credentials, application, added, 1);
    expect(await stored(own.serial)).toEqual([1, 2, 3]);
    expect(await routedTo(own.serial)).toBe(application);
    expect(await stored(added)).toEqual([1]);
  });

  it('refuses every organization a subscription to the downlinks of an application nobody owns, until its uplinks bind it', async () => {
    const a = await tenant();
    const application = crypto.randomUUID();
    const filters = [
      `application/${application}/device/+/command/down`,
      `v3/${application}@ttn/devices/+/down/push`,
      // Wildcards over applications stay narrowed to the client's own messages.
      'application/+/device/+/command/down',
    ];
    const client = await connect(a.credentials);
    expect(await grantedQos(client, filters)).toEqual([128, 128, 1]);
    expect(client.connected).toBe(true);
    // Site-wide credentials keep full reach.
    expect(await grantedQos(await connect(siteWide), filters)).toEqual([1, 1, 1]);

    // A network server that subscribed by name before its first uplink.
    const early = await connect(a.credentials);
    const seen = received(early);
    expect(await grantedQos(early, [filters[0] as string])).toEqual([128]);

    // Once A's network server's uplinks arrive on it, the application is A's.
    const serial = newSerial();
    await publishUplink(a.credentials, application, serial, 1);
    expect(await grantedQos(await connect(a.credentials), filters)).toEqual([1, 128, 1]);
    // The refused subscription is taken then, without subscribing again.
    const command = `application/${application}/device/${serial}/command/down`;
    await olo.server.broker.publish(command, '{}');
    await until(() => seen.length === 1);
    await sleep(300);
    expect(seen.map((message) => message.topic)).toEqual([command]);
  });

  it("passes a free meter's downlink only to the organization bound to its application", async () => {
    const a = await tenant();
    const b = await tenant();
    const application = crypto.randomUUID();
    const serial = newSerial();
    await publishUplink(b.credentials, application, serial, 1);
    const owner = await connect(b.credentials);
    const other = await connect(a.credentials);
    const seen = { owner: received(owner), other: received(other) };
    await owner.subscribeAsync('application/+/device/+/command/down', { qos: 1 });
    await other.subscribeAsync('application/+/device/+/command/down', { qos: 1 });
    await olo.server.broker.publish(`application/${application}/device/${serial}/command/down`, '{}');
    await until(() => seen.owner.length === 1);
    await sleep(300);
    expect(seen.other).toEqual([]);
  });
});
