import {
  boolArray,
  numberArray,
  type Sql,
  type Transaction,
  type Tx,
  textArray,
  timeArray,
  transaction,
} from '../../db/sql.ts';
import { int4Max, storedFrameCounter } from '../../shared/storable.ts';

/** A decoded (or undecodable) uplink of a known meter, ready to store. */
export interface ReadingToStore {
  meterId: number;
  time: Date;
  /** Unsigned 32 bits; stored as storedFrameCounter. */
  fCnt: number | null;
  fPort: number | null;
  payload: Buffer | null;
  /** Channel name → value with its measurement type and unit; null when not decoded. */
  channels: Record<string, { value: number; type: string; unit: string }> | null;
  decodeError: string | null;
  rssi: number | null;
  snr: number | null;
  spfact: number | null;
  /** Transmit power, dBm. */
  txpower: number | null;
  /** Estimated signal power, dBm (from rssi and snr). */
  esp: number | null;
  towers: number | null;
  lat: number | null;
  lon: number | null;
  /** Volts or percent, as the driver reports it. */
  battery: number | null;
  /** Volts. */
  vdd: number | null;
  /**
   * Values the meter measured at `time` and sent later (a Milesight history record), with no radio
   * fields of their own: stored only where the meter has no reading yet (see
   * historyDuplicateWindowMs), and never the meter's latest reading.
   */
  fromHistory?: boolean;
}

/** A reading of decoded values alone, without the uplink's frame, payload and radio fields. */
export function valuesOnlyReading(
  meterId: number,
  time: Date,
  channels: ReadingToStore['channels'],
  fromHistory?: boolean,
): ReadingToStore {
  return {
    meterId,
    time,
    channels,
    fCnt: null,
    fPort: null,
    payload: null,
    decodeError: null,
    rssi: null,
    snr: null,
    spfact: null,
    txpower: null,
    esp: null,
    towers: null,
    lat: null,
    lon: null,
    battery: null,
    vdd: null,
    ...(fromHistory ? { fromHistory } : {}),
  };
}

/**
 * A history record within this of a stored reading with values is taken for that reading resent
 * (the device's clock and the network server's differ by seconds), and not stored again. Half the
 * shortest reporting interval of the devices that send history records (one minute).
 */
export const historyDuplicateWindowMs = 30_000;

function hasValues(reading: ReadingToStore): boolean {
  return reading.channels !== null && Object.keys(reading.channels).length > 0;
}

/**
 * The readings without the history records that a live reading of the same batch already covers
 * (see historyDuplicateWindowMs); stored ones are compared in SQL.
 */
function withoutCoveredHistory(readings: ReadingToStore[]): ReadingToStore[] {
  if (!readings.some((reading) => reading.fromHistory)) return readings;
  const liveTimes = new Map<number, number[]>();
  for (const reading of readings) {
    if (reading.fromHistory || !hasValues(reading)) continue;
    const times = liveTimes.get(reading.meterId);
    if (times) times.push(reading.time.getTime());
    else liveTimes.set(reading.meterId, [reading.time.getTime()]);
  }
  return readings.filter(
    (reading) =>
      !reading.fromHistory ||
      !(liveTimes.get(reading.meterId) ?? []).some(
        (time) => Math.abs(time - reading.time.getTime()) <= historyDuplicateWindowMs,
      ),
  );
}

export interface StoredReading {
  meterId: number;
  time: Date;
  fCnt: number | null;
}

export interface SeriesValue {
  seriesId: number;
  time: Date;
  value: number;
}

/** What a meter channel feeds: its datasources, with the conversion and calibrations that apply. */
export interface MeterRouting {
  datasources: Array<{
    id: number;
    seriesId: number;
    projectId: number;
    meterId: number;
    channel: string;
    startAt: Date | null;
    startInclusive: boolean;
    endAt: Date | null;
    endInclusive: boolean;
    /** A datasource function's id, and its further channels (see routeReadings). */
    functionId: string | null;
    extraChannels: string[];
  }>;
  conversions: Array<{ meterId: number; channel: string; expression: string }>;
  calibrations: Array<{ meterId: number; channel: string; expression: string; startAt: Date; endAt: Date | null }>;
}

/** First key of a meter's advisory lock ("OLO"); the second is the meter id. */
export const meterLockNamespace = 0x4f4c4f;

/**
 * Each statement here is sent at once (`execute`) rather than when awaited, which happens a
 * microtask later: the writer sends several together, and they must reach the server in the order
 * they are written.
 *
 * Batch writes of the ingest (one statement per table per batch, through unnest), kept here
 * because they are the hottest SQL of Olo. Times are UTC; hours of the rollup are UTC hours.
 */
export class ReadingsRepository {
  constructor(
    private readonly sql: Sql,
    /** This Olo instance (computers table), written with the latest values; one scalar, not per row. */
    private readonly computerId: number | null = null,
  ) {}

  transaction<T>(run: (tx: Transaction) => Promise<T>): Promise<T> {
    return transaction(this.sql, run);
  }

  /**
   * A transaction whose COMMIT goes out right behind the statements `run` hands back unawaited in
   * `finishing` (the alarms' writes), instead of a round trip later: every round trip waits on an
   * event loop busy with arriving uplinks. The server answers the COMMIT of a transaction that a
   * failed statement aborted by rolling it back, without an error; so the transaction counts as
   * committed only once `finishing` also succeeded, and its error is thrown otherwise.
   */
  async batchTransaction<T>(run: (tx: Tx) => Promise<{ result: T; finishing: Promise<unknown> }>): Promise<T> {
    let finishing: Promise<unknown> = Promise.resolve();
    const result = (await this.sql.begin(async (tx) => {
      const ran = await run(tx);
      finishing = ran.finishing;
      // Handled here as well: a failure before COMMIT rolls back and is thrown by begin.
      finishing.catch(() => undefined);
      return ran.result;
    })) as T;
    // Settled by now: its statements' answers came before the COMMIT's.
    await finishing;
    return result;
  }

  /**
   * Inserts the readings; a repeat of a stored one (meter, time, frame counter) is skipped, and so
   * is a history record where the meter has a reading with values (historyDuplicateWindowMs).
   * Returns those inserted.
   */
  async insertReadings(tx: Tx, given: ReadingToStore[]): Promise<ReadingToStore[]> {
    const readings = withoutCoveredHistory(given);
    if (readings.length === 0) return [];
    const column = (pick: (reading: ReadingToStore) => number | null) => numberArray(readings.map(pick));
    const window = `${historyDuplicateWindowMs} milliseconds`;
    const fCnt = (r: ReadingToStore) => (r.fCnt === null ? null : storedFrameCounter(r.fCnt));
    const payloads = readings.map((r) => r.payload?.toString('hex') ?? null);
    // One text comes back, the positions of the stored readings, and none when all were stored
    // (nearly always): no row per reading to parse.
    const [result] = await tx<Array<{ skipped: boolean; positions: string | null }>>`
      with input as (
        select * from unnest(
          ${column((r) => r.meterId)}::int[], ${timeArray(readings.map((r) => r.time))}::timestamptz[],
          ${column(fCnt)}::int[], ${column((r) => r.fPort)}::int[], ${textArray(payloads)}::text[],
          ${column((r) => r.rssi)}::float8[], ${column((r) => r.snr)}::float8[], ${column((r) => r.spfact)}::int[],
          ${column((r) => r.txpower)}::float8[], ${column((r) => r.esp)}::float8[], ${column((r) => r.towers)}::int[],
          ${column((r) => r.lat)}::float8[], ${column((r) => r.lon)}::float8[], ${column((r) => r.battery)}::float8[],
          ${column((r) => r.vdd)}::float8[], ${boolArray(readings.map((r) => r.fromHistory === true))}::bool[]
        ) with ordinality as u(m, t, fc, fp, p, r, s, sf, tp, es, tw, la, lo, b, v, h, i)
      ),
      texts as (select ${JSON.stringify(readings.map((r) => [r.channels, r.decodeError]))}::jsonb as a),
      stored as (
        insert into meter_readings
          (meter_id, time, f_cnt, f_port, payload, channels, decode_error, rssi, snr, spfact, txpower, esp, towers, lat,
           lon, battery, vdd)
        select m, t, fc, fp, decode(p, 'hex'), nullif(a -> (i::int - 1) -> 0, 'null'), a -> (i::int - 1) ->> 1,
               r, s, sf, tp, es, tw, la, lo, b, v
        from input, texts
        where not (input.h and exists (
          select 1 from meter_readings known
          where known.meter_id = input.m
            and known.time between input.t - ${window}::interval and input.t + ${window}::interval
            and known.channels is not null and known.channels <> '{}'::jsonb))
        on conflict do nothing
        returning meter_id, time, f_cnt
      )
      -- A reading repeated within the batch is stored once, as its first copy.
      , firsts as (
        select min(input.i)::int - 1 as i from stored
        join input on input.m = stored.meter_id and input.t = stored.time
          and coalesce(input.fc, -1) = coalesce(stored.f_cnt, -1)
        group by stored.meter_id, stored.time, stored.f_cnt
      )
      select count(*) < ${readings.length} as skipped,
        case when count(*) < ${readings.length} then string_agg(i::text, ',' order by i) end as positions
      from firsts`.execute();
    if (!result?.skipped) return readings;
    return result.positions
      ? result.positions.split(',').map((index) => readings[Number(index)] as ReadingToStore)
      : [];
  }

  /**
   * Makes series_data's monthly partitions for these times where missing (migration 0007), in the
   * caller's transaction: a batch that rolls back takes its new partition with it. Costs the
   * server a catalog look-up per month when they exist.
   */
  async ensureSeriesMonths(tx: Tx, times: Date[]): Promise<void> {
    const months = new Set<number>();
    for (const time of times) months.add(Date.UTC(time.getUTCFullYear(), time.getUTCMonth(), 1));
    if (months.size === 0) return;
    const starts = timeArray([...months].map((ms) => new Date(ms)));
    await tx`select olo_series_data_months(${starts}::timestamptz[])`.execute();
  }

  /**
   * Shares the meters' recalculation lock (RecalculationRepository.lockMeter) until the
   * transaction ends: a recomputation in progress finishes first, so that this batch reads the
   * routing it committed, and one starting waits for this batch, whose raw readings it then sees.
   * Sorted, so that batches and recomputations take them in one order.
   */
  async lockMetersShared(tx: Tx, meterIds: number[]): Promise<void> {
    if (meterIds.length === 0) return;
    const sorted = [...new Set(meterIds)].sort((a, b) => a - b);
    await tx`select pg_advisory_xact_lock_shared(${meterLockNamespace}::int, id) from unnest(${numberArray(sorted)}::int[]) as id`.execute();
  }

  /** Each meter's routing_version (migration 0008): a meter that no longer exists is left out. */
  async routingVersions(tx: Tx, meterIds: number[]): Promise<Array<{ id: number; version: number }>> {
    if (meterIds.length === 0) return [];
    return tx<Array<{ id: number; version: number }>>`
      select id, routing_version as version from meters where id = any(${numberArray(meterIds)}::int[])`.execute();
  }

  async routing(tx: Tx, meterIds: number[]): Promise<MeterRouting> {
    if (meterIds.length === 0) return { datasources: [], conversions: [], calibrations: [] };
    const ids = numberArray(meterIds);
    const [datasources, conversions, calibrations] = await Promise.all([
      tx<MeterRouting['datasources']>`
        select d.id, d.series_id as "seriesId", s.project_id as "projectId", d.meter_id as "meterId", d.channel,
               d.start_at as "startAt", d.start_inclusive as "startInclusive", d.end_at as "endAt",
               d.end_inclusive as "endInclusive", d.function_id as "functionId", d.extra_channels as "extraChannels"
        from series_datasources d join series s on s.id = d.series_id
        where d.meter_id = any(${ids}::int[])`.execute(),
      tx<MeterRouting['conversions']>`
        select meter_id as "meterId", channel, expression from meter_conversions where meter_id = any(${ids}::int[])`.execute(),
      tx<MeterRouting['calibrations']>`
        select meter_id as "meterId", channel, expression, start_at as "startAt", end_at as "endAt"
        from meter_calibrations where meter_id = any(${ids}::int[]) order by start_at`.execute(),
    ]);
    const date = (value: Date | string | null) => (value === null ? null : new Date(value));
    return {
      datasources: datasources.map((d) => ({ ...d, startAt: date(d.startAt), endAt: date(d.endAt) })),
      conversions: [...conversions],
      calibrations: calibrations.map((c) => ({ ...c, startAt: new Date(c.startAt), endAt: date(c.endAt) })),
    };
  }

  /**
   * Stores series values (a repeat of a stored time is skipped), adds them to the hourly rollup,
   * and moves each series' latest value forward. Returns the latest values that changed.
   */
  async insertSeriesValues(tx: Tx, given: SeriesValue[]): Promise<SeriesValue[]> {
    // Two readings of one series at one time (repeated frames): the first to arrive counts. The
    // database would pick one of them in no defined order.
    const seen = new Set<string>();
    const values = given.filter((value) => {
      const slot = `${value.seriesId}|${value.time.getTime()}`;
      if (seen.has(slot)) return false;
      seen.add(slot);
      return true;
    });
    if (values.length === 0) return [];
    const rows = await tx<Array<{ series_id: number; ms: number }>>`
      with input as (
        select * from unnest(
          ${numberArray(values.map((v) => v.seriesId))}::int[], ${timeArray(values.map((v) => v.time))}::timestamptz[],
          ${numberArray(values.map((v) => v.value))}::float8[]
        ) as u(s, t, v)
      ),
      inserted as (
        insert into series_data (series_id, time, value)
        select s, t, v from input
        on conflict do nothing
        returning series_id, time, value
      ),
      rollup as (
        insert into series_rollup_hour (series_id, hour, sum, min, max, count)
        select series_id, date_trunc('hour', time, 'UTC'), sum(value), min(value), max(value), count(*)::int
        from inserted group by 1, 2
        -- In one order in every batch: two lanes feeding one series lock its rows without a deadlock.
        order by 1, 2
        on conflict (series_id, hour) do update set
          sum = series_rollup_hour.sum + excluded.sum,
          min = least(series_rollup_hour.min, excluded.min),
          max = greatest(series_rollup_hour.max, excluded.max),
          count = series_rollup_hour.count + excluded.count
      )
      insert into series_latest (series_id, time, value, updated_at, computer_id)
      select distinct on (series_id) series_id, time, value, now(), ${this.computerId}::int
      from inserted order by series_id, time desc
      on conflict (series_id) do update set time = excluded.time, value = excluded.value, updated_at = now(),
        computer_id = excluded.computer_id
      where excluded.time >= series_latest.time
      returning series_id, (extract(epoch from time) * 1000)::float8 as ms`.execute();
    // The values are ours: found by series and time rather than parsed back. Nearly always it is
    // the series' latest of the batch; when that one was already stored, another of this batch.
    const latest = new Map<number, SeriesValue>();
    for (const value of values) {
      const known = latest.get(value.seriesId);
      if (!known || value.time.getTime() > known.time.getTime()) latest.set(value.seriesId, value);
    }
    return rows.map((row) => {
      const candidate = latest.get(row.series_id) as SeriesValue;
      if (candidate.time.getTime() === row.ms) return candidate;
      return values.find((value) => value.seriesId === row.series_id && value.time.getTime() === row.ms) as SeriesValue;
    });
  }

  /** New data ids for projects whose settled periods changed (a late reading): cached answers go stale. */
  async renewDataIds(tx: Tx, projectIds: number[]): Promise<void> {
    if (projectIds.length === 0) return;
    await tx`update projects set data_id = gen_random_uuid() where id = any(${numberArray(projectIds)}::int[])`.execute();
  }

  /**
   * Moves each meter's latest reading forward (radio and health fields, missed frames from gaps in
   * the frame counter) and its last-seen time and observed interval.
   */
  async updateMeters(tx: Tx, given: ReadingToStore[]): Promise<number[]> {
    // A history record is older news: it tells nothing of the meter's radio or health now.
    const readings = given.filter((reading) => !reading.fromHistory);
    if (readings.length === 0) return [];
    const byMeter = new Map<number, ReadingToStore[]>();
    for (const reading of readings) {
      const group = byMeter.get(reading.meterId);
      if (group) group.push(reading);
      else byMeter.set(reading.meterId, [reading]);
    }
    const latest: Array<ReadingToStore & { firstFCnt: number | null; innerMissed: number }> = [];
    for (const group of byMeter.values()) {
      group.sort((a, b) => a.time.getTime() - b.time.getTime());
      let innerMissed = 0;
      for (let index = 1; index < group.length; index++) {
        const previous = group[index - 1]?.fCnt;
        const current = group[index]?.fCnt;
        if (previous != null && current != null && current > previous) innerMissed += current - previous - 1;
      }
      latest.push({
        ...(group.at(-1) as ReadingToStore),
        firstFCnt: group[0]?.fCnt ?? null,
        innerMissed: Math.min(innerMissed, int4Max),
      });
    }
    const column = (pick: (reading: (typeof latest)[number]) => number | null) => numberArray(latest.map(pick));
    await tx`
      with input as (
        select u.*, channels -> (i::int - 1) as data from unnest(
          ${column((r) => r.meterId)}::int[], ${timeArray(latest.map((r) => r.time))}::timestamptz[],
          ${column((r) => (r.fCnt === null ? null : storedFrameCounter(r.fCnt)))}::int[],
          ${column((r) => r.firstFCnt)}::bigint[], ${column((r) => r.innerMissed)}::int[],
          ${column((r) => r.battery)}::float8[], ${column((r) => r.vdd)}::float8[],
          ${column((r) => r.rssi)}::float8[], ${column((r) => r.snr)}::float8[], ${column((r) => r.spfact)}::int[],
          ${column((r) => r.txpower)}::float8[], ${column((r) => r.esp)}::float8[],
          ${column((r) => r.towers)}::int[], ${column((r) => r.lat)}::float8[], ${column((r) => r.lon)}::float8[]
        ) with ordinality as u(meter_id, time, f_cnt, first_f_cnt, inner_missed, battery, vdd, rssi, snr, spfact, txpower,
               esp, towers, lat, lon, i),
        (select ${JSON.stringify(latest.map((r) => r.channels))}::jsonb as channels) as texts
      ),
      latest as (
        insert into meter_latest as l
          (meter_id, time, f_cnt, data, battery, vdd, rssi, snr, spfact, txpower, esp, towers, lat, lon, missed)
        -- missed: frames lost inside this batch, plus the gap between the stored counter (unsigned, from
        -- its int4 bits) and the batch's first; counted in bigint and kept within the column's range.
        select i.meter_id, i.time, i.f_cnt, nullif(i.data, 'null'), i.battery, i.vdd, i.rssi, i.snr, i.spfact, i.txpower, i.esp,
               i.towers, i.lat, i.lon,
               least(${int4Max}::bigint, i.inner_missed::bigint + case when i.first_f_cnt > (p.f_cnt::bigint & 4294967295)
                 then i.first_f_cnt - (p.f_cnt::bigint & 4294967295) - 1 else 0 end)::int
        from input i left join meter_latest p on p.meter_id = i.meter_id
        on conflict (meter_id) do update set
          -- An uplink without live values (history records, device information) keeps the values shown.
          time = excluded.time, f_cnt = excluded.f_cnt, data = coalesce(nullif(excluded.data, '{}'::jsonb), l.data),
          battery = coalesce(excluded.battery, l.battery), vdd = coalesce(excluded.vdd, l.vdd),
          rssi = excluded.rssi, snr = excluded.snr, spfact = excluded.spfact, txpower = excluded.txpower,
          esp = excluded.esp, towers = excluded.towers,
          lat = coalesce(excluded.lat, l.lat), lon = coalesce(excluded.lon, l.lon),
          missed = least(${int4Max}::bigint, l.missed::bigint + excluded.missed)::int
        where excluded.time > l.time
      )
      -- The observed interval: an exponential average of the gaps between the latest readings of batches,
      -- computed in float8 and kept within the column's range: a last reading from long ago (a clock
      -- that was unset) must not overflow it.
      update meters m set
        interval_seconds = case
          when m.last_seen_at is not null and u.time > m.last_seen_at
            then least(${int4Max}::float8, greatest(1, round(coalesce(m.interval_seconds * 0.7, 0) +
                 extract(epoch from u.time - m.last_seen_at)::float8 *
                 case when m.interval_seconds is null then 1 else 0.3 end)))::int
          else m.interval_seconds end,
        last_seen_at = greatest(coalesce(m.last_seen_at, u.time), u.time)
      from input u
      where m.id = u.meter_id`.execute();
    return [...byMeter.keys()];
  }
}
