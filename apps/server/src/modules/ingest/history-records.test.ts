import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { untilRecalculated } from '../../testing/meter-world.ts';
import { testDatabases } from '../../testing/test-databases.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { uplinkExample } from '../../testing/uplink-examples.ts';

const ingestToken = 'ingest-token-for-tests-0123456789';

/*
 * Milesight EM300-TH payloads built byte by byte from Milesight's published format: live records
 * [channel, type, value] and history records 20/CE = Unix time (uint32 LE, s) + temperature (int16
 * LE, 0.1 °C) + humidity (uint8, 0.5 %RH) + status (1 byte).
 */
const u8 = (value: number) => [value & 0xff];
const u16 = (value: number) => [value & 0xff, (value >> 8) & 0xff];
const u32 = (value: number) => [...u16(value & 0xffff), ...u16(value >>> 16)];
const live = (temperature: number, humidity: number) => [
  ...[0x01, 0x75, ...u8(90)],
  ...[0x03, 0x67, ...u16(Math.round(temperature * 10))],
  ...[0x04, 0x68, ...u8(humidity * 2)],
];
const history = (time: Date, temperature: number, humidity: number) => [
  ...[0x20, 0xce, ...u32(time.getTime() / 1000)],
  ...u16(Math.round(temperature * 10)),
  ...u8(humidity * 2),
  0x00,
];

/** A ChirpStack uplink of an EM300-TH (its profile name picks the driver) carrying `bytes`. */
function em300Uplink(serial: string, fCnt: number, time: Date, bytes: number[], profileName = 'Milesight EM300-TH') {
  const message = structuredClone(uplinkExample('chirpstack-v4-mqtt-up.json').payload) as Record<string, unknown> & {
    deviceInfo: { devEui: string; deviceProfileName: string };
  };
  message.deviceInfo.devEui = serial;
  message.deviceInfo.deviceProfileName = profileName;
  message.fCnt = fCnt;
  message.time = time.toISOString();
  message.data = Buffer.from(bytes).toString('base64');
  delete message.object;
  return message;
}

const at = (hhmmss: string) => new Date(`2026-11-23T${hhmmss}Z`);

describe.each(testDatabases)('history records of a meter on %s', (kind) => {
  let olo: TestServer;
  const sql = () => olo.server.database.sql;

  beforeAll(async () => {
    olo = await startTestServer(kind, { INGEST_TOKEN: ingestToken });
  });
  afterAll(() => olo?.close());

  async function send(uplink: unknown) {
    const response = await fetch(`${olo.url}/api/ingest/chirpstack`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ingestToken}` },
      body: JSON.stringify(uplink),
    });
    expect(response.status).toBe(202);
  }

  /** A meter heard once, with a series fed by its temperature. */
  async function meterWithSeries(serial: string, firstTime: Date, firstBytes: number[]) {
    await send(em300Uplink(serial, 1, firstTime, firstBytes));
    const [meter] = await sql()`select id, driver from meters where serial = ${serial}`;
    expect(meter?.driver).toBe('milesight-em300-th');
    const [organization] =
      await sql()`insert into organizations (name, slug) values ('History', ${`history-${serial}`}) returning id`;
    const [project] =
      await sql()`insert into projects (organization_id, name) values (${organization?.id}, 'P') returning id`;
    const [series] =
      await sql()`insert into series (project_id, name, data_type) values (${project?.id}, 'T', 'Temperature') returning id`;
    await sql()`insert into series_datasources (series_id, meter_id, channel) values (${series?.id}, ${meter?.id}, 'temperature')`;
    return { meterId: meter?.id as number, seriesId: series?.id as number };
  }

  const readings = async (meterId: number) =>
    (await sql()`select time, f_cnt, channels from meter_readings where meter_id = ${meterId} order by time, id`).map(
      (row) => [new Date(row.time).toISOString(), row.f_cnt, row.channels?.temperature?.value ?? null],
    );
  // Readings kept raw reach their series through a background recomputation once decoded (decision 0088).
  const seriesData = async (seriesId: number) => {
    await untilRecalculated(sql());
    return (await sql()`select time, value from series_data where series_id = ${seriesId} order by time`).map((row) => [
      new Date(row.time).toISOString(),
      row.value,
    ]);
  };

  it('fills the gap of an outage with the resent records, storing none twice and keeping the latest reading', async () => {
    const serial = crypto.randomBytes(8).toString('hex');
    const { meterId, seriesId } = await meterWithSeries(serial, at('10:50:00'), live(20, 40));
    // The gateway was away from 10:50 to 12:00; the meter's first live reading after it is at 12:00.
    await send(em300Uplink(serial, 9, at('12:00:00'), live(21.5, 45)));
    const resent = [
      ...history(at('11:00:00'), 20.2, 41),
      ...history(at('11:10:00'), 20.5, 42),
      ...history(at('11:20:00'), 20.8, 43),
      // Already stored: the live reading of 12:00, once exactly and once as the device's clock has it.
      ...history(at('12:00:00'), 30, 60),
      ...history(at('11:59:50'), 31, 61),
    ];
    await send(em300Uplink(serial, 10, at('12:05:00'), resent));
    // A network server may deliver the same uplink twice.
    await send(em300Uplink(serial, 10, at('12:05:00'), resent));

    expect(await readings(meterId)).toEqual([
      ['2026-11-23T10:50:00.000Z', 1, 20],
      ['2026-11-23T11:00:00.000Z', null, 20.2],
      ['2026-11-23T11:10:00.000Z', null, 20.5],
      ['2026-11-23T11:20:00.000Z', null, 20.8],
      ['2026-11-23T12:00:00.000Z', 9, 21.5],
      // The uplink that carried the history records, with no live values of its own.
      ['2026-11-23T12:05:00.000Z', 10, null],
    ]);
    expect(await seriesData(seriesId)).toEqual([
      ['2026-11-23T11:00:00.000Z', 20.2],
      ['2026-11-23T11:10:00.000Z', 20.5],
      ['2026-11-23T11:20:00.000Z', 20.8],
      ['2026-11-23T12:00:00.000Z', 21.5],
    ]);
    const [rollup] =
      await sql()`select sum, count from series_rollup_hour where series_id = ${seriesId} and hour = '2026-11-23T11:00:00Z'`;
    expect(rollup).toMatchObject({ count: 3 });
    expect(rollup?.sum).toBeCloseTo(61.5, 9);
    const [seriesLatest] = await sql()`select time, value from series_latest where series_id = ${seriesId}`;
    expect([new Date(seriesLatest?.time).toISOString(), seriesLatest?.value]).toEqual([
      '2026-11-23T12:00:00.000Z',
      21.5,
    ]);
    // The meter's latest reading is its last uplink, never a resent record, and keeps its live values.
    const [latest] =
      await sql()`select time, f_cnt, data, battery, missed from meter_latest where meter_id = ${meterId}`;
    expect(new Date(latest?.time).toISOString()).toBe('2026-11-23T12:05:00.000Z');
    expect(latest).toMatchObject({ f_cnt: 10, battery: 90 });
    expect(latest?.data.temperature.value).toBe(21.5);
    const [meter] = await sql()`select last_seen_at from meters where id = ${meterId}`;
    expect(new Date(meter?.last_seen_at).toISOString()).toBe('2026-11-23T12:05:00.000Z');
  });

  it("stores the history records of an uplink with live values, except one of the live reading's own time", async () => {
    const serial = crypto.randomBytes(8).toString('hex');
    const { meterId, seriesId } = await meterWithSeries(serial, at('13:00:00'), live(19, 40));
    await send(
      em300Uplink(serial, 2, at('13:10:00'), [
        ...live(22, 50),
        ...history(at('13:10:00'), 35, 70),
        ...history(at('13:05:00'), 21, 45),
      ]),
    );
    expect(await readings(meterId)).toEqual([
      ['2026-11-23T13:00:00.000Z', 1, 19],
      ['2026-11-23T13:05:00.000Z', null, 21],
      ['2026-11-23T13:10:00.000Z', 2, 22],
    ]);
    expect(await seriesData(seriesId)).toEqual([
      ['2026-11-23T13:05:00.000Z', 21],
      ['2026-11-23T13:10:00.000Z', 22],
    ]);
  });

  it('refuses history records dated by a clock that was never set, and records that on the meter', async () => {
    const serial = crypto.randomBytes(8).toString('hex');
    const { meterId, seriesId } = await meterWithSeries(serial, at('14:00:00'), live(19, 40));
    const unset = new Date(600_000);
    const ahead = new Date(at('14:10:00').getTime() + 2 * 86_400_000);
    await send(
      em300Uplink(serial, 2, at('14:10:00'), [
        ...history(unset, 18, 40),
        ...history(ahead, 18, 40),
        ...history(at('14:05:00'), 18.5, 40),
      ]),
    );
    expect(await seriesData(seriesId)).toEqual([['2026-11-23T14:05:00.000Z', 18.5]]);
    const errors = await sql()`select type, name from system_errors where meter_id = ${meterId}`;
    expect(errors).toEqual([
      {
        type: 'meter.history-time',
        name: 'History records refused: 2 with a time no clock could have given (1970-01-01T00:10:00.000Z)',
      },
    ]);
  });

  it("stores the history records of readings kept raw once the meter's driver is known", async () => {
    const serial = crypto.randomBytes(8).toString('hex');
    // A profile name that names no model: the reading is kept raw.
    await send(em300Uplink(serial, 1, at('15:30:00'), history(at('15:00:00'), 17.5, 40), 'Sensor X'));
    const [meter] = await sql()`select id, driver from meters where serial = ${serial}`;
    expect(meter?.driver).toBeNull();
    const [organization] =
      await sql()`insert into organizations (name, slug) values ('Kept', ${`kept-${serial}`}) returning id`;
    const [project] =
      await sql()`insert into projects (organization_id, name) values (${organization?.id}, 'P') returning id`;
    const [series] =
      await sql()`insert into series (project_id, name, data_type) values (${project?.id}, 'T', 'Temperature') returning id`;
    await sql()`insert into series_datasources (series_id, meter_id, channel) values (${series?.id}, ${meter?.id}, 'temperature')`;

    await send(em300Uplink(serial, 2, at('15:40:00'), live(18, 40)));
    expect(await readings(meter?.id)).toEqual([
      ['2026-11-23T15:00:00.000Z', null, 17.5],
      ['2026-11-23T15:30:00.000Z', 1, null],
      ['2026-11-23T15:40:00.000Z', 2, 18],
    ]);
    expect(await seriesData(series?.id)).toEqual([
      ['2026-11-23T15:00:00.000Z', 17.5],
      ['2026-11-23T15:40:00.000Z', 18],
    ]);
  });
});
