import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { projectFavourites, projectMemberships, projects, users } from '../../db/tables/index.ts';
import { withDuplicateErrors } from '../../shared/errors.ts';
import type { MemberUser } from '../organizations/organizations.repository.ts';

export type ProjectRow = typeof projects.$inferSelect;
export type NewProject = typeof projects.$inferInsert;
export type ProjectMembershipRow = typeof projectMemberships.$inferSelect;
export type ProjectMemberFlags = Pick<
  ProjectMembershipRow,
  'isAdmin' | 'canAdminAlarms' | 'canAdminReports' | 'canAdminSeries' | 'canViewAlarms' | 'canViewReports'
>;
export type ProjectMemberRow = ProjectMembershipRow & { user: MemberUser };

/** Whether a project's meters report (decision 0076). */
export interface ProjectOnlineRow {
  projectId: number;
  metersOnline: number;
  metersTotal: number;
  latestReadingAt: Date | null;
  /** When the first of its meters online stops counting (three intervals after its last uplink) unless it sends again. */
  offlineAt: Date | null;
}

/** Hourly averages of one measurement type over a project's series (decision 0077). */
export interface ProjectTrendRow {
  projectId: number;
  dataType: string;
  /** Start of each hour (UTC) with values, oldest first, and the average of the type's series in it. */
  hours: Date[];
  values: number[];
}

/** A meter's reporting interval until two uplinks have shown it (meters.interval_seconds is then null). */
export const defaultMeterIntervalSeconds = 600;

const memberUser = { id: users.id, username: users.username, name: users.name, company: users.company };

export class ProjectsRepository {
  constructor(private readonly db: Db) {}

  async findById(id: number): Promise<ProjectRow | undefined> {
    const [row] = await this.db.select().from(projects).where(eq(projects.id, id));
    return row;
  }

  async findByPublicId(publicId: string): Promise<ProjectRow | undefined> {
    const [row] = await this.db.select().from(projects).where(eq(projects.publicId, publicId));
    return row;
  }

  /** Projects with these ids (all when null), by name. */
  list(ids: number[] | null): Promise<ProjectRow[]> {
    const query = this.db.select().from(projects);
    const filtered = ids === null ? query : query.where(inArray(projects.id, ids.length ? ids : [-1]));
    return filtered.orderBy(asc(sql`lower(${projects.name})`), asc(projects.id));
  }

  listByOrganization(organizationId: string): Promise<ProjectRow[]> {
    return this.db
      .select()
      .from(projects)
      .where(eq(projects.organizationId, organizationId))
      .orderBy(asc(sql`lower(${projects.name})`), asc(projects.id));
  }

  async insert(project: NewProject): Promise<ProjectRow> {
    const [row] = await this.db.insert(projects).values(project).returning();
    return row as ProjectRow;
  }

  async update(id: number, changes: Partial<NewProject>): Promise<ProjectRow> {
    const [row] = await this.db
      .update(projects)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(projects.id, id))
      .returning();
    return row as ProjectRow;
  }

  async favouriteIds(userId: string): Promise<Set<number>> {
    const rows = await this.db
      .select({ projectId: projectFavourites.projectId })
      .from(projectFavourites)
      .where(eq(projectFavourites.userId, userId));
    return new Set(rows.map((row) => row.projectId));
  }

  async setFavourite(userId: string, projectId: number, favourite: boolean): Promise<void> {
    if (favourite) {
      await this.db.insert(projectFavourites).values({ userId, projectId }).onConflictDoNothing();
    } else {
      await this.db
        .delete(projectFavourites)
        .where(and(eq(projectFavourites.userId, userId), eq(projectFavourites.projectId, projectId)));
    }
  }

  async listMembers(projectId: number): Promise<ProjectMemberRow[]> {
    const rows = await this.db
      .select({ membership: projectMemberships, user: memberUser })
      .from(projectMemberships)
      .innerJoin(users, eq(users.id, projectMemberships.userId))
      .where(eq(projectMemberships.projectId, projectId))
      // Members sort by name ascending (spec section 9), the username standing in for a missing name.
      .orderBy(asc(sql`lower(coalesce(${users.name}, ${users.username}))`), asc(users.username));
    return rows.map((row) => ({ ...row.membership, user: row.user }));
  }

  async findMembership(id: string): Promise<ProjectMembershipRow | undefined> {
    const [row] = await this.db.select().from(projectMemberships).where(eq(projectMemberships.id, id));
    return row;
  }

  listMembershipsOfUser(userId: string): Promise<ProjectMembershipRow[]> {
    return this.db.select().from(projectMemberships).where(eq(projectMemberships.userId, userId));
  }

  insertMembership(membership: typeof projectMemberships.$inferInsert): Promise<ProjectMembershipRow> {
    return withDuplicateErrors(async () => {
      const [row] = await this.db.insert(projectMemberships).values(membership).returning();
      return row as ProjectMembershipRow;
    });
  }

  /** Adds the membership, or keeps the existing one as it is. */
  async ensureMembership(projectId: number, userId: string): Promise<ProjectMembershipRow> {
    await this.db.insert(projectMemberships).values({ projectId, userId }).onConflictDoNothing();
    const [row] = await this.db
      .select()
      .from(projectMemberships)
      .where(and(eq(projectMemberships.projectId, projectId), eq(projectMemberships.userId, userId)));
    return row as ProjectMembershipRow;
  }

  async updateMembership(id: string, flags: Partial<ProjectMemberFlags>): Promise<ProjectMembershipRow> {
    const [row] = await this.db.update(projectMemberships).set(flags).where(eq(projectMemberships.id, id)).returning();
    return row as ProjectMembershipRow;
  }

  async deleteMembership(id: string): Promise<void> {
    await this.db.delete(projectMemberships).where(eq(projectMemberships.id, id));
  }

  /**
   * For each project: the active meters feeding its series through a datasource open at `now`, those of them seen
   * within three of their intervals, and its series' newest value's time. One statement for all the projects.
   */
  async onlineStates(projectIds: readonly number[], now: Date): Promise<ProjectOnlineRow[]> {
    if (projectIds.length === 0) return [];
    const ids = sql`(${sql.join(
      projectIds.map((id) => sql`${id}`),
      sql`, `,
    )})`;
    const at = sql`${now.toISOString()}::timestamptz`;
    const rows = await this.db.execute<{
      project_id: number;
      meters_online: number;
      meters_total: number;
      latest_reading_at: string | Date | null;
      offline_at: string | Date | null;
    }>(sql`
      with feeding as (
        select distinct s.project_id, m.id, m.last_seen_at, coalesce(m.interval_seconds, ${defaultMeterIntervalSeconds}) as interval_seconds
        from series s
        join series_datasources d on d.series_id = s.id
        join meters m on m.id = d.meter_id
        where s.project_id in ${ids} and m.active and not m.in_storage
          and (d.start_at is null or d.start_at < ${at} or (d.start_inclusive and d.start_at = ${at}))
          and (d.end_at is null or d.end_at > ${at} or (d.end_inclusive and d.end_at = ${at}))
      ),
      meter_counts as (
        select project_id, count(*)::int as meters_total,
          (count(*) filter (where last_seen_at >= ${at} - make_interval(secs => 3 * interval_seconds)))::int
            as meters_online,
          min(last_seen_at + make_interval(secs => 3 * interval_seconds))
            filter (where last_seen_at >= ${at} - make_interval(secs => 3 * interval_seconds)) as offline_at
        from feeding group by project_id
      ),
      latest as (
        select s.project_id, max(l.time) as latest_reading_at
        from series s join series_latest l on l.series_id = s.id
        where s.project_id in ${ids} group by s.project_id
      )
      select coalesce(c.project_id, l.project_id) as project_id, coalesce(c.meters_online, 0) as meters_online,
        coalesce(c.meters_total, 0) as meters_total, l.latest_reading_at, c.offline_at
      from meter_counts c full join latest l on l.project_id = c.project_id`);
    return rows.map((row) => ({
      projectId: Number(row.project_id),
      metersOnline: Number(row.meters_online),
      metersTotal: Number(row.meters_total),
      latestReadingAt: row.latest_reading_at === null ? null : new Date(row.latest_reading_at),
      offlineAt: row.offline_at === null ? null : new Date(row.offline_at),
    }));
  }

  /**
   * For each project, the hourly averages of its series of `dataTypes` over the `hours` whole hours up to `now`'s,
   * from the hourly rollup: at most `dataTypes` × `hours` values a project, one statement for all the projects.
   */
  async recentTrends(
    projectIds: readonly number[],
    dataTypes: readonly string[],
    now: Date,
    hours: number,
  ): Promise<ProjectTrendRow[]> {
    if (projectIds.length === 0 || dataTypes.length === 0) return [];
    const list = (values: ReadonlyArray<string | number>) =>
      sql`(${sql.join(
        values.map((value) => sql`${value}`),
        sql`, `,
      )})`;
    const rows = await this.db.execute<{
      project_id: number;
      data_type: string;
      hour: string | Date;
      value: number;
    }>(sql`
      select s.project_id, s.data_type, r.hour, sum(r.sum) / sum(r.count) as value
      from series s join series_rollup_hour r on r.series_id = s.id
      where s.project_id in ${list(projectIds)} and s.data_type in ${list(dataTypes)}
        and r.hour > date_trunc('hour', ${now.toISOString()}::timestamptz) - make_interval(hours => ${hours})
        and r.hour <= ${now.toISOString()}::timestamptz and r.count > 0
      group by s.project_id, s.data_type, r.hour
      order by s.project_id, s.data_type, r.hour`);
    const trends = new Map<string, ProjectTrendRow>();
    for (const row of rows) {
      const key = `${row.project_id} ${row.data_type}`;
      let trend = trends.get(key);
      if (!trend) {
        trend = { projectId: Number(row.project_id), dataType: row.data_type, hours: [], values: [] };
        trends.set(key, trend);
      }
      trend.hours.push(new Date(row.hour));
      trend.values.push(Number(row.value));
    }
    return [...trends.values()];
  }
}
