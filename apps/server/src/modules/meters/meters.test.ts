import crypto from 'node:crypto';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createProject, signedInClient, subscribeOver } from '../../testing/factories.ts';
import { untilRecalculated } from '../../testing/meter-world.ts';
import { testDatabases } from '../../testing/test-databases.ts';
import { expectData, startTestServer, type TestClient, type TestServer } from '../../testing/test-server.ts';
import { chirpstackUplinkOf, uplinkExample } from '../../testing/uplink-examples.ts';

const example = uplinkExample;
const ingestToken = 'meters-test-ingest-token-0123456789';
const newSerial = () => crypto.randomBytes(8).toString('hex');

/** A ChirpStack uplink of a Milesight EM500-CO2 with a given DevEUI, frame counter, time, CO2 (ppm) and battery (%). */
function chirpstackUplink(serial: string, fCnt: number, time: Date, co2 = 1127, battery = 92) {
  const message = structuredClone(example('chirpstack-v4-mqtt-up.json').payload) as Record<string, unknown> & {
    deviceInfo: { devEui: string };
  };
  message.deviceInfo.devEui = serial;
  message.fCnt = fCnt;
  message.time = time.toISOString();
  // Channel 05/7D is CO2 on the EM500-CO2 (uint16, little-endian).
  const bytes = Buffer.from('01755c0367340104686505' + '7d670406736827', 'hex');
  bytes.writeUInt16LE(co2, 12);
  // Channel 01/75 is the battery level in percent.
  bytes.writeUInt8(battery, 2);
  message.data = bytes.toString('base64');
  delete message.object;
  return message;
}

describe.each(testDatabases)('meters and series on %s', (kind) => {
  let olo: TestServer;
  let admin: TestClient;
  let siteAdmin: TestClient;
  let organizationId: string;
  let projectId: number;

  const post = async (body: unknown, provider = 'chirpstack', token = ingestToken) => {
    const response = await fetch(`${olo.url}/api/ingest/${provider}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    return response.status;
  };
  const meterOf = async (serial: string) =>
    (await olo.server.database.sql`select id from meters where serial = ${serial}`)[0]?.id as number;

  beforeAll(async () => {
    olo = await startTestServer(kind, { INGEST_TOKEN: ingestToken });
    admin = (await signedInClient(olo.url)).client;
    organizationId = (await createOrganization(admin)).id;
    projectId = (await createProject(admin, organizationId)).id;
    const site = await signedInClient(olo.url);
    siteAdmin = site.client;
    await olo.server.database.sql`update users set is_admin = true where username = ${site.account.username}`;
  });
  afterAll(() => olo?.close());

  it('adds a meter to a project: series per channel, fed by the next uplinks, in seriesLatests and live', async () => {
    const serial = newSerial();
    expect(await post(chirpstackUplink(serial, 1, new Date(Date.now() - 60_000)))).toBe(202);
    const meterId = await meterOf(serial);
    // A free meter: only a site admin sees it, and moves it to the organization by its serial.
    expect(
      (await admin.graphql('query M($id: Int!) { meter(id: $id) { id } }', { id: meterId })).errors?.[0]?.message,
    ).toBe('Permission denied');
    const moved = expectData(
      await siteAdmin.graphql<{ moveFreeMeters: Array<{ id: number }> }>(
        'mutation M($s: [String!]!, $o: ID!) { moveFreeMeters(serials: $s, organizationId: $o) { id } }',
        { s: [serial.toUpperCase().replace(/(..)/g, '$1:').slice(0, -1)], o: organizationId },
      ),
    );
    expect(moved.moveFreeMeters).toEqual([{ id: meterId }]);

    const added = expectData(
      await admin.graphql<{ projectAddMeter: Array<{ id: number; dataType: string; dataUnit: string }> }>(
        'mutation A($p: Int!, $m: Int!) { projectAddMeter(projectId: $p, meterId: $m) { id dataType dataUnit } }',
        { p: projectId, m: meterId },
      ),
    ).projectAddMeter;
    // Series by data type importance: Temperature, Humidity, CO2 first.
    expect(added.map((series) => series.dataType).slice(0, 3)).toEqual(['Temperature', 'Humidity', 'CO2']);
    const co2 = added.find((series) => series.dataType === 'CO2');
    expect(co2?.dataUnit).toBe('ppm');

    const pushed = await subscribeOver(
      admin,
      'subscription S($p: Int!) { seriesLatestUpdated(projectId: $p) { seriesId data } }',
      { p: projectId },
    );
    expect(await post(chirpstackUplink(serial, 2, new Date(Date.now() + 1000), 987))).toBe(202);
    const live = (await pushed.next) as { data: { seriesLatestUpdated: Array<{ seriesId: number; data: number }> } };
    expect(live.data.seriesLatestUpdated).toContainEqual({ seriesId: co2?.id, data: 987 });
    await pushed.close();

    const latest = expectData(
      await admin.graphql<{ seriesLatests: Array<{ seriesId: number; data: number; live: boolean }> }>(
        'query L($p: Int!) { seriesLatests(projectId: $p) { seriesId data live } }',
        { p: projectId },
      ),
    ).seriesLatests;
    expect(latest).toContainEqual({ seriesId: co2?.id, data: 987, live: true });

    // Milesight reports its battery in percent: 92 % is fine by its thresholds.
    const health = expectData(
      await admin.graphql<{
        meter: { batteryUnit: string; errors: { battery: string; lowVoltage: boolean; missing: boolean } };
      }>('query M($id: Int!) { meter(id: $id) { batteryUnit errors { battery lowVoltage missing } } }', {
        id: meterId,
      }),
    ).meter;
    expect(health).toEqual({ batteryUnit: '%', errors: { battery: 'ok', lowVoltage: false, missing: false } });
    const summary = expectData(
      await admin.graphql<{ metersErrorSummary: Record<string, number> }>(
        'query S($o: ID) { metersErrorSummary(organizationId: $o) { batteryLow batteryMedium lowVoltage missing systemErrors } }',
        { o: organizationId },
      ),
    ).metersErrorSummary;
    expect(summary).toEqual({ batteryLow: 0, batteryMedium: 0, lowVoltage: 0, missing: 0, systemErrors: 0 });
  });

  it('finds free meters by serial with a mutation (spec section 7), leaving out owned and unknown ones', async () => {
    const free = newSerial();
    const owned = newSerial();
    expect(await post(chirpstackUplink(free, 1, new Date()))).toBe(202);
    expect(await post(chirpstackUplink(owned, 1, new Date()))).toBe(202);
    await olo.server.database.sql`update meters set organization_id = ${organizationId} where serial = ${owned}`;
    const found = expectData(
      await siteAdmin.graphql<{ findFreeMeters: Array<{ id: number; serial: string }> }>(
        'mutation F($s: [String!]!) { findFreeMeters(serials: $s) { id serial } }',
        { s: [free.toUpperCase(), owned, newSerial()] },
      ),
    ).findFreeMeters;
    expect(found).toEqual([{ id: await meterOf(free), serial: free }]);
    const asQuery = await siteAdmin.graphql('query F($s: [String!]!) { findFreeMeters(serials: $s) { id } }', {
      s: [free],
    });
    expect(asQuery.errors?.[0]?.message).toMatch(/Cannot query field "findFreeMeters" on type "Query"/);
  });

  it('toggles a meter, or sets its state when active is given, the same on every repeat', async () => {
    const serial = newSerial();
    expect(await post(chirpstackUplink(serial, 1, new Date()))).toBe(202);
    const meterId = await meterOf(serial);
    await olo.server.database.sql`update meters set organization_id = ${organizationId} where id = ${meterId}`;
    const toggle = async (args: string) =>
      expectData(
        await admin.graphql<{ toggleMeter: { active: boolean } }>(
          `mutation T($id: Int!) { toggleMeter(id: $id${args}) { active } }`,
          { id: meterId },
        ),
      ).toggleMeter.active;
    expect(await toggle('')).toBe(false);
    expect(await toggle('')).toBe(true);
    expect(await toggle(', active: false')).toBe(false);
    expect(await toggle(', active: false')).toBe(false);
    expect(await toggle(', active: true')).toBe(true);
    expect(await toggle(', active: true')).toBe(true);
    expect(await toggle(', active: null')).toBe(false);
    const [stored] = await olo.server.database.sql`select active from meters where id = ${meterId}`;
    expect(stored?.active).toBe(false);
  });

  it('lists the meta keys and values of the meters one sees, for autocomplete (meterMeta)', async () => {
    const { client: otherAdmin } = await signedInClient(olo.url);
    const otherOrganization = await createOrganization(otherAdmin);
    const meta = async (values: Record<string, unknown>, organization: string | null) => {
      const serial = newSerial();
      expect(await post(chirpstackUplink(serial, 1, new Date()))).toBe(202);
      await olo.server.database.sql`
        update meters set meta = ${JSON.stringify(values)}::jsonb, organization_id = ${organization}
        where serial = ${serial}`;
    };
    await meta({ mmFloor: '2', mmWing: 'B', mmOwner: 'Koulu' }, organizationId);
    await meta(
      { mmFloor: 10, mmWing: 'A', mmSealed: true, mmNested: { a: 1 }, mmNone: null, mmBlank: ' ' },
      organizationId,
    );
    await meta({ mmFloor: '2', mmWing: 'Ä' }, organizationId);
    await meta({ mmFloor: '7', mmSecret: 'x' }, otherOrganization.id);
    await meta({ mmFree: 'yes' }, null);
    const query = 'query { meterMeta { key values } }';
    type Entries = { meterMeta: Array<{ key: string; values: string[] }> };
    const own = expectData(await admin.graphql<Entries>(query)).meterMeta.filter((entry) => entry.key.startsWith('mm'));
    // Keys and values by name (Finnish order: Ä after A and B); each value once; objects and nulls left out.
    expect(own).toEqual([
      { key: 'mmBlank', values: [] },
      { key: 'mmFloor', values: ['10', '2'] },
      { key: 'mmOwner', values: ['Koulu'] },
      { key: 'mmSealed', values: ['true'] },
      { key: 'mmWing', values: ['A', 'B', 'Ä'] },
    ]);
    const all = expectData(await siteAdmin.graphql<Entries>(query)).meterMeta;
    expect(all).toContainEqual({ key: 'mmFloor', values: ['10', '2', '7'] });
    expect(all).toContainEqual({ key: 'mmSecret', values: ['x'] });
    expect(all).toContainEqual({ key: 'mmFree', values: ['yes'] });
    const { client: stranger } = await signedInClient(olo.url);
    expect(expectData(await stranger.graphql<Entries>(query)).meterMeta).toEqual([]);
  });

  it("sets a meter's meta from the form's entries (updateMeter meta); bad entries change nothing", async () => {
    const serial = newSerial();
    expect(await post(chirpstackUplink(serial, 1, new Date()))).toBe(202);
    await olo.server.database.sql`update meters set organization_id = ${organizationId} where serial = ${serial}`;
    const id = await meterOf(serial);
    const update =
      'mutation U($id: Int!, $meta: [MeterMetaEntryInput!]) { updateMeter(id: $id, meta: $meta) { meta } }';
    const saved = await admin.graphql<{ updateMeter: { meta: unknown } }>(update, {
      id,
      meta: [
        { key: ' umFloor ', value: '3' },
        { key: 'umWing', value: 'C' },
      ],
    });
    expect(expectData(saved).updateMeter.meta).toEqual({ umFloor: '3', umWing: 'C' });
    const entries = expectData(
      await admin.graphql<{ meterMeta: Array<{ key: string }> }>('query { meterMeta { key } }'),
    );
    expect(entries.meterMeta.map((entry) => entry.key)).toEqual(expect.arrayContaining(['umFloor', 'umWing']));

    const twice = await admin.graphql(update, {
      id,
      meta: [
        { key: 'umFloor', value: '4' },
        { key: 'umFloor', value: '5' },
      ],
    });
    expect(twice.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      issues: [{ path: 'meta.1.key', message: 'Each key only once' }],
    });
    const tooLong = await admin.graphql(update, { id, meta: [{ key: 'umFloor', value: 'x'.repeat(201) }] });
    expect(tooLong.errors?.[0]?.extensions?.issues).toEqual([{ path: 'meta.0.value', message: 'Too long' }]);
    // Leaving meta out leaves it as it was.
    await admin.graphql('mutation U($id: Int!) { updateMeter(id: $id, name: "Kept meta") { id } }', { id });
    const [stored] = await olo.server.database.sql`select meta from meters where id = ${id}`;
    expect(stored?.meta).toEqual({ umFloor: '3', umWing: 'C' });
  });

  it("decodes an Elsys meter's acceleration in g, kept off spaces but able to feed a series of its own", async () => {
    const serial = newSerial();
    const uplink = chirpstackUplink(serial, 7, new Date('2026-11-02T08:00:00Z'));
    (uplink.deviceInfo as Record<string, unknown>).deviceProfileName = 'Unknown profile';
    // Elsys TLV: 0x01 temperature 22.6 °C, 0x02 humidity 41 %, 0x03 acceleration x 63, y −63, z 0 counts.
    uplink.data = Buffer.from('0100E20229033FC100', 'hex').toString('base64');
    expect(await post(uplink)).toBe(202);
    const meterId = await meterOf(serial);
    await olo.server.database.sql`update meters set organization_id = ${organizationId} where id = ${meterId}`;
    expectData(
      await admin.graphql('mutation U($id: Int!) { updateMeter(id: $id, driver: "elsys") { id } }', { id: meterId }),
    );
    const latest = expectData(
      await admin.graphql<{ meter: { latest: { data: Record<string, unknown> } } }>(
        'query M($id: Int!) { meter(id: $id) { latest { data } } }',
        { id: meterId },
      ),
    ).meter.latest.data;
    expect(latest.acceleration_x).toEqual({ type: 'Acceleration', unit: 'g', value: 1 });
    expect(latest.acceleration_y).toEqual({ type: 'Acceleration', unit: 'g', value: -1 });

    const project = (await createProject(admin, organizationId)).id;
    const added = expectData(
      await admin.graphql<{ projectAddMeter: Array<{ dataType: string }> }>(
        'mutation A($p: Int!, $m: Int!) { projectAddMeter(projectId: $p, meterId: $m) { dataType } }',
        { p: project, m: meterId },
      ),
    ).projectAddMeter;
    // The meter's own motion describes no room: adding the meter makes no acceleration series.
    expect(added.map((series) => series.dataType).sort()).toEqual(['Humidity', 'Temperature']);
    const series = expectData(
      await admin.graphql<{ createSeries: { id: number; dataUnit: string } }>(
        'mutation S($input: CreateSeriesInput!) { createSeries(input: $input) { id dataUnit } }',
        { input: { projectId: project, name: 'Kiihtyvyys X', dataType: 'Acceleration' } },
      ),
    ).createSeries;
    expect(series.dataUnit).toBe('g');
    expectData(
      await admin.graphql(
        'mutation D($input: CreateSeriesDatasourceInput!) { createSeriesDatasource(input: $input) { id } }',
        { input: { seriesId: series.id, meterId, channel: 'acceleration_x', startAt: '2026-01-01T00:00:00Z' } },
      ),
    );
    await untilRecalculated(olo.server.database.sql);
    const values = await olo.server.database.sql`select value from series_data where series_id = ${series.id}`;
    expect(values.map((row) => row.value)).toEqual([1]);
  });

  it('keeps readings of a meter without a driver raw, and decodes them once an admin sets one', async () => {
    const serial = newSerial();
    const raw = chirpstackUplink(serial, 5, new Date('2026-11-01T08:00:00Z'));
    (raw.deviceInfo as Record<string, unknown>).deviceProfileName = 'Unknown profile';
    expect(await post(raw)).toBe(202);
    const meterId = await meterOf(serial);
    await olo.server.database.sql`update meters set organization_id = ${organizationId} where id = ${meterId}`;
    const before = expectData(
      await admin.graphql<{ meter: { driver: string | null; data: Array<{ channels: unknown; payload: string }> } }>(
        'query M($id: Int!) { meter(id: $id) { driver data(from: "2026-01-01T00:00:00Z", to: "2027-01-01T00:00:00Z") { channels payload } } }',
        { id: meterId },
      ),
    ).meter;
    expect(before.driver).toBeNull();
    expect(before.data).toEqual([{ channels: null, payload: '01755c03673401046865057d670406736827' }]);
    const mainQuery = 'query M($id: Int!) { meter(id: $id) { dataType dataUnit dataName original latest { data } } }';
    type Main = {
      meter: {
        dataType: string | null;
        dataUnit: string | null;
        dataName: string | null;
        original: Record<string, { value: number }> | null;
        latest: { data: unknown };
      };
    };
    // Nothing decoded: no main measurement and no original values.
    expect(expectData(await admin.graphql<Main>(mainQuery, { id: meterId })).meter).toEqual({
      dataType: null,
      dataUnit: null,
      dataName: null,
      original: null,
      latest: { data: null },
    });
    // Undecoded, the readings carry no battery: the meter page says so instead of drawing an empty chart.
    const noBattery = expectData(
      await admin.graphql<{ meter: { batteryRule: unknown; batteryHistory: unknown[] } }>(
        'query M($id: Int!) { meter(id: $id) { batteryRule { unit } batteryHistory(from: "2026-01-01T00:00:00Z", to: "2027-01-01T00:00:00Z") { day } } }',
        { id: meterId },
      ),
    ).meter;
    expect(noBattery).toEqual({ batteryRule: null, batteryHistory: [] });

    const unknown = await admin.graphql('mutation U($id: Int!) { updateMeter(id: $id, driver: "nope") { id } }', {
      id: meterId,
    });
    expect(unknown.errors?.[0]?.extensions?.issues).toEqual([{ path: 'driver', message: 'Unknown driver' }]);
    expectData(
      await admin.graphql('mutation U($id: Int!) { updateMeter(id: $id, driver: "milesight-em500-co2") { id } }', {
        id: meterId,
      }),
    );
    const after = expectData(
      await admin.graphql<{ meter: { data: Array<{ channels: Record<string, { value: number }> }> } }>(
        'query M($id: Int!) { meter(id: $id) { data(from: "2026-01-01T00:00:00Z", to: "2027-01-01T00:00:00Z") { channels } } }',
        { id: meterId },
      ),
    ).meter;
    expect(after.data[0]?.channels.co2?.value).toBe(1127);
    // The kept reading, now decoded, is the meter's latest decoded one.
    const main = expectData(await admin.graphql<Main>(mainQuery, { id: meterId })).meter;
    expect(main).toMatchObject({ dataType: 'Temperature', dataUnit: '°C', dataName: 'temperature' });
    expect(main.original?.co2?.value).toBe(1127);
    expect(main.latest.data).toEqual(main.original);
  });

  it("gives the main measurement by the type priority, and the original values before the meter's conversion", async () => {
    const serial = newSerial();
    // Decoded by The Things Stack: the generic JSON driver reads the names.
    const ttsUplink = (fCnt: number, decoded: Record<string, number>) => ({
      end_device_ids: { device_id: `main-${serial}`, application_ids: { application_id: 'main' }, dev_eui: serial },
      // The second one after the series start (now), as in the first test.
      received_at: new Date(Date.now() + (fCnt === 1 ? -60_000 : 1000)).toISOString(),
      uplink_message: { f_port: 1, f_cnt: fCnt, frm_payload: 'AQ==', decoded_payload: decoded },
    });
    expect(await post(ttsUplink(1, { pressure: 1001, co2: 600, humidity: 40 }), 'tts')).toBe(202);
    const meterId = await meterOf(serial);
    await olo.server.database.sql`update meters set organization_id = ${organizationId} where id = ${meterId}`;
    const series = expectData(
      await admin.graphql<{ projectAddMeter: Array<{ id: number; dataName: string }> }>(
        'mutation A($p: Int!, $m: Int!) { projectAddMeter(projectId: $p, meterId: $m) { id dataName } }',
        { p: projectId, m: meterId },
      ),
    ).projectAddMeter;
    expectData(
      await admin.graphql('mutation C($input: CreateConversionInput!) { createConversion(input: $input) { id } }', {
        input: { meterId, channel: 'humidity', expression: 'x + 10' },
      }),
    );
    expect(await post(ttsUplink(2, { pressure: 1002, co2: 650, humidity: 41 }), 'tts')).toBe(202);

    const meter = expectData(
      await admin.graphql<{
        meter: { dataType: string; dataUnit: string; dataName: string; original: unknown; latest: { data: unknown } };
      }>('query M($id: Int!) { meter(id: $id) { dataType dataUnit dataName original latest { data } } }', {
        id: meterId,
      }),
    ).meter;
    // Humidity before CO2 and Pressure, though stored JSON lists co2 first.
    expect(meter).toMatchObject({ dataType: 'Humidity', dataUnit: '%RH', dataName: 'humidity' });
    expect(meter.original).toEqual({
      co2: { value: 650, type: 'CO2', unit: 'ppm' },
      humidity: { value: 41, type: 'Humidity', unit: '%RH' },
      pressure: { value: 1002, type: 'Pressure', unit: 'hPa' },
    });
    expect(meter.latest.data).toEqual(meter.original);
    // The series get the converted value.
    const humiditySeries = series.find((row) => row.dataName === 'humidity');
    const latest = expectData(
      await admin.graphql<{ seriesLatests: Array<{ seriesId: number; data: number }> }>(
        'query L($p: Int!) { seriesLatests(projectId: $p) { seriesId data } }',
        { p: projectId },
      ),
    ).seriesLatests;
    expect(latest).toContainEqual({ seriesId: humiditySeries?.id, data: 51 });
  });

  it("refuses an organization integration's uplinks for another organization's meter, and sends downlinks to the meter's network server", async () => {
    const created = expectData(
      await admin.graphql<{ createIntegration: { secret: string; integration: { mqttUsername: string } } }>(
        'mutation C($o: ID!) { createIntegration(organizationId: $o, name: "ChirpStack", kind: chirpstack) { secret integration { mqttUsername } } }',
        { o: organizationId },
      ),
    ).createIntegration;
    const { client: otherAdmin } = await signedInClient(olo.url);
    const otherOrganization = await createOrganization(otherAdmin);
    const foreign = newSerial();
    // The other organization's ChirpStack application, which becomes its own with this meter.
    const foreignApplication = crypto.randomUUID();
    expect(await post(chirpstackUplinkOf(foreignApplication, foreign, 1).body)).toBe(202);
    // Through the API, which also tells the ingest that the meter moved.
    expectData(
      await siteAdmin.graphql(
        'mutation M($s: [String!]!, $o: ID!) { moveFreeMeters(serials: $s, organizationId: $o) { id } }',
        {
          s: [foreign],
          o: otherOrganization.id,
        },
      ),
    );

    const refused = await fetch(`${olo.url}/api/ingest/chirpstack`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${created.secret}` },
      body: JSON.stringify(chirpstackUplinkOf(foreignApplication, foreign, 2).body),
    });
    expect(await refused.json()).toEqual({ stored: 0, refused: 1 });
    expect(
      (
        await fetch(`${olo.url}/api/ingest/tts`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${created.secret}` },
          body: '{}',
        })
      ).status,
    ).toBe(403);

    // The same credentials on the embedded broker; downlinks of its meters reach a subscriber there.
    const own = newSerial();
    const port = olo.server.broker.port;
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
      username: created.integration.mqttUsername,
      password: created.secret,
    });
    // Its own ChirpStack application.
    const applicationId = crypto.randomUUID();
    const uplink = chirpstackUplinkOf(applicationId, own, 1);
    await client.publishAsync(uplink.topic, JSON.stringify(uplink.body), { qos: 1 });
    const meterId = await meterOf(own);
    await olo.server.database.sql`update meters set organization_id = ${organizationId} where id = ${meterId}`;
    const downlink = new Promise<{ topic: string; body: Record<string, unknown> }>((resolve) =>
      client.on('message', (received, payload) => resolve({ topic: received, body: JSON.parse(payload.toString()) })),
    );
    await client.subscribeAsync(`application/${applicationId}/device/+/command/down`, { qos: 1 });
    // Another tenant's application is not for an organization's credentials: the broker refuses (0x80).
    await expect(client.subscribeAsync(`application/${foreignApplication}/device/+/event/up`)).rejects.toThrow(
      'Subscribe error',
    );
    const command = expectData(
      await admin.graphql<{ meterCommand: { status: string } }>(
        'mutation C($id: Int!) { meterCommand(meterId: $id, name: "Interval 10 min", fPort: 85, payload: "ff8e00025800") { status } }',
        { id: meterId },
      ),
    ).meterCommand;
    expect(command.status).toBe('sent');
    expect(await downlink).toEqual({
      topic: `application/${applicationId}/device/${own}/command/down`,
      body: { devEui: own, confirmed: false, fPort: 85, data: Buffer.from('ff8e00025800', 'hex').toString('base64') },
    });
    await client.endAsync();
  });

  describe("commands of the meter's driver, by id", () => {
    let broker: mqtt.MqttClient;
    /** Downlinks published on the embedded broker, as network servers receive them. */
    const downlinks: Array<{ topic: string; devEui: string; fPort: number; bytes: string }> = [];
    const commandCount = async (meterId: number) =>
      Number(
        (await olo.server.database.sql`select count(*) as n from meter_commands where meter_id = ${meterId}`)[0]?.n,
      );
    /** An EM500-CO2 of the organization, heard through ChirpStack, so that it has a downlink route. */
    const milesightMeter = async () => {
      const serial = newSerial();
      expect(await post(chirpstackUplink(serial, 1, new Date()))).toBe(202);
      const meterId = await meterOf(serial);
      await olo.server.database.sql`update meters set organization_id = ${organizationId} where id = ${meterId}`;
      return { meterId, serial };
    };
    const downlinksTo = async (serial: string, count: number) => {
      await expect.poll(() => downlinks.filter((downlink) => downlink.devEui === serial).length).toBe(count);
      return downlinks.filter((downlink) => downlink.devEui === serial);
    };

    beforeAll(async () => {
      broker = await mqtt.connectAsync(`mqtt://127.0.0.1:${olo.server.broker.port}`, {
        username: 'olo',
        password: ingestToken,
      });
      broker.on('message', (topic, payload) => {
        const body = JSON.parse(payload.toString()) as { devEui: string; fPort: number; data: string };
        downlinks.push({
          topic,
          devEui: body.devEui,
          fPort: body.fPort,
          bytes: Buffer.from(body.data, 'base64').toString('hex'),
        });
      });
      await broker.subscribeAsync('application/+/device/+/command/down', { qos: 1 });
    });
    afterAll(() => broker?.endAsync());

    it("lists the driver's commands on the meter and sends the reporting interval as Milesight bytes", async () => {
      const { meterId, serial } = await milesightMeter();
      const offered = expectData(
        await admin.graphql<{ meter: { driver: string; driverCommands: unknown[] } }>(
          'query M($id: Int!) { meter(id: $id) { driver driverCommands { id type name description interval { min max } } } }',
          { id: meterId },
        ),
      ).meter;
      expect(offered.driver).toBe('milesight-em500-co2');
      expect(offered.driverCommands).toEqual([
        { id: 'reboot', type: 'action', name: 'Reboot', description: 'Restarts the device.', interval: null },
        {
          id: 'reporting-interval',
          type: 'interval',
          name: 'Set reporting interval',
          description: 'How often the device sends readings.',
          interval: { min: 60, max: 64_800 },
        },
      ]);

      const sent = expectData(
        await admin.graphql<{ meterCommand: Record<string, unknown> }>(
          'mutation C($id: Int!) { meterCommand(meterId: $id, commandId: "reporting-interval", interval: 1200) { type name interval extra status } }',
          { id: meterId },
        ),
      ).meterCommand;
      expect(sent).toEqual({
        type: 'interval',
        name: 'Set reporting interval',
        interval: 1200,
        extra: { commandId: 'reporting-interval', fPort: 85, payloadHex: 'ff03b004' },
        status: 'sent',
      });
      const [downlink] = await downlinksTo(serial, 1);
      expect(downlink).toMatchObject({ fPort: 85, bytes: 'ff03b004' });
      expect(downlink?.topic).toMatch(new RegExp(`^application/[^/]+/device/${serial}/command/down$`));
      // In the meter's history, newest first.
      const history = expectData(
        await admin.graphql<{ meter: { commands: Array<{ name: string; interval: number | null }> } }>(
          'query M($id: Int!) { meter(id: $id) { commands { name interval } } }',
          { id: meterId },
        ),
      ).meter.commands;
      expect(history[0]).toEqual({ name: 'Set reporting interval', interval: 1200 });
    });

    it('refuses an unknown command and an interval out of range, sending and recording nothing', async () => {
      const { meterId, serial } = await milesightMeter();
      const refusals = [
        { args: 'commandId: "self-destruct"', path: 'commandId', message: "This meter's driver has no such command" },
        {
          args: 'commandId: "reporting-interval", interval: 30',
          path: 'interval',
          message: 'Choose an interval the command accepts',
        },
        {
          args: 'commandId: "reporting-interval"',
          path: 'interval',
          message: 'Choose an interval the command accepts',
        },
        {
          args: 'commandId: "reporting-interval", interval: 64801',
          path: 'interval',
          message: 'Choose an interval the command accepts',
        },
      ];
      for (const refusal of refusals) {
        const response = await admin.graphql(
          `mutation C($id: Int!) { meterCommand(meterId: $id, ${refusal.args}) { status } }`,
          { id: meterId },
        );
        expect(response.errors?.[0]?.extensions, refusal.args).toEqual({
          code: 'BAD_USER_INPUT',
          issues: [{ path: refusal.path, message: refusal.message }],
        });
      }
      // An Elsys meter has no catalog: its commands stay raw.
      await olo.server.database.sql`update meters set driver = 'elsys' where id = ${meterId}`;
      const elsys = await admin.graphql(
        'mutation C($id: Int!) { meterCommand(meterId: $id, commandId: "reboot") { status } }',
        {
          id: meterId,
        },
      );
      expect(elsys.errors?.[0]?.extensions?.issues).toEqual([
        { path: 'commandId', message: "This meter's driver has no such command" },
      ]);
      expect(await commandCount(meterId)).toBe(0);
      expect(downlinks.filter((downlink) => downlink.devEui === serial)).toEqual([]);
    });

    it('sends a bulk command to the meters whose driver has it, answering per meter', async () => {
      const first = await milesightMeter();
      const second = await milesightMeter();
      const elsys = await milesightMeter();
      await olo.server.database.sql`update meters set driver = 'elsys' where id = ${elsys.meterId}`;
      const outcomes = expectData(
        await admin.graphql<{
          meterCommands: Array<{ meterId: number; status: string; command: { name: string } | null }>;
        }>(
          'mutation B($ids: [Int!]!) { meterCommands(meterIds: $ids, commandId: "reboot") { meterId status command { name } } }',
          { ids: [first.meterId, second.meterId, elsys.meterId] },
        ),
      ).meterCommands;
      expect([...outcomes].sort((a, b) => a.meterId - b.meterId)).toEqual([
        { meterId: first.meterId, status: 'sent', command: { name: 'Reboot' } },
        { meterId: second.meterId, status: 'sent', command: { name: 'Reboot' } },
        { meterId: elsys.meterId, status: 'unavailable', command: null },
      ]);
      for (const { serial } of [first, second]) {
        expect(await downlinksTo(serial, 1)).toMatchObject([{ fPort: 85, bytes: 'ff10ff' }]);
      }
      expect(await commandCount(elsys.meterId)).toBe(0);
    });

    it("refuses a bulk command as a whole when one meter is another organization's, or no meter has the command", async () => {
      const own = await milesightMeter();
      const foreign = await milesightMeter();
      const { client: otherAdmin } = await signedInClient(olo.url);
      const otherOrganization = await createOrganization(otherAdmin);
      await olo.server.database
        .sql`update meters set organization_id = ${otherOrganization.id} where id = ${foreign.meterId}`;
      const refused = await admin.graphql(
        'mutation B($ids: [Int!]!) { meterCommands(meterIds: $ids, commandId: "reporting-interval", interval: 600) { status } }',
        { ids: [own.meterId, foreign.meterId] },
      );
      expect(refused.errors?.[0]?.message).toBe('Permission denied');
      const unknown = await admin.graphql(
        'mutation B($ids: [Int!]!) { meterCommands(meterIds: $ids, commandId: "self-destruct") { status } }',
        { ids: [own.meterId] },
      );
      expect(unknown.errors?.[0]?.extensions?.issues).toEqual([
        { path: 'commandId', message: "This meter's driver has no such command" },
      ]);
      const badInterval = await admin.graphql(
        'mutation B($ids: [Int!]!) { meterCommands(meterIds: $ids, commandId: "reporting-interval", interval: 10) { status } }',
        { ids: [own.meterId] },
      );
      expect(badInterval.errors?.[0]?.extensions?.issues).toEqual([
        { path: 'interval', message: 'Choose an interval the command accepts' },
      ]);
      expect(await commandCount(own.meterId)).toBe(0);
      expect(await commandCount(foreign.meterId)).toBe(0);
      expect(downlinks.filter((downlink) => [own.serial, foreign.serial].includes(downlink.devEui))).toEqual([]);
    });
  });

  it("gives the battery history per day of the asked zone (UTC by default) in the driver's unit, with a battery change seen as a jump", async () => {
    const serial = newSerial();
    const day = 24 * 60 * 60 * 1000;
    const today = Math.floor(Date.now() / day) * day;
    const at = (daysAgo: number, hour: number) => new Date(today - daysAgo * day + hour * 60 * 60 * 1000);
    const before: Array<[Date, number]> = [
      [at(3, 8), 41],
      [at(3, 20), 39],
      [at(2, 8), 38],
      [at(2, 12), 36],
      [at(2, 20), 33],
      [at(1, 8), 14],
    ];
    for (const [index, [time, battery]] of before.entries()) {
      expect(await post(chirpstackUplink(serial, index + 1, time, 900, battery))).toBe(202);
    }
    const meterId = await meterOf(serial);
    await olo.server.database.sql`update meters set organization_id = ${organizationId} where id = ${meterId}`;
    const reset = expectData(
      await admin.graphql<{ resetBattery: { batteryResetAt: string } }>(
        'mutation R($id: Int!) { resetBattery(id: $id) { batteryResetAt } }',
        { id: meterId },
      ),
    ).resetBattery.batteryResetAt;
    expect(await post(chirpstackUplink(serial, 7, new Date(), 900, 100))).toBe(202);

    const history = async (from: Date, to: Date) =>
      admin.graphql<{
        meter: {
          batteryResetAt: string;
          batteryRule: { unit: string; medium: number; low: number };
          batteryHistory: Array<{ day: string; min: number; max: number; last: number; readings: number }>;
        };
      }>(
        'query M($id: Int!, $from: DateTime!, $to: DateTime!) { meter(id: $id) { batteryResetAt batteryRule { unit medium low } batteryHistory(from: $from, to: $to) { day min max last readings } } }',
        { id: meterId, from: from.toISOString(), to: to.toISOString() },
      );
    const meter = expectData(await history(at(90, 0), new Date(Date.now() + 60_000))).meter;
    expect(meter.batteryRule).toEqual({ unit: '%', medium: 30, low: 15 });
    const utcDay = (daysAgo: number) => new Date(today - daysAgo * day).toISOString();
    expect(meter.batteryHistory).toEqual([
      { day: utcDay(3), min: 39, max: 41, last: 39, readings: 2 },
      { day: utcDay(2), min: 33, max: 38, last: 33, readings: 3 },
      { day: utcDay(1), min: 14, max: 14, last: 14, readings: 1 },
      { day: utcDay(0), min: 100, max: 100, last: 100, readings: 1 },
    ]);
    // The new battery: a low day, then the reset, then a full day.
    expect(meter.batteryResetAt).toBe(reset);
    expect(new Date(reset).getTime()).toBeGreaterThan(at(1, 8).getTime());

    // Only readings inside the range count, also on the days at its ends.
    const part = expectData(await history(at(2, 10), at(1, 0))).meter.batteryHistory;
    expect(part).toEqual([{ day: utcDay(2), min: 33, max: 36, last: 33, readings: 2 }]);

    // Days of the viewer's zone: Tokyo's start at 15:00 UTC, so a reading at 20:00 UTC is on the next day there.
    const inZone = (timeZone: string) =>
      admin.graphql<{ meter: { batteryHistory: Array<{ day: string; min: number; max: number; readings: number }> } }>(
        'query M($id: Int!, $from: DateTime!, $to: DateTime!, $z: String) { meter(id: $id) { batteryHistory(from: $from, to: $to, timeZone: $z) { day min max readings } } }',
        { id: meterId, from: at(4, 0).toISOString(), to: at(1, 0).toISOString(), z: timeZone },
      );
    const tokyoDay = (daysAgo: number) => new Date(today - (daysAgo + 1) * day + 15 * 60 * 60 * 1000).toISOString();
    expect(expectData(await inZone('Asia/Tokyo')).meter.batteryHistory).toEqual([
      { day: tokyoDay(3), min: 41, max: 41, readings: 1 },
      { day: tokyoDay(2), min: 36, max: 39, readings: 3 },
      { day: tokyoDay(1), min: 33, max: 33, readings: 1 },
    ]);
    expect((await inZone('Mars/Olympus')).errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');

    const tooLong = await history(new Date('2022-01-01T00:00:00Z'), new Date('2025-06-01T00:00:00Z'));
    expect(tooLong.errors?.[0]?.message).toBe('Choose at most three years of battery history');
    const backwards = await history(at(1, 0), at(3, 0));
    expect(backwards.errors?.[0]?.extensions?.issues).toEqual([{ path: 'to', message: 'The end is before the start' }]);
  });

  it('releases a meter: it becomes free and stops feeding the project', async () => {
    const serial = newSerial();
    await post(chirpstackUplink(serial, 1, new Date(Date.now() - 5000)));
    const meterId = await meterOf(serial);
    await olo.server.database.sql`update meters set organization_id = ${organizationId} where id = ${meterId}`;
    expectData(
      await admin.graphql('mutation A($p: Int!, $m: Int!) { projectAddMeter(projectId: $p, meterId: $m) { id } }', {
        p: projectId,
        m: meterId,
      }),
    );
    expectData(await admin.graphql('mutation R($id: Int!) { releaseMeter(id: $id) { id } }', { id: meterId }));
    const [meter] = await olo.server.database.sql`select organization_id from meters where id = ${meterId}`;
    expect(meter?.organization_id).toBeNull();
    const open = await olo.server.database
      .sql`select id from series_datasources where meter_id = ${meterId} and end_at is null`;
    expect(open).toHaveLength(0);
  });
});
