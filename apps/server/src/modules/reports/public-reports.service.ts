import {
  emptyReportContent,
  parseReportContent,
  type ReportContent,
  reportCoverContentSchema,
  reportDataslotInstants,
  reportDataslotsSchema,
  reportRange,
  reportReferencedSeries,
  uuidSchema,
  walkReportElements,
} from '@olo/shared';
import { AppError } from '../../shared/errors.ts';
import type { RateLimiter } from '../../shared/rate-limits.ts';
import type { AttachmentRow } from '../attachments/attachments.repository.ts';
import { type AttachmentsService, isFileOfProject, isLogoOfOrganization } from '../attachments/attachments.service.ts';
import type { DataRequest } from '../data/data.schema.ts';
import type { DataService, ProjectDataAnswer, TimeSpan } from '../data/data.service.ts';
import type { PublicReportsRepository, PublishedReportRow } from './public-reports.repository.ts';
import { storedPeriod } from './reports.model.ts';

/** One answer for an unknown id, an unpublished report, an old link and whatever the report does not show. */
const notFound = () => new AppError('NOT_FOUND', 'Not found');

/** The attachments a report shows: its image tours' images and its cover's logo (its public link's and its PDF's). */
export function shownAttachmentIds(content: ReportContent, coverLogoId: string | null): Set<string> {
  const ids = new Set<string>();
  walkReportElements(content.elements, (element) => {
    if (element.kind === 'imageTour') for (const image of element.images) ids.add(image.attachmentId);
  });
  if (coverLogoId) ids.add(coverLogoId);
  return ids;
}

/**
 * The times a report shows (epoch seconds): its range and its data slots' ranges. A data slot that
 * no longer parses is left out, as the report leaves it out.
 */
function reportSpans(report: PublishedReportRow, now: Date): TimeSpan[] {
  const seconds = (time: Date | string) => Math.floor(new Date(time).getTime() / 1000);
  const range = reportRange(
    { from: new Date(report.from), to: new Date(report.to), period: storedPeriod(report.period) },
    now,
    report.timeZone,
  );
  const spans = [{ from: seconds(range.from), to: seconds(range.to) }];
  const slots = reportDataslotsSchema.safeParse(report.dataslots);
  // Relative slots lie inside the report's range whatever the zone; fixed ones where their dates say.
  if (slots.success) {
    for (const slot of slots.data) {
      const instants = reportDataslotInstants(slot.range, range, 'UTC');
      spans.push({ from: seconds(new Date(instants.from)), to: seconds(new Date(instants.to)) });
    }
  }
  return spans;
}

/**
 * What the public link of a published report reaches besides its GraphQL query: the data of the
 * series and spaces its content references over the times it shows, and the files it shows;
 * nothing else of its project.
 * Anonymous, so rate limited per client address.
 */
export class PublicReportsService {
  constructor(
    private readonly deps: {
      repository: PublicReportsRepository;
      data: DataService;
      attachments: AttachmentsService;
      rateLimits: RateLimiter;
      now?: () => Date;
    },
  ) {}

  /** The data API's answer for the report's project with only its referenced series and spaces. */
  async data(publicId: string, request: DataRequest, client: { ip?: string }): Promise<ProjectDataAnswer> {
    const report = await this.published(publicId, client);
    if (request.projectId !== report.projectId) throw notFound();
    const content = this.content(report);
    const answer = await this.deps.data.selectedProjectData(
      request,
      (lists) => reportReferencedSeries(content, lists),
      reportSpans(report, this.deps.now?.() ?? new Date()),
    );
    // A rolling period moves the times shown under the same address: a month answered empty today is shown next month.
    if (storedPeriod(report.period) === null) return answer;
    return { ...answer, caching: { ...answer.caching, immutable: false } };
  }

  /** A file the report's image tours or its cover show, if it still belongs where they may show it from. */
  async attachment(publicId: string, attachmentId: string, client: { ip?: string }): Promise<AttachmentRow> {
    const report = await this.published(publicId, client);
    const logoId = this.coverLogoId(report);
    if (!uuidSchema.safeParse(attachmentId).success) throw notFound();
    if (!shownAttachmentIds(this.content(report), logoId).has(attachmentId)) throw notFound();
    const attachment = await this.deps.attachments.byId(attachmentId);
    if (!attachment) throw notFound();
    // A tour shows files of its own project (or its organization); a cover its organization's logo.
    const ofProject = isFileOfProject(attachment, {
      id: report.projectId,
      organizationId: report.projectOrganizationId,
    });
    const ofCover = attachmentId === logoId && isLogoOfOrganization(attachment, report.coverOrganizationId);
    if (!ofProject && !ofCover) throw notFound();
    return attachment;
  }

  filePath(attachment: AttachmentRow): string {
    return this.deps.attachments.filePath(attachment);
  }

  private async published(publicId: string, client: { ip?: string }): Promise<PublishedReportRow> {
    this.deps.rateLimits.take(['publicReportPerIp', client.ip]);
    if (!uuidSchema.safeParse(publicId).success) throw notFound();
    const report = await this.deps.repository.published(publicId.toLowerCase());
    if (!report) throw notFound();
    return report;
  }

  /** Content that no longer parses shows nothing, so it references nothing. */
  private content(report: PublishedReportRow): ReportContent {
    const parsed = parseReportContent(report.content);
    return parsed.success ? parsed.data : emptyReportContent;
  }

  private coverLogoId(report: PublishedReportRow): string | null {
    if (report.cover === null) return null;
    const parsed = reportCoverContentSchema.safeParse(report.cover);
    return parsed.success ? parsed.data.logoAttachmentId : null;
  }
}
