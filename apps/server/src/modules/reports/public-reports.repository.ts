import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { projects, reportCovers, reports } from '../../db/tables/index.ts';

/** What the public link of a report needs to decide what it serves. */
export interface PublishedReportRow {
  id: number;
  projectId: number;
  projectOrganizationId: string;
  /** As stored: read through parseReportContent. */
  content: unknown;
  /** As stored: read through reportDataslotsSchema. */
  dataslots: unknown;
  from: Date;
  to: Date;
  /** As stored: read through storedPeriod; its range is read in the project's `timeZone`. */
  period: unknown;
  timeZone: string;
  /** The cover's design as stored (reportCoverContentSchema), and whose it is; null without a cover. */
  cover: unknown;
  coverOrganizationId: string | null;
}

/** Reads of the public report routes: a report only while it is published. */
export class PublicReportsRepository {
  constructor(private readonly db: Db) {}

  /** The published report with this public id; undefined when there is none or it is not published. */
  async published(publicId: string): Promise<PublishedReportRow | undefined> {
    const [row] = await this.db
      .select({
        id: reports.id,
        projectId: reports.projectId,
        projectOrganizationId: projects.organizationId,
        content: reports.content,
        dataslots: reports.dataslots,
        from: reports.from,
        to: reports.to,
        period: reports.period,
        timeZone: projects.timeZone,
        cover: reportCovers.cover,
        coverOrganizationId: reportCovers.organizationId,
      })
      .from(reports)
      .innerJoin(projects, eq(projects.id, reports.projectId))
      .leftJoin(reportCovers, eq(reportCovers.id, reports.coverId))
      .where(and(eq(reports.publicId, publicId), eq(reports.published, true)));
    return row;
  }
}
