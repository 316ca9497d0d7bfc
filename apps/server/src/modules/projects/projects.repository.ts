import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { projects } from '../../db/tables/index.ts';

export type ProjectRow = typeof projects.$inferSelect;

export class ProjectsRepository {
  constructor(private readonly db: Db) {}

  listByOrganization(organizationId: string): Promise<ProjectRow[]> {
    return this.db
      .select()
      .from(projects)
      .where(eq(projects.organizationId, organizationId))
      .orderBy(asc(projects.name), asc(projects.id));
  }

  async insert(project: typeof projects.$inferInsert): Promise<ProjectRow> {
    const [row] = await this.db.insert(projects).values(project).returning();
    return row as ProjectRow;
  }
}
