import type postgres from 'postgres';

export interface ProjectDataFacts {
  id: number;
  name: string;
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
      select id, name, time_zone as "timeZone", data_id as "dataId", public_id as "publicId", show_live as "showLive"
      from projects where id = ${projectId}`;
    return row;
  }

  /**
   * The body's `data` object as JSON text, built by the database: slot start (epoch seconds) →
   * series id → [sum, min, max, count]. `boundaries` are epoch seconds, ascending: slot i holds
   * times in [boundaries[i-1], boundaries[i]). From the hourly rollup when every boundary is a
   * whole UTC hour (the caller knows), otherwise from series_data. Text rather than rows: tens of
   * thousands of aggregates go to the client without being parsed and written again here.
   */
  async aggregateJson(seriesIds: number[], boundaries: number[], source: 'rollup' | 'raw'): Promise<string> {
    if (seriesIds.length === 0 || boundaries.length < 2) return '{}';
    const ids = this.sql.array(seriesIds);
    const bounds = `{${boundaries.join(',')}}`;
    const from = new Date((boundaries[0] as number) * 1000).toISOString();
    const to = new Date((boundaries.at(-1) as number) * 1000).toISOString();
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
    const [row] = await this.sql<Array<{ data: string }>>`
      -- Read once (an init plan), not cast from text for every row.
      with bounds as materialized (select ${bounds}::float8[] as b),
      aggregates as (${aggregates}),
      slots as (
        select slot, json_object_agg(series_id, json_build_array(s, lo, hi, n) order by series_id) as bySeries
        from aggregates group by slot
      )
      select coalesce(json_object_agg(bounds.b[slot]::bigint, bySeries order by slot), '{}')::text as data
      from slots, bounds`;
    return row?.data ?? '{}';
  }
}
