import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { spaces } from '../../db/tables/index.ts';

export type SpaceRow = typeof spaces.$inferSelect;
export type NewSpace = typeof spaces.$inferInsert;

export class SpacesRepository {
  constructor(private readonly db: Db) {}

  /** Spaces of a project by name ascending (spec section 9). */
  listByProject(projectId: number): Promise<SpaceRow[]> {
    return this.listByProjects([projectId]);
  }

  /** Spaces of these projects, each project's by name ascending. */
  listByProjects(projectIds: number[]): Promise<SpaceRow[]> {
    return this.db
      .select()
      .from(spaces)
      .where(inArray(spaces.projectId, projectIds))
      .orderBy(asc(sql`lower(${spaces.name})`), asc(spaces.id));
  }

  async findById(id: number): Promise<SpaceRow | undefined> {
    const [row] = await this.db.select().from(spaces).where(eq(spaces.id, id));
    return row;
  }

  async insert(space: NewSpace): Promise<SpaceRow> {
    const [row] = await this.db.insert(spaces).values(space).returning();
    return row as SpaceRow;
  }

  async update(id: number, changes: Partial<NewSpace>): Promise<SpaceRow> {
    const [row] = await this.db
      .update(spaces)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(spaces.id, id))
      .returning();
    return row as SpaceRow;
  }

  async delete(id: number): Promise<void> {
    await this.db.delete(spaces).where(eq(spaces.id, id));
  }
}
