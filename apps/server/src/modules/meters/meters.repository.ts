import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { meters, systemErrors } from '../../db/tables/index.ts';

export type MeterRow = typeof meters.$inferSelect;
export type NewMeter = typeof meters.$inferInsert;

export class MetersRepository {
  constructor(private readonly db: Db) {}

  async findById(id: number): Promise<MeterRow | undefined> {
    const [row] = await this.db.select().from(meters).where(eq(meters.id, id));
    return row;
  }

  async findBySerials(serials: string[]): Promise<MeterRow[]> {
    if (serials.length === 0) return [];
    return this.db.select().from(meters).where(inArray(meters.serial, serials));
  }

  /** Creates the meter unless another request just did; either way returns the stored row. */
  async insertOrGet(meter: NewMeter): Promise<{ meter: MeterRow; created: boolean }> {
    const [created] = await this.db.insert(meters).values(meter).onConflictDoNothing().returning();
    if (created) return { meter: created, created: true };
    const [existing] = await this.db.select().from(meters).where(eq(meters.serial, meter.serial));
    return { meter: existing as MeterRow, created: false };
  }

  async update(id: number, changes: Partial<NewMeter>): Promise<MeterRow> {
    const [row] = await this.db
      .update(meters)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(meters.id, id))
      .returning();
    return row as MeterRow;
  }

  async recordSystemError(error: { name: string; type: string; data?: unknown; meterId?: number | null }) {
    await this.db.insert(systemErrors).values({
      name: error.name,
      type: error.type,
      data: error.data ?? null,
      meterId: error.meterId ?? null,
    });
  }
}
