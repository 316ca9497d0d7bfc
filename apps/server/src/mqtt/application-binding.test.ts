import crypto from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, signedInClient } from '../testing/factories.ts';
import { grantedQos, received, until } from '../testing/mqtt-clients.ts';
import { testDatabases } from '../testing/test-databases.ts';
import { expectData, startTestServer, type TestClient, type TestServer } from '../testing/test-server.ts';
import { chirpstackUplinkOf } from '../testing/uplink-examples.ts';

/*
 * Who reaches an application on the embedded broker (decision 0145): every organization whose
 * integration's own credentials delivered uplinks on it, each only its own messages. Nothing a
 * tenant does (uplinks fabricated on another's application id first, an organization's meter
 * moved by a site admin, an uplink through the site-wide credentials) refuses the network server
 * that uses the application.
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

  /** A tenant's meter, first heard on its own application through its own credentials: its own at once (0150). */
  async function meterOf(owner: Tenant) {
    const application = crypto.randomUUID();
    const serial = newSerial();
    await publishUplink(owner.credentials, application, serial, 1);
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

  const errorsOf = async (organization: Tenant) =>
    (
      await sql()`
        select type from system_errors
        where type in ('mqtt.foreign-topic', 'ingest.foreign-application')
          and data->>'integrationId' in (select id::text from integrations where organization_id = ${organization.organizationId})`
    ).map((row) => row.type as string);
  const sendCommand = async (admin: TestClient, meterId: number, hex: string) =>
    expectData(
      await admin.graphql<{ meterCommand: { status: string } }>(
        'mutation C($id: Int!, $p: String!) { meterCommand(meterId: $id, name: "Raw", fPort: 85, payload: $p) { status } }',
        { id: meterId, p: hex },
      ),
    ).meterCommand.status;
  const meterId = async (serial: string) =>
    (await sql()`select id from meters where serial = ${serial}`)[0]?.id as number;
  const downlinkFilter = (application: string) => `application/${application}/device/+/command/down`;

  it("lets no tenant squat an application id: another's uplinks there first refuse none of the network server's", async () => {
    const a = await tenant();
    const b = await tenant();
    const application = crypto.randomUUID();
    // A fabricates uplinks on the application id before B's network server is first connected.
    const fabricated = [newSerial(), newSerial()];
    await publishUplink(a.credentials, application, fabricated[0] as string, 1);
    expect(await postUplink(a.token, application, fabricated[1] as string, 1)).toEqual({
      status: 202,
      body: { stored: 1, refused: 0 },
    });

    // B's network server's uplinks there, over MQTT and HTTP, are stored as B's meters' readings.
    const [overMqtt, overHttp] = [newSerial(), newSerial()];
    await publishUplink(b.credentials, application, overMqtt, 1);
    expect(await postUplink(b.token, application, overHttp, 1)).toEqual({
      status: 202,
      body: { stored: 1, refused: 0 },
    });
    await publishUplink(b.credentials, application, overMqtt, 2);
    expect(await postUplink(b.token, application, overHttp, 2)).toEqual({
      status: 202,
      body: { stored: 1, refused: 0 },
    });
    expect(await stored(overMqtt)).toEqual([1, 2]);
    expect(await stored(overHttp)).toEqual([1, 2]);
    const owners = await sql()`select organization_id from meters where serial in ${sql()([overMqtt, overHttp])}`;
    expect(owners.map((row) => row.organization_id)).toEqual([b.organizationId, b.organizationId]);
    expect(await errorsOf(b)).toEqual([]);
    // Both reach the application by name: each its own messages only.
    for (const owner of [a, b]) {
      expect(await grantedQos(await connect(owner.credentials), [downlinkFilter(application)])).toEqual([1]);
    }
  });

  it("passes nothing of one tenant's on a shared application id to the other: commands and publishes alike", async () => {
    const a = await tenant();
    const b = await tenant();
    const application = crypto.randomUUID();
    const serials = { a: newSerial(), b: newSerial() };
    await publishUplink(a.credentials, application, serials.a, 1);
    await publishUplink(b.credentials, application, serials.b, 1);
    const clientOf = { a: await connect(a.credentials), b: await connect(b.credentials) };
    const seen = { a: received(clientOf.a), b: received(clientOf.b) };
    for (const client of [clientOf.a, clientOf.b]) {
      expect(await grantedQos(client, [downlinkFilter(application), `application/${application}/#`, '#'])).toEqual([
        1, 1, 1,
      ]);
    }
    const topicOf = (serial: string) => `application/${application}/device/${serial}/command/down`;
    const topics = (messages: Array<{ topic: string }>) => [...new Set(messages.map((message) => message.topic))];

    expect(await sendCommand(b.admin, await meterId(serials.b), '0102')).toBe('sent');
    await until(() => seen.b.length > 0);
    // Each of a client's matching subscriptions may deliver it; what matters is whose it is.
    const statusOf = (serial: string) => `application/${application}/device/${serial}/event/status`;
    await clientOf.b.publishAsync(statusOf(serials.b), '{"from":"b"}', { qos: 1 });
    await until(() => topics(seen.b).length === 2);
    expect(await sendCommand(a.admin, await meterId(serials.a), '0304')).toBe('sent');
    await clientOf.a.publishAsync(statusOf(serials.a), '{"from":"a"}', { qos: 1 });
    await until(() => topics(seen.a).length === 2);
    await sleep(300);
    expect(topics(seen.b)).toEqual([topicOf(serials.b), statusOf(serials.b)]);
    expect(topics(seen.a)).toEqual([topicOf(serials.a), statusOf(serials.a)]);
  });

  it('grants a subscription by name to each organization bound to an application, and to no other', async () => {
    const [a, b, c] = [await tenant(), await tenant(), await tenant()];
    const application = crypto.randomUUID();
    const filter = [downlinkFilter(application)];
    for (const anyone of [a, b, c]) expect(await grantedQos(await connect(anyone.credentials), filter)).toEqual([128]);
    await publishUplink(a.credentials, application, newSerial(), 1);
    expect(await grantedQos(await connect(a.credentials), filter)).toEqual([1]);
    expect(await grantedQos(await connect(b.credentials), filter)).toEqual([128]);
    expect((await postUplink(b.token, application, newSerial(), 1)).status).toBe(202);
    for (const bound of [a, b]) expect(await grantedQos(await connect(bound.credentials), filter)).toEqual([1]);
    expect(await grantedQos(await connect(c.credentials), filter)).toEqual([128]);
    expect(await errorsOf(c)).toEqual([]);
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
    await olo.server.broker.publish(command, '{}', a.organizationId);
    await until(() => seen.length === 1);
    await sleep(300);
    expect(seen.map((message) => message.topic)).toEqual([command]);
  });

  it("passes a free meter's downlink only to the organization whose integration delivered its latest uplink", async () => {
    const a = await tenant();
    const b = await tenant();
    const application = crypto.randomUUID();
    await publishUplink(a.credentials, application, newSerial(), 1);
    // Free: first heard through the site-wide credentials; then B's network server delivers it.
    const serial = newSerial();
    await publishUplink(siteWide, application, serial, 1);
    await publishUplink(b.credentials, application, serial, 2);
    const clientOf = {
      a: await connect(a.credentials),
      b: await connect(b.credentials),
      site: await connect(siteWide),
    };
    const seen = { a: received(clientOf.a), b: received(clientOf.b), site: received(clientOf.site) };
    for (const client of Object.values(clientOf)) await client.subscribeAsync(downlinkFilter(application), { qos: 1 });
    const free = await meterId(serial);

    expect(await sendCommand(siteAdmin, free, '01')).toBe('sent');
    await until(() => seen.b.length === 1 && seen.site.length === 1);
    // Heard last through the site-wide credentials, its downlinks reach site-wide clients only.
    await publishUplink(siteWide, application, serial, 3);
    expect(await sendCommand(siteAdmin, free, '02')).toBe('sent');
    await until(() => seen.site.length === 2);
    await sleep(300);
    expect(seen.a).toEqual([]);
    expect(seen.b.map((message) => JSON.parse(message.body).data)).toEqual(['AQ==']);
  });
});
