import { numberArray, type Sql, type Transaction, type Tx, timeArray, transaction } from '../../db/sql.ts';
import {
  type MeterRouting,
  meterLockNamespace,
  ReadingsRepository,
  type SeriesValue,
} from '../ingest/readings.repository.ts';

/** A stored reading as recomputation needs it: its time and decoded channels. */
export interface StoredChannels {
  meterId: number;
  time: Date;
  channels: Record<string, { value: number; type: string; unit: string }>;
}

export type Datasource = MeterRouting['datasources'][number];

/** Times are bounds of the stored readings, both inclusive; null: unbounded. */
export interface TimeBounds {
  from: Date | null;
  to: Date | null;
}

const date = (value: Date | string) => new Date(value);

/**
 * SQL of recomputation: rewriting stored series values from the raw readings. Times are UTC;
 * rollup hours are UTC hours, as the ingest writes them.
 */
export class RecalculationRepository {
  private readonly readings: ReadingsRepository;

  constructor(private readonly sql: Sql) {
    this.readings = new ReadingsRepository(sql);
  }

  transaction<T>(run: (tx: Transaction) => Promise<T>): Promise<T> {
    return transaction(this.sql, run);
  }

  /**
   * Serialises changes and recomputations of one meter's series until the transaction ends (a
   * transaction-level advisory lock; 0x4f4c4f ("OLO") keys the meter namespace).
   */
  async lockMeter(tx: Tx, meterId: number): Promise<void> {
    await tx`select pg_advisory_xact_lock(${meterLockNamespace}::int, ${meterId}::int)`;
  }

  /** Datasources, conversion and calibrations of the meters, as the ingest routes readings. */
  routing(tx: Tx, meterIds: number[]): Promise<MeterRouting> {
    return this.readings.routing(tx, meterIds);
  }

  /** Datasources (with their series' project) of the given series. */
  async datasourcesOfSeries(tx: Tx, seriesIds: number[]): Promise<Datasource[]> {
    if (seriesIds.length === 0) return [];
    const rows = await tx<Datasource[]>`
      select d.id, d.series_id as "seriesId", s.project_id as "projectId", d.meter_id as "meterId", d.channel,
             d.start_at as "startAt", d.start_inclusive as "startInclusive", d.end_at as "endAt",
             d.end_inclusive as "endInclusive", d.function_id as "functionId", d.extra_channels as "extraChannels"
      from series_datasources d join series s on s.id = d.series_id
      where d.series_id = any(${numberArray(seriesIds)}::int[])`;
    return rows.map((row) => ({
      ...row,
      startAt: row.startAt ? date(row.startAt) : null,
      endAt: row.endAt ? date(row.endAt) : null,
    }));
  }

  async findDatasource(tx: Tx, id: number): Promise<Datasource | undefined> {
    const [row] = await tx<Datasource[]>`
      select d.id, d.series_id as "seriesId", s.project_id as "projectId", d.meter_id as "meterId", d.channel,
             d.start_at as "startAt", d.start_inclusive as "startInclusive", d.end_at as "endAt",
             d.end_inclusive as "endInclusive", d.function_id as "functionId", d.extra_channels as "extraChannels"
      from series_datasources d join series s on s.id = d.series_id where d.id = ${id}`;
    return row && { ...row, startAt: row.startAt && date(row.startAt), endAt: row.endAt && date(row.endAt) };
  }

  /** Projects of the series (a series deleted meanwhile has none). */
  async projectsOfSeries(tx: Tx, seriesIds: number[]): Promise<Map<number, number>> {
    if (seriesIds.length === 0) return new Map();
    const rows = await tx<Array<{ id: number; projectId: number }>>`
      select id, project_id as "projectId" from series where id = any(${numberArray(seriesIds)}::int[])`;
    return new Map(rows.map((row) => [row.id, row.projectId]));
  }

  /**
   * One page of a meter's decoded readings within the bounds, oldest first, starting after
   * `after` (exclusive) when given. A page never splits the readings of one timestamp: when it is
   * full, every reading at its last time is included, so the page may hold more than `limit`.
   * `full` tells whether more may follow.
   */
  async readingsPage(
    tx: Tx,
    meterId: number,
    bounds: TimeBounds,
    after: Date | null,
    limit: number,
  ): Promise<{ readings: StoredChannels[]; full: boolean }> {
    // Absent bounds leave their condition out (rather than `$1 is null or ...`), so that the
    // index on (meter_id, time, coalesce(f_cnt, -1)) bounds the scan and gives the order.
    const lower = after
      ? tx`and time > ${after.toISOString()}::timestamptz`
      : bounds.from
        ? tx`and time >= ${bounds.from.toISOString()}::timestamptz`
        : tx``;
    const upper = bounds.to ? tx`and time <= ${bounds.to.toISOString()}::timestamptz` : tx``;
    const rows = await tx<Array<{ time: Date | string; channels: StoredChannels['channels'] }>>`
      select time, channels from meter_readings
      where meter_id = ${meterId} ${lower} ${upper} and channels is not null
      order by time, coalesce(f_cnt, -1)
      limit ${limit}`;
    let readings = rows.map((row) => ({ meterId, time: date(row.time), channels: row.channels }));
    const full = rows.length === limit;
    const last = readings.at(-1)?.time;
    if (full && last) {
      const atLast = await this.readingsAt(tx, [meterId], [last]);
      readings = [...readings.filter((reading) => reading.time.getTime() < last.getTime()), ...atLast];
    }
    return { readings, full };
  }

  /** Decoded readings of the meters at exactly the given times. */
  async readingsAt(tx: Tx, meterIds: number[], times: Date[]): Promise<StoredChannels[]> {
    if (meterIds.length === 0 || times.length === 0) return [];
    const rows = await tx<Array<{ meterId: number; time: Date | string; channels: StoredChannels['channels'] }>>`
      select meter_id as "meterId", time, channels from meter_readings
      where meter_id = any(${numberArray(meterIds)}::int[]) and channels is not null
        and time = any(${timeArray(times)}::timestamptz[])
      order by time, coalesce(f_cnt, -1)`;
    return rows.map((row) => ({ meterId: row.meterId, time: date(row.time), channels: row.channels }));
  }

  /** Deletes the series rows at the given (series, time) pairs; returns those that existed. */
  async deleteSeriesRows(tx: Tx, rows: Array<{ seriesId: number; time: Date }>): Promise<SeriesValue[]> {
    if (rows.length === 0) return [];
    const deleted = await tx<Array<{ seriesId: number; time: Date | string; value: number }>>`
      delete from series_data d
      using unnest(
        ${numberArray(rows.map((row) => row.seriesId))}::int[],
        ${timeArray(rows.map((row) => row.time))}::timestamptz[]
      ) as u(series_id, time)
      where d.series_id = u.series_id and d.time = u.time
      returning d.series_id as "seriesId", d.time, d.value`;
    return deleted.map((row) => ({ seriesId: row.seriesId, time: date(row.time), value: row.value }));
  }

  /** Inserts series values; where a time already has a value, the stored one stays. Returns those inserted. */
  async insertSeriesRows(tx: Tx, values: SeriesValue[]): Promise<SeriesValue[]> {
    if (values.length === 0) return [];
    await this.readings.ensureSeriesMonths(
      tx,
      values.map((value) => value.time),
    );
    const inserted = await tx<Array<{ seriesId: number; time: Date | string; value: number }>>`
      insert into series_data (series_id, time, value)
      select * from unnest(
        ${numberArray(values.map((value) => value.seriesId))}::int[],
        ${timeArray(values.map((value) => value.time))}::timestamptz[],
        ${numberArray(values.map((value) => value.value))}::float8[]
      )
      on conflict do nothing
      returning series_id as "seriesId", time, value`;
    return inserted.map((row) => ({ seriesId: row.seriesId, time: date(row.time), value: row.value }));
  }

  /**
   * Rebuilds the hourly rollup of the given (series, UTC hour) pairs from series_data: the rows
   * are replaced, not added to, and an hour left without data loses its row.
   */
  async rebuildRollupHours(tx: Tx, hours: Array<{ seriesId: number; hour: Date }>): Promise<void> {
    if (hours.length === 0) return;
    const series = numberArray(hours.map((hour) => hour.seriesId));
    const starts = timeArray(hours.map((hour) => hour.hour));
    await tx`
      delete from series_rollup_hour r
      using unnest(${series}::int[], ${starts}::timestamptz[]) as u(series_id, hour)
      where r.series_id = u.series_id and r.hour = u.hour`;
    await tx`
      insert into series_rollup_hour (series_id, hour, sum, min, max, count)
      select u.series_id, u.hour, sum(d.value), min(d.value), max(d.value), count(*)::int
      from unnest(${series}::int[], ${starts}::timestamptz[]) as u(series_id, hour)
      join series_data d on d.series_id = u.series_id and d.time >= u.hour and d.time < u.hour + interval '1 hour'
      group by u.series_id, u.hour`;
  }

  /**
   * Sets each series' latest value to its newest stored row (none: the latest row goes). Returns
   * the latest values that changed.
   */
  async refreshLatest(tx: Tx, seriesIds: number[]): Promise<SeriesValue[]> {
    if (seriesIds.length === 0) return [];
    const ids = numberArray(seriesIds);
    await tx`
      delete from series_latest l
      where l.series_id = any(${ids}::int[])
        and not exists (select 1 from series_data d where d.series_id = l.series_id)`;
    const rows = await tx<Array<{ seriesId: number; time: Date | string; value: number }>>`
      insert into series_latest (series_id, time, value, updated_at)
      select s.id, newest.time, newest.value, now()
      from unnest(${ids}::int[]) as s(id)
      cross join lateral (
        select d.time, d.value from series_data d where d.series_id = s.id order by d.time desc limit 1
      ) as newest
      -- A recomputed value comes from stored readings, not from an instance's ingest: no computer.
      on conflict (series_id) do update set time = excluded.time, value = excluded.value, updated_at = now(),
        computer_id = null
      where series_latest.time <> excluded.time or series_latest.value <> excluded.value
      returning series_id as "seriesId", time, value`;
    return rows.map((row) => ({ seriesId: row.seriesId, time: date(row.time), value: row.value }));
  }

  /** Deletes the meter's stored readings within the bounds (decoded or not); returns how many. */
  async deleteReadings(tx: Tx, meterId: number, bounds: TimeBounds): Promise<number> {
    const lower = bounds.from ? tx`and time >= ${bounds.from.toISOString()}::timestamptz` : tx``;
    const upper = bounds.to ? tx`and time <= ${bounds.to.toISOString()}::timestamptz` : tx``;
    const result = await tx`delete from meter_readings where meter_id = ${meterId} ${lower} ${upper}`;
    return result.count;
  }

  /** A new data id per project: clients drop their cached data of it (spec: state.dataId). */
  async renewDataIds(tx: Tx, projectIds: number[]): Promise<void> {
    if (projectIds.length === 0) return;
    await tx`update projects set data_id = gen_random_uuid() where id = any(${numberArray(projectIds)}::int[])`;
  }
}

/** Why stored values are being recomputed (what the user changed). */
export type RecalculationReason = 'conversion' | 'calibration' | 'datasource' | 'decode' | 'delete';

export type RecalculationStatus = 'queued' | 'running' | 'done' | 'failed';

/** A background recomputation (table recalculations) as its job and its progress display read it. */
export interface RecalculationRow {
  id: number;
  meterId: number;
  channel: string | null;
  requestSeriesIds: number[] | null;
  from: Date | null;
  to: Date | null;
  dropReadings: boolean;
  reason: RecalculationReason;
  startedBy: string | null;
  seriesIds: number[];
  projectIds: number[];
  status: RecalculationStatus;
  readingsDone: number;
  readingsTotal: number | null;
  cursor: Date | null;
  touchedSeriesIds: number[];
  error: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

export type NewRecalculation = Pick<
  RecalculationRow,
  | 'meterId'
  | 'channel'
  | 'requestSeriesIds'
  | 'from'
  | 'to'
  | 'dropReadings'
  | 'reason'
  | 'startedBy'
  | 'seriesIds'
  | 'projectIds'
>;

const recalculationColumns = (tx: Tx) => tx`
  id, meter_id as "meterId", channel, request_series_ids as "requestSeriesIds", from_at as "from", to_at as "to",
  drop_readings as "dropReadings", reason, started_by as "startedBy", series_ids as "seriesIds",
  project_ids as "projectIds", status, readings_done as "readingsDone", readings_total as "readingsTotal", cursor,
  touched_series_ids as "touchedSeriesIds", error, created_at as "createdAt", started_at as "startedAt",
  finished_at as "finishedAt"`;

type RawRecalculation = Omit<RecalculationRow, 'from' | 'to' | 'cursor' | 'createdAt' | 'startedAt' | 'finishedAt'> & {
  from: Date | string | null;
  to: Date | string | null;
  cursor: Date | string | null;
  createdAt: Date | string;
  startedAt: Date | string | null;
  finishedAt: Date | string | null;
};

const orNull = (value: Date | string | null) => (value === null ? null : date(value));

function recalculationOf(row: RawRecalculation): RecalculationRow {
  return {
    ...row,
    from: orNull(row.from),
    to: orNull(row.to),
    cursor: orNull(row.cursor),
    createdAt: date(row.createdAt),
    startedAt: orNull(row.startedAt),
    finishedAt: orNull(row.finishedAt),
  };
}

/** How long a finished recomputation stays in the lists a page shows ("values are ready"). */
export const recentRecalculationHours = 24;

/** SQL of the background recomputations' records (their progress, cursor and outcome). */
export class RecalculationTasksRepository {
  constructor(private readonly sql: Sql) {}

  transaction<T>(run: (tx: Transaction) => Promise<T>): Promise<T> {
    return transaction(this.sql, run);
  }

  async insert(tx: Tx, row: NewRecalculation): Promise<number> {
    const [inserted] = await tx<Array<{ id: number }>>`
      insert into recalculations (meter_id, channel, request_series_ids, from_at, to_at, drop_readings, reason,
        started_by, series_ids, project_ids)
      values (${row.meterId}, ${row.channel}, ${row.requestSeriesIds ? numberArray(row.requestSeriesIds) : null}::int[],
        ${row.from?.toISOString() ?? null}::timestamptz, ${row.to?.toISOString() ?? null}::timestamptz,
        ${row.dropReadings}, ${row.reason}, ${row.startedBy}::uuid, ${numberArray(row.seriesIds)}::int[],
        ${numberArray(row.projectIds)}::int[])
      returning id`;
    return (inserted as { id: number }).id;
  }

  /** The record, locked until the transaction ends: one page of it runs at a time. */
  async lock(tx: Tx, id: number): Promise<RecalculationRow | undefined> {
    const [row] = await tx<RawRecalculation[]>`
      select ${recalculationColumns(tx)} from recalculations where id = ${id} for update`;
    return row && recalculationOf(row);
  }

  async find(id: number): Promise<RecalculationRow | undefined> {
    const [row] = await this.sql<RawRecalculation[]>`
      select ${recalculationColumns(this.sql)} from recalculations where id = ${id}`;
    return row && recalculationOf(row);
  }

  /** Starts the work: the estimate of readings to go through. */
  async start(tx: Tx, id: number, readingsTotal: number): Promise<void> {
    await tx`
      update recalculations set status = 'running', readings_total = ${readingsTotal},
        started_at = coalesce(started_at, now())
      where id = ${id}`;
  }

  /** A page is done: the cursor moves on in the page's own transaction, so a rerun goes on from there. */
  async advance(tx: Tx, id: number, page: { cursor: Date; readings: number; touched: number[] }): Promise<void> {
    await tx`
      update recalculations set status = 'running', error = null, cursor = ${page.cursor.toISOString()}::timestamptz,
        readings_done = readings_done + ${page.readings},
        touched_series_ids = array(
          select distinct unnest(touched_series_ids || ${numberArray(page.touched)}::int[]) order by 1)
      where id = ${id}`;
  }

  async finish(tx: Tx, id: number): Promise<void> {
    await tx`
      update recalculations set status = 'done', error = null, finished_at = now(),
        readings_total = greatest(coalesce(readings_total, 0), readings_done)
      where id = ${id}`;
  }

  /** A page failed: shown with its error until the job's next attempt goes on. */
  async fail(id: number, error: string, finally_: boolean): Promise<void> {
    await this.sql`
      update recalculations set status = 'failed', error = ${error.slice(0, 2000)},
        finished_at = ${finally_ ? this.sql`now()` : null}
      where id = ${id}`;
  }

  /** Readings of the meter within the bounds (decoded ones only: the estimate of the work). */
  async countReadings(tx: Tx, meterId: number, bounds: TimeBounds, decodedOnly = true): Promise<number> {
    const lower = bounds.from ? tx`and time >= ${bounds.from.toISOString()}::timestamptz` : tx``;
    const upper = bounds.to ? tx`and time <= ${bounds.to.toISOString()}::timestamptz` : tx``;
    const decoded = decodedOnly ? tx`and channels is not null` : tx``;
    const [row] = await tx<Array<{ count: number }>>`
      select count(*)::int as count from meter_readings
      where meter_id = ${meterId} ${lower} ${upper} ${decoded}`;
    return row?.count ?? 0;
  }

  /** The meter's unfinished recomputations and those finished in the last `recentRecalculationHours`, newest first. */
  recentOfMeter(meterId: number): Promise<RecalculationRow[]> {
    return this.recent(this.sql`meter_id = ${meterId}`);
  }

  /** Recomputations that rewrite series of the project (when they were enqueued), as recentOfMeter. */
  recentOfProject(projectId: number): Promise<RecalculationRow[]> {
    return this.recent(this.sql`project_ids @> array[${projectId}::int]`);
  }

  /** Recomputations that rewrite the series (it was affected when they were enqueued), as recentOfMeter. */
  recentOfSeries(seriesId: number): Promise<RecalculationRow[]> {
    return this.recent(this.sql`series_ids @> array[${seriesId}::int]`);
  }

  private async recent(which: ReturnType<Sql>): Promise<RecalculationRow[]> {
    const rows = await this.sql<RawRecalculation[]>`
      select ${recalculationColumns(this.sql)} from recalculations
      where ${which}
        and (finished_at is null or finished_at > now() - make_interval(hours => ${recentRecalculationHours}))
      order by created_at desc, id desc limit 20`;
    return rows.map(recalculationOf);
  }

  /** Up to `limit` records finished more than `days` ago, deleted (decision 0101): the lists show a day. */
  async purgeFinished(days: number, limit: number): Promise<number> {
    const rows = await this.sql`
      delete from recalculations where id in (
        select id from recalculations where finished_at < now() - make_interval(days => ${days})
        order by finished_at limit ${limit})
      returning id`;
    return rows.length;
  }
}
