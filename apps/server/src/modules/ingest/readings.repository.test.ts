import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../testing/test-databases.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { ReadingsRepository, type ReadingToStore } from './readings.repository.ts';

function reading(meterId: number, overrides: Partial<ReadingToStore> = {}): ReadingToStore {
  return {
    meterId,
    time: new Date('2026-11-01T10:00:00.123Z'),
    fCnt: 7,
    fPort: 2,
    payload: Buffer.from('0100e202', 'hex'),
    channels: { temperature: { value: 22.6, type: 'Temperature', unit: '°C' } },
    decodeError: null,
    rssi: -97.5,
    snr: 8.25,
    spfact: 7,
    txpower: 14,
    esp: -98.1,
    towers: 2,
    lat: 60.17,
    lon: 24.94,
    battery: 3.61,
    vdd: null,
    ...overrides,
  };
}

// The batch statements write their arrays as literals of their own (no driver escaping), so
// what needs quoting or is not a plain number must still arrive exactly.
describe.each(testDatabases)('the ingest batch statements on %s', (kind) => {
  let olo: TestServer;
  let repository: ReadingsRepository;
  const sql = () => olo.server.database.sql;
  const newMeter = async () =>
    (
      await sql()<Array<{ id: number }>>`
        insert into meters (serial) values (${crypto.randomBytes(8).toString('hex')}) returning id`
    )[0]?.id as number;

  const newSeries = async () => {
    const [organization] = await sql()<Array<{ id: string }>>`
      insert into organizations (name, slug) values ('Batch', ${crypto.randomUUID()}) returning id`;
    const [project] = await sql()<Array<{ id: number }>>`
      insert into projects (organization_id, name) values (${organization?.id as string}, 'Batch') returning id`;
    const [series] = await sql()<Array<{ id: number }>>`
      insert into series (project_id, name, data_type) values (${project?.id as number}, 'T', 'Temperature') returning id`;
    return series?.id as number;
  };

  beforeAll(async () => {
    olo = await startTestServer(kind);
    repository = new ReadingsRepository(sql());
  });
  afterAll(() => olo?.close());

  it('commits a batch only when the statements sent with its COMMIT succeeded too', async () => {
    const meterId = await newMeter();
    const stored = async () =>
      (await sql()<Array<{ n: number }>>`select count(*)::int as n from meter_readings where meter_id = ${meterId}`)[0]
        ?.n;
    // A statement that fails only after the transaction's other work went out, as an alarm write could.
    await expect(
      repository.batchTransaction(async (tx) => {
        await repository.insertReadings(tx, [reading(meterId)]);
        return { result: 'done', finishing: tx`select 1 / (select count(*) - count(*) from meters)`.execute() };
      }),
    ).rejects.toThrow(/division by zero/);
    expect(await stored()).toBe(0);
    const done = await repository.batchTransaction(async (tx) => {
      await repository.insertReadings(tx, [reading(meterId)]);
      return { result: 'done', finishing: tx`select 1`.execute() };
    });
    expect(done).toBe('done');
    expect(await stored()).toBe(1);
  });

  it('stores text that needs quoting, empty payloads, tiny and non-finite numbers exactly', async () => {
    const meterId = await newMeter();
    const awkward = reading(meterId, {
      fCnt: null,
      payload: Buffer.alloc(0),
      channels: null,
      decodeError: 'Truncated: "x", {y} \\ NULL, ääkköset\nrivi',
      rssi: Number.NaN,
      snr: 1e-7,
      lat: -0.5,
    });
    const decoded = reading(meterId, {
      time: new Date('2026-11-01T10:05:00Z'),
      channels: {
        'co2 "main"': { value: 612, type: 'CO2', unit: 'ppm' },
        humidity: { value: 41.25, type: 'Humidity', unit: '%' },
      },
    });
    const inserted = await repository.transaction((tx) => repository.insertReadings(tx, [awkward, decoded]));
    expect(inserted).toEqual([awkward, decoded]);

    const rows = await sql()<
      Array<{
        f_cnt: number | null;
        payload: Buffer | null;
        channels: unknown;
        decode_error: string | null;
        rssi: number | null;
        snr: number | null;
        lat: number | null;
        time: Date;
      }>
    >`select f_cnt, payload, channels, decode_error, rssi, snr, lat, time from meter_readings
      where meter_id = ${meterId} order by time`;
    expect(rows).toHaveLength(2);
    const [first, second] = rows;
    expect(first?.f_cnt).toBeNull();
    expect(Buffer.from(first?.payload ?? [1]).length).toBe(0);
    expect(first?.channels).toBeNull();
    expect(first?.decode_error).toBe(awkward.decodeError);
    expect(first?.rssi).toBeNull();
    expect(first?.snr).toBe(1e-7);
    expect(first?.lat).toBe(-0.5);
    expect(new Date(first?.time as Date).toISOString()).toBe('2026-11-01T10:00:00.123Z');
    expect(second?.channels).toEqual(decoded.channels);
  });

  it('stores a reading repeated within a batch, or after it, once, and answers only its first copy', async () => {
    const meterId = await newMeter();
    const original = reading(meterId, { fCnt: null });
    const repeat = reading(meterId, { fCnt: null, rssi: -120 });
    const other = reading(meterId, { fCnt: 8, time: new Date('2026-11-01T10:10:00Z') });
    const inserted = await repository.transaction((tx) => repository.insertReadings(tx, [original, repeat, other]));
    expect(inserted).toEqual([original, other]);
    expect(await repository.transaction((tx) => repository.insertReadings(tx, [repeat]))).toEqual([]);
    const rows = await sql()<Array<{ rssi: number }>>`
      select rssi from meter_readings where meter_id = ${meterId} order by time`;
    expect(rows.map((row) => row.rssi)).toEqual([original.rssi, other.rssi]);
  });

  it("keeps a meter's latest channels when a reading without them comes, and takes its radio fields", async () => {
    const meterId = await newMeter();
    const decoded = reading(meterId);
    const undecoded = reading(meterId, {
      time: new Date('2026-11-01T10:15:00Z'),
      fCnt: 9,
      channels: null,
      rssi: -101,
      battery: null,
    });
    await repository.transaction((tx) => repository.updateMeters(tx, [decoded]));
    await repository.transaction((tx) => repository.updateMeters(tx, [undecoded]));
    const [latest] = await sql()<
      Array<{ data: unknown; rssi: number; battery: number; f_cnt: number; missed: number }>
    >`
      select data, rssi, battery, f_cnt, missed from meter_latest where meter_id = ${meterId}`;
    expect(latest).toEqual({ data: decoded.channels, rssi: -101, battery: 3.61, f_cnt: 9, missed: 1 });
  });

  it("writes series values into their UTC month's partition, made on the first write; a rolled-back batch leaves none", async () => {
    const partitionOf = (name: string) =>
      sql()<Array<{ name: string | null }>>`select to_regclass(${name})::text as name`.then((rows) => rows[0]?.name);
    const seriesId = await newSeries();
    const values = [
      { seriesId, time: new Date('2011-01-31T23:59:59.999Z'), value: 1.5 },
      { seriesId, time: new Date('2011-02-01T00:00:00Z'), value: 2.5 },
    ];
    await repository.transaction(async (tx) => {
      await repository.ensureSeriesMonths(
        tx,
        values.map((value) => value.time),
      );
      await repository.insertSeriesValues(tx, values);
    });
    const rows = await sql()<Array<{ partition: string; value: number }>>`
      select tableoid::regclass::text as partition, value from series_data where series_id = ${seriesId} order by time`;
    expect(rows).toEqual([
      { partition: 'series_data_2011_01', value: 1.5 },
      { partition: 'series_data_2011_02', value: 2.5 },
    ]);

    await expect(
      repository.transaction(async (tx) => {
        await repository.ensureSeriesMonths(tx, [new Date('2012-06-15T12:00:00Z')]);
        throw new Error('the batch failed');
      }),
    ).rejects.toThrow('the batch failed');
    expect(await partitionOf('series_data_2012_06')).toBeNull();
    expect(await partitionOf('series_data_2011_02')).toBe('series_data_2011_02');
  });

  it("deletes a meter's raw readings with the meter", async () => {
    const meterId = await newMeter();
    await repository.transaction((tx) => repository.insertReadings(tx, [reading(meterId)]));
    await sql()`delete from meters where id = ${meterId}`;
    expect((await sql()`select count(*)::int as n from meter_readings where meter_id = ${meterId}`)[0]?.n).toBe(0);
  });

  it('sends the statements of a batch together, and one failing after the raw insert leaves nothing', async () => {
    const meterId = await newMeter();
    const lost = reading(meterId, { time: new Date('2026-11-02T08:10:00Z') });
    await expect(
      repository.transaction((tx) =>
        Promise.all([
          repository.insertReadings(tx, [lost]),
          repository.ensureSeriesMonths(tx, [lost.time]),
          // A value that is no number is stored as NULL, which the column refuses after the reading was inserted.
          repository.insertSeriesValues(tx, [{ seriesId: 2_000_000_000, time: lost.time, value: Number.NaN }]),
          repository.updateMeters(tx, [lost]),
        ]),
      ),
    ).rejects.toThrow(/null value/);
    expect((await sql()`select count(*)::int as n from meter_readings where meter_id = ${meterId}`)[0]?.n).toBe(0);
    expect((await sql()`select count(*)::int as n from meter_latest where meter_id = ${meterId}`)[0]?.n).toBe(0);
    // The next batch goes through.
    await repository.transaction((tx) => repository.insertReadings(tx, [lost]));
    expect((await sql()`select count(*)::int as n from meter_readings where meter_id = ${meterId}`)[0]?.n).toBe(1);
  });
});
