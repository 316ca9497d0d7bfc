import { and, eq, gt, lt, ne } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { sessions, users } from '../../db/tables/index.ts';

export type SessionRow = typeof sessions.$inferSelect;

export class SessionsRepository {
  constructor(private readonly db: Db) {}

  async insert(session: typeof sessions.$inferInsert): Promise<void> {
    await this.db.insert(sessions).values(session);
  }

  async findLive(id: string, now: Date) {
    const [row] = await this.db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now), eq(users.active, true)));
    return row;
  }

  async touch(id: string, now: Date, expiresAt: Date): Promise<void> {
    await this.db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, id));
  }

  async delete(id: string): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.id, id));
  }

  /** Deletes the user's sessions, except `keepId` when given; returns the deleted ids. */
  async deleteForUser(userId: string, keepId?: string): Promise<string[]> {
    const condition = keepId ? and(eq(sessions.userId, userId), ne(sessions.id, keepId)) : eq(sessions.userId, userId);
    const rows = await this.db.delete(sessions).where(condition).returning({ id: sessions.id });
    return rows.map((row) => row.id);
  }

  async deleteExpired(now: Date): Promise<void> {
    await this.db.delete(sessions).where(lt(sessions.expiresAt, now));
  }
}
