import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { integrations } from '../../db/tables/index.ts';
import { withDuplicateErrors } from '../../shared/errors.ts';

export type IntegrationRow = typeof integrations.$inferSelect;

export class IntegrationsRepository {
  constructor(private readonly db: Db) {}

  async findBySecretHash(secretHash: string): Promise<IntegrationRow | undefined> {
    const [row] = await this.db.select().from(integrations).where(eq(integrations.secretHash, secretHash));
    return row;
  }

  async findByUsername(mqttUsername: string): Promise<IntegrationRow | undefined> {
    const [row] = await this.db.select().from(integrations).where(eq(integrations.mqttUsername, mqttUsername));
    return row;
  }

  async findById(id: string): Promise<IntegrationRow | undefined> {
    const [row] = await this.db.select().from(integrations).where(eq(integrations.id, id));
    return row;
  }

  listByOrganization(organizationId: string): Promise<IntegrationRow[]> {
    return this.db
      .select()
      .from(integrations)
      .where(eq(integrations.organizationId, organizationId))
      .orderBy(asc(sql`lower(${integrations.name})`), asc(integrations.createdAt));
  }

  insert(integration: typeof integrations.$inferInsert): Promise<IntegrationRow> {
    return withDuplicateErrors(async () => {
      const [row] = await this.db.insert(integrations).values(integration).returning();
      return row as IntegrationRow;
    });
  }

  /** The site-wide integration of INGEST_TOKEN: created, or its secret replaced when the token changed. */
  async upsertSiteWide(mqttUsername: string, secretHash: string): Promise<IntegrationRow> {
    const [existing] = await this.db
      .select()
      .from(integrations)
      .where(and(isNull(integrations.organizationId), eq(integrations.mqttUsername, mqttUsername)));
    if (existing) {
      if (existing.secretHash === secretHash) return existing;
      const [row] = await this.db
        .update(integrations)
        .set({ secretHash })
        .where(eq(integrations.id, existing.id))
        .returning();
      return row as IntegrationRow;
    }
    return this.insert({ organizationId: null, name: 'INGEST_TOKEN', kind: 'any', mqttUsername, secretHash });
  }

  async touch(id: string, at: Date): Promise<void> {
    await this.db.update(integrations).set({ lastUsedAt: at }).where(eq(integrations.id, id));
  }

  async delete(id: string): Promise<void> {
    await this.db.delete(integrations).where(eq(integrations.id, id));
  }
}
