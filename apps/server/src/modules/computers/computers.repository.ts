import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { computers } from '../../db/tables/index.ts';

export type ComputerRow = typeof computers.$inferSelect;

export class ComputersRepository {
  constructor(private readonly db: Db) {}

  /** Registers an instance by name: a restarted one keeps its id and gets its new host name and start time. */
  async register(name: string, hostname: string): Promise<ComputerRow> {
    const [row] = await this.db
      .insert(computers)
      .values({ name, hostname })
      .onConflictDoUpdate({
        target: computers.name,
        set: { hostname, startedAt: sql`now()`, lastSeenAt: sql`now()` },
      })
      .returning();
    return row as ComputerRow;
  }

  async touch(id: number): Promise<void> {
    await this.db.update(computers).set({ lastSeenAt: sql`now()` }).where(eq(computers.id, id));
  }

  list(): Promise<ComputerRow[]> {
    return this.db.select().from(computers);
  }
}
