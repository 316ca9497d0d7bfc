import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { organizations } from '../../db/tables/index.ts';
import { withDuplicateErrors } from '../../shared/errors.ts';

export type OrganizationRow = typeof organizations.$inferSelect;

export class OrganizationsRepository {
  constructor(private readonly db: Db) {}

  async findBySlug(slug: string): Promise<OrganizationRow | undefined> {
    const [row] = await this.db.select().from(organizations).where(sql`lower(${organizations.slug}) = lower(${slug})`);
    return row;
  }

  insert(organization: typeof organizations.$inferInsert): Promise<OrganizationRow> {
    return withDuplicateErrors(async () => {
      const [row] = await this.db.insert(organizations).values(organization).returning();
      return row as OrganizationRow;
    });
  }
}
