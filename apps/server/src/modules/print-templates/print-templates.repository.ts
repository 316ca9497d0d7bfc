import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { printTemplates } from '../../db/tables/index.ts';
import { chainOf } from '../reports/reports.repository.ts';

export type PrintTemplateRow = typeof printTemplates.$inferSelect;
export type NewPrintTemplate = Omit<typeof printTemplates.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** Organizations' print templates: the header, footer, CSS and margin of a report's printed pages. */
export class PrintTemplatesRepository {
  constructor(private readonly db: Db) {}

  /** The print templates of the organization and the organizations above it, by name. */
  ofChain(organizationId: string): Promise<PrintTemplateRow[]> {
    return this.db
      .select()
      .from(printTemplates)
      .where(sql`${printTemplates.organizationId} in ${chainOf(organizationId)}`)
      .orderBy(asc(sql`lower(${printTemplates.name})`), asc(printTemplates.id));
  }

  ofOrganization(organizationId: string): Promise<PrintTemplateRow[]> {
    return this.db
      .select()
      .from(printTemplates)
      .where(eq(printTemplates.organizationId, organizationId))
      .orderBy(asc(sql`lower(${printTemplates.name})`), asc(printTemplates.id));
  }

  async find(id: number): Promise<PrintTemplateRow | undefined> {
    const [row] = await this.db.select().from(printTemplates).where(eq(printTemplates.id, id));
    return row;
  }

  async insert(template: NewPrintTemplate): Promise<PrintTemplateRow> {
    const [row] = await this.db.insert(printTemplates).values(template).returning();
    return row as PrintTemplateRow;
  }

  async update(
    id: number,
    changes: Partial<Omit<NewPrintTemplate, 'organizationId'>>,
  ): Promise<PrintTemplateRow | undefined> {
    const [row] = await this.db
      .update(printTemplates)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(printTemplates.id, id))
      .returning();
    return row;
  }

  async delete(id: number): Promise<void> {
    await this.db.delete(printTemplates).where(eq(printTemplates.id, id));
  }
}
