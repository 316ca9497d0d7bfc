import { and, asc, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import {
  serverSecrets,
  type UserTokenPurpose,
  userAuthentications,
  userEmails,
  users,
  userTokens,
} from '../../db/tables/index.ts';
import { withDuplicateErrors } from '../../shared/errors.ts';

export type UserRow = typeof users.$inferSelect;
export type UserEmailRow = typeof userEmails.$inferSelect;
export type UserAuthenticationRow = typeof userAuthentications.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export class AccountsRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(run: (repository: AccountsRepository) => Promise<T>): Promise<T> {
    return withDuplicateErrors(() => this.db.transaction((tx) => run(new AccountsRepository(tx as unknown as Db))));
  }

  async findUserById(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id));
    return row;
  }

  async findUserByUsername(username: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(sql`lower(${users.username}) = lower(${username})`);
    return row;
  }

  /**
   * The account an address names: its verified owner, or else its only claimant. An address that
   * several accounts claim unverified names none of them.
   */
  async findUserByEmail(email: string): Promise<{ user: UserRow; email: UserEmailRow } | undefined> {
    const rows = await this.db
      .select({ user: users, email: userEmails })
      .from(userEmails)
      .innerJoin(users, eq(users.id, userEmails.userId))
      .where(eq(userEmails.email, email.toLowerCase()))
      .orderBy(desc(userEmails.isVerified), asc(userEmails.createdAt))
      .limit(2);
    const [first, second] = rows;
    return first?.email.isVerified || !second ? first : undefined;
  }

  /** The account that has verified the address, if any. */
  async findVerifiedOwner(email: string): Promise<{ user: UserRow; email: UserEmailRow } | undefined> {
    const [row] = await this.db
      .select({ user: users, email: userEmails })
      .from(userEmails)
      .innerJoin(users, eq(users.id, userEmails.userId))
      .where(and(eq(userEmails.email, email.toLowerCase()), eq(userEmails.isVerified, true)));
    return row;
  }

  async hasEmail(userId: string, email: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: userEmails.id })
      .from(userEmails)
      .where(and(eq(userEmails.userId, userId), eq(userEmails.email, email.toLowerCase())));
    return row !== undefined;
  }

  async hasAdmin(): Promise<boolean> {
    const [row] = await this.db.select({ id: users.id }).from(users).where(eq(users.isAdmin, true)).limit(1);
    return row !== undefined;
  }

  insertUser(user: NewUser): Promise<UserRow> {
    return withDuplicateErrors(async () => {
      const [row] = await this.db.insert(users).values(user).returning();
      return row as UserRow;
    });
  }

  updateUser(id: string, changes: Partial<NewUser>): Promise<UserRow> {
    return withDuplicateErrors(async () => {
      const [row] = await this.db
        .update(users)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      return row as UserRow;
    });
  }

  async deleteUser(id: string): Promise<void> {
    await this.db.delete(users).where(eq(users.id, id));
  }

  /** Primary first, then oldest first. */
  listEmails(userId: string, limit: number): Promise<UserEmailRow[]> {
    return this.db
      .select()
      .from(userEmails)
      .where(eq(userEmails.userId, userId))
      .orderBy(desc(userEmails.isPrimary), asc(userEmails.createdAt), asc(userEmails.email))
      .limit(limit);
  }

  async countEmails(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(userEmails)
      .where(eq(userEmails.userId, userId));
    return row?.count ?? 0;
  }

  async findEmail(id: string): Promise<UserEmailRow | undefined> {
    const [row] = await this.db.select().from(userEmails).where(eq(userEmails.id, id));
    return row;
  }

  async findPrimaryEmail(userId: string): Promise<UserEmailRow | undefined> {
    const [row] = await this.db
      .select()
      .from(userEmails)
      .where(and(eq(userEmails.userId, userId), eq(userEmails.isPrimary, true)));
    return row;
  }

  insertEmail(email: typeof userEmails.$inferInsert): Promise<UserEmailRow> {
    return withDuplicateErrors(async () => {
      const [row] = await this.db.insert(userEmails).values(email).returning();
      return row as UserEmailRow;
    });
  }

  /**
   * Marks the address verified and removes every other account's unverified claim of it; returns
   * the accounts that lost a claim.
   */
  async markEmailVerified(id: string): Promise<string[]> {
    const [verified] = await this.db
      .update(userEmails)
      .set({ isVerified: true })
      .where(eq(userEmails.id, id))
      .returning({ email: userEmails.email });
    if (!verified) return [];
    const removed = await this.db
      .delete(userEmails)
      .where(and(eq(userEmails.email, verified.email), eq(userEmails.isVerified, false), ne(userEmails.id, id)))
      .returning({ userId: userEmails.userId });
    return removed.map((row) => row.userId);
  }

  async setPrimaryEmail(userId: string, emailId: string): Promise<void> {
    // Clear first: the partial unique index allows one primary per user at any moment.
    await this.db.update(userEmails).set({ isPrimary: false }).where(eq(userEmails.userId, userId));
    await this.db
      .update(userEmails)
      .set({ isPrimary: true })
      .where(and(eq(userEmails.id, emailId), eq(userEmails.userId, userId)));
  }

  async deleteEmail(id: string): Promise<void> {
    await this.db.delete(userEmails).where(eq(userEmails.id, id));
  }

  listAuthentications(userId: string, limit: number): Promise<UserAuthenticationRow[]> {
    return this.db
      .select()
      .from(userAuthentications)
      .where(eq(userAuthentications.userId, userId))
      .orderBy(asc(userAuthentications.createdAt))
      .limit(limit);
  }

  async deleteAuthentication(userId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(userAuthentications)
      .where(and(eq(userAuthentications.id, id), eq(userAuthentications.userId, userId)))
      .returning({ id: userAuthentications.id });
    return rows.length > 0;
  }

  async countAuthentications(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(userAuthentications)
      .where(eq(userAuthentications.userId, userId));
    return row?.count ?? 0;
  }

  async insertToken(token: {
    userId: string;
    purpose: UserTokenPurpose;
    tokenHash: string;
    userEmailId?: string;
    expiresAt: Date;
  }): Promise<void> {
    await this.db.insert(userTokens).values(token);
  }

  /** Marks a live token used and returns it; a used, expired or unknown token returns undefined. */
  async consumeToken(purpose: UserTokenPurpose, tokenHash: string, now: Date) {
    const [row] = await this.db
      .update(userTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(userTokens.tokenHash, tokenHash),
          eq(userTokens.purpose, purpose),
          isNull(userTokens.usedAt),
          gt(userTokens.expiresAt, now),
        ),
      )
      .returning();
    return row;
  }

  /** Ends the unused tokens of one purpose, e.g. older reset links once a new one is sent. */
  async revokeTokens(userId: string, purpose: UserTokenPurpose, now: Date): Promise<void> {
    await this.db
      .update(userTokens)
      .set({ usedAt: now })
      .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)));
  }

  /**
   * The secret stored under `name`, stored first as `candidate` when there is none yet; instances
   * starting at once all get the one that was stored first.
   */
  async sharedSecret(name: string, candidate: string): Promise<string> {
    await this.db.insert(serverSecrets).values({ name, value: candidate }).onConflictDoNothing();
    const [row] = await this.db
      .select({ value: serverSecrets.value })
      .from(serverSecrets)
      .where(eq(serverSecrets.name, name));
    if (!row) throw new Error(`The server secret ${name} was not stored`);
    return row.value;
  }
}
