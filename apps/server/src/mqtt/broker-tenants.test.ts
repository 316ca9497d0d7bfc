import crypto from 'node:crypto';
import net from 'node:net';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginDelay } from '../modules/accounts/login-throttle.ts';
import { rateLimitRules } from '../shared/rate-limits.ts';
import { createOrganization, signedInClient } from '../testing/factories.ts';
import { grantedQos, received, until } from '../testing/mqtt-clients.ts';
import { testDatabases } from '../testing/test-databases.ts';
import { expectData, startTestServer, type TestClient, type TestServer } from '../testing/test-server.ts';
import { chirpstackUplinkOf } from '../testing/uplink-examples.ts';

/*
 * Two tenants, each with its own ChirpStack application and integration credentials, on the
 * embedded broker: what one may subscribe to, publish and receive of the other's topics.
 */

const ingestToken = 'broker-tenants-test-token-0123456789';
const newSerial = () => crypto.randomBytes(8).toString('hex');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Tenant {
  admin: TestClient;
  organizationId: string;
  credentials: { username: string; password: string };
  application: string;
  serial: string;
  meterId: number;
}

describe.each(testDatabases)('tenants on the embedded broker on %s', (database) => {
  let olo: TestServer;
  let a: Tenant;
  let b: Tenant;
  const clients: MqttClient[] = [];
  const sql = () => olo.server.database.sql;
  const url = () => `mqtt://127.0.0.1:${olo.server.broker.port}`;
  const connect = async (credentials: { username: string; password: string }) => {
    const client = await mqtt.connectAsync(url(), { ...credentials, reconnectPeriod: 0 });
    clients.push(client);
    return client;
  };

  /** An organization with an integration, whose ChirpStack's first uplink makes a meter that the site admin moves to it. */
  async function tenant(): Promise<Tenant> {
    const admin = (await signedInClient(olo.url)).client;
    const organizationId = (await createOrganization(admin)).id;
    const created = expectData(
      await admin.graphql<{ createIntegration: { secret: string; integration: { mqttUsername: string } } }>(
        'mutation C($o: ID!) { createIntegration(organizationId: $o, name: "ChirpStack") { secret integration { mqttUsername } } }',
        { o: organizationId },
      ),
    ).createIntegration;
    const credentials = { username: created.integration.mqttUsername, password: created.secret };
    const application = crypto.randomUUID();
    const serial = newSerial();
    const networkServer = await connect(credentials);
    const uplink = chirpstackUplinkOf(application, serial, 1);
    // The embedded broker acknowledges an uplink once it is stored.
    await networkServer.publishAsync(uplink.topic, JSON.stringify(uplink.body), { qos: 1 });
    // First heard through the organization's own credentials: its meter at once (decision 0150).
    const [meter] = await sql()`select id, organization_id from meters where serial = ${serial}`;
    expect(meter?.organization_id).toBe(organizationId);
    return { admin, organizationId, credentials, application, serial, meterId: meter?.id as number };
  }

  const sendCommand = async (owner: Tenant, hex: string) =>
    expectData(
      await owner.admin.graphql<{ meterCommand: { status: string } }>(
        'mutation C($id: Int!, $p: String!) { meterCommand(meterId: $id, name: "Raw", fPort: 85, payload: $p) { status } }',
        { id: owner.meterId, p: hex },
      ),
    ).meterCommand.status;
  const commandTopic = (owner: Tenant) => `application/${owner.application}/device/${owner.serial}/command/down`;

  beforeAll(async () => {
    // RATE_LIMIT_FACTOR 1: the limits on wrong passwords are the real ones.
    olo = await startTestServer(database, { INGEST_TOKEN: ingestToken, RATE_LIMIT_FACTOR: '1' });
    await until(() => olo.server.broker.isUp());
    a = await tenant();
    b = await tenant();
  });
  afterAll(async () => {
    for (const client of clients) await client.endAsync(true).catch(() => {});
    await olo?.close();
  });

  it("refuses a subscription to another organization's application and takes one to its own", async () => {
    const client = await connect(a.credentials);
    const granted = await grantedQos(client, [
      `application/${b.application}/device/+/command/down`,
      `application/${b.application}/device/${b.serial}/event/up`,
      `application/${a.application}/device/+/command/down`,
      `application/${a.application}/device/+/event/+`,
      '$SYS/#',
    ]);
    expect(granted).toEqual([128, 128, 1, 1, 128]);
    // A refused subscription leaves the client connected.
    expect(client.connected).toBe(true);
  });

  it("passes a meter's command only to its organization's clients, whatever the other subscribes to", async () => {
    const ownWildcard = await connect(a.credentials);
    const everything = await connect(a.credentials);
    const prying = await connect(a.credentials);
    const other = await connect(b.credentials);
    const site = await connect({ username: 'olo', password: ingestToken });
    const seen = {
      ownWildcard: received(ownWildcard),
      everything: received(everything),
      prying: received(prying),
      other: received(other),
      site: received(site),
    };
    const granted = {
      ownWildcard: await grantedQos(ownWildcard, ['application/+/device/+/command/down']),
      everything: await grantedQos(everything, ['#']),
      prying: await grantedQos(prying, [`application/${b.application}/device/+/command/down`]),
    };
    await other.subscribeAsync(`application/${b.application}/device/+/command/down`, { qos: 1 });
    await site.subscribeAsync('#', { qos: 1 });

    expect(await sendCommand(b, '0102')).toBe('sent');
    await until(() => seen.other.length === 1 && seen.site.length === 1);
    await sleep(300);
    const topics = (messages: Array<{ topic: string }>) => messages.map((message) => message.topic);
    expect(topics(seen.other)).toEqual([commandTopic(b)]);
    expect([...seen.prying, ...seen.ownWildcard, ...seen.everything]).toEqual([]);

    // Wildcards over applications are taken, narrowed to the client's own applications.
    expect(granted).toEqual({ ownWildcard: [1], everything: [1], prying: [128] });
    expect(await sendCommand(a, '0304')).toBe('sent');
    await until(() => seen.ownWildcard.length === 1 && seen.everything.length === 1 && seen.site.length === 2);
    await sleep(300);
    expect(topics(seen.ownWildcard)).toEqual([commandTopic(a)]);
    expect(topics(seen.everything)).toEqual([commandTopic(a)]);
    expect(topics(seen.other)).toEqual([commandTopic(b)]);
    // Site-wide credentials (INGEST_TOKEN) keep full reach.
    expect(topics(seen.site)).toEqual([commandTopic(b), commandTopic(a)]);
  });

  it("passes a message on another organization's application id to none of that organization; refuses one of no application", async () => {
    // A tenant of its own: the intruder's uplink binds the application id to the intruder too.
    const victim = await tenant();
    const downlinks = await connect(victim.credentials);
    const events = await connect(victim.credentials);
    const seen = { downlinks: received(downlinks), events: received(events) };
    await downlinks.subscribeAsync(`application/${victim.application}/device/+/command/down`, { qos: 1 });
    const eventsGranted = await grantedQos(events, [`application/${victim.application}/device/+/event/up`]);
    const intruder = await connect(b.credentials);
    const intruderSeen = received(intruder);
    await intruder.subscribeAsync('#', { qos: 1 });

    // A downlink onto the other's application, which its network server would send to the meter.
    const forged = JSON.stringify({ devEui: victim.serial, confirmed: false, fPort: 85, data: 'AQI=' });
    await intruder.publishAsync(commandTopic(victim), forged, { qos: 1 });
    // An uplink of a new device on the other's application id: the intruder's own meter.
    const strangerSerial = newSerial();
    const stranger = chirpstackUplinkOf(victim.application, strangerSerial, 1);
    await intruder.publishAsync(stranger.topic, JSON.stringify(stranger.body), { qos: 1 });
    // A topic of no application: refused, acknowledged rather than disconnected (sent again forever).
    await intruder.publishAsync(`application/${victim.application}/status`, '{}', { qos: 1 });
    expect(intruder.connected).toBe(true);
    await until(() => intruderSeen.length === 2);
    await sleep(300);
    expect(seen.downlinks).toEqual([]);
    expect(seen.events).toEqual([]);
    expect(intruderSeen.map((message) => message.topic)).toEqual([commandTopic(victim), stranger.topic]);
    expect(await sql()`select organization_id from meters where serial = ${strangerSerial}`).toEqual([
      { organization_id: b.organizationId },
    ]);

    // Within its application an organization's messages go through, to its own clients only.
    expect(eventsGranted).toEqual([1]);
    const own = chirpstackUplinkOf(victim.application, victim.serial, 2);
    const networkServer = await connect(victim.credentials);
    await networkServer.publishAsync(own.topic, JSON.stringify(own.body), { qos: 1 });
    await until(() => seen.events.length === 1);
    await sleep(300);
    expect(seen.events.map((message) => message.topic)).toEqual([own.topic]);
    expect(seen.downlinks).toEqual([]);
    expect(intruderSeen).toHaveLength(2);
    const refused = await sql()`
      select type, data->>'topic' as topic from system_errors where type = 'mqtt.foreign-topic' order by time, id`;
    expect(refused).toEqual([{ type: 'mqtt.foreign-topic', topic: `application/${victim.application}/status` }]);
    const stored = await sql()`
      select r.f_cnt from meter_readings r join meters m on m.id = r.meter_id where m.serial = ${victim.serial} order by r.f_cnt`;
    expect(stored).toEqual([{ f_cnt: 1 }, { f_cnt: 2 }]);
  });

  it('listens on HOST only', async () => {
    const reachable = (host: string) =>
      new Promise<boolean>((resolve) => {
        const socket = net.connect(olo.server.broker.port as number, host);
        socket.once('connect', () => {
          socket.destroy();
          resolve(true);
        });
        socket.once('error', () => resolve(false));
      });
    // HOST is 127.0.0.1 in tests; 127.0.0.2 is the same machine, by another address.
    expect(await reachable('127.0.0.1')).toBe(true);
    expect(await reachable('127.0.0.2')).toBe(false);
  });

  // Last: it leaves this client address blocked.
  it('refuses, without checking the secret, a username and then an address after repeated wrong passwords', async () => {
    const refusal = async (credentials: { username: string; password: string }) => {
      try {
        await connect(credentials);
        return 0;
      } catch (error) {
        return (error as { code?: number }).code;
      }
    };
    for (let attempt = 0; attempt < loginDelay.freeFailures; attempt++) {
      expect(await refusal({ username: a.credentials.username, password: `guess-${attempt}` })).toBe(4);
    }
    // Within the delay that follows, the right secret does not help either: "not authorized".
    expect(await refusal(a.credentials)).toBe(5);
    expect(await refusal(b.credentials)).toBe(0);

    // Per address: wrong passwords over many usernames, each within its free failures.
    const perIp = rateLimitRules.loginFailuresPerIp.limit - loginDelay.freeFailures;
    for (let attempt = 0; attempt < perIp; attempt++) {
      expect(await refusal({ username: `olo-guess-${attempt}`, password: 'guess' })).toBe(4);
    }
    expect(await refusal(b.credentials)).toBe(5);
  });
});
