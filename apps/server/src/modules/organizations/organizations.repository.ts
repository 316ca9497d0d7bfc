import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { organizationChain } from '../../db/organization-chain.ts';
import { organizationMemberships, organizations, projects, users } from '../../db/tables/index.ts';
import { withDuplicateErrors } from '../../shared/errors.ts';

export type OrganizationRow = typeof organizations.$inferSelect;
export type OrganizationMembershipRow = typeof organizationMemberships.$inferSelect;
export type OrganizationMemberFlags = Pick<
  OrganizationMembershipRow,
  'isAdmin' | 'canViewAll' | 'canViewMeters' | 'notifyOnMeterError'
>;
export interface MemberUser {
  id: string;
  username: string;
  name: string | null;
  company: string | null;
}
export type OrganizationMemberRow = OrganizationMembershipRow & { user: MemberUser };

const memberUser = { id: users.id, username: users.username, name: users.name, company: users.company };
/** Members sort by name ascending (spec section 9), the username standing in for a missing name. */
const byMemberName = [asc(sql`lower(coalesce(${users.name}, ${users.username}))`), asc(users.username)];

export class OrganizationsRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(run: (repository: OrganizationsRepository) => Promise<T>): Promise<T> {
    return withDuplicateErrors(() =>
      this.db.transaction((tx) => run(new OrganizationsRepository(tx as unknown as Db))),
    );
  }

  async findById(id: string): Promise<OrganizationRow | undefined> {
    const [row] = await this.db.select().from(organizations).where(eq(organizations.id, id));
    return row;
  }

  findByIds(ids: string[]): Promise<OrganizationRow[]> {
    return this.db.select().from(organizations).where(inArray(organizations.id, ids));
  }

  async findBySlug(slug: string): Promise<OrganizationRow | undefined> {
    const [row] = await this.db.select().from(organizations).where(sql`lower(${organizations.slug}) = lower(${slug})`);
    return row;
  }

  /** Organizations with these ids (all when null), by name. */
  list(ids: string[] | null): Promise<OrganizationRow[]> {
    const query = this.db.select().from(organizations);
    const filtered = ids === null ? query : query.where(inArray(organizations.id, ids.length ? ids : [null as never]));
    return filtered.orderBy(asc(sql`lower(${organizations.name})`), asc(organizations.id));
  }

  listChildren(parentId: string): Promise<OrganizationRow[]> {
    return this.db
      .select()
      .from(organizations)
      .where(eq(organizations.parentId, parentId))
      .orderBy(asc(sql`lower(${organizations.name})`), asc(organizations.id));
  }

  /** The organization and its ancestors, root first. */
  async ancestry(id: string): Promise<OrganizationRow[]> {
    const rows = await this.db.execute<{ id: string; depth: number }>(sql`
      with recursive ${organizationChain(sql`(${id})`)}
      select id, depth from chain`);
    const found = await this.list(rows.map((row) => row.id));
    const depth = new Map(rows.map((row) => [row.id, Number(row.depth)]));
    return found.sort((a, b) => (depth.get(b.id) ?? 0) - (depth.get(a.id) ?? 0));
  }

  insert(organization: typeof organizations.$inferInsert): Promise<OrganizationRow> {
    return withDuplicateErrors(async () => {
      const [row] = await this.db.insert(organizations).values(organization).returning();
      return row as OrganizationRow;
    });
  }

  update(id: string, changes: Partial<typeof organizations.$inferInsert>): Promise<OrganizationRow> {
    return withDuplicateErrors(async () => {
      const [row] = await this.db
        .update(organizations)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(organizations.id, id))
        .returning();
      return row as OrganizationRow;
    });
  }

  async delete(id: string): Promise<void> {
    await this.db.delete(organizations).where(eq(organizations.id, id));
  }

  async hasContent(id: string): Promise<boolean> {
    const [row] = await this.db.execute<{ found: boolean }>(sql`
      select exists(select 1 from ${organizations} where ${organizations.parentId} = ${id})
          or exists(select 1 from ${projects} where ${projects.organizationId} = ${id}) as found`);
    return Boolean(row?.found);
  }

  async listMembers(organizationId: string): Promise<OrganizationMemberRow[]> {
    const rows = await this.db
      .select({ membership: organizationMemberships, user: memberUser })
      .from(organizationMemberships)
      .innerJoin(users, eq(users.id, organizationMemberships.userId))
      .where(eq(organizationMemberships.organizationId, organizationId))
      .orderBy(...byMemberName);
    return rows.map((row) => ({ ...row.membership, user: row.user }));
  }

  async findMembership(id: string): Promise<OrganizationMembershipRow | undefined> {
    const [row] = await this.db.select().from(organizationMemberships).where(eq(organizationMemberships.id, id));
    return row;
  }

  async findMembershipOf(organizationId: string, userId: string): Promise<OrganizationMembershipRow | undefined> {
    const [row] = await this.db
      .select()
      .from(organizationMemberships)
      .where(
        and(eq(organizationMemberships.organizationId, organizationId), eq(organizationMemberships.userId, userId)),
      );
    return row;
  }

  listMembershipsOfUser(userId: string): Promise<Array<OrganizationMembershipRow & { organization: OrganizationRow }>> {
    return this.db
      .select({ membership: organizationMemberships, organization: organizations })
      .from(organizationMemberships)
      .innerJoin(organizations, eq(organizations.id, organizationMemberships.organizationId))
      .where(eq(organizationMemberships.userId, userId))
      .orderBy(asc(sql`lower(${organizations.name})`))
      .then((rows) => rows.map((row) => ({ ...row.membership, organization: row.organization })));
  }

  insertMembership(membership: typeof organizationMemberships.$inferInsert): Promise<OrganizationMembershipRow> {
    return withDuplicateErrors(async () => {
      const [row] = await this.db.insert(organizationMemberships).values(membership).returning();
      return row as OrganizationMembershipRow;
    });
  }

  /** Adds the membership or, when the user is already a member, applies the flags to it. */
  async upsertMembership(
    organizationId: string,
    userId: string,
    flags: Partial<OrganizationMemberFlags>,
  ): Promise<OrganizationMembershipRow> {
    const [row] = await this.db
      .insert(organizationMemberships)
      .values({ organizationId, userId, ...flags })
      .onConflictDoUpdate({
        target: [organizationMemberships.organizationId, organizationMemberships.userId],
        set: Object.keys(flags).length ? flags : { organizationId },
      })
      .returning();
    return row as OrganizationMembershipRow;
  }

  async updateMembership(id: string, flags: Partial<OrganizationMemberFlags>): Promise<OrganizationMembershipRow> {
    const [row] = await this.db
      .update(organizationMemberships)
      .set(flags)
      .where(eq(organizationMemberships.id, id))
      .returning();
    return row as OrganizationMembershipRow;
  }

  async deleteMembership(id: string): Promise<void> {
    await this.db.delete(organizationMemberships).where(eq(organizationMemberships.id, id));
  }

  async countAdmins(organizationId: string): Promise<number> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(organizationMemberships)
      .where(
        and(eq(organizationMemberships.organizationId, organizationId), eq(organizationMemberships.isAdmin, true)),
      );
    return row?.count ?? 0;
  }

  /** Users who belong to any of these organizations, for picking project members. */
  listUsersOf(organizationIds: string[] | null): Promise<MemberUser[]> {
    const query = this.db.select(memberUser).from(users);
    if (organizationIds === null) return query.orderBy(...byMemberName).limit(1000);
    if (organizationIds.length === 0) return Promise.resolve([]);
    const memberIds = this.db
      .select({ userId: organizationMemberships.userId })
      .from(organizationMemberships)
      .where(inArray(organizationMemberships.organizationId, organizationIds));
    return query
      .where(inArray(users.id, memberIds))
      .orderBy(...byMemberName)
      .limit(1000);
  }
}
