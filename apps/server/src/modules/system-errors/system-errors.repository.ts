import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { systemErrors } from '../../db/tables/index.ts';
import { storableJson, storableText } from '../../shared/storable.ts';

export type SystemErrorRow = typeof systemErrors.$inferSelect;

/** System errors: what the ingest and meters refused or could not do, of a meter or of none. */
export class SystemErrorsRepository {
  constructor(
    private readonly db: Db,
    /** This Olo instance (computers table), which the errors recorded here name. */
    private readonly computerId: number | null = null,
  ) {}

  /** Name and data may carry what a sender sent: made storable, so that recording a refusal cannot fail. */
  async record(error: { name: string; type: string; data?: unknown; meterId?: number | null }) {
    await this.db.insert(systemErrors).values({
      name: storableText(error.name, 1000),
      type: error.type,
      data: storableJson(error.data ?? null),
      meterId: error.meterId ?? null,
      computerId: this.computerId,
    });
  }

  /** Unacknowledged system errors: of one meter, or (meterId null) those of no meter. */
  open(meterId: number | null, limit = 500): Promise<SystemErrorRow[]> {
    return this.db
      .select()
      .from(systemErrors)
      .where(
        and(
          eq(systemErrors.acknowledged, false),
          meterId === null ? isNull(systemErrors.meterId) : eq(systemErrors.meterId, meterId),
        ),
      )
      .orderBy(desc(systemErrors.time))
      .limit(limit);
  }

  /** Unacknowledged system errors per meter, for these meters. */
  async openCounts(meterIds: number[]): Promise<Map<number, number>> {
    if (meterIds.length === 0) return new Map();
    const rows = await this.db
      .select({ meterId: systemErrors.meterId, count: sql<number>`count(*)::int` })
      .from(systemErrors)
      .where(and(eq(systemErrors.acknowledged, false), inArray(systemErrors.meterId, meterIds)))
      .groupBy(systemErrors.meterId);
    return new Map(rows.map((row) => [row.meterId as number, row.count]));
  }

  async findById(id: number): Promise<SystemErrorRow | undefined> {
    const [row] = await this.db.select().from(systemErrors).where(eq(systemErrors.id, id));
    return row;
  }

  async acknowledge(id: number): Promise<SystemErrorRow> {
    const [row] = await this.db
      .update(systemErrors)
      .set({ acknowledged: true })
      .where(eq(systemErrors.id, id))
      .returning();
    return row as SystemErrorRow;
  }
}
