import { and, asc, eq, exists, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import {
  organizationMemberships,
  organizations,
  projectMemberships,
  projects,
  userEmails,
  users,
} from '../../db/tables/index.ts';

/** A user as the site admin's list shows them. */
export interface AdminUserRow {
  id: string;
  username: string;
  name: string | null;
  company: string | null;
  isAdmin: boolean;
  active: boolean;
  lastSignInAt: Date | null;
  createdAt: Date;
  /** The primary address, if any. */
  email: string | null;
  /** The primary address is verified. */
  isVerified: boolean;
}

/** One membership of a listed user, with how many the user has in all (`total`). */
export interface AdminUserMembership {
  userId: string;
  id: string;
  name: string;
  isAdmin: boolean;
  total: number;
}

/** `%`, `_` and the escape itself match literally in a LIKE pattern. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}

export class AdminUsersRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(run: (repository: AdminUsersRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => run(new AdminUsersRepository(tx as unknown as Db)));
  }

  /** Name, username or any address containing `search`, in any letter case. */
  private matching(search: string | null): SQL | undefined {
    if (!search) return undefined;
    const pattern = likePattern(search);
    return or(
      ilike(users.username, pattern),
      ilike(users.name, pattern),
      exists(
        this.db
          .select({ one: sql`1` })
          .from(userEmails)
          .where(and(eq(userEmails.userId, users.id), ilike(userEmails.email, pattern))),
      ),
    );
  }

  private selectListed() {
    return this.db
      .select({
        id: users.id,
        username: users.username,
        name: users.name,
        company: users.company,
        isAdmin: users.isAdmin,
        active: users.active,
        lastSignInAt: users.lastSignInAt,
        createdAt: users.createdAt,
        email: userEmails.email,
        isVerified: sql<boolean>`coalesce(${userEmails.isVerified}, false)`,
      })
      .from(users)
      .leftJoin(userEmails, and(eq(userEmails.userId, users.id), eq(userEmails.isPrimary, true)))
      .$dynamic();
  }

  /** A page of users by username (then id, so that pages never overlap). */
  list(search: string | null, offset: number, limit: number): Promise<AdminUserRow[]> {
    return this.selectListed()
      .where(this.matching(search))
      .orderBy(sql`lower(${users.username})`, asc(users.id))
      .offset(offset)
      .limit(limit);
  }

  async listed(userId: string): Promise<AdminUserRow | undefined> {
    const [row] = await this.selectListed().where(eq(users.id, userId));
    return row;
  }

  async count(search: string | null): Promise<number> {
    const [row] = await this.db.select({ count: sql<number>`count(*)::int` }).from(users).where(this.matching(search));
    return row?.count ?? 0;
  }

  /** The first `shown` organizations of each user by name, each row with the user's count of them. */
  async organizationsOf(userIds: string[], shown: number): Promise<AdminUserMembership[]> {
    if (userIds.length === 0) return [];
    const ranked = this.db
      .select({
        userId: organizationMemberships.userId,
        id: organizations.id,
        name: organizations.name,
        isAdmin: organizationMemberships.isAdmin,
        rank: sql<number>`row_number() over (partition by ${organizationMemberships.userId} order by lower(${organizations.name}), ${organizations.id})`.as(
          'rank',
        ),
        total: sql<number>`(count(*) over (partition by ${organizationMemberships.userId}))::int`.as('total'),
      })
      .from(organizationMemberships)
      .innerJoin(organizations, eq(organizations.id, organizationMemberships.organizationId))
      .where(inArray(organizationMemberships.userId, userIds))
      .as('ranked');
    return this.db
      .select({ userId: ranked.userId, id: ranked.id, name: ranked.name, isAdmin: ranked.isAdmin, total: ranked.total })
      .from(ranked)
      .where(lte(ranked.rank, shown))
      .orderBy(ranked.userId, ranked.rank);
  }

  /** The first `shown` projects of each user by name; ids as text, like organizations'. */
  async projectsOf(userIds: string[], shown: number): Promise<AdminUserMembership[]> {
    if (userIds.length === 0) return [];
    const ranked = this.db
      .select({
        userId: projectMemberships.userId,
        id: sql<string>`${projects.id}::text`.as('id'),
        name: projects.name,
        isAdmin: projectMemberships.isAdmin,
        rank: sql<number>`row_number() over (partition by ${projectMemberships.userId} order by lower(${projects.name}), ${projects.id})`.as(
          'rank',
        ),
        total: sql<number>`(count(*) over (partition by ${projectMemberships.userId}))::int`.as('total'),
      })
      .from(projectMemberships)
      .innerJoin(projects, eq(projects.id, projectMemberships.projectId))
      .where(inArray(projectMemberships.userId, userIds))
      .as('ranked');
    return this.db
      .select({ userId: ranked.userId, id: ranked.id, name: ranked.name, isAdmin: ranked.isAdmin, total: ranked.total })
      .from(ranked)
      .where(lte(ranked.rank, shown))
      .orderBy(ranked.userId, ranked.rank);
  }

  async find(userId: string): Promise<{ id: string; isAdmin: boolean; active: boolean } | undefined> {
    const [row] = await this.db
      .select({ id: users.id, isAdmin: users.isAdmin, active: users.active })
      .from(users)
      .where(eq(users.id, userId));
    return row;
  }

  /**
   * The active site admins, locked until the transaction ends: two admins removing each other at once are
   * decided one after the other, so that one always remains.
   */
  async lockActiveAdmins(): Promise<string[]> {
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.isAdmin, true), eq(users.active, true)))
      .for('update');
    return rows.map((row) => row.id);
  }

  async update(userId: string, changes: { active?: boolean; isAdmin?: boolean }): Promise<void> {
    const set: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
    if (changes.isAdmin !== undefined) set.isAdmin = changes.isAdmin;
    if (changes.active !== undefined) {
      set.active = changes.active;
      set.deactivatedAt = changes.active ? null : new Date();
    }
    await this.db.update(users).set(set).where(eq(users.id, userId));
  }

  /**
   * Deletes the account: its addresses, sessions and memberships go with it (cascades); what it wrote stays, its
   * author set to null (the foreign keys' `on delete set null`).
   */
  async delete(userId: string): Promise<void> {
    await this.db.delete(users).where(eq(users.id, userId));
  }
}
