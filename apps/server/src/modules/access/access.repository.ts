import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { organizationChain, organizationReach } from '../../db/organization-chain.ts';
import { users } from '../../db/tables/index.ts';
import type { UserRow } from '../accounts/accounts.repository.ts';

/** A viewer's membership in one organization of a chain (depth 0: the organization itself). */
export interface ChainMembership {
  organizationId: string;
  depth: number;
  isAdmin: boolean | null;
  canViewAll: boolean | null;
  canViewMeters: boolean | null;
}

export interface ProjectMembershipFlags {
  isAdmin: boolean;
  canAdminAlarms: boolean;
  canAdminReports: boolean;
  canAdminSeries: boolean;
  canViewAlarms: boolean;
  canViewReports: boolean;
}

export interface ProjectFacts {
  organizationId: string;
  membership: ProjectMembershipFlags | null;
}

/** A parenthesized list of parameters, for `in`; never empty (the loaders ask for one key at least). */
const listOf = (values: Array<string | number>) =>
  sql`(${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )})`;

/** Membership facts the access policy decides on; all of them in a few indexed queries, each for many objects at once. */
export class AccessRepository {
  constructor(private readonly db: Db) {}

  /** A user whose rights are asked about by someone else (whom an alarm may notify, say). */
  async user(userId: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, userId));
    return row;
  }

  /**
   * Each organization and its ancestors, with the user's membership in each (null fields: none), by
   * organization id; an unknown organization has no chain.
   */
  async organizationChains(organizationIds: string[], userId: string | null): Promise<Map<string, ChainMembership[]>> {
    const rows = await this.db.execute<{
      root: string;
      id: string;
      depth: number;
      is_admin: boolean | null;
      can_view_all: boolean | null;
      can_view_meters: boolean | null;
    }>(sql`
      with recursive ${organizationChain(listOf(organizationIds))}
      select c.root, c.id, c.depth, m.is_admin, m.can_view_all, m.can_view_meters
      from chain c
      left join organization_memberships m on m.organization_id = c.id and m.user_id = ${userId}
      order by c.root, c.depth`);
    const chains = new Map<string, ChainMembership[]>();
    for (const row of rows) {
      const chain = chains.get(row.root) ?? [];
      chain.push({
        organizationId: row.id,
        depth: Number(row.depth),
        isAdmin: row.is_admin,
        canViewAll: row.can_view_all,
        canViewMeters: row.can_view_meters,
      });
      chains.set(row.root, chain);
    }
    return chains;
  }

  /** Each project's organization and the user's membership of it, by project id; unknown projects are left out. */
  async projectFacts(projectIds: number[], userId: string | null): Promise<Map<number, ProjectFacts>> {
    const rows = await this.db.execute<{
      id: number;
      organization_id: string;
      member: boolean;
      is_admin: boolean | null;
      can_admin_alarms: boolean | null;
      can_admin_reports: boolean | null;
      can_admin_series: boolean | null;
      can_view_alarms: boolean | null;
      can_view_reports: boolean | null;
    }>(sql`
      select p.id, p.organization_id, m.id is not null as member, m.is_admin, m.can_admin_alarms, m.can_admin_reports,
             m.can_admin_series, m.can_view_alarms, m.can_view_reports
      from projects p
      left join project_memberships m on m.project_id = p.id and m.user_id = ${userId}
      where p.id in ${listOf(projectIds)}`);
    return new Map(
      rows.map((row) => [
        Number(row.id),
        {
          organizationId: row.organization_id,
          membership: row.member
            ? {
                isAdmin: Boolean(row.is_admin),
                canAdminAlarms: Boolean(row.can_admin_alarms),
                canAdminReports: Boolean(row.can_admin_reports),
                canAdminSeries: Boolean(row.can_admin_series),
                canViewAlarms: Boolean(row.can_view_alarms),
                canViewReports: Boolean(row.can_view_reports),
              }
            : null,
        },
      ]),
    );
  }

  /**
   * Organizations the user sees: those they belong to, and every descendant of one where they are
   * admin or may view all.
   */
  async visibleOrganizationIds(userId: string): Promise<string[]> {
    const rows = await this.db.execute<{ id: string }>(sql`
      with recursive ${organizationReach(sql`(
        select organization_id from organization_memberships where user_id = ${userId} and (is_admin or can_view_all)
      )`)}
      select id from reach
      union
      select organization_id from organization_memberships where user_id = ${userId}`);
    return rows.map((row) => row.id);
  }

  /** Organizations the user is a member of, and those below an organization the user administers. */
  async memberOrAdministeredOrganizationIds(userId: string): Promise<string[]> {
    const rows = await this.db.execute<{ id: string }>(sql`
      with recursive ${organizationReach(sql`(
        select organization_id from organization_memberships where user_id = ${userId} and is_admin
      )`)}
      select id from reach
      union
      select organization_id from organization_memberships where user_id = ${userId}`);
    return rows.map((row) => row.id);
  }

  /** Projects the user sees: as a project member, or through admin or view-all rights in an organization above. */
  async visibleProjectIds(userId: string): Promise<number[]> {
    const rows = await this.db.execute<{ id: number }>(sql`
      with recursive ${organizationReach(sql`(
        select organization_id from organization_memberships where user_id = ${userId} and (is_admin or can_view_all)
      )`)}
      select p.id from projects p where p.organization_id in (select id from reach)
      union
      select project_id from project_memberships where user_id = ${userId}`);
    return rows.map((row) => Number(row.id));
  }

  /** Each meter's organization (null: a free meter), by meter id; unknown meters are left out. */
  async meterOrganizations(meterIds: number[]): Promise<Map<number, string | null>> {
    const rows = await this.db.execute<{ id: number; organization_id: string | null }>(
      sql`select id, organization_id from meters where id in ${listOf(meterIds)}`,
    );
    return new Map(rows.map((row) => [Number(row.id), row.organization_id]));
  }

  /** Organizations whose meters the user sees: admin or canViewMeters there or above. */
  async meterOrganizationIds(userId: string): Promise<string[]> {
    const rows = await this.db.execute<{ id: string }>(sql`
      with recursive ${organizationReach(sql`(
        select organization_id from organization_memberships where user_id = ${userId} and (is_admin or can_view_meters)
      )`)}
      select id from reach`);
    return rows.map((row) => row.id);
  }

  async projectIdByPublicId(publicId: string): Promise<number | undefined> {
    const [row] = await this.db.execute<{ id: number }>(sql`select id from projects where public_id = ${publicId}`);
    return row ? Number(row.id) : undefined;
  }
}
