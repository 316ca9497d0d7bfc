import crypto from 'node:crypto';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToken } from '../../shared/tokens.ts';
import { untilRecalculated } from '../../testing/meter-world.ts';
import { describeOnPostgres, postgresTestUrl, testDatabases } from '../../testing/test-databases.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { uplinkExample } from '../../testing/uplink-examples.ts';
import { MetersRepository } from '../meters/meters.repository.ts';

const example = uplinkExample;

const ingestToken = 'ingest-token-for-tests-0123456789';

/** The TTS example as another device: a fresh DevEUI, and the given frame counter and time. */
function ttsUplink(serial: string, fCnt: number, time: Date) {
  const message = structuredClone(example('tts-v3-mqtt-up.json').payload) as {
    end_device_ids: { dev_eui: string };
    uplink_message: { f_cnt: number; settings: { time: string }; rx_metadata: Array<{ time: string }> };
  };
  message.end_device_ids.dev_eui = serial.toUpperCase();
  message.uplink_message.f_cnt = fCnt;
  message.uplink_message.settings.time = time.toISOString();
  for (const gateway of message.uplink_message.rx_metadata) gateway.time = time.toISOString();
  return message;
}

/** The ChirpStack example (Milesight EM500-CO2 bytes) as another device, under a given device profile name. */
function chirpstackUplink(serial: string, fCnt: number, time: Date, deviceProfileName: string) {
  const message = structuredClone(example('chirpstack-v4-mqtt-up.json').payload) as Record<string, unknown> & {
    deviceInfo: { devEui: string; deviceProfileName: string };
  };
  message.deviceInfo.devEui = serial;
  message.deviceInfo.deviceProfileName = deviceProfileName;
  message.fCnt = fCnt;
  message.time = time.toISOString();
  // Without the network server's own decoding, only a driver can read the bytes.
  delete message.object;
  return message;
}

const newSerial = () => crypto.randomBytes(8).toString('hex');

async function post(olo: TestServer, body: unknown, token: string | null = ingestToken, provider = 'tts') {
  const response = await fetch(`${olo.url}/api/ingest/${provider}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe.each(testDatabases)('ingest on %s', (kind) => {
  let olo: TestServer;
  const sql = () => olo.server.database.sql;
  const count = async (table: string) =>
    (await sql().unsafe(`select count(*)::int as n from ${table}`))[0]?.n as number;

  beforeAll(async () => {
    olo = await startTestServer(kind, { INGEST_TOKEN: ingestToken });
  });
  afterAll(() => olo?.close());

  it('refuses a bad token (401) and a malformed body (400), storing nothing', async () => {
    const before = { meters: await count('meters'), readings: await count('meter_readings') };
    expect((await post(olo, ttsUplink(newSerial(), 1, new Date()), 'wrong-token')).status).toBe(401);
    expect((await post(olo, ttsUplink(newSerial(), 1, new Date()), null)).status).toBe(401);
    const malformed = await post(olo, [ttsUplink(newSerial(), 1, new Date()), { uplink_message: {} }]);
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toMatch(/^uplink 1: end_device_ids/);
    expect({ meters: await count('meters'), readings: await count('meter_readings') }).toEqual(before);
  });

  it('stores an uplink of an unknown meter as a free meter with a system error, once however often it comes', async () => {
    const serial = newSerial();
    const uplink = ttsUplink(serial, 7, new Date('2026-11-20T10:00:00Z'));
    expect(await post(olo, uplink)).toEqual({ status: 202, body: { stored: 1, refused: 0 } });
    expect((await post(olo, uplink)).status).toBe(202);
    const [meter] = await sql()`select id, organization_id, driver, provider from meters where serial = ${serial}`;
    expect(meter).toMatchObject({ organization_id: null, driver: 'json', provider: 'tts' });
    const readings = await sql()`select f_cnt, channels, rssi, snr from meter_readings where meter_id = ${meter?.id}`;
    expect(readings).toHaveLength(1);
    expect(readings[0]).toMatchObject({ f_cnt: 7, rssi: -97, snr: 7.25 });
    expect(readings[0]?.channels.co2).toEqual({ value: 776, type: 'CO2', unit: 'ppm' });
    const errors = await sql()`select type from system_errors where data->>'serial' = ${serial}`;
    expect(errors.map((row) => row.type)).toEqual(['meter.unknown']);
  });

  it("keeps the strongest gateway's estimated signal power with the reading and in the meter's latest", async () => {
    const serial = newSerial();
    await post(olo, ttsUplink(serial, 1, new Date('2026-11-21T08:00:00Z')));
    const [reading] = await sql()`
      select r.esp, r.txpower from meter_readings r join meters m on m.id = r.meter_id where m.serial = ${serial}`;
    const [latest] = await sql()`
      select l.rssi, l.snr, l.esp, l.txpower from meter_latest l join meters m on m.id = l.meter_id
      where m.serial = ${serial}`;
    // RSSI -97 dBm and SNR 7.25 dB: -97 + 7.25 - 10·log10(1 + 10^0.725).
    expect(reading?.esp).toBeCloseTo(-97.7495, 3);
    expect(latest).toMatchObject({ rssi: -97, snr: 7.25 });
    expect(latest?.esp).toBeCloseTo(-97.7495, 3);
    // Neither network server reports the meter's transmit power in an uplink.
    expect([reading?.txpower, latest?.txpower]).toEqual([null, null]);
  });

  it('decodes the raw readings of a meter once an uplink names its model, and feeds them to its series', async () => {
    const serial = newSerial();
    const earlier = new Date('2026-11-22T08:00:00Z');
    expect((await post(olo, chirpstackUplink(serial, 1, earlier, 'Sensor X'), ingestToken, 'chirpstack')).status).toBe(
      202,
    );
    const [meter] = await sql()`select id, driver from meters where serial = ${serial}`;
    expect(meter?.driver).toBeNull();
    const [raw] = await sql()`select channels from meter_readings where meter_id = ${meter?.id}`;
    expect(raw?.channels).toBeNull();
    const [organization] =
      await sql()`insert into organizations (name, slug) values ('Learnt', ${`learnt-${serial}`}) returning id`;
    const [project] =
      await sql()`insert into projects (organization_id, name) values (${organization?.id}, 'P') returning id`;
    const [series] =
      await sql()`insert into series (project_id, name, data_type, data_unit) values (${project?.id}, 'CO2', 'CO2', 'ppm') returning id`;
    await sql()`insert into series_datasources (series_id, meter_id, channel, start_at) values (${series?.id}, ${meter?.id}, 'co2', '2026-11-22T00:00:00Z')`;

    const later = new Date('2026-11-22T08:10:00Z');
    const named = chirpstackUplink(serial, 2, later, 'Milesight EM500-CO2');
    expect((await post(olo, named, ingestToken, 'chirpstack')).status).toBe(202);

    const [learnt] = await sql()`select driver from meters where id = ${meter?.id}`;
    expect(learnt?.driver).toBe('milesight-em500-co2');
    const readings =
      await sql()`select f_cnt, channels, decode_error from meter_readings where meter_id = ${meter?.id} order by time`;
    expect(readings.map((row) => [row.f_cnt, row.channels?.co2?.value, row.decode_error])).toEqual([
      [1, 1127, null],
      [2, 1127, null],
    ]);
    // The kept readings reach the series through a background recomputation (decision 0088).
    await untilRecalculated(sql());
    const data = await sql()`select time, value from series_data where series_id = ${series?.id} order by time`;
    expect(data.map((row) => [new Date(row.time).toISOString(), row.value])).toEqual([
      [earlier.toISOString(), 1127],
      [later.toISOString(), 1127],
    ]);
  });

  it('follows routing changes that another Olo instance makes in the database, from the next uplink on', async () => {
    const serial = newSerial();
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 22, 9, minute));
    const send = async (fCnt: number) =>
      expect(
        (await post(olo, chirpstackUplink(serial, fCnt, at(fCnt), 'Milesight EM500-CO2'), ingestToken, 'chirpstack'))
          .status,
      ).toBe(202);
    await send(1);
    const [meter] = await sql()`select id from meters where serial = ${serial}`;
    const [organization] =
      await sql()`insert into organizations (name, slug) values ('Routing', ${`routing-${serial}`}) returning id`;
    const [project] =
      await sql()`insert into projects (organization_id, name) values (${organization?.id}, 'P') returning id`;
    const [first, second] =
      await sql()`insert into series (project_id, name, data_type) values (${project?.id}, 'A', 'CO2'), (${project?.id}, 'B', 'CO2') returning id`;
    // Without this writer's services, as another instance would: only the database changes.
    const [datasource] =
      await sql()`insert into series_datasources (series_id, meter_id, channel) values (${first?.id}, ${meter?.id}, 'co2') returning id`;
    await send(2);
    await sql()`insert into meter_conversions (meter_id, channel, name, expression) values (${meter?.id}, 'co2', 'x10', 'x * 10')`;
    await send(3);
    await sql()`update series_datasources set series_id = ${second?.id} where id = ${datasource?.id}`;
    await send(4);
    const values = async (seriesId: number) =>
      (
        await sql()`select extract(minute from time)::int as minute, value from series_data where series_id = ${seriesId} order by time`
      ).map((row) => [row.minute, row.value]);
    expect(await values(first?.id)).toEqual([
      [2, 1127],
      [3, 11270],
    ]);
    expect(await values(second?.id)).toEqual([[4, 11270]]);
  });

  it('gives a project a new data id when a late reading reaches a period that caches keep, and not for a fresh one', async () => {
    const serial = newSerial();
    const now = Date.now();
    const send = async (fCnt: number, time: Date) =>
      expect(
        (await post(olo, chirpstackUplink(serial, fCnt, time, 'Milesight EM500-CO2'), ingestToken, 'chirpstack'))
          .status,
      ).toBe(202);
    await send(1, new Date(now - 60_000));
    const [meter] = await sql()`select id from meters where serial = ${serial}`;
    const [organization] =
      await sql()`insert into organizations (name, slug) values ('Late', ${`late-${serial}`}) returning id`;
    const [project] =
      await sql()`insert into projects (organization_id, name) values (${organization?.id}, 'P') returning id`;
    const [series] =
      await sql()`insert into series (project_id, name, data_type) values (${project?.id}, 'CO2', 'CO2') returning id`;
    await sql()`insert into series_datasources (series_id, meter_id, channel) values (${series?.id}, ${meter?.id}, 'co2')`;
    const dataId = async () =>
      (await sql()`select data_id from projects where id = ${project?.id}`)[0]?.data_id as string;
    const before = await dataId();
    await send(2, new Date(now - 30_000));
    expect(await dataId()).toBe(before);
    // Three days late: its day and maybe its month are served as immutable by now.
    await send(3, new Date(now - 3 * 86_400_000));
    expect(await dataId()).not.toBe(before);
    expect((await sql()`select count(*)::int as n from series_data where series_id = ${series?.id}`)[0]?.n).toBe(2);
  });

  it("routes a webhook's TTS downlinks through the tenant its URL names, and refuses a malformed tenant", async () => {
    const serial = newSerial();
    const uplink = ttsUplink(serial, 1, new Date('2026-11-22T09:00:00Z'));
    expect((await post(olo, uplink, ingestToken, 'tts?tenant=bad_tenant')).status).toBe(400);
    expect((await post(olo, uplink, ingestToken, 'chirpstack?tenant=ttn')).status).toBe(400);
    expect((await post(olo, uplink, ingestToken, 'tts?tenant=ttn')).status).toBe(202);
    const [meter] = await sql()`select provider_info from meters where serial = ${serial}`;
    expect(meter?.provider_info).toEqual({
      applicationId: 'building-sensors',
      deviceId: 'ers-co2-3f-201',
      topicApplication: 'building-sensors@ttn',
    });
    // A later webhook without ?tenant= keeps the tenant learnt for the same application.
    expect((await post(olo, ttsUplink(serial, 2, new Date('2026-11-22T09:10:00Z')))).status).toBe(202);
    const [after] = await sql()`select provider_info from meters where serial = ${serial}`;
    expect(after?.provider_info.topicApplication).toBe('building-sensors@ttn');
  });

  it("leaves another organization's meter's downlink route alone when its uplink is refused", async () => {
    const serial = newSerial();
    expect(
      (await post(olo, ttsUplink(serial, 1, new Date('2026-11-22T10:00:00Z')), ingestToken, 'tts?tenant=ttn')).status,
    ).toBe(202);
    const [owner] =
      await sql()`insert into organizations (name, slug) values ('Owner', ${`owner-${serial}`}) returning id`;
    const [intruder] =
      await sql()`insert into organizations (name, slug) values ('Intruder', ${`intruder-${serial}`}) returning id`;
    await sql()`update meters set organization_id = ${owner?.id} where serial = ${serial}`;
    olo.server.services.ingest.forgetMeter(serial);
    const { token, hash } = createToken();
    await sql()`
      insert into integrations (organization_id, name, kind, mqtt_username, secret_hash)
      values (${intruder?.id}, 'Intruder', 'any', ${`olo-intruder-${serial}`}, ${hash})`;

    const redirecting = ttsUplink(serial, 2, new Date('2026-11-22T10:10:00Z')) as ReturnType<typeof ttsUplink> & {
      end_device_ids: { application_ids: { application_id: string } };
    };
    redirecting.end_device_ids.application_ids.application_id = 'intruder-app';
    expect(await post(olo, redirecting, token, 'tts?tenant=intruder')).toEqual({
      status: 202,
      body: { stored: 0, refused: 1 },
    });
    const [meter] = await sql()`select provider_info from meters where serial = ${serial}`;
    expect(meter?.provider_info).toMatchObject({
      applicationId: 'building-sensors',
      topicApplication: 'building-sensors@ttn',
    });
  });

  it('feeds series through datasources into series data, the hourly rollup and the latest value', async () => {
    const serial = newSerial();
    await post(olo, ttsUplink(serial, 1, new Date('2026-11-20T09:00:00Z')));
    const [meter] = await sql()`select id from meters where serial = ${serial}`;
    const [organization] =
      await sql()`insert into organizations (name, slug) values ('Ingest', ${`ingest-${serial}`}) returning id`;
    const [project] =
      await sql()`insert into projects (organization_id, name) values (${organization?.id}, 'P') returning id`;
    const [series] =
      await sql()`insert into series (project_id, name, data_type, data_unit) values (${project?.id}, 'CO2', 'CO2', 'ppm') returning id`;
    await sql()`insert into series_datasources (series_id, meter_id, channel, start_at) values (${series?.id}, ${meter?.id}, 'co2', '2026-11-20T10:00:00Z')`;
    await sql()`insert into meter_conversions (meter_id, channel, name, expression) values (${meter?.id}, 'co2', 'offset', 'x + 4')`;

    const live: unknown[] = [];
    const stop = new AbortController();
    void (async () => {
      for await (const event of olo.server.events.subscribe('series.latest', stop.signal)) live.push(event);
    })();
    const times = ['2026-11-20T10:00:00Z', '2026-11-20T10:20:00Z', '2026-11-20T11:05:00Z'];
    const uplinks = times.map((time, index) => ttsUplink(serial, 2 + index * 2, new Date(time)));
    expect(await post(olo, uplinks)).toEqual({ status: 202, body: { stored: 3, refused: 0 } });

    const data = await sql()`select time, value from series_data where series_id = ${series?.id} order by time`;
    expect(data.map((row) => [new Date(row.time).toISOString(), row.value])).toEqual(
      times.map((time) => [new Date(time).toISOString(), 780]),
    );
    const rollup =
      await sql()`select hour, sum, min, max, count from series_rollup_hour where series_id = ${series?.id} order by hour`;
    expect(rollup.map((row) => ({ ...row, hour: new Date(row.hour).toISOString() }))).toEqual([
      { hour: '2026-11-20T10:00:00.000Z', sum: 1560, min: 780, max: 780, count: 2 },
      { hour: '2026-11-20T11:00:00.000Z', sum: 780, min: 780, max: 780, count: 1 },
    ]);
    const [latest] = await sql()`select time, value, computer_id from series_latest where series_id = ${series?.id}`;
    expect(new Date(latest?.time).toISOString()).toBe('2026-11-20T11:05:00.000Z');
    // Written by this instance's ingest.
    expect(latest?.computer_id).toBe(olo.server.computer.id);
    // Frames 3 and 5 never arrived.
    const [health] = await sql()`select f_cnt, missed, rssi from meter_latest where meter_id = ${meter?.id}`;
    expect(health).toMatchObject({ f_cnt: 6, missed: 2, rssi: -97 });
    stop.abort();
    expect(live).toContainEqual({
      projectId: project?.id,
      values: [{ seriesId: series?.id, time: '2026-11-20T11:05:00.000Z', value: 780 }],
      computerId: olo.server.computer.id,
    });
  });

  it('refuses a reading dated before 2000 or over a day ahead (400, recorded on its meter) and stores one weeks late', async () => {
    const serial = newSerial();
    const now = Date.now();
    expect((await post(olo, ttsUplink(serial, 1, new Date(now - 60_000)))).status).toBe(202);
    const [meter] = await sql()`select id from meters where serial = ${serial}`;
    const unsetClock = await post(olo, ttsUplink(serial, 2, new Date('0001-01-01T00:00:00Z')));
    expect(unsetClock).toEqual({
      status: 400,
      body: {
        error: expect.stringMatching(/^uplink_message\.settings\.time: 0001-01-01T00:00:00\.000Z is before 2000-01-01/),
      },
    });
    const ahead = await post(
      olo,
      chirpstackUplink(serial, 3, new Date(now + 25 * 3_600_000), 'X'),
      ingestToken,
      'chirpstack',
    );
    expect(ahead.status).toBe(400);
    expect(ahead.body.error).toMatch(/^time: .* is more than 86400 s ahead of the server's clock$/);
    // A network server delivering what it kept through a three-week outage.
    expect((await post(olo, ttsUplink(serial, 4, new Date(now - 21 * 86_400_000)))).status).toBe(202);
    const readings = await sql()`select f_cnt from meter_readings where meter_id = ${meter?.id} order by f_cnt`;
    expect(readings.map((row) => row.f_cnt)).toEqual([1, 4]);
    const errors = await sql()`
      select type, meter_id from system_errors where data->>'serial' = ${serial} and type like 'ingest.%' order by time`;
    expect(errors).toEqual([
      { type: 'ingest.reading-time', meter_id: meter?.id },
      { type: 'ingest.reading-time', meter_id: meter?.id },
    ]);
  });

  it('takes uplinks again for a meter whose stored first reading is dated year 1, its interval kept in range', async () => {
    const serial = newSerial();
    // As today's main stored it: the meter's first uplink came from a network server with an unset clock.
    const [meter] = await sql()`
      insert into meters (serial, provider, last_seen_at) values (${serial}, 'tts', '0001-01-01T00:00:00Z') returning id`;
    await sql()`insert into meter_readings (meter_id, time, f_cnt) values (${meter?.id}, '0001-01-01T00:00:00Z', 1)`;
    await sql()`insert into meter_latest (meter_id, time, f_cnt) values (${meter?.id}, '0001-01-01T00:00:00Z', 1)`;
    const now = Date.now();
    for (const [fCnt, time] of [
      [2, now - 120_000],
      [3, now - 60_000],
    ] as const) {
      expect(await post(olo, ttsUplink(serial, fCnt, new Date(time)))).toEqual({
        status: 202,
        body: { stored: 1, refused: 0 },
      });
    }
    const [after] = await sql()`
      select m.interval_seconds, l.f_cnt from meters m join meter_latest l on l.meter_id = m.id where m.id = ${meter?.id}`;
    expect(after?.f_cnt).toBe(3);
    expect(after?.interval_seconds).toBeGreaterThan(0);
    expect(after?.interval_seconds).toBeLessThanOrEqual(2 ** 31 - 1);
  });

  it('stores frame counters up to 2^32 - 1 and shows them as sent; a larger one is refused', async () => {
    const serial = newSerial();
    const time = Date.now() - 600_000;
    const counters = [2 ** 31 - 1, 2 ** 31, 2 ** 32 - 1];
    const uplinks = counters.map((fCnt, index) => ttsUplink(serial, fCnt, new Date(time + index * 60_000)));
    expect(await post(olo, uplinks)).toEqual({ status: 202, body: { stored: 3, refused: 0 } });
    const tooLarge = await post(olo, ttsUplink(serial, 2 ** 32, new Date(time + 180_000)));
    expect(tooLarge).toEqual({
      status: 400,
      body: { error: 'uplink_message.f_cnt: Too big: expected number to be <=4294967295' },
    });
    const [meter] = await sql()`select id from meters where serial = ${serial}`;
    const readings = await new MetersRepository(olo.server.database.db).readings(
      meter?.id,
      new Date(time - 1),
      new Date(time + 600_000),
      10,
    );
    expect(readings.map((reading) => reading.fCnt)).toEqual([...counters].reverse());
    // Frames 2^31 and 2^32 - 1 follow 2^31 - 1 with 2^31 - 2 frames missed between them.
    const [latest] = await sql()`select missed from meter_latest where meter_id = ${meter?.id}`;
    expect(latest?.missed).toBe(2 ** 31 - 2);
  });

  it('refuses a reading the database still cannot store alone: the rest of its batch is stored and sets off its alarm once', async () => {
    const serial = newSerial();
    const now = Date.now();
    expect((await post(olo, ttsUplink(serial, 1, new Date(now - 180_000)))).status).toBe(202);
    const [meter] = await sql()`select id from meters where serial = ${serial}`;
    const [organization] =
      await sql()`insert into organizations (name, slug) values ('Alarmed', ${`alarmed-${serial}`}) returning id`;
    const [project] =
      await sql()`insert into projects (organization_id, name) values (${organization?.id}, 'P') returning id`;
    const [series] =
      await sql()`insert into series (project_id, name, data_type, data_unit) values (${project?.id}, 'CO2', 'CO2', 'ppm') returning id`;
    await sql()`insert into series_datasources (series_id, meter_id, channel, start_at) values (${series?.id}, ${meter?.id}, 'co2', ${new Date(now - 120_000).toISOString()})`;
    const [alarm] = await sql()`
      insert into alarms (project_id, name, range_end) values (${project?.id}, 'CO2', 700) returning id`;
    await sql()`insert into alarms_series (alarm_id, series_id) values (${alarm?.id}, ${series?.id})`;

    // Past the parser (which refuses these): a value that no column holds, of another sender's meter.
    const ingest = olo.server.services.ingest;
    const site = { id: 'site', organizationId: null };
    const good = ingest.parse('tts', ttsUplink(serial, 2, new Date(now - 60_000)));
    const badSerial = newSerial();
    const parsedBad = ingest.parse('tts', ttsUplink(badSerial, 1, new Date(now - 60_000)));
    const bad = { ...parsedBad, radio: { ...parsedBad.radio, spfact: 2 ** 40 } };
    const badNul = { ...ingest.parse('tts', ttsUplink(newSerial(), 1, new Date(now - 60_000))) };
    badNul.route = { ...badNul.route, deviceId: 'nul\u0000name' };
    const commits = [];
    for (const uplink of [bad, good, badNul]) commits.push((await ingest.enqueue(uplink, site)).committed);
    expect(await Promise.allSettled(commits)).toEqual([
      { status: 'fulfilled', value: 'refused' },
      { status: 'fulfilled', value: 'stored' },
      { status: 'fulfilled', value: 'refused' },
    ]);
    const stored = await sql()`select f_cnt from meter_readings where meter_id = ${meter?.id} order by f_cnt`;
    expect(stored.map((row) => row.f_cnt)).toEqual([1, 2]);
    const episodes = await sql()`select data from alarms_triggered where alarm_id = ${alarm?.id}`;
    expect(episodes).toEqual([{ data: 776 }]);
    const [badMeter] = await sql()`select id from meters where serial = ${badSerial}`;
    const errors =
      await sql()`select type from system_errors where meter_id = ${badMeter?.id} and type like 'ingest.%'`;
    expect(errors).toEqual([{ type: 'ingest.unstorable' }]);
  });

  it('takes ChirpStack uplinks over the embedded broker with integration credentials, acknowledging after storing', async () => {
    const { topic, payload } = example('chirpstack-v4-mqtt-up.json');
    const serial = newSerial();
    const message = structuredClone(payload) as { deviceInfo: { devEui: string } };
    message.deviceInfo.devEui = serial;
    const port = olo.server.broker.port;
    const refused = mqtt.connect(`mqtt://127.0.0.1:${port}`, {
      username: 'olo',
      password: 'wrong',
      reconnectPeriod: 0,
    });
    await expect(
      new Promise((resolve, reject) => {
        refused.on('connect', resolve);
        refused.on('error', reject);
      }),
    ).rejects.toThrow(/Bad username or password/);
    refused.end(true);

    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { username: 'olo', password: ingestToken });
    await client.publishAsync(topic.replace('24e124126c172345', serial), JSON.stringify(message), { qos: 1 });
    await client.endAsync();
    const readings = await sql()`
      select r.channels from meter_readings r join meters m on m.id = r.meter_id where m.serial = ${serial}`;
    expect(readings).toHaveLength(1);
    // The device profile names the model, so the Milesight driver decoded the bytes themselves.
    expect(readings[0]?.channels).toMatchObject({
      co2: { value: 1127, type: 'CO2', unit: 'ppm' },
      temperature: { value: 30.8, type: 'Temperature', unit: '°C' },
    });
    const [meter] = await sql()`select driver from meters where serial = ${serial}`;
    expect(meter?.driver).toBe('milesight-em500-co2');
  });
});

describe('ingest from an external broker (Mosquitto)', () => {
  let olo: TestServer;
  beforeAll(async () => {
    olo = await startTestServer('pglite', { MQTT_URL: 'mqtt://127.0.0.1:1883' });
  });
  afterAll(() => olo?.close());

  it('subscribes to the uplink topics there and stores what arrives', async () => {
    const serial = newSerial();
    const deadline = Date.now() + 10_000;
    while (!olo.server.broker.isUp() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    // The subscription is made right after connecting.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const publisher = await mqtt.connectAsync('mqtt://127.0.0.1:1883');
    await publisher.publishAsync(
      `v3/olo-test-${serial}@ttn/devices/dev-${serial}/up`,
      JSON.stringify(ttsUplink(serial, 3, new Date())),
      { qos: 1 },
    );
    await publisher.endAsync();
    let rows: readonly unknown[] = [];
    while (rows.length === 0 && Date.now() < deadline) {
      rows = await olo.server.database.sql`
        select r.f_cnt from meter_readings r join meters m on m.id = r.meter_id where m.serial = ${serial}`;
      if (rows.length === 0) await new Promise((r) => setTimeout(r, 100));
    }
    expect(rows).toEqual([{ f_cnt: 3 }]);
  });
});

describeOnPostgres('ingest while PostgreSQL drops every connection', () => {
  let olo: TestServer;
  beforeAll(async () => {
    olo = await startTestServer('postgres', { INGEST_TOKEN: ingestToken });
  });
  afterAll(() => olo?.close());

  it('loses nothing it acknowledged: senders retry what was refused, and every reading is stored once', async () => {
    const database = new URL(olo.server.config.databaseUrl as string).pathname.slice(1);
    const admin = (await import('postgres')).default(postgresTestUrl as string, {
      max: 1,
      onnotice: () => {},
    });
    const serials = Array.from({ length: 10 }, newSerial);
    const start = Date.parse('2026-11-20T12:00:00Z');
    // Like a network server's webhook: a refused or failed request is sent again.
    const deliver = async (body: unknown) => {
      for (let attempt = 0; attempt < 50; attempt++) {
        try {
          const { status } = await post(olo, body);
          if (status === 202) return;
        } catch {
          // connection trouble: try again
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error('never accepted');
    };
    const deliveries = serials.flatMap((serial) =>
      Array.from({ length: 5 }, (_, index) => deliver(ttsUplink(serial, index + 1, new Date(start + index * 60_000)))),
    );
    for (let round = 0; round < 3; round++) {
      await new Promise((resolve) => setTimeout(resolve, 30));
      await admin`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${database} and pid <> pg_backend_pid()`;
    }
    await Promise.all(deliveries);
    await admin.end();
    const [{ count }] = (await olo.server.database.sql`
      select count(*)::int as count from meter_readings r join meters m on m.id = r.meter_id
      where m.serial in ${olo.server.database.sql(serials)}`) as unknown as [{ count: number }];
    expect(count).toBe(50);
  });
});
