import { and, desc, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { invitations, organizations, projects, userEmails } from '../../db/tables/index.ts';

export type InvitationRow = typeof invitations.$inferSelect;
/** An invitation with the name of what it invites to. */
export type InvitationWithTarget = InvitationRow & { name: string; organizationSlug: string | null };

export class InvitationsRepository {
  constructor(private readonly db: Db) {}

  private withTarget() {
    return this.db
      .select({ invitation: invitations, organization: organizations, project: projects })
      .from(invitations)
      .leftJoin(organizations, eq(organizations.id, invitations.organizationId))
      .leftJoin(projects, eq(projects.id, invitations.projectId));
  }

  private static shape(row: {
    invitation: InvitationRow;
    organization: typeof organizations.$inferSelect | null;
    project: typeof projects.$inferSelect | null;
  }): InvitationWithTarget {
    return {
      ...row.invitation,
      name: row.organization?.name ?? row.project?.name ?? '',
      organizationSlug: row.organization?.slug ?? null,
    };
  }

  async insert(invitation: typeof invitations.$inferInsert): Promise<InvitationRow> {
    const [row] = await this.db.insert(invitations).values(invitation).returning();
    return row as InvitationRow;
  }

  async findById(id: string): Promise<InvitationWithTarget | undefined> {
    const [row] = await this.withTarget().where(eq(invitations.id, id));
    return row ? InvitationsRepository.shape(row) : undefined;
  }

  /** Open invitations addressed to the user's account or to one of their verified addresses, newest first. */
  async listOpenForUser(userId: string, now: Date): Promise<InvitationWithTarget[]> {
    const verified = this.db
      .select({ email: userEmails.email })
      .from(userEmails)
      .where(and(eq(userEmails.userId, userId), eq(userEmails.isVerified, true)));
    const rows = await this.withTarget()
      .where(
        and(
          isNull(invitations.acceptedAt),
          gt(invitations.expiresAt, now),
          or(eq(invitations.userId, userId), inArray(invitations.email, verified)),
        ),
      )
      .orderBy(desc(invitations.createdAt));
    return rows.map(InvitationsRepository.shape);
  }

  async listOpenFor(target: { organizationId: string } | { projectId: number }, now: Date) {
    const match =
      'organizationId' in target
        ? eq(invitations.organizationId, target.organizationId)
        : eq(invitations.projectId, target.projectId);
    const rows = await this.withTarget()
      .where(and(match, isNull(invitations.acceptedAt), gt(invitations.expiresAt, now)))
      .orderBy(desc(invitations.createdAt));
    return rows.map(InvitationsRepository.shape);
  }

  /** Marks it accepted unless someone already did; false when it was not open. */
  async markAccepted(id: string, userId: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(invitations)
      .set({ acceptedAt: now, acceptedBy: userId })
      .where(and(eq(invitations.id, id), isNull(invitations.acceptedAt), gt(invitations.expiresAt, now)))
      .returning({ id: invitations.id });
    return rows.length > 0;
  }

  async delete(id: string): Promise<void> {
    await this.db.delete(invitations).where(eq(invitations.id, id));
  }
}
