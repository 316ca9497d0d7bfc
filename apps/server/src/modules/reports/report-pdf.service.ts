import fs from 'node:fs/promises';
import {
  type Language,
  periodSettleMs,
  printTemplateStyle,
  reportCoverContentSchema,
  reportDataslotInstants,
  reportDataslotsSchema,
} from '@olo/shared';
import { isRenderFailure, type PdfAnswer, type PdfJob, type PdfRequest } from '../../channels/pdf/pdf-job.ts';
import type { InProcessQuery } from '../../graphql/in-process.ts';
import { appErrorBody } from '../../http/error-answers.ts';
import { ByteBoundedCache } from '../../shared/byte-bounded-cache.ts';
import { AppError, httpStatusOf, parseInput } from '../../shared/errors.ts';
import type { RateLimiter } from '../../shared/rate-limits.ts';
import type { ViewerAccess } from '../access/access.policy.ts';
import type { AttachmentRow } from '../attachments/attachments.repository.ts';
import { type AttachmentsService, isLogoOfOrganization } from '../attachments/attachments.service.ts';
import { dataRequestSchema } from '../data/data.schema.ts';
import { type DataService, type ProjectDataAnswer, StaleDataIdError } from '../data/data.service.ts';
import { type PublicReportsService, shownAttachmentIds } from './public-reports.service.ts';
import { boundPrintImages, isPrintableImage } from './report-pdf.images.ts';
import { printPublicReportQuery, printReportQuery } from './report-pdf.query.ts';
import { printFooterTemplate, printHeaderTemplate, printMargin } from './report-pdf.templates.ts';
import type { PrintTemplateRow, ReportCoverRow, ReportsRepository } from './reports.repository.ts';
import type { Report, ReportsService } from './reports.service.ts';

/** A finished PDF and the name it is downloaded under. */
export interface ReportPdf {
  body: Buffer;
  filename: string;
}

/** PDFs kept in memory, least recently asked first out (a 10-page report with graphs is about 1 MB). */
export const reportPdfCacheBytes = 64 * 1024 * 1024;

/** A report still receiving values is printed again after this long (ms) even when nothing else changed. */
export const livePdfKeptMs = 60_000;

/**
 * A render that failed by its own doing (over its time, too long; `isRenderFailure`) is answered with the same error
 * for this long (ms) while nothing it shows changed, rather than tying up a page again (decision 0140).
 */
export const failedPdfKeptMs = 60_000;

/** Failed renders remembered at once; the oldest is forgotten first. */
export const failedPdfsMax = 1000;

const notFound = () => new AppError('NOT_FOUND', 'Not found');

const dataPathPattern = /^\/(?:api\/data|api\/public-reports\/[^/]+\/data)\/([^/]+)\/([^/]+)\/([^/]+)\/([^/]+)$/;
const attachmentPathPattern = /^\/(?:api\/attachments|api\/public-reports\/[^/]+\/attachments)\/([^/]+)$/;

/** How the print page's requests are answered in-process: the report's data and images with the report's own access. */
interface PrintAccess {
  /** The report's project: the only one whose data the page is answered (decision 0143). */
  projectId: number;
  /** The files the report shows (`shownAttachmentIds`): the only ones the page is answered. */
  attachmentIds: ReadonlySet<string>;
  dataPath: string;
  attachmentBase: string;
  data(input: ReturnType<typeof dataRequestSchema.parse>): Promise<ProjectDataAnswer>;
  attachment(id: string): Promise<AttachmentRow>;
}

function errorAnswer(error: unknown): PdfAnswer {
  if (error instanceof StaleDataIdError) {
    return {
      status: 409,
      contentType: 'application/json',
      body: JSON.stringify({ error: error.message, dataId: error.currentDataId }),
    };
  }
  if (error instanceof AppError) {
    return { status: httpStatusOf(error), contentType: 'application/json', body: JSON.stringify(appErrorBody(error)) };
  }
  throw error;
}

/** The attachment id of a cover's logo, if it has one. */
function coverLogoId(cover: ReportCoverRow | undefined): string | null {
  const parsed = cover ? reportCoverContentSchema.safeParse(cover.cover) : null;
  return parsed?.success ? (parsed.data.logoAttachmentId ?? null) : null;
}

/** The last instant (epoch ms) a report shows: its range's end or a later data slot's. */
function lastShownTime(report: Pick<Report, 'from' | 'to' | 'dataslots'>): number {
  let last = new Date(report.to).getTime();
  const slots = reportDataslotsSchema.safeParse(report.dataslots);
  // Relative slots end inside the report's range whatever the zone; only fixed dates reach past it.
  if (slots.success)
    for (const slot of slots.data) last = Math.max(last, reportDataslotInstants(slot.range, report, 'UTC').to);
  return last;
}

/**
 * A report as PDF (decision 0129): the web app's print page (`/print/report`) drawing the report with the same
 * components as the screen, printed by the PDF renderer, its data and images answered in-process with the access
 * of whoever asks (a member's rights, or the published report's own) so that Chromium holds no session or token.
 * PDFs are kept by report version, project data id, cover and print template and language (`cacheKey`).
 */
export class ReportPdfService {
  private readonly cache = new ByteBoundedCache<Buffer>(reportPdfCacheBytes);
  /** Renders under way by cache key: a second request for the same PDF waits for the first. */
  private readonly rendering = new Map<string, Promise<Buffer>>();
  /** Renders that failed by their own doing, by cache key, with when their error expires (epoch ms). */
  private readonly failed = new Map<string, { error: unknown; until: number }>();

  constructor(
    private readonly deps: {
      reports: ReportsService;
      repository: ReportsRepository;
      publicReports: PublicReportsService;
      data: DataService;
      attachments: AttachmentsService;
      rateLimits: RateLimiter;
      /** A signed-out visitor's rights. */
      visitor: () => ViewerAccess;
      /** The PDF renderer's `render`. */
      render: (job: PdfJob) => Promise<Buffer>;
      /** Runs one of the report queries in-process with the given rights (`graphql/in-process.ts`). */
      query: InProcessQuery;
      /** This server's own address for the renderer's page, e.g. `http://127.0.0.1:3000`. */
      baseUrl: () => string;
      now?: () => number;
    },
  ) {}

  /**
   * A report its viewer may see (project.viewReports), in `language`; `fresh` renders again (site admins only).
   * Counted per account and per address (`ip`) before anything is read.
   */
  async memberPdf(
    access: ViewerAccess,
    id: number,
    language: Language,
    options: { fresh?: boolean; ip?: string } = {},
  ): Promise<ReportPdf> {
    this.deps.rateLimits.take(['reportPdfPerAccount', access.user?.id], ['reportPdfPerIp', options.ip]);
    const report = await this.deps.reports.byId(access, id);
    if (!report) throw notFound();
    const facts = await this.facts(report);
    const key = this.cacheKey('member', report, facts, language);
    const body = await this.cached(key, options.fresh === true && access.isSiteAdmin, async () => {
      const answer = (await this.deps.query(access, printReportQuery, { id })).report;
      if (!answer) throw notFound();
      return this.print(answer, report, facts, language, {
        dataPath: '/api/data',
        attachmentBase: '/api/attachments',
        data: (input) => this.deps.data.projectData(access, input),
        attachment: (attachmentId) => this.deps.attachments.readable(access, attachmentId),
      });
    });
    return { body, filename: `${report.name}.pdf` };
  }

  /** A published report by its current public id, for anybody; 404 unless published under that id. */
  async publicPdf(publicIdAsked: string, language: Language, client: { ip?: string }): Promise<ReportPdf> {
    this.deps.rateLimits.take(['publicReportPdfPerIp', client.ip]);
    const publicId = publicIdAsked.toLowerCase();
    const report = await this.deps.reports.byPublicId(publicId);
    const facts = await this.facts(report);
    const key = this.cacheKey(`public:${publicId}`, report, facts, language);
    const body = await this.cached(key, false, async () => {
      // Nobody's rights: the public query checks publication itself and lists only what the report shows.
      const answer = (await this.deps.query(this.deps.visitor(), printPublicReportQuery, { publicId })).publicReport;
      if (!answer) throw notFound();
      const base = `/api/public-reports/${publicId}`;
      return this.print(answer, report, facts, language, {
        dataPath: `${base}/data`,
        attachmentBase: `${base}/attachments`,
        // The request for the PDF was counted; the page's own requests are not counted again.
        data: (input) => this.deps.publicReports.data(publicId, input, {}),
        attachment: (attachmentId) => this.deps.publicReports.attachment(publicId, attachmentId, {}),
      });
    });
    return { body, filename: `${report.name}.pdf` };
  }

  /** What the PDF depends on besides the report row: its project's data id and organization, cover and print template. */
  private async facts(report: Report) {
    const [projects, cover, template] = await Promise.all([
      this.deps.repository.projectsWithOrganization([report.projectId]),
      report.coverId === null ? undefined : this.deps.repository.findCover(report.coverId),
      report.printtemplateId === null ? undefined : this.deps.repository.findPrintTemplate(report.printtemplateId),
    ]);
    const project = projects[0];
    if (!project) throw notFound();
    return { project, cover, template };
  }

  private cacheKey(
    audience: string,
    report: Report,
    facts: { project: { dataId: string }; cover: ReportCoverRow | undefined; template: PrintTemplateRow | undefined },
    language: Language,
  ): string {
    const now = this.now();
    // Values of a period that has not settled may change under the same data id (decision 0129).
    const live = lastShownTime(report) + periodSettleMs > now ? Math.floor(now / livePdfKeptMs) : 'settled';
    return [
      audience,
      report.id,
      report.version,
      facts.project.dataId,
      facts.cover?.updatedAt.toISOString() ?? '-',
      facts.template?.updatedAt.toISOString() ?? '-',
      language,
      live,
    ].join('|');
  }

  private async cached(key: string, fresh: boolean, render: () => Promise<Buffer>): Promise<Buffer> {
    const kept = fresh ? undefined : this.cache.get(key);
    if (kept) return kept;
    const failure = fresh ? undefined : this.failed.get(key);
    if (failure && failure.until > this.now()) throw failure.error;
    let pending = fresh ? undefined : this.rendering.get(key);
    if (!pending) {
      pending = render();
      this.rendering.set(key, pending);
      const done = pending;
      void done.then(
        (pdf) => {
          if (this.rendering.get(key) === done) this.rendering.delete(key);
          this.cache.set(key, pdf, pdf.length);
        },
        (error: unknown) => {
          if (this.rendering.get(key) === done) this.rendering.delete(key);
          if (isRenderFailure(error)) this.rememberFailure(key, error);
        },
      );
    }
    return pending;
  }

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }

  /** Keeps a failure for `failedPdfKeptMs`; expired ones, and the oldest beyond `failedPdfsMax`, go first. */
  private rememberFailure(key: string, error: unknown): void {
    const now = this.now();
    this.failed.delete(key);
    for (const [kept, { until }] of this.failed) {
      if (until <= now || this.failed.size >= failedPdfsMax) this.failed.delete(kept);
      else break;
    }
    this.failed.set(key, { error, until: now + failedPdfKeptMs });
  }

  /**
   * The cover's logo inline (a header template loads nothing): a raster image of at most 256 KB and within
   * `printImageBounds` (decision 0141), else null. Only a file of the cover's own organization, as the public link
   * serves it: a logo stored before that rule, naming another tenant's file, prints nothing.
   */
  private async logoDataUri(cover: ReportCoverRow | undefined): Promise<string | null> {
    const logoId = coverLogoId(cover);
    if (!cover || !logoId) return null;
    const attachment = await this.deps.attachments.byId(logoId);
    if (
      !attachment ||
      !isLogoOfOrganization(attachment, cover.organizationId) ||
      !/^image\/(png|jpeg|gif|webp)$/.test(attachment.contentType) ||
      attachment.size > 256 * 1024
    ) {
      return null;
    }
    const bytes = await fs.readFile(this.deps.attachments.filePath(attachment)).catch(() => null);
    return bytes && isPrintableImage(bytes)
      ? `data:${attachment.contentType};base64,${bytes.toString('base64')}`
      : null;
  }

  private async print(
    answer: unknown,
    report: Report,
    facts: {
      project: { organizationId: string; organizationName: string; name: string; timeZone: string };
      cover: ReportCoverRow | undefined;
      template: PrintTemplateRow | undefined;
    },
    language: Language,
    reach: Omit<PrintAccess, 'projectId' | 'attachmentIds'>,
  ): Promise<Buffer> {
    const access: PrintAccess = {
      ...reach,
      projectId: report.projectId,
      attachmentIds: shownAttachmentIds(report.content, coverLogoId(facts.cover)),
    };
    const template = facts.template;
    const values = {
      reportName: report.name,
      projectName: facts.project.name,
      organizationName: facts.project.organizationName,
      from: report.from,
      to: report.to,
      timeZone: facts.project.timeZone,
      language,
      logo: template ? await this.logoDataUri(facts.cover) : null,
    };
    const baseUrl = this.deps.baseUrl();
    return this.deps.render({
      url: `${baseUrl}/print/report`,
      // Each organization's PDFs wait in a queue of their own, served in turn (decision 0140).
      tenant: facts.project.organizationId,
      init: {
        report: answer,
        sources: { dataPath: access.dataPath, attachmentBase: access.attachmentBase },
        language,
        margin: printMargin(template),
        css: template ? boundPrintImages(printTemplateStyle(template)) : '',
      },
      intercept: (request) => this.answer(request, baseUrl, access),
      readySelector: '[data-report-ready="true"]',
      pdf: {
        landscape: report.landscape,
        margin: printMargin(template),
        headerTemplate: boundPrintImages(printHeaderTemplate(template, values)),
        footerTemplate: boundPrintImages(printFooterTemplate(template, values)),
        coverSeparate: report.coverId !== null,
      },
      metadata: { title: report.name, author: facts.project.organizationName, created: new Date() },
    });
  }

  /**
   * The print page's requests: its report's own project's data and the files it shows answered in-process, any other
   * data, file or API route answered 404, the rest left to the renderer, which lets through only the built app's
   * own files (decision 0143); nothing elsewhere is reached (a print template's CSS or HTML reaches no other address).
   */
  private async answer(request: PdfRequest, baseUrl: string, access: PrintAccess): Promise<PdfAnswer | null> {
    const url = new URL(request.url);
    if (url.origin !== new URL(baseUrl).origin) {
      return url.protocol === 'data:' ? null : { status: 404, contentType: 'text/plain', body: 'Not found' };
    }
    if (request.method !== 'GET') return null;
    const data = dataPathPattern.exec(url.pathname);
    if (data && url.pathname.startsWith(access.dataPath)) {
      const [, projectId, period, dataId, slotSeconds] = data;
      try {
        const input = parseInput(dataRequestSchema, { projectId, period, dataId, slotSeconds });
        // Another project's data is not this report's to show, even where its asker may read it.
        if (input.projectId !== access.projectId) throw notFound();
        const answer = await access.data(input);
        return { status: 200, contentType: 'application/json; charset=utf-8', body: answer.body };
      } catch (error) {
        return errorAnswer(error);
      }
    }
    const attachment = attachmentPathPattern.exec(url.pathname);
    if (attachment && url.pathname.startsWith(access.attachmentBase)) {
      try {
        const id = decodeURIComponent(attachment[1] ?? '');
        if (!access.attachmentIds.has(id)) throw notFound();
        const row = await access.attachment(id);
        const body = await fs.readFile(this.deps.attachments.filePath(row));
        return { status: 200, contentType: row.contentType, body };
      } catch (error) {
        return errorAnswer(error);
      }
    }
    // Other member or public routes are not the print page's to ask.
    if (url.pathname.startsWith('/api/'))
      return { status: 404, contentType: 'application/json', body: '{"error":"Not found"}' };
    return null;
  }
}
