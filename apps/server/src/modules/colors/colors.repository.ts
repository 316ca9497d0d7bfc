import { asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { organizationChain } from '../../db/organization-chain.ts';
import { colors } from '../../db/tables/index.ts';

export type ColorRow = typeof colors.$inferSelect;
export type NewColor = typeof colors.$inferInsert;

/** A parenthesized list of parameters, for `in`; never empty. */
export const listOf = (values: ReadonlyArray<string | number>) =>
  sql`(${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )})`;

/** A colours row as raw SQL returns it. */
type ColorRecord = {
  id: number;
  name: string;
  name_key: string | null;
  color: string;
  type: string;
  order: number;
  organization_id: string | null;
  created_at: Date | string;
  updated_at: Date | string;
};

function colorOfRecord(record: ColorRecord): ColorRow {
  return {
    id: Number(record.id),
    name: record.name,
    nameKey: record.name_key,
    color: record.color,
    type: record.type,
    order: Number(record.order),
    organizationId: record.organization_id,
    createdAt: new Date(record.created_at),
    updatedAt: new Date(record.updated_at),
  };
}

/** Colours by order (spec §9), then id. */
const colorOrder = [asc(colors.order), asc(colors.id)];

export class ColorsRepository {
  constructor(private readonly db: Db) {}

  /** The global colours and those of these organizations; null: every colour. */
  listGlobalAnd(organizationIds: readonly string[] | null): Promise<ColorRow[]> {
    const owners =
      organizationIds === null
        ? undefined
        : organizationIds.length > 0
          ? or(isNull(colors.organizationId), inArray(colors.organizationId, [...organizationIds]))
          : isNull(colors.organizationId);
    return this.db
      .select()
      .from(colors)
      .where(owners)
      .orderBy(...colorOrder);
  }

  /** One organization's own colours; null: the global ones. */
  listOwnedBy(organizationId: string | null): Promise<ColorRow[]> {
    return this.db
      .select()
      .from(colors)
      .where(organizationId === null ? isNull(colors.organizationId) : eq(colors.organizationId, organizationId))
      .orderBy(...colorOrder);
  }

  byIds(ids: readonly number[]): Promise<ColorRow[]> {
    return this.db
      .select()
      .from(colors)
      .where(inArray(colors.id, [...ids]));
  }

  /** For each organization, what its projects may pick: the global colours and its chain's, by order. */
  async listForOrganizations(organizationIds: readonly string[]): Promise<Array<{ root: string; color: ColorRow }>> {
    const rows = await this.db.execute<ColorRecord & { root: string }>(sql`
      with recursive ${organizationChain(listOf(organizationIds))},
      roots(root) as (select distinct root from chain)
      select r.root, c.* from roots r
      join colors c on c.organization_id is null or c.organization_id in (select id from chain where chain.root = r.root)
      order by r.root, c."order", c.id`);
    return rows.map((row) => ({ root: row.root, color: colorOfRecord(row) }));
  }

  /** Whether the colour is global or of the project's organization chain. */
  async usableInProject(projectId: number, colorId: number): Promise<boolean> {
    const rows = await this.db.execute<{ id: number }>(sql`
      with recursive ${organizationChain(sql`(select organization_id from projects where id = ${projectId})`)}
      select c.id from colors c
      where c.id = ${colorId} and (c.organization_id is null or c.organization_id in (select id from chain))`);
    return rows.length > 0;
  }

  /** Projects whose spaces or series picked the colour. */
  async projectsUsing(colorId: number): Promise<number[]> {
    const rows = await this.db.execute<{ project_id: number }>(sql`
      select project_id from spaces where color_id = ${colorId}
      union
      select project_id from series where color_id = ${colorId}`);
    return rows.map((row) => Number(row.project_id));
  }

  async findById(id: number): Promise<ColorRow | undefined> {
    const [row] = await this.db.select().from(colors).where(eq(colors.id, id));
    return row;
  }

  async insert(color: NewColor): Promise<ColorRow> {
    const [row] = await this.db.insert(colors).values(color).returning();
    return row as ColorRow;
  }

  async update(id: number, changes: Partial<NewColor>): Promise<ColorRow> {
    const [row] = await this.db
      .update(colors)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(colors.id, id))
      .returning();
    return row as ColorRow;
  }

  /** Spaces and series that used it lose their colour (the foreign keys set null). */
  async delete(id: number): Promise<void> {
    await this.db.delete(colors).where(eq(colors.id, id));
  }
}
