import type { Sql, Tx } from '../../db/sql.ts';
import { numberArray, textArray, timeArray } from '../../db/sql.ts';
import type { SeriesValue } from '../ingest/readings.repository.ts';
import type { WeatherObservation, WeatherStation } from './weather-provider.ts';

/**
 * A time as a query parameter: ISO text cast in the query, as the other repositories pass times, since the PGlite
 * server of a single-machine install describes parameters without the types postgres.js would serialise a Date by.
 */
function iso(time: Date | string | null): string | null {
  return time === null ? null : new Date(time).toISOString();
}

/** The row with these times as Dates: the PGlite server hands times over as text, where postgres.js parses them. */
function withDates<Row extends object>(row: Row, keys: readonly (keyof Row)[]): Row {
  const copy = { ...row };
  for (const key of keys) {
    const value = copy[key] as unknown;
    if (typeof value === 'string') copy[key] = new Date(value) as Row[keyof Row];
  }
  return copy;
}

const weatherTimes = ['fetchedAt', 'observedAt', 'lastErrorAt'] as const;
const projectWeatherTimes = ['backfillFrom', 'backfillUntil', 'backfilledTo'] as const;
const weatherRows = (rows: readonly WeatherRow[]) => rows.map((row) => withDates(row, weatherTimes));
const timed = <Row extends { time: Date }>(rows: readonly Row[]) => rows.map((row) => withDates(row, ['time']));

export interface WeatherRow extends WeatherStation {
  id: number;
  fetchedAt: Date | null;
  observedAt: Date | null;
  lastError: string | null;
  lastErrorAt: Date | null;
  failures: number;
}

/** A project's weather source with its backfill's state. */
export interface ProjectWeatherRow {
  projectId: number;
  weatherId: number;
  distanceKm: number | null;
  backfillFrom: Date | null;
  backfillUntil: Date | null;
  backfilledTo: Date | null;
}

/** What adding a source needs of its project. */
export interface ProjectPlace {
  id: number;
  latitude: number | null;
  longitude: number | null;
  language: string;
  startAt: Date | null;
  endAt: Date | null;
  createdAt: Date;
}

export interface NewWeatherSeries {
  name: string;
  dataType: string;
  dataUnit: string;
  dataName: string;
  channel: string;
}

const weatherColumns = `id, provider, station_key as "stationKey", name, latitude, longitude, fetched_at as "fetchedAt",
  observed_at as "observedAt", last_error as "lastError", last_error_at as "lastErrorAt", failures`;

const projectWeatherColumns = `project_id as "projectId", weather_id as "weatherId", distance_km as "distanceKm",
  backfill_from as "backfillFrom", backfill_until as "backfillUntil", backfilled_to as "backfilledTo"`;

export class WeatherRepository {
  constructor(private readonly sql: Sql) {}

  transaction<T>(run: (tx: Tx) => Promise<T>): Promise<T> {
    return this.sql.begin((tx) => run(tx)) as Promise<T>;
  }

  async projectPlace(projectId: number): Promise<ProjectPlace | undefined> {
    const [row] = await this.sql<ProjectPlace[]>`
      select id, latitude, longitude, language, start_at as "startAt", end_at as "endAt", created_at as "createdAt"
      from projects where id = ${projectId}`;
    if (!row) return undefined;
    // The PGlite server of a single-machine install hands these times over as text, where postgres.js parses them.
    const time = (value: Date | string | null) => (value === null ? null : new Date(value));
    return {
      ...row,
      startAt: time(row.startAt),
      endAt: time(row.endAt),
      createdAt: time(row.createdAt) as Date,
    };
  }

  /** The source of a station, made the first time a project asks for it. */
  async upsert(station: WeatherStation): Promise<WeatherRow> {
    const [row] = await this.sql<WeatherRow[]>`
      insert into weathers (provider, station_key, name, latitude, longitude)
      values (${station.provider}, ${station.stationKey}, ${station.name}, ${station.latitude}, ${station.longitude})
      on conflict (provider, station_key) do update set name = excluded.name
      returning ${this.sql.unsafe(weatherColumns)}`;
    return withDates(row as WeatherRow, weatherTimes);
  }

  async findByIds(ids: readonly number[]): Promise<WeatherRow[]> {
    if (ids.length === 0) return [];
    return weatherRows(
      await this.sql<WeatherRow[]>`
      select ${this.sql.unsafe(weatherColumns)} from weathers where id = any(${numberArray(ids)}::int[])`,
    );
  }

  async listAll(): Promise<WeatherRow[]> {
    return weatherRows(
      await this.sql<WeatherRow[]>`select ${this.sql.unsafe(weatherColumns)} from weathers order by name, id`,
    );
  }

  /** Sources of these projects, each project's by when it was added. */
  async listOfProjects(projectIds: readonly number[]): Promise<ProjectWeatherRow[]> {
    if (projectIds.length === 0) return [];
    const rows = await this.sql<ProjectWeatherRow[]>`
      select ${this.sql.unsafe(projectWeatherColumns)} from project_weathers
      where project_id = any(${numberArray(projectIds)}::int[]) order by project_id, created_at, weather_id`;
    return rows.map((row) => withDates(row, projectWeatherTimes));
  }

  async findOfProject(projectId: number, weatherId: number): Promise<ProjectWeatherRow | undefined> {
    const [row] = await this.sql<ProjectWeatherRow[]>`
      select ${this.sql.unsafe(projectWeatherColumns)} from project_weathers
      where project_id = ${projectId} and weather_id = ${weatherId}`;
    return row && withDates(row, projectWeatherTimes);
  }

  /** Projects using a source, and whether a public link of each shows it in a shown space. */
  async projectsOf(weatherId: number): Promise<Array<{ projectId: number; publiclyShown: boolean }>> {
    return this.sql<Array<{ projectId: number; publiclyShown: boolean }>>`
      select pw.project_id as "projectId",
        (p.public_id is not null and p.show_live and exists (
          select 1 from spaces s where s.project_id = p.id and s.show and s.weather and s.weather_id = pw.weather_id
        )) as "publiclyShown"
      from project_weathers pw join projects p on p.id = pw.project_id
      where pw.weather_id = ${weatherId}`;
  }

  /**
   * Adds a source to a project with its weather series, in `tx`. False when the project has it already (nothing
   * changes then).
   */
  async addToProject(
    tx: Tx,
    link: Omit<ProjectWeatherRow, 'backfilledTo'>,
    series: readonly NewWeatherSeries[],
  ): Promise<boolean> {
    const inserted = await tx`
      insert into project_weathers (project_id, weather_id, distance_km, backfill_from, backfill_until, backfilled_to)
      values (${link.projectId}, ${link.weatherId}, ${link.distanceKm}, ${iso(link.backfillFrom)}::timestamptz, ${iso(link.backfillUntil)}::timestamptz,
        ${iso(link.backfillFrom)}::timestamptz)
      on conflict do nothing returning project_id`;
    if (inserted.length === 0) return false;
    await tx`
      insert into series (project_id, name, data_type, data_unit, data_name, type, weather_id, weather_channel)
      select ${link.projectId}, u.name, u.data_type, u.data_unit, u.data_name, 'weather', ${link.weatherId}, u.channel
      from unnest(${textArray(series.map((s) => s.name))}::text[], ${textArray(series.map((s) => s.dataType))}::text[],
        ${textArray(series.map((s) => s.dataUnit))}::text[], ${textArray(series.map((s) => s.dataName))}::text[],
        ${textArray(series.map((s) => s.channel))}::text[]) as u(name, data_type, data_unit, data_name, channel)`;
    return true;
  }

  /** Removes a source from a project: its weather series and their values go, spaces showing it show none. */
  async removeFromProject(projectId: number, weatherId: number): Promise<boolean> {
    return this.transaction(async (tx) => {
      const deleted = await tx`
        delete from project_weathers where project_id = ${projectId} and weather_id = ${weatherId} returning project_id`;
      if (deleted.length === 0) return false;
      await tx`delete from series where project_id = ${projectId} and weather_id = ${weatherId}`;
      await tx`update spaces set weather_id = null, updated_at = now()
        where project_id = ${projectId} and weather_id = ${weatherId}`;
      // Cached data of the project named the deleted series.
      await tx`update projects set data_id = gen_random_uuid() where id = ${projectId}`;
      return true;
    });
  }

  /**
   * Sources some project uses whose next fetch is due: `intervalMs` after the last one, doubling with each failure in a
   * row up to 64 times (the backoff).
   */
  async dueForFetch(provider: string, intervalMs: number, now: Date): Promise<WeatherRow[]> {
    return weatherRows(
      await this.sql<WeatherRow[]>`
      select ${this.sql.unsafe(weatherColumns)} from weathers w
      where provider = ${provider} and exists (select 1 from project_weathers pw where pw.weather_id = w.id)
        -- greatest() passes over a null: the later of the last fetch and the last failure.
        and (greatest(fetched_at, last_error_at) is null
          or greatest(fetched_at, last_error_at)
            + make_interval(secs => ${intervalMs / 1000}::float8 * power(2, least(failures, 6))) <= ${iso(now)}::timestamptz)
      order by id`,
    );
  }

  /** Stores observations (a repeat of a stored one is skipped), in `tx`. */
  async insertObservations(tx: Tx, weatherId: number, observations: readonly WeatherObservation[]): Promise<void> {
    if (observations.length === 0) return;
    await tx`
      insert into weather_observations (weather_id, channel, time, value)
      select ${weatherId}, c, t, v from unnest(${textArray(observations.map((o) => o.channel))}::text[],
        ${timeArray(observations.map((o) => o.time))}::timestamptz[],
        ${numberArray(observations.map((o) => o.value))}::float8[]) as u(c, t, v)
      where v is not null
      on conflict do nothing`;
  }

  /**
   * The values of a source's observations from `from` (inclusive) to `to` (exclusive) for the weather series of its
   * projects (of one project when given), none past a project's end (spec section 9).
   */
  async seriesValues(
    tx: Tx,
    weatherId: number,
    range: { from: Date; to: Date; projectId?: number },
  ): Promise<Array<SeriesValue & { projectId: number }>> {
    const rows = await tx<Array<{ seriesId: number; projectId: number; time: Date; value: number }>>`
      select s.id as "seriesId", s.project_id as "projectId", o.time, o.value
      from series s
      join projects p on p.id = s.project_id
      join weather_observations o on o.weather_id = s.weather_id and o.channel = s.weather_channel
      where s.weather_id = ${weatherId} and o.time >= ${iso(range.from)}::timestamptz and o.time < ${iso(range.to)}::timestamptz
        and (p.end_at is null or o.time <= p.end_at)
        ${range.projectId === undefined ? tx`` : tx`and s.project_id = ${range.projectId}`}
      order by o.time`;
    return timed(rows);
  }

  async recordFetch(weatherId: number, at: Date, observedAt: Date | null): Promise<void> {
    await this.sql`
      update weathers set fetched_at = ${iso(at)}::timestamptz, observed_at = greatest(observed_at, ${iso(observedAt)}::timestamptz),
        last_error = null, last_error_at = null, failures = 0
      where id = ${weatherId}`;
  }

  async recordFailure(weatherId: number, at: Date, message: string): Promise<void> {
    await this.sql`
      update weathers set last_error = ${message.slice(0, 500)}, last_error_at = ${iso(at)}::timestamptz, failures = failures + 1
      where id = ${weatherId}`;
  }

  async pageFetched(weatherId: number, pageStart: Date): Promise<boolean> {
    const rows = await this.sql`
      select 1 from weather_pages where weather_id = ${weatherId} and page_start = ${iso(pageStart)}::timestamptz`;
    return rows.length > 0;
  }

  async recordPage(tx: Tx, weatherId: number, pageStart: Date): Promise<void> {
    await tx`insert into weather_pages (weather_id, page_start) values (${weatherId}, ${iso(pageStart)}::timestamptz) on conflict do nothing`;
  }

  async advanceBackfill(tx: Tx, projectId: number, weatherId: number, to: Date): Promise<void> {
    await tx`
      update project_weathers set backfilled_to = greatest(backfilled_to, ${iso(to)}::timestamptz)
      where project_id = ${projectId} and weather_id = ${weatherId}`;
  }

  /** Each source's newest value of each channel, from its last three hours of observations. */
  async latest(
    weatherIds: readonly number[],
  ): Promise<Array<{ weatherId: number; channel: string; time: Date; value: number }>> {
    if (weatherIds.length === 0) return [];
    return timed(
      await this.sql<Array<{ weatherId: number; channel: string; time: Date; value: number }>>`
      select distinct on (o.weather_id, o.channel) o.weather_id as "weatherId", o.channel, o.time, o.value
      from weathers w join weather_observations o on o.weather_id = w.id
      where w.id = any(${numberArray(weatherIds)}::int[]) and o.time >= w.observed_at - interval '3 hours'
      order by o.weather_id, o.channel, o.time desc`,
    );
  }

  /** A source's observations from `from` (inclusive) to `to` (exclusive), by time. */
  async observations(
    weatherId: number,
    from: Date,
    to: Date,
  ): Promise<Array<{ channel: string; time: Date; value: number }>> {
    return timed(
      await this.sql<Array<{ channel: string; time: Date; value: number }>>`
      select channel, time, value from weather_observations
      where weather_id = ${weatherId} and time >= ${iso(from)}::timestamptz and time < ${iso(to)}::timestamptz order by time, channel`,
    );
  }

  /** Whether some project's backfill of the source has yet to reach into [from, to). */
  async backfillPending(weatherId: number, from: Date, to: Date): Promise<boolean> {
    const rows = await this.sql`
      select 1 from project_weathers where weather_id = ${weatherId}
        and coalesce(backfilled_to, backfill_from) < backfill_until
        and coalesce(backfilled_to, backfill_from) < ${iso(to)}::timestamptz and backfill_until > ${iso(from)}::timestamptz
      limit 1`;
    return rows.length > 0;
  }
}
