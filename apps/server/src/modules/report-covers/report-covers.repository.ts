import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { reportCovers } from '../../db/tables/index.ts';
import { chainOf } from '../reports/reports.repository.ts';

export type ReportCoverRow = typeof reportCovers.$inferSelect;

/** Organizations' report covers. */
export class ReportCoversRepository {
  constructor(private readonly db: Db) {}

  /** The covers of the organization and the organizations above it, by name. */
  ofChain(organizationId: string): Promise<ReportCoverRow[]> {
    return this.db
      .select()
      .from(reportCovers)
      .where(sql`${reportCovers.organizationId} in ${chainOf(organizationId)}`)
      .orderBy(asc(sql`lower(${reportCovers.name})`), asc(reportCovers.id));
  }

  ofOrganization(organizationId: string): Promise<ReportCoverRow[]> {
    return this.db
      .select()
      .from(reportCovers)
      .where(eq(reportCovers.organizationId, organizationId))
      .orderBy(asc(sql`lower(${reportCovers.name})`), asc(reportCovers.id));
  }

  byIds(ids: number[]): Promise<ReportCoverRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.select().from(reportCovers).where(inArray(reportCovers.id, ids));
  }

  async find(id: number): Promise<ReportCoverRow | undefined> {
    const [row] = await this.db.select().from(reportCovers).where(eq(reportCovers.id, id));
    return row;
  }

  async insert(cover: Pick<ReportCoverRow, 'organizationId' | 'name' | 'cover'>): Promise<ReportCoverRow> {
    const [row] = await this.db.insert(reportCovers).values(cover).returning();
    return row as ReportCoverRow;
  }

  async update(
    id: number,
    changes: Partial<Pick<ReportCoverRow, 'name' | 'cover'>>,
  ): Promise<ReportCoverRow | undefined> {
    const [row] = await this.db
      .update(reportCovers)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(reportCovers.id, id))
      .returning();
    return row;
  }

  async delete(id: number): Promise<void> {
    await this.db.delete(reportCovers).where(eq(reportCovers.id, id));
  }
}
