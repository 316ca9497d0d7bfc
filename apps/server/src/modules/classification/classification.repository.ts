import { classifiedMeasurements, type UsageSchedule } from '@olo/shared';
import { numberArray, type Sql, textArray } from '../../db/sql.ts';

export interface ClassificationProject {
  id: number;
  timeZone: string;
  usageSchedule: UsageSchedule;
}

export interface ClassifiedSeriesRow {
  id: number;
  name: string;
  dataType: string;
  spaceId: number;
  spaceName: string;
}

export interface ClassLimitRow {
  nameKey: string;
  normalMin: number | null;
  normalMax: number | null;
  limits: number[];
  colors: string[];
  maxcolor: string;
}

const classifiedTypes = Object.keys(classifiedMeasurements);
const classLimitKeys = Object.values(classifiedMeasurements).flat();

/** Reads for the indoor climate classification: a project's schedule, its room series, the class limits, values. */
export class ClassificationRepository {
  constructor(private readonly sql: Sql) {}

  async project(projectId: number): Promise<ClassificationProject | undefined> {
    const [row] = await this.sql<ClassificationProject[]>`
      select id, time_zone as "timeZone", usage_schedule as "usageSchedule" from projects where id = ${projectId}`;
    return row;
  }

  /** The project's series of the classified types that belong to a space, by space name and series name. */
  async series(projectId: number): Promise<ClassifiedSeriesRow[]> {
    return this.sql<ClassifiedSeriesRow[]>`
      select s.id, s.name, s.data_type as "dataType", sp.id as "spaceId", sp.name as "spaceName"
      from series s join spaces sp on sp.id = s.space_id
      where s.project_id = ${projectId} and s.weather_id is null
        and s.data_type = any(${textArray(classifiedTypes)}::text[])
      order by sp.name, sp.id, s.data_type, s.name, s.id`;
  }

  /** The shipped global limits that are the classes' targets (decision 0193). */
  async classLimits(): Promise<ClassLimitRow[]> {
    return this.sql<ClassLimitRow[]>`
      select name_key as "nameKey", normal_min as "normalMin", normal_max as "normalMax", limits, colors, maxcolor
      from limits where organization_id is null and name_key = any(${textArray(classLimitKeys)}::text[])
      order by id`;
  }

  /** One series' values in [from, to), epoch ms, ascending. */
  async values(seriesId: number, from: Date, to: Date): Promise<{ times: number[]; values: number[] }> {
    const rows = await this.sql<Array<{ t: number; v: number }>>`
      select (extract(epoch from time) * 1000)::float8 as t, value as v from series_data
      where series_id = any(${numberArray([seriesId])}::int[]) and time >= ${from.toISOString()}::timestamptz
        and time < ${to.toISOString()}::timestamptz
      order by time`;
    return { times: rows.map((row) => row.t), values: rows.map((row) => row.v) };
  }
}
