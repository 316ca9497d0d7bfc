import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { meterCommands } from '../../db/tables/index.ts';

export type MeterCommandRow = typeof meterCommands.$inferSelect;

/** The downlinks sent to meters, with how sending them went. */
export class MeterCommandsRepository {
  constructor(private readonly db: Db) {}

  async insert(command: typeof meterCommands.$inferInsert): Promise<MeterCommandRow> {
    const [row] = await this.db.insert(meterCommands).values(command).returning();
    return row as MeterCommandRow;
  }

  async update(id: number, changes: Partial<typeof meterCommands.$inferInsert>): Promise<MeterCommandRow> {
    const [row] = await this.db.update(meterCommands).set(changes).where(eq(meterCommands.id, id)).returning();
    return row as MeterCommandRow;
  }

  /** The meter's newest 100 commands, newest first. */
  ofMeter(meterId: number): Promise<MeterCommandRow[]> {
    return this.db
      .select()
      .from(meterCommands)
      .where(eq(meterCommands.meterId, meterId))
      .orderBy(desc(meterCommands.createdAt))
      .limit(100);
  }
}
