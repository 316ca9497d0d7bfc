import crypto from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createProject, signedInClient } from '../../testing/factories.ts';
import { describeOnPostgres, postgresTestUrl, testDatabases } from '../../testing/test-databases.ts';
import { expectData, startTestServer, type TestClient, type TestServer } from '../../testing/test-server.ts';
import { uplinkExample } from '../../testing/uplink-examples.ts';

/*
 * Uplinks published over MQTT, as The Things Stack and ChirpStack publish them, on the embedded
 * broker (with an organization's integration credentials) and on the real Mosquitto that Olo
 * subscribes to with MQTT_URL. Mosquitto's topics are shared with every other test run on this
 * machine, so each test uses DevEUIs (and TTS application ids) of its own.
 */

const ingestToken = 'mqtt-ingest-test-token-0123456789';
const mosquittoUrl = 'mqtt://127.0.0.1:1883';
const newSerial = () => crypto.randomBytes(8).toString('hex');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Provider = 'tts' | 'chirpstack';

interface UplinkMessage {
  topic: string;
  body: Record<string, unknown>;
}

/**
 * The real TTS example as another device: its own DevEUI, device and application ids (the topic
 * says the same), frame counter, time and CO2 value in the payload the network server decoded.
 */
function ttsUplink(serial: string, fCnt: number, time: Date, co2: number, tenant = 'ttn'): UplinkMessage {
  const { payload } = uplinkExample('tts-v3-mqtt-up.json');
  const body = structuredClone(payload) as {
    end_device_ids: { dev_eui: string; device_id: string; application_ids: { application_id: string } };
    uplink_message: {
      f_cnt: number;
      settings: { time: string };
      rx_metadata: Array<{ time: string }>;
      decoded_payload: { co2: number };
    };
  };
  const application = `olo-test-${serial}`;
  const device = `dev-${serial}`;
  body.end_device_ids.dev_eui = serial.toUpperCase();
  body.end_device_ids.device_id = device;
  body.end_device_ids.application_ids.application_id = application;
  body.uplink_message.f_cnt = fCnt;
  body.uplink_message.settings.time = time.toISOString();
  for (const gateway of body.uplink_message.rx_metadata) gateway.time = time.toISOString();
  body.uplink_message.decoded_payload.co2 = co2;
  return { topic: `v3/${application}@${tenant}/devices/${device}/up`, body };
}

/** The real ChirpStack example (a Milesight EM500-CO2, decoded by Olo's driver) as another device. */
function chirpstackUplink(serial: string, fCnt: number, time: Date, co2: number): UplinkMessage {
  const { topic, payload } = uplinkExample('chirpstack-v4-mqtt-up.json');
  const body = structuredClone(payload) as Record<string, unknown> & { deviceInfo: { devEui: string } };
  body.deviceInfo.devEui = serial;
  body.fCnt = fCnt;
  body.time = time.toISOString();
  const bytes = Buffer.from(body.data as string, 'base64');
  // 05 7D: the EM500-CO2's CO2 record, uint16 little-endian at byte 12.
  bytes.writeUInt16LE(co2, 12);
  body.data = bytes.toString('base64');
  delete body.object;
  return { topic: topic.replace('24e124126c172345', serial), body };
}

const uplinkOf: Record<Provider, typeof chirpstackUplink> = { tts: ttsUplink, chirpstack: chirpstackUplink };

const brokers = ['embedded', 'mosquitto'] as const;
const setups = testDatabases.flatMap((database) => brokers.map((broker) => [database, broker] as const));

describe.each(setups)('MQTT ingest on %s through the %s broker', (database, broker) => {
  let olo: TestServer;
  let admin: TestClient;
  let siteAdmin: TestClient;
  let organizationId: string;
  let projectId: number;
  let credentials: { username: string; password: string };
  let publisher: MqttClient;
  const sql = () => olo.server.database.sql;
  const brokerUrl = () => (broker === 'embedded' ? `mqtt://127.0.0.1:${olo.server.broker.port}` : mosquittoUrl);
  const connect = () =>
    mqtt.connectAsync(brokerUrl(), broker === 'embedded' ? { ...credentials, reconnectPeriod: 0 } : {});

  const storedReadings = async (serial: string) =>
    sql()`select r.f_cnt from meter_readings r join meters m on m.id = r.meter_id where m.serial = ${serial}`;

  /**
   * Publishes at QoS 1 until the reading is stored. The embedded broker acknowledges only stored
   * uplinks; Mosquitto acknowledges at once, and drops what arrives before Olo has subscribed, so
   * there the message is sent again (a repeat is stored once) until it shows up.
   */
  async function publishUntilStored(message: UplinkMessage, serial: string, fCnt: number) {
    const deadline = Date.now() + 15_000;
    for (;;) {
      await publisher.publishAsync(message.topic, JSON.stringify(message.body), { qos: 1 });
      for (let poll = 0; poll < 10; poll++) {
        if ((await storedReadings(serial)).some((row) => row.f_cnt === fCnt)) return;
        await sleep(100);
      }
      if (Date.now() > deadline) throw new Error(`uplink ${fCnt} of ${serial} was never stored`);
    }
  }

  const meterOf = async (serial: string) =>
    (await sql()`select id from meters where serial = ${serial}`)[0]?.id as number;

  /** A free meter, created by an uplink, moved to the organization by a site admin. */
  async function meterInOrganization(message: UplinkMessage, serial: string, fCnt: number) {
    await publishUntilStored(message, serial, fCnt);
    expectData(
      await siteAdmin.graphql(
        'mutation M($s: [String!]!, $o: ID!) { moveFreeMeters(serials: $s, organizationId: $o) { id } }',
        { s: [serial], o: organizationId },
      ),
    );
    return meterOf(serial);
  }

  beforeAll(async () => {
    olo = await startTestServer(database, {
      INGEST_TOKEN: ingestToken,
      ...(broker === 'mosquitto' ? { MQTT_URL: mosquittoUrl } : {}),
    });
    admin = (await signedInClient(olo.url)).client;
    organizationId = (await createOrganization(admin)).id;
    projectId = (await createProject(admin, organizationId)).id;
    const site = await signedInClient(olo.url);
    siteAdmin = site.client;
    await sql()`update users set is_admin = true where username = ${site.account.username}`;
    const created = expectData(
      await admin.graphql<{ createIntegration: { secret: string; integration: { mqttUsername: string } } }>(
        'mutation C($o: ID!) { createIntegration(organizationId: $o, name: "Network server") { secret integration { mqttUsername } } }',
        { o: organizationId },
      ),
    ).createIntegration;
    credentials = { username: created.integration.mqttUsername, password: created.secret };
    const deadline = Date.now() + 10_000;
    while (!olo.server.broker.isUp() && Date.now() < deadline) await sleep(50);
    publisher = await connect();
  });
  afterAll(async () => {
    await publisher?.endAsync();
    await olo?.close();
  });

  it.each<Provider>(['tts', 'chirpstack'])(
    'a %s uplink of a meter in a project shows in seriesLatests and over the seriesLatestUpdated subscription',
    async (provider) => {
      const serial = newSerial();
      const meterId = await meterInOrganization(
        uplinkOf[provider](serial, 1, new Date(Date.now() - 60_000), 700),
        serial,
        1,
      );
      const added = expectData(
        await admin.graphql<{ projectAddMeter: Array<{ id: number; dataType: string }> }>(
          'mutation A($p: Int!, $m: Int!) { projectAddMeter(projectId: $p, meterId: $m) { id dataType } }',
          { p: projectId, m: meterId },
        ),
      ).projectAddMeter;
      const co2 = added.find((series) => series.dataType === 'CO2');
      if (!co2) throw new Error(`no CO2 series among ${JSON.stringify(added)}`);

      const socket = admin.websocket();
      const pushed = new Promise<number>((resolve, reject) => {
        const stop = socket.subscribe<{ seriesLatestUpdated: Array<{ seriesId: number; data: number }> }>(
          {
            query: 'subscription S($p: Int!) { seriesLatestUpdated(projectId: $p) { seriesId data } }',
            variables: { p: projectId },
          },
          {
            next: (value) => {
              const ours = value.data?.seriesLatestUpdated.find((latest) => latest.seriesId === co2.id);
              // Adding the meter backfills its earlier reading (700, decision 0151), which may be pushed first.
              if (!ours || ours.data === 700) return;
              stop();
              resolve(ours.data);
            },
            error: reject,
            complete: () => {},
          },
        );
      });
      // The subscription is registered once the server has read the subscribe message.
      await sleep(300);
      const live = uplinkOf[provider](serial, 2, new Date(), 812);
      await publisher.publishAsync(live.topic, JSON.stringify(live.body), { qos: 1 });
      expect(await pushed).toBe(812);
      await socket.dispose();

      const latest = expectData(
        await admin.graphql<{ seriesLatests: Array<{ seriesId: number; data: number; live: boolean }> }>(
          'query L($p: Int!) { seriesLatests(projectId: $p) { seriesId data live } }',
          { p: projectId },
        ),
      ).seriesLatests;
      expect(latest).toContainEqual({ seriesId: co2.id, data: 812, live: true });

      // The radio fields of the strongest gateway, with the estimated signal power from them.
      const radio = expectData(
        await admin.graphql<{ meter: { latest: { rssi: number; snr: number; esp: number; txpower: null } } }>(
          'query M($id: Int!) { meter(id: $id) { latest { rssi snr esp txpower } } }',
          { id: meterId },
        ),
      ).meter.latest;
      const [rssi, snr] = provider === 'tts' ? [-97, 7.25] : [-88, 9.5];
      expect(radio).toMatchObject({ rssi, snr, txpower: null });
      expect(radio.esp).toBeCloseTo(rssi + snr - 10 * Math.log10(1 + 10 ** (snr / 10)), 6);
    },
  );

  it('an uplink over an alarm threshold opens one episode, which the next reading back in range ends', async () => {
    const serial = newSerial();
    const meterId = await meterInOrganization(ttsUplink(serial, 1, new Date(Date.now() - 180_000), 700), serial, 1);
    const added = expectData(
      await admin.graphql<{ projectAddMeter: Array<{ id: number; dataType: string }> }>(
        'mutation A($p: Int!, $m: Int!) { projectAddMeter(projectId: $p, meterId: $m) { id dataType } }',
        { p: projectId, m: meterId },
      ),
    ).projectAddMeter;
    const co2 = added.find((series) => series.dataType === 'CO2')?.id as number;
    // Over 1,200 ppm, with an SMS action told of ends too (no SMS gateway here: recorded as not sent).
    const [alarm] = await sql()<Array<{ id: string }>>`
      insert into alarms (project_id, name, range_end) values (${projectId}, 'CO2 koholla', 1200) returning id`;
    await sql()`insert into alarms_series (alarm_id, series_id) values (${alarm?.id as string}, ${co2})`;
    const [action] = await sql()<Array<{ id: string }>>`
      insert into alarms_actions (alarm_id, type, sms, trigger_at_end)
      values (${alarm?.id as string}, 'sms', '+358401234567', true) returning id`;
    const episodes = () =>
      sql()<Array<{ data: number; ended: boolean; peak: number | null }>>`
        select data, end_at is not null as ended, peak from alarms_triggered where alarm_id = ${alarm?.id as string}`;

    // Readings from now on: the meter's series take values from when it joined the project.
    await publishUntilStored(ttsUplink(serial, 2, new Date(), 1450), serial, 2);
    const third = ttsUplink(serial, 3, new Date(), 1600);
    await publishUntilStored(third, serial, 3);
    expect(await episodes()).toEqual([{ data: 1450, ended: false, peak: null }]);
    const count = async () =>
      expectData(
        await admin.graphql<{ project: { alarmsTriggeredCount: number } }>(
          'query P($id: Int!) { project(id: $id) { alarmsTriggeredCount } }',
          { id: projectId },
        ),
      ).project.alarmsTriggeredCount;
    expect(await count()).toBe(1);
    // Sent again (as Mosquitto may), the same uplink opens nothing more.
    await publisher.publishAsync(third.topic, JSON.stringify(third.body), { qos: 1 });
    await publishUntilStored(ttsUplink(serial, 4, new Date(), 900), serial, 4);
    expect(await episodes()).toEqual([{ data: 1450, ended: true, peak: 1600 }]);
    // Each event queued its notification in the storing transaction, once, and the queue ran it
    // after the commit.
    const notifyJobs = async () =>
      sql()<Array<{ kind: string; done: boolean }>>`
        select d->'event'->>'kind' as kind, done_at is not null as done
        from jobs cross join lateral jsonb_array_elements(payload->'deliveries') d
        where name = 'alarms.notify' and d->>'actionId' = ${action?.id as string} order by run_at, id`;
    for (let waited = 0; (await notifyJobs()).some((job) => !job.done) && waited < 5000; waited += 50) await sleep(50);
    expect(await notifyJobs()).toEqual([
      { kind: 'triggered', done: true },
      { kind: 'ended', done: true },
    ]);
    // Ended is not acknowledged: it still counts until someone acknowledges it.
    expect(await count()).toBe(1);
    await sql()`update alarms_triggered set acknowledged = true where alarm_id = ${alarm?.id as string}`;
    expect(await count()).toBe(0);
  });

  it("sends a TTS meter's command to the tenant's down/push topic that its uplinks came from", async () => {
    const serial = newSerial();
    const uplink = ttsUplink(serial, 1, new Date(), 650, 'facilities');
    const meterId = await meterInOrganization(uplink, serial, 1);
    const application = `olo-test-${serial}@facilities`;
    const downlinkTopic = `v3/${application}/devices/dev-${serial}/down/push`;
    const listener = await connect();
    const received = new Promise<{ topic: string; body: unknown }>((resolve) =>
      listener.on('message', (topic, payload) => resolve({ topic, body: JSON.parse(payload.toString()) })),
    );
    await listener.subscribeAsync(`v3/${application}/devices/+/down/push`, { qos: 1 });
    const command = expectData(
      await admin.graphql<{ meterCommand: { status: string } }>(
        'mutation C($id: Int!) { meterCommand(meterId: $id, name: "Interval", fPort: 1, payload: "00020e1048a4") { status } }',
        { id: meterId },
      ),
    ).meterCommand;
    expect(command.status).toBe('sent');
    expect(await received).toEqual({
      topic: downlinkTopic,
      body: {
        downlinks: [
          { f_port: 1, frm_payload: Buffer.from('00020e1048a4', 'hex').toString('base64'), priority: 'NORMAL' },
        ],
      },
    });
    await listener.endAsync();
  });

  it.each<Provider>(['tts', 'chirpstack'])(
    'acknowledges a %s uplink refused for its content and stores the next one on the same connection',
    async (provider) => {
      // Olo's subscription at Mosquitto is in place once something it was sent arrived.
      const warmSerial = newSerial();
      await publishUntilStored(uplinkOf[provider](warmSerial, 1, new Date(), 600), warmSerial, 1);
      const serial = newSerial();
      const client = await connect();
      const acknowledged = (message: UplinkMessage) =>
        Promise.race([
          client.publishAsync(message.topic, JSON.stringify(message.body), { qos: 1 }).then(() => true),
          sleep(5000).then(() => false),
        ]);
      // A network server whose clock is unset, then the same meter's next uplink with the right time.
      const unsetClock = uplinkOf[provider](serial, 1, new Date('0001-01-01T00:00:00Z'), 650);
      const next = uplinkOf[provider](serial, 2, new Date(), 660);
      expect(await acknowledged(unsetClock)).toBe(true);
      expect(await acknowledged(next)).toBe(true);
      expect(client.connected).toBe(true);
      for (let waited = 0; (await storedReadings(serial)).length === 0 && waited < 10_000; waited += 100) {
        await sleep(100);
      }
      // Not sent again: recorded once, and the broker has nothing more to redeliver.
      await sleep(500);
      expect(await storedReadings(serial)).toEqual([{ f_cnt: 2 }]);
      const errors = await sql()`select type, name from system_errors where data->>'serial' = ${serial}`;
      expect(errors.filter((error) => error.type === 'ingest.reading-time')).toEqual([
        {
          type: 'ingest.reading-time',
          name: expect.stringMatching(/^Uplink refused: .*0001-01-01T00:00:00\.000Z is before 2000-01-01/),
        },
      ]);
      await client.endAsync();
    },
  );
});

describe.each(testDatabases)('integration kinds on the embedded broker on %s', (database) => {
  let olo: TestServer;
  let admin: TestClient;
  let organizationId: string;
  const sql = () => olo.server.database.sql;

  beforeAll(async () => {
    olo = await startTestServer(database, { INGEST_TOKEN: ingestToken });
    admin = (await signedInClient(olo.url)).client;
    organizationId = (await createOrganization(admin)).id;
  });
  afterAll(() => olo?.close());

  it("refuses a TTS-only integration's ChirpStack uplink: acknowledged, not stored, not passed on, recorded", async () => {
    const created = expectData(
      await admin.graphql<{ createIntegration: { secret: string; integration: { id: string; mqttUsername: string } } }>(
        'mutation C($o: ID!) { createIntegration(organizationId: $o, name: "TTS", kind: tts) { secret integration { id mqttUsername } } }',
        { o: organizationId },
      ),
    ).createIntegration;
    const url = `mqtt://127.0.0.1:${olo.server.broker.port}`;
    // The site-wide integration may follow every uplink: a refused one must not reach it.
    const watcher = await mqtt.connectAsync(url, { username: 'olo', password: ingestToken });
    const seen: string[] = [];
    watcher.on('message', (topic) => seen.push(topic));
    await watcher.subscribeAsync(['v3/+/devices/+/up', 'application/+/device/+/event/up'], { qos: 1 });
    const tts = await mqtt.connectAsync(url, {
      username: created.integration.mqttUsername,
      password: created.secret,
      reconnectPeriod: 0,
    });

    const wrongSerial = newSerial();
    const wrong = chirpstackUplink(wrongSerial, 1, new Date(), 900);
    await tts.publishAsync(wrong.topic, JSON.stringify(wrong.body), { qos: 1 });
    const rightSerial = newSerial();
    const right = ttsUplink(rightSerial, 1, new Date(), 640);
    await tts.publishAsync(right.topic, JSON.stringify(right.body), { qos: 1 });
    // Still connected after the refusal: the right uplink went through on the same connection.
    expect(tts.connected).toBe(true);

    expect(await sql()`select serial from meters where serial in ${sql()([wrongSerial, rightSerial])}`).toEqual([
      { serial: rightSerial },
    ]);
    const errors = await sql()`select type, data from system_errors where data->>'topic' = ${wrong.topic}`;
    expect(errors).toEqual([
      { type: 'ingest.wrong-kind', data: { topic: wrong.topic, integrationId: created.integration.id, kind: 'tts' } },
    ]);
    const deadline = Date.now() + 5000;
    while (seen.length === 0 && Date.now() < deadline) await sleep(20);
    await sleep(200);
    expect(seen).toEqual([right.topic]);
    await tts.endAsync();
    await watcher.endAsync();
  });
});

describeOnPostgres('MQTT ingest while PostgreSQL drops every connection', () => {
  let olo: TestServer;
  beforeAll(async () => {
    olo = await startTestServer('postgres', { INGEST_TOKEN: ingestToken });
  });
  afterAll(() => olo?.close());

  it('stores every QoS 1 uplink exactly once: publishers keep going, and send again what was not acknowledged', async () => {
    const databaseName = new URL(olo.server.config.databaseUrl as string).pathname.slice(1);
    const postgres = (await import('postgres')).default;
    const clusterAdmin = postgres(postgresTestUrl as string, { max: 1, onnotice: () => {} });
    const url = `mqtt://127.0.0.1:${olo.server.broker.port}`;
    const serials = Array.from({ length: 5 }, newSerial);
    const uplinksEach = 20;
    const start = Date.parse('2026-11-20T12:00:00Z');
    let publishing = true;

    // Like a network server: an uplink whose acknowledgement did not come is published again.
    const publish = async (serial: string) => {
      const client = mqtt.connect(url, {
        username: 'olo',
        password: ingestToken,
        reconnectPeriod: 50,
        connectTimeout: 2000,
        // While the credentials cannot be checked, connecting is refused as "server unavailable":
        // try again, as network servers do.
        reconnectOnConnackError: true,
      });
      client.on('error', () => {});
      for (let fCnt = 1; fCnt <= uplinksEach; fCnt++) {
        const uplink = chirpstackUplink(serial, fCnt, new Date(start + fCnt * 60_000), 500 + fCnt);
        for (let attempt = 0; ; attempt++) {
          try {
            await client.publishAsync(uplink.topic, JSON.stringify(uplink.body), { qos: 1 });
            break;
          } catch (error) {
            if (attempt > 100) throw error;
            await sleep(50);
          }
        }
      }
      await client.endAsync();
    };
    const publishers = Promise.all(serials.map(publish)).finally(() => {
      publishing = false;
    });
    let terminated = 0;
    for (let round = 0; round < 5 && publishing; round++) {
      await sleep(40);
      const rows = await clusterAdmin`
        select pg_terminate_backend(pid) as done from pg_stat_activity
        where datname = ${databaseName} and pid <> pg_backend_pid()`;
      terminated += rows.filter((row) => row.done).length;
    }
    await publishers;
    await clusterAdmin.end();
    // The database really went away while uplinks were arriving.
    expect(terminated).toBeGreaterThan(0);

    const stored = await olo.server.database.sql`
      select m.serial, count(*)::int as readings, count(distinct r.f_cnt)::int as frames
      from meter_readings r join meters m on m.id = r.meter_id
      where m.serial in ${olo.server.database.sql(serials)} group by m.serial order by m.serial`;
    expect(stored).toEqual(
      [...serials].sort().map((serial) => ({ serial, readings: uplinksEach, frames: uplinksEach })),
    );
  });
});
