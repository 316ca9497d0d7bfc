import type postgres from 'postgres';
import type { ProjectDataBody } from './data.schema.ts';

export interface ProjectDataFacts {
  id: number;
  timeZone: string;
  dataId: string;
  publicId: string | null;
  showLive: boolean;
}

export interface SlotRow {
  seriesId: number;
  /** 1-based position of the slot in the boundaries given. */
  slot: number;
  sum: number;
  min: number;
  max: number;
  count: number;
}

/** Reads for the data API: a project's lists, and its series' values aggregated into slots. */
export class DataRepository {
  constructor(private readonly sql: postgres.Sql) {}

  async project(projectId: number): Promise<ProjectDataFacts | undefined> {
    const [row] = await this.sql<ProjectDataFacts[]>`
      select id, time_zone as "timeZone", data_id as "dataId", public_id as "publicId", show_live as "showLive"
      from projects where id = ${projectId}`;
    return row;
  }

  async lists(projectId: number): Promise<Pick<ProjectDataBody, 'spaces' | 'series'>> {
    const [spaces, series] = await Promise.all([
      this.sql<ProjectDataBody['spaces']>`
        select id, name, show from spaces where project_id = ${projectId} order by name, id`,
      this.sql<ProjectDataBody['series']>`
        select id, name, space_id as "spaceId", data_type as "dataType", data_unit as "dataUnit",
               data_name as "dataName", color_id as "colorId", limit_id as "limitId"
        from series where project_id = ${projectId} order by id`,
    ]);
    return { spaces: [...spaces], series: [...series] };
  }

  /**
   * Sum, min, max and count per series and slot. `boundaries` are epoch seconds, ascending: slot i
   * holds times in [boundaries[i-1], boundaries[i]). From the hourly rollup when every boundary is
   * a whole UTC hour (the caller knows), otherwise from series_data.
   */
  async aggregate(seriesIds: number[], boundaries: number[], source: 'rollup' | 'raw'): Promise<SlotRow[]> {
    if (seriesIds.length === 0 || boundaries.length < 2) return [];
    const ids = this.sql.array(seriesIds);
    const bounds = `{${boundaries.join(',')}}`;
    const from = new Date((boundaries[0] as number) * 1000).toISOString();
    const to = new Date((boundaries.at(-1) as number) * 1000).toISOString();
    const rows =
      source === 'rollup'
        ? await this.sql<SlotRow[]>`
            select series_id as "seriesId", width_bucket(extract(epoch from hour)::float8, ${bounds}::float8[]) as slot,
                   sum(sum) as sum, min(min) as min, max(max) as max, sum(count)::int as count
            from series_rollup_hour
            where series_id = any(${ids}::int[]) and hour >= ${from}::timestamptz and hour < ${to}::timestamptz
            group by 1, 2`
        : await this.sql<SlotRow[]>`
            select series_id as "seriesId", width_bucket(extract(epoch from time)::float8, ${bounds}::float8[]) as slot,
                   sum(value) as sum, min(value) as min, max(value) as max, count(*)::int as count
            from series_data
            where series_id = any(${ids}::int[]) and time >= ${from}::timestamptz and time < ${to}::timestamptz
            group by 1, 2`;
    return [...rows];
  }
}
