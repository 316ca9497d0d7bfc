import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { dataViews, savedDateRanges } from '../../db/tables/index.ts';

export type SavedDateRangeRow = typeof savedDateRanges.$inferSelect;
export type DataViewRow = typeof dataViews.$inferSelect;
export type NewSavedDateRange = Pick<SavedDateRangeRow, 'projectId' | 'userId' | 'name' | 'from' | 'to'>;
export type NewDataView = Pick<
  DataViewRow,
  'projectId' | 'userId' | 'name' | 'from' | 'to' | 'filters' | 'nulls' | 'mode' | 'slot'
>;

/** A user's own saved date ranges and data view options, per project. */
export class DataViewsRepository {
  constructor(private readonly db: Db) {}

  ranges(projectId: number, userId: string): Promise<SavedDateRangeRow[]> {
    return this.db
      .select()
      .from(savedDateRanges)
      .where(and(eq(savedDateRanges.projectId, projectId), eq(savedDateRanges.userId, userId)))
      .orderBy(asc(savedDateRanges.from), asc(savedDateRanges.id));
  }

  views(projectId: number, userId: string): Promise<DataViewRow[]> {
    return this.db
      .select()
      .from(dataViews)
      .where(and(eq(dataViews.projectId, projectId), eq(dataViews.userId, userId)))
      .orderBy(asc(dataViews.id));
  }

  async range(id: number): Promise<SavedDateRangeRow | undefined> {
    const [row] = await this.db.select().from(savedDateRanges).where(eq(savedDateRanges.id, id));
    return row;
  }

  async view(id: number): Promise<DataViewRow | undefined> {
    const [row] = await this.db.select().from(dataViews).where(eq(dataViews.id, id));
    return row;
  }

  /** Inserts unless the user already has `limit` ranges in the project (undefined then), in one statement. */
  async insertRange(row: NewSavedDateRange, limit: number): Promise<SavedDateRangeRow | undefined> {
    const inserted = await this.db.execute<{ id: number }>(sql`
      insert into saved_date_ranges (project_id, user_id, name, from_at, to_at)
      select ${row.projectId}, ${row.userId}, ${row.name}, ${row.from.toISOString()}::timestamptz, ${row.to.toISOString()}::timestamptz
      where (select count(*) from saved_date_ranges where project_id = ${row.projectId} and user_id = ${row.userId}) < ${limit}
      returning id`);
    const id = inserted[0]?.id;
    return id === undefined ? undefined : this.range(id);
  }

  /** Inserts unless the user already has `limit` views in the project (undefined then), in one statement. */
  async insertView(row: NewDataView, limit: number): Promise<DataViewRow | undefined> {
    const inserted = await this.db.execute<{ id: number }>(sql`
      insert into data_views (project_id, user_id, name, from_at, to_at, filters, nulls, mode, slot)
      select ${row.projectId}, ${row.userId}, ${row.name}, ${row.from.toISOString()}::timestamptz,
             ${row.to.toISOString()}::timestamptz, ${JSON.stringify(row.filters)}::jsonb, ${row.nulls}, ${row.mode}, ${row.slot}
      where (select count(*) from data_views where project_id = ${row.projectId} and user_id = ${row.userId}) < ${limit}
      returning id`);
    const id = inserted[0]?.id;
    return id === undefined ? undefined : this.view(id);
  }

  async updateRange(id: number, changes: Pick<SavedDateRangeRow, 'name' | 'from' | 'to'>): Promise<SavedDateRangeRow> {
    const [row] = await this.db
      .update(savedDateRanges)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(savedDateRanges.id, id))
      .returning();
    return row as SavedDateRangeRow;
  }

  async updateView(
    id: number,
    changes: Pick<DataViewRow, 'name' | 'from' | 'to' | 'filters' | 'nulls' | 'mode' | 'slot'>,
  ): Promise<DataViewRow> {
    const [row] = await this.db
      .update(dataViews)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(dataViews.id, id))
      .returning();
    return row as DataViewRow;
  }

  async deleteRange(id: number): Promise<void> {
    await this.db.delete(savedDateRanges).where(eq(savedDateRanges.id, id));
  }

  async deleteView(id: number): Promise<void> {
    await this.db.delete(dataViews).where(eq(dataViews.id, id));
  }
}
