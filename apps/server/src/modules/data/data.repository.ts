import { numberArray, type Sql, timeArray } from '../../db/sql.ts';

export interface ProjectDataFacts {
  id: number;
  organizationId: string;
  name: string;
  timeZone: string;
  dataId: string;
  publicId: string | null;
  showLive: boolean;
  /** Its end, epoch ms, or null: no weather value past it belongs to a reading (spec section 9). */
  endMs: number | null;
}

/**
 * A sum rounded to 12 significant digits: 645.3 rather than 645.3000000000001, which is only the
 * noise of adding doubles. round(sum · 10^k) / 10^k is the double nearest the rounded decimal, which
 * PostgreSQL then writes in its shortest form. Sums of magnitude below 10⁻¹¹ or near the float
 * limits go as they are. Why 12 and why it changes no shown value: decision 0036.
 */
const roundedSum = (column: string) =>
  `(case when ${column} = 0 or not (k between -280 and 22) then ${column} else round(${column} * p) / p end)`;
const roundedSumScale = (column: string) =>
  `lateral (select k, power(10::float8, greatest(least(k, 22), -280)) as p
            from (select 11 - floor(log(abs(${column}) + (${column} = 0)::int)) as k) as digits) as scale`;

/** Reads for the data API: a project's facts, and its series' values aggregated into slots. */
export class DataRepository {
  /**
   * `parallel`: queries one answer may run at once, each for a run of its slots (PostgreSQL has a
   * connection and a core for each; PGlite is one session, 1).
   */
  constructor(
    private readonly sql: Sql,
    private readonly options: { parallel?: number } = {},
  ) {}

  async project(projectId: number): Promise<ProjectDataFacts | undefined> {
    const [row] = await this.sql<ProjectDataFacts[]>`
      select id, organization_id as "organizationId", name, time_zone as "timeZone", data_id as "dataId", public_id as "publicId", show_live as "showLive",
        (extract(epoch from end_at) * 1000)::float8 as "endMs"
      from projects where id = ${projectId}`;
    return row;
  }

  /**
   * The body's `data` object as JSON text: slot start (epoch seconds) → series id → [sum, min,
   * max, count]. `boundaries` are epoch seconds, ascending: slot i holds times in
   * [boundaries[i-1], boundaries[i]). From the hourly rollup when every boundary is a whole UTC hour
   * (the caller knows), otherwise from series_data.
   *
   * The database writes each slot's `"seriesId":[sum,min,max,count],…` as one text with
   * string_agg (a few hundred rows to this process, not tens of thousands to parse and write
   * again), and this joins them. One-hour slots from the rollup are its rows as they are: nothing
   * to group. Large answers are asked as `parallel` runs of slots at once.
   */
  async aggregateJson(seriesIds: number[], boundaries: number[], source: 'rollup' | 'raw'): Promise<string> {
    if (seriesIds.length === 0 || boundaries.length < 2) return '{}';
    const slots = boundaries.length - 1;
    const runs = Math.max(1, Math.min(this.options.parallel ?? 1, Math.floor((seriesIds.length * slots) / 5000)));
    const parts = await Promise.all(
      Array.from({ length: runs }, (_, run) => {
        const first = Math.floor((run * slots) / runs);
        const last = Math.floor(((run + 1) * slots) / runs);
        return this.slotTexts(seriesIds, boundaries.slice(first, last + 1), source);
      }),
    );
    const texts = parts.flat();
    return texts.length === 0 ? '{}' : `{${texts.join(',')}}`;
  }

  /**
   * The rollup versions of a project's series in UTC months (epoch seconds of their first
   * instant), keyed `seriesId|month`; a pair no statement has written yet is absent (version 0).
   */
  async rollupVersions(projectId: number, months: number[]): Promise<Map<string, number>> {
    const versions = new Map<string, number>();
    if (months.length === 0) return versions;
    const rows = await this.sql<Array<{ key: string; version: string }>>`
      select v.series_id || '|' || extract(epoch from v.month)::bigint as key, v.version::text
      from series_rollup_versions v join series s on s.id = v.series_id
      where s.project_id = ${projectId}
        and v.month = any(${timeArray(months.map((month) => new Date(month * 1000)))}::timestamptz[])`;
    for (const row of rows) versions.set(row.key, Number(row.version));
    return versions;
  }

  /**
   * Each series' hourly aggregates over [from, to) (epoch seconds, whole UTC hours) as text, with
   * the rollup versions of `months` (the UTC months the range overlaps, epoch seconds) they were
   * read under, joined by '.' (one statement, so one snapshot: the text is exactly those
   * versions'). `hours` holds an item `hourStart|"seriesId":[sum,min,max,count]` (the sum rounded
   * as aggregateJson rounds it) per hour with values, in time order, joined by ';'; empty for none.
   * Many series are read as `parallel` queries at once.
   */
  async hourlyMonths(
    seriesIds: number[],
    from: number,
    to: number,
    months: number[],
  ): Promise<Array<{ seriesId: number; versions: string; hours: string }>> {
    if (seriesIds.length === 0) return [];
    const runs = Math.max(1, Math.min(this.options.parallel ?? 1, Math.floor(seriesIds.length / 10)));
    const parts = await Promise.all(
      Array.from({ length: runs }, (_, run) =>
        this.hourlyMonthRun(
          seriesIds.slice(
            Math.floor((run * seriesIds.length) / runs),
            Math.floor(((run + 1) * seriesIds.length) / runs),
          ),
          from,
          to,
          months,
        ),
      ),
    );
    return parts.flat();
  }

  private async hourlyMonthRun(seriesIds: number[], from: number, to: number, months: number[]) {
    const monthTimes = months.map((month) => new Date(month * 1000));
    const rows = await this.sql<Array<{ seriesId: number; versions: string; hours: string | null }>>`
      select w.series_id as "seriesId",
             (select string_agg(coalesce(v.version, 0)::text, '.' order by m.month)
              from unnest(${timeArray(monthTimes)}::timestamptz[]) as m(month)
              left join series_rollup_versions v on v.series_id = w.series_id and v.month = m.month) as versions,
             (select string_agg(extract(epoch from r.hour)::bigint || '|"' || r.series_id || '":['
                                || ${this.sql.unsafe(roundedSum('r.sum'))} || ',' || r.min || ',' || r.max || ','
                                || r.count || ']', ';' order by r.hour)
              from series_rollup_hour r, ${this.sql.unsafe(roundedSumScale('r.sum'))}
              where r.series_id = w.series_id and r.hour >= to_timestamp(${from}) and r.hour < to_timestamp(${to})) as hours
      from unnest(${numberArray(seriesIds)}::int[]) as w(series_id)`;
    return rows.map((row) => ({ seriesId: row.seriesId, versions: row.versions, hours: row.hours ?? '' }));
  }

  /** `"slotStart":{…}` for each slot of `boundaries` with values, in order. */
  private async slotTexts(seriesIds: number[], boundaries: number[], source: 'rollup' | 'raw'): Promise<string[]> {
    const ids = numberArray(seriesIds);
    const from = new Date((boundaries[0] as number) * 1000).toISOString();
    const to = new Date((boundaries.at(-1) as number) * 1000).toISOString();
    const hourly =
      source === 'rollup' && boundaries.every((b, i) => i === 0 || b - (boundaries[i - 1] as number) === 3600);
    if (hourly) {
      const rows = await this.sql<Array<{ slot: string; j: string }>>`
        select extract(epoch from hour)::bigint::text as slot,
               string_agg('"' || series_id || '":[' || ${this.sql.unsafe(roundedSum('sum'))} || ',' || min || ','
                          || max || ',' || count || ']', ',' order by series_id) as j
        from series_rollup_hour, ${this.sql.unsafe(roundedSumScale('sum'))}
        where series_id = any(${ids}::int[]) and hour >= ${from}::timestamptz and hour < ${to}::timestamptz
        group by hour order by hour`;
      return rows.map((row) => `"${row.slot}":{${row.j}}`);
    }
    const bounds = numberArray(boundaries);
    const aggregates =
      source === 'rollup'
        ? this.sql`
            select series_id, width_bucket(extract(epoch from hour)::float8, (select b from bounds)) as slot,
                   sum(sum) as s, min(min) as lo, max(max) as hi, sum(count)::int as n
            from series_rollup_hour
            where series_id = any(${ids}::int[]) and hour >= ${from}::timestamptz and hour < ${to}::timestamptz
            group by 1, 2`
        : this.sql`
            select series_id, width_bucket(extract(epoch from time)::float8, (select b from bounds)) as slot,
                   sum(value) as s, min(value) as lo, max(value) as hi, count(*)::int as n
            from series_data
            where series_id = any(${ids}::int[]) and time >= ${from}::timestamptz and time < ${to}::timestamptz
            group by 1, 2`;
    const rows = await this.sql<Array<{ slot: number; j: string }>>`
      -- Read once (an init plan), not cast from text for every row.
      with bounds as materialized (select ${bounds}::float8[] as b),
      aggregates as (${aggregates})
      select slot, string_agg('"' || series_id || '":[' || ${this.sql.unsafe(roundedSum('s'))} || ',' || lo || ','
                              || hi || ',' || n || ']', ',' order by series_id) as j
      from aggregates, ${this.sql.unsafe(roundedSumScale('s'))}
      group by slot order by slot`;
    // width_bucket's slot i (from 1) starts at boundaries[i - 1].
    return rows.map((row) => `"${boundaries[row.slot - 1]}":{${row.j}}`);
  }
}
