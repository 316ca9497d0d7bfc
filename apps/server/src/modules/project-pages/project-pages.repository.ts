import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { projectPages } from '../../db/tables/index.ts';

export type ProjectPageRow = typeof projectPages.$inferSelect;
export type NewProjectPage = typeof projectPages.$inferInsert;

export class ProjectPagesRepository {
  constructor(private readonly db: Db) {}

  /** Summary pages by order (spec section 9). */
  listByProject(projectId: number): Promise<ProjectPageRow[]> {
    return this.db
      .select()
      .from(projectPages)
      .where(eq(projectPages.projectId, projectId))
      .orderBy(asc(projectPages.order), asc(projectPages.id));
  }

  async findById(id: number): Promise<ProjectPageRow | undefined> {
    const [row] = await this.db.select().from(projectPages).where(eq(projectPages.id, id));
    return row;
  }

  async insert(page: NewProjectPage): Promise<ProjectPageRow> {
    const [row] = await this.db.insert(projectPages).values(page).returning();
    return row as ProjectPageRow;
  }

  async update(id: number, changes: Partial<NewProjectPage>): Promise<ProjectPageRow> {
    const [row] = await this.db
      .update(projectPages)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(projectPages.id, id))
      .returning();
    return row as ProjectPageRow;
  }

  async delete(id: number): Promise<void> {
    await this.db.delete(projectPages).where(eq(projectPages.id, id));
  }
}
