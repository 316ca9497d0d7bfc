import { asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { organizationChain } from '../../db/organization-chain.ts';
import { limits } from '../../db/tables/index.ts';
import { listOf } from '../colors/colors.repository.ts';

export type LimitRow = typeof limits.$inferSelect;
export type NewLimit = typeof limits.$inferInsert;

/** A limits row as raw SQL returns it. */
type LimitRecord = {
  id: number;
  name: string;
  name_key: string | null;
  data_type: string;
  organization_id: string | null;
  normal_min: number | null;
  normal_max: number | null;
  min: number | string;
  max: number | string;
  limits: number[] | string;
  colors: string[] | string;
  maxcolor: string;
  split: boolean;
  opacity: number | string;
  order: number;
  created_at: Date | string;
  updated_at: Date | string;
};

const numberOrNull = (value: number | string | null) => (value === null ? null : Number(value));
/** jsonb arrives parsed from PostgreSQL, as text from some drivers. */
const jsonOf = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

function limitOfRecord(record: LimitRecord): LimitRow {
  return {
    id: Number(record.id),
    name: record.name,
    nameKey: record.name_key,
    dataType: record.data_type,
    organizationId: record.organization_id,
    normalMin: numberOrNull(record.normal_min),
    normalMax: numberOrNull(record.normal_max),
    min: Number(record.min),
    max: Number(record.max),
    limits: jsonOf(record.limits),
    colors: jsonOf(record.colors),
    maxcolor: record.maxcolor,
    split: record.split,
    opacity: Number(record.opacity),
    order: Number(record.order),
    createdAt: new Date(record.created_at),
    updatedAt: new Date(record.updated_at),
  };
}

/** Limits by data type, then order (spec §9), then id. */
const limitOrder = [asc(limits.dataType), asc(limits.order), asc(limits.id)];

/** Where a limit is some series' own choice: the project's and the series' names. */
export interface LimitPlace {
  projectName: string;
  seriesName: string;
}

export class LimitsRepository {
  constructor(private readonly db: Db) {}

  /** The global limits and those of these organizations; null: every limit. */
  listGlobalAnd(organizationIds: readonly string[] | null): Promise<LimitRow[]> {
    const owners =
      organizationIds === null
        ? undefined
        : organizationIds.length > 0
          ? or(isNull(limits.organizationId), inArray(limits.organizationId, [...organizationIds]))
          : isNull(limits.organizationId);
    return this.db
      .select()
      .from(limits)
      .where(owners)
      .orderBy(...limitOrder);
  }

  /** One organization's own limits; null: the global ones. */
  listOwnedBy(organizationId: string | null): Promise<LimitRow[]> {
    return this.db
      .select()
      .from(limits)
      .where(organizationId === null ? isNull(limits.organizationId) : eq(limits.organizationId, organizationId))
      .orderBy(...limitOrder);
  }

  /** For each organization, what its projects' series may pick: the global limits and its chain's, in spec order. */
  async listForOrganizations(organizationIds: readonly string[]): Promise<Array<{ root: string; limit: LimitRow }>> {
    const rows = await this.db.execute<LimitRecord & { root: string }>(sql`
      with recursive ${organizationChain(listOf(organizationIds))},
      roots(root) as (select distinct root from chain)
      select r.root, l.* from roots r
      join limits l on l.organization_id is null or l.organization_id in (select id from chain where chain.root = r.root)
      order by r.root, l.data_type, l."order", l.id`);
    return rows.map((row) => ({ root: row.root, limit: limitOfRecord(row) }));
  }

  /**
   * The limit each series follows (olo_effective_limit_id, migration 0015: its own, else the nearest organization's of
   * its type, else the global one; a weather series only its own); series that follow none are left out. `ownIgnored`: the limit each would follow
   * without its own choice (its default).
   */
  async effectiveOfSeries(
    seriesIds: readonly number[],
    ownIgnored = false,
  ): Promise<Array<{ seriesId: number; limit: LimitRow }>> {
    const rows = await this.db.execute<LimitRecord & { series_id: number }>(sql`
      select s.id as series_id, l.* from series s
      join projects p on p.id = s.project_id
      join limits l on l.id = olo_effective_limit_id(${ownIgnored ? null : sql`s.limit_id`}, p.organization_id, s.data_type)
      where s.id in ${listOf(seriesIds)}
        -- Outdoor weather follows no indoor default of its type (decision 0173): only a limit chosen for it.
        and (s.weather_id is null ${ownIgnored ? sql`` : sql`or s.limit_id is not null`})`);
    return rows.map((row) => ({ seriesId: Number(row.series_id), limit: limitOfRecord(row) }));
  }

  /** The limit's data type when it is global or of the project's organization chain; undefined otherwise. */
  async usableInProject(projectId: number, limitId: number): Promise<{ dataType: string } | undefined> {
    const [row] = await this.db.execute<{ data_type: string }>(sql`
      with recursive ${organizationChain(sql`(select organization_id from projects where id = ${projectId})`)}
      select l.data_type from limits l
      where l.id = ${limitId} and (l.organization_id is null or l.organization_id in (select id from chain))`);
    return row ? { dataType: row.data_type } : undefined;
  }

  /** Series that have the limit as their own choice, by project and series name; at most `count`. */
  async placesOf(limitId: number, count: number): Promise<LimitPlace[]> {
    const rows = await this.db.execute<{ project_name: string; series_name: string }>(sql`
      select p.name as project_name, s.name as series_name from series s join projects p on p.id = s.project_id
      where s.limit_id = ${limitId}
      order by lower(p.name), p.id, lower(s.name), s.id
      limit ${count}`);
    return rows.map((row) => ({ projectName: row.project_name, seriesName: row.series_name }));
  }

  /** Projects with a series that follows the limit (its own choice or by default; olo_effective_limit_id). */
  async projectsFollowing(limitId: number): Promise<number[]> {
    const rows = await this.db.execute<{ project_id: number }>(sql`
      select distinct s.project_id from series s join projects p on p.id = s.project_id
      where s.data_type = (select data_type from limits where id = ${limitId})
        and olo_effective_limit_id(s.limit_id, p.organization_id, s.data_type) = ${limitId}`);
    return rows.map((row) => Number(row.project_id));
  }

  async findById(id: number): Promise<LimitRow | undefined> {
    const [row] = await this.db.select().from(limits).where(eq(limits.id, id));
    return row;
  }

  async insert(limit: NewLimit): Promise<LimitRow> {
    const [row] = await this.db.insert(limits).values(limit).returning();
    return row as LimitRow;
  }

  async update(id: number, changes: Partial<NewLimit>): Promise<LimitRow> {
    const [row] = await this.db
      .update(limits)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(limits.id, id))
      .returning();
    return row as LimitRow;
  }

  /**
   * Deletes the limit unless a series has it as its own (checked in the same statement); false when one does.
   * Series that merely follow it as their organization's or the global default fall back to the next one.
   */
  async deleteUnused(id: number): Promise<boolean> {
    const rows = await this.db.execute<{ id: number }>(sql`
      delete from limits where id = ${id} and not exists (select 1 from series where limit_id = ${id})
      returning id`);
    return rows.length > 0;
  }
}
