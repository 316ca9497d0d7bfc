import type postgres from 'postgres';

export interface ProjectDataFacts {
  id: number;
  timeZone: string;
  dataId: string;
  publicId: string | null;
  showLive: boolean;
}

/** Reads for the data API: a project's facts, and its series' values aggregated into slots. */
export class DataRepository {
  constructor(private readonly sql: postgres.Sql) {}

  async project(projectId: number): Promise<ProjectDataFacts | undefined> {
    const [row] = await this.sql<ProjectDataFacts[]>`
      select id, time_zone as "timeZone", data_id as "dataId", public_id as "publicId", show_live as "showLive"
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
   * to group. Sums go through `::numeric`, which PostgreSQL rounds to 15 significant digits
   * (DBL_DIG): 645.3 rather than 645.3000000000001 (decision 0036).
   */
  async aggregateJson(seriesIds: number[], boundaries: number[], source: 'rollup' | 'raw'): Promise<string> {
    if (seriesIds.length === 0 || boundaries.length < 2) return '{}';
    const ids = this.sql.array(seriesIds);
    const from = new Date((boundaries[0] as number) * 1000).toISOString();
    const to = new Date((boundaries.at(-1) as number) * 1000).toISOString();
    const hourly =
      source === 'rollup' && boundaries.every((b, i) => i === 0 || b - (boundaries[i - 1] as number) === 3600);
    /** `slot`: the slot's start as text, or (from width_bucket) its number from 1. */
    let rows: Array<{ slot: string | number; j: string }>;
    if (hourly) {
      rows = await this.sql<Array<{ slot: string | number; j: string }>>`
        select extract(epoch from hour)::bigint::text as slot,
               string_agg('"' || series_id || '":[' || sum::numeric || ',' || min || ',' || max || ',' || count || ']',
                          ',' order by series_id) as j
        from series_rollup_hour
        where series_id = any(${ids}::int[]) and hour >= ${from}::timestamptz and hour < ${to}::timestamptz
        group by hour order by hour`;
    } else {
      const bounds = `{${boundaries.join(',')}}`;
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
      rows = await this.sql<Array<{ slot: string | number; j: string }>>`
        -- Read once (an init plan), not cast from text for every row.
        with bounds as materialized (select ${bounds}::float8[] as b),
        aggregates as (${aggregates})
        select slot, string_agg('"' || series_id || '":[' || s::numeric || ',' || lo || ',' || hi || ',' || n || ']',
                                ',' order by series_id) as j
        from aggregates group by slot order by slot`;
      // width_bucket's slot i (from 1) starts at boundaries[i - 1].
      for (const row of rows) row.slot = boundaries[Number(row.slot) - 1] as number;
    }
    let data = '{';
    for (let index = 0; index < rows.length; index++) {
      const row = rows[index] as { slot: string | number; j: string };
      data += `${index === 0 ? '' : ','}"${row.slot}":{${row.j}}`;
    }
    return `${data}}`;
  }
}
