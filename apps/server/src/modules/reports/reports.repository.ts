import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { organizationChain } from '../../db/organization-chain.ts';
import { alarmStates, alarms, alarmsTriggered, organizations, projects, reports } from '../../db/tables/index.ts';
import type { ProjectRow } from '../projects/projects.repository.ts';
import type { SeriesRow } from '../series/series.repository.ts';
import type { SpaceRow } from '../spaces/spaces.repository.ts';

export type ReportRow = typeof reports.$inferSelect;
export type NewReport = Omit<typeof reports.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'version'>;
export type ReportChanges = Partial<
  Pick<
    ReportRow,
    | 'name'
    | 'content'
    | 'dataslots'
    | 'from'
    | 'to'
    | 'period'
    | 'landscape'
    | 'coverId'
    | 'printtemplateId'
    | 'template'
    | 'summary'
    | 'published'
    | 'publicId'
  >
>;
/** A report context's spaces and series are the project's own rows (the spaces and series repositories read them). */
export type ReportSpaceRow = SpaceRow;
export type ReportSeriesRow = SeriesRow;
export type ReportProjectRow = ProjectRow & { organizationName: string };

export interface ReportTemplateRow {
  id: number;
  name: string;
  projectId: number;
  projectName: string;
  organizationName: string;
  updatedAt: Date;
}

export interface ReportEpisode {
  id: string;
  alarmName: string;
  seriesId: number;
  time: Date;
  endAt: Date | null;
  /** The closed episode's stored peak, or the open one's running peak (alarm_states). */
  peak: number | null;
}

/** The organization and the organizations above it, as a subquery; covers and print templates read it too. */
export const chainOf = (organizationId: string) =>
  sql`(with recursive ${organizationChain(sql`(${organizationId})`)} select id from chain)`;

/** Reports, with the organization chain reads they need (their covers and print templates have repositories of their own). */
export class ReportsRepository {
  constructor(private readonly db: Db) {}

  /** A project's reports by name; `summaryOnly` keeps those flagged summary. */
  listByProject(projectId: number, summaryOnly = false): Promise<ReportRow[]> {
    return this.db
      .select()
      .from(reports)
      .where(and(eq(reports.projectId, projectId), summaryOnly ? eq(reports.summary, true) : undefined))
      .orderBy(asc(sql`lower(${reports.name})`), asc(reports.id));
  }

  /** A project's published reports flagged summary, by name: what its public page links to (decision 0168). */
  /** A project's published reports by name; only those flagged summary when `summaryOnly`. */
  listPublished(projectId: number, summaryOnly: boolean): Promise<ReportRow[]> {
    return this.db
      .select()
      .from(reports)
      .where(
        and(
          eq(reports.projectId, projectId),
          eq(reports.published, true),
          summaryOnly ? eq(reports.summary, true) : undefined,
        ),
      )
      .orderBy(asc(sql`lower(${reports.name})`), asc(reports.id));
  }

  async findById(id: number): Promise<ReportRow | undefined> {
    const [row] = await this.db.select().from(reports).where(eq(reports.id, id));
    return row;
  }

  /** A published report by its current public id; an unpublished one or an older id finds nothing. */
  async findPublished(publicId: string): Promise<ReportRow | undefined> {
    const [row] = await this.db
      .select()
      .from(reports)
      .where(and(eq(reports.publicId, publicId), eq(reports.published, true)));
    return row;
  }

  async insert(report: NewReport): Promise<ReportRow> {
    const [row] = await this.db.insert(reports).values(report).returning();
    return row as ReportRow;
  }

  /**
   * Changes a report, only if it still has `expectedVersion` (when given); undefined when it is gone
   * or newer. `raiseVersion` false for changes that leave what the report shows as it is (publishing).
   */
  async update(
    id: number,
    changes: ReportChanges,
    expectedVersion?: number,
    raiseVersion = true,
  ): Promise<ReportRow | undefined> {
    const [row] = await this.db
      .update(reports)
      .set({ ...changes, ...(raiseVersion ? { version: sql`${reports.version} + 1` } : {}), updatedAt: new Date() })
      .where(and(eq(reports.id, id), expectedVersion === undefined ? undefined : eq(reports.version, expectedVersion)))
      .returning();
    return row;
  }

  async delete(id: number): Promise<void> {
    await this.db.delete(reports).where(eq(reports.id, id));
  }

  /** The time zones of projects by id, in which their reports' rolling periods are read. */
  async timeZones(projectIds: number[]): Promise<Map<number, string>> {
    const rows = await this.db
      .select({ id: projects.id, timeZone: projects.timeZone })
      .from(projects)
      .where(inArray(projects.id, projectIds));
    return new Map(rows.map((row) => [row.id, row.timeZone]));
  }

  /** Projects with their organization's name, for the reports' contexts. */
  async projectsWithOrganization(projectIds: number[]): Promise<ReportProjectRow[]> {
    if (projectIds.length === 0) return [];
    const rows = await this.db
      .select({ project: projects, organizationName: organizations.name })
      .from(projects)
      .innerJoin(organizations, eq(organizations.id, projects.organizationId))
      .where(inArray(projects.id, projectIds));
    return rows.map((row) => ({ ...row.project, organizationName: row.organizationName }));
  }

  /** Whether `organizationId` is `descendantId` or one of its ancestors. */
  async isInChain(organizationId: string, descendantId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ found: sql<boolean>`${organizationId}::uuid in ${chainOf(descendantId)}` })
      .from(sql`(select 1) as one`);
    return Boolean(row?.found);
  }

  /** Reports flagged template in projects of the organization's chain (`ownOnly`: of the organization itself). */
  templates(organizationId: string, ownOnly = false): Promise<ReportTemplateRow[]> {
    return this.db
      .select({
        id: reports.id,
        name: reports.name,
        projectId: reports.projectId,
        projectName: projects.name,
        organizationName: organizations.name,
        updatedAt: reports.updatedAt,
      })
      .from(reports)
      .innerJoin(projects, eq(projects.id, reports.projectId))
      .innerJoin(organizations, eq(organizations.id, projects.organizationId))
      .where(
        and(
          eq(reports.template, true),
          ownOnly
            ? eq(projects.organizationId, organizationId)
            : sql`${projects.organizationId} in ${chainOf(organizationId)}`,
        ),
      )
      .orderBy(asc(sql`lower(${reports.name})`), asc(reports.id));
  }

  /** A template by id, if it is one of a project in the organization's chain. */
  async templateInChain(id: number, organizationId: string): Promise<ReportRow | undefined> {
    const [row] = await this.db
      .select({ report: reports })
      .from(reports)
      .innerJoin(projects, eq(projects.id, reports.projectId))
      .where(
        and(
          eq(reports.id, id),
          eq(reports.template, true),
          sql`${projects.organizationId} in ${chainOf(organizationId)}`,
        ),
      );
    return row?.report;
  }

  /**
   * Alarm episodes of these series overlapping [from, to) (an open one overlaps everything after
   * its start), by start. One statement for every report of a request.
   */
  episodes(seriesIds: number[], from: Date, to: Date): Promise<ReportEpisode[]> {
    if (seriesIds.length === 0) return Promise.resolve([]);
    return this.db
      .select({
        id: alarmsTriggered.id,
        alarmName: alarms.name,
        seriesId: alarmsTriggered.seriesId,
        time: alarmsTriggered.time,
        endAt: alarmsTriggered.endAt,
        peak: sql<number | null>`coalesce(${alarmsTriggered.peak}, ${alarmStates.peak})`,
      })
      .from(alarmsTriggered)
      .innerJoin(alarms, eq(alarms.id, alarmsTriggered.alarmId))
      .leftJoin(alarmStates, and(isNull(alarmsTriggered.endAt), eq(alarmStates.triggeredId, alarmsTriggered.id)))
      .where(
        and(
          inArray(alarmsTriggered.seriesId, seriesIds),
          lt(alarmsTriggered.time, to),
          or(isNull(alarmsTriggered.endAt), gt(alarmsTriggered.endAt, from)),
        ),
      )
      .orderBy(asc(alarmsTriggered.time), asc(alarmsTriggered.id));
  }
}
