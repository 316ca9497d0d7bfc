import { and, asc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { PostgresJsSession } from 'drizzle-orm/postgres-js';
import type { Db } from '../../db/database.ts';
import type { Transaction } from '../../db/sql.ts';
import { projects, series, seriesData, seriesDatasources, seriesLatest } from '../../db/tables/index.ts';

export type SeriesRow = typeof series.$inferSelect;
export type NewSeries = typeof series.$inferInsert;
export type SeriesDatasourceRow = typeof seriesDatasources.$inferSelect;
export type SeriesLatestRow = typeof seriesLatest.$inferSelect & {
  /** A datasource feeds the series now from an active meter. */
  active: boolean;
};

/** The series has a datasource open now (started, not ended) whose meter is active. */
const fedNow = (seriesId: SQL | number) => sql<boolean>`exists (
  select 1 from series_datasources d join meters m on m.id = d.meter_id
  where d.series_id = ${seriesId} and m.active
    and (d.start_at is null or d.start_at <= now()) and (d.end_at is null or d.end_at > now()))`;

export class SeriesRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(run: (repository: SeriesRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => run(new SeriesRepository(tx as unknown as Db)));
  }

  /**
   * A transaction that also gives its raw SQL client, for work that must commit with the change
   * (a recomputation's record and job). Drizzle runs on the same postgres.js client (database.ts):
   * its transaction's session holds that client's transaction.
   */
  transactionWithSql<T>(run: (repository: SeriesRepository, tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction((drizzleTx) => {
      const client = (drizzleTx._.session as unknown as PostgresJsSession<never, never, never>).client as Transaction;
      if (typeof client?.unsafe !== 'function') throw new Error('a Drizzle transaction without its SQL client');
      return run(new SeriesRepository(drizzleTx as unknown as Db), client);
    });
  }

  listByProject(projectId: number): Promise<SeriesRow[]> {
    return this.db
      .select()
      .from(series)
      .where(eq(series.projectId, projectId))
      .orderBy(asc(series.name), asc(series.id));
  }

  /** The series of several projects (the dashboard's), in one statement. */
  listByProjects(projectIds: number[]): Promise<SeriesRow[]> {
    if (projectIds.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(series)
      .where(inArray(series.projectId, projectIds))
      .orderBy(asc(series.name), asc(series.id));
  }

  async findById(id: number): Promise<SeriesRow | undefined> {
    const [row] = await this.db.select().from(series).where(eq(series.id, id));
    return row;
  }

  /** The language Olo names the project's new series in (decision 0167); null for an unknown project. */
  async projectLanguage(projectId: number): Promise<string | null> {
    const [row] = await this.db
      .select({ language: projects.language })
      .from(projects)
      .where(eq(projects.id, projectId));
    return row?.language ?? null;
  }

  async insert(row: NewSeries): Promise<SeriesRow> {
    const [created] = await this.db.insert(series).values(row).returning();
    return created as SeriesRow;
  }

  async update(id: number, changes: Partial<NewSeries>): Promise<SeriesRow> {
    const [row] = await this.db
      .update(series)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(series.id, id))
      .returning();
    return row as SeriesRow;
  }

  async delete(id: number): Promise<void> {
    await this.db.delete(series).where(eq(series.id, id));
  }

  listDatasources(seriesIds: number[]): Promise<SeriesDatasourceRow[]> {
    if (seriesIds.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(seriesDatasources)
      .where(inArray(seriesDatasources.seriesId, seriesIds))
      .orderBy(asc(seriesDatasources.startAt), asc(seriesDatasources.id));
  }

  listDatasourcesOfMeter(
    meterId: number,
  ): Promise<Array<SeriesDatasourceRow & { projectId: number; seriesName: string }>> {
    return this.db
      .select({ datasource: seriesDatasources, projectId: series.projectId, seriesName: series.name })
      .from(seriesDatasources)
      .innerJoin(series, eq(series.id, seriesDatasources.seriesId))
      .where(eq(seriesDatasources.meterId, meterId))
      .orderBy(asc(seriesDatasources.startAt))
      .then((rows) => rows.map((row) => ({ ...row.datasource, projectId: row.projectId, seriesName: row.seriesName })));
  }

  async findDatasource(id: number): Promise<(SeriesDatasourceRow & { projectId: number }) | undefined> {
    const [row] = await this.db
      .select({ datasource: seriesDatasources, projectId: series.projectId })
      .from(seriesDatasources)
      .innerJoin(series, eq(series.id, seriesDatasources.seriesId))
      .where(eq(seriesDatasources.id, id));
    return row ? { ...row.datasource, projectId: row.projectId } : undefined;
  }

  async insertDatasource(row: typeof seriesDatasources.$inferInsert): Promise<SeriesDatasourceRow> {
    const [created] = await this.db.insert(seriesDatasources).values(row).returning();
    return created as SeriesDatasourceRow;
  }

  async updateDatasource(
    id: number,
    changes: Partial<typeof seriesDatasources.$inferInsert>,
  ): Promise<SeriesDatasourceRow> {
    const [row] = await this.db.update(seriesDatasources).set(changes).where(eq(seriesDatasources.id, id)).returning();
    return row as SeriesDatasourceRow;
  }

  async deleteDatasource(id: number): Promise<void> {
    await this.db.delete(seriesDatasources).where(eq(seriesDatasources.id, id));
  }

  latestOfProject(projectId: number): Promise<SeriesLatestRow[]> {
    return this.latestOfProjects([projectId]);
  }

  /** The newest values of several projects' series, each row with its project (the dashboard's, in one statement). */
  latestOfProjects(projectIds: number[]): Promise<Array<SeriesLatestRow & { projectId: number }>> {
    if (projectIds.length === 0) return Promise.resolve([]);
    return this.db
      .select({
        seriesId: seriesLatest.seriesId,
        time: seriesLatest.time,
        value: seriesLatest.value,
        updatedAt: seriesLatest.updatedAt,
        computerId: seriesLatest.computerId,
        active: fedNow(sql`${seriesLatest.seriesId}`),
        projectId: series.projectId,
      })
      .from(seriesLatest)
      .innerJoin(series, eq(series.id, seriesLatest.seriesId))
      .where(inArray(series.projectId, projectIds));
  }

  /** The newest values of the series, without any word of what feeds them (the public view). */
  latestOf(seriesIds: number[]): Promise<Array<{ seriesId: number; time: Date; value: number }>> {
    if (seriesIds.length === 0) return Promise.resolve([]);
    return this.db
      .select({ seriesId: seriesLatest.seriesId, time: seriesLatest.time, value: seriesLatest.value })
      .from(seriesLatest)
      .where(inArray(seriesLatest.seriesId, seriesIds));
  }

  /** The time of the newest value among the series; null when none has one. */
  async newestTimeOf(seriesIds: number[]): Promise<Date | null> {
    if (seriesIds.length === 0) return null;
    const [row] = await this.db
      .select({ time: sql<Date | string | null>`max(${seriesLatest.time})` })
      .from(seriesLatest)
      .where(inArray(seriesLatest.seriesId, seriesIds));
    return row?.time ? new Date(row.time) : null;
  }

  /** Whether any of the series has a stored value in [from, to): one probe of the primary key, whatever the range. */
  async hasValuesBetween(seriesIds: number[], from: Date, to: Date): Promise<boolean> {
    if (seriesIds.length === 0) return false;
    const rows = await this.db
      .select({ one: sql<number>`1` })
      .from(seriesData)
      .where(and(inArray(seriesData.seriesId, seriesIds), gte(seriesData.time, from), lt(seriesData.time, to)))
      .limit(1);
    return rows.length > 0;
  }

  /** Those of the series that a datasource feeds now from an active meter. */
  async activeSeriesIds(seriesIds: number[]): Promise<Set<number>> {
    if (seriesIds.length === 0) return new Set();
    const rows = await this.db
      .select({ id: series.id })
      .from(series)
      .where(and(inArray(series.id, seriesIds), fedNow(sql`${series.id}`)));
    return new Set(rows.map((row) => row.id));
  }

  /** Projects fed by a meter now (an open datasource), for the meter page. */
  async projectIdsOfMeter(meterId: number): Promise<number[]> {
    const rows = await this.db
      .selectDistinct({ projectId: series.projectId })
      .from(seriesDatasources)
      .innerJoin(series, eq(series.id, seriesDatasources.seriesId))
      .where(
        and(
          eq(seriesDatasources.meterId, meterId),
          sql`(${seriesDatasources.endAt} is null or ${seriesDatasources.endAt} > now())`,
        ),
      );
    return rows.map((row) => row.projectId);
  }

  async activeMeterIdsOfProject(projectId: number): Promise<number[]> {
    const rows = await this.db
      .selectDistinct({ meterId: seriesDatasources.meterId })
      .from(seriesDatasources)
      .innerJoin(series, eq(series.id, seriesDatasources.seriesId))
      .where(
        and(
          eq(series.projectId, projectId),
          sql`(${seriesDatasources.endAt} is null or ${seriesDatasources.endAt} > now())`,
        ),
      );
    return rows.map((row) => row.meterId);
  }

  /** A new data id: clients drop their cached slices of the project (data changed other than by appending). */
  async bumpDataId(projectId: number): Promise<void> {
    await this.db.update(projects).set({ dataId: sql`gen_random_uuid()` }).where(eq(projects.id, projectId));
  }
}
