import fs from 'node:fs/promises';
import {
  attachmentUploadPath,
  defaultDataPath,
  type Language,
  type PeriodRange,
  periodKey,
  periodSettleMs,
  printTemplateStyle,
  reportCoverContentSchema,
  reportDataslotInstants,
  reportDataslotsSchema,
} from '@olo/shared';
import type { TypedQueryDocumentNode } from 'graphql';
import { isRenderFailure, type PdfAnswer, type PdfJob, type PdfRequest } from '../../channels/pdf/pdf-job.ts';
import { ByteBoundedCache } from '../../shared/byte-bounded-cache.ts';
import { AppError } from '../../shared/errors.ts';
import type { RateLimiter } from '../../shared/rate-limits.ts';
import type { ViewerAccess } from '../access/access.policy.ts';
import { type AttachmentsService, isLogoOfOrganization } from '../attachments/attachments.service.ts';
import type { PrintTemplateRow, PrintTemplatesRepository } from '../print-templates/print-templates.repository.ts';
import { printMargin } from '../print-templates/print-templates.service.ts';
import type { ReportCoverRow, ReportCoversRepository } from '../report-covers/report-covers.repository.ts';
import { publicReportPath } from '../reports/public-reports.paths.ts';
import { shownAttachmentIds } from '../reports/public-reports.service.ts';
import type { Report } from '../reports/reports.model.ts';
import type { ReportsRepository } from '../reports/reports.repository.ts';
import type { ReportsService } from '../reports/reports.service.ts';
import { PrintPublicReportDocument, PrintReportDocument } from './print-page.generated.ts';
import { boundPrintImages, isPrintableImage } from './report-pdf.images.ts';
import { printFooterTemplate, printHeaderTemplate } from './report-pdf.templates.ts';

/**
 * How the print page's own requests are answered in-process, through this server's schema and routes (bound in
 * wiring/http.ts once they exist): with the rights of whoever asked for the PDF, so that Chromium holds no session.
 */
export interface PrintPageServer {
  /** Runs a query of the schema with these rights, as a browser's request would (graphql/in-process.ts). */
  query<Data, Variables extends Record<string, unknown>>(
    access: ViewerAccess,
    document: TypedQueryDocumentNode<Data, Variables>,
    variables: Variables,
  ): Promise<Data>;
  /** Answers a GET of this server's routes with these rights, as the route answers a browser; nothing is counted. */
  get(access: ViewerAccess, path: string): Promise<PdfAnswer>;
}

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

/** What the print page reaches (decision 0143): the data and files routes it is given, for its report only. */
interface PrintReach {
  /** The data API's path the page is given (`ReportSources.dataPath`): it asks `{dataPath}/{projectId}/…`. */
  dataPath: string;
  /** The files' path the page is given (`ReportSources.attachmentBase`): it asks `{attachmentBase}/{id}`. */
  attachmentBase: string;
  /** Whose rights the routes answer with: the asker's, or a visitor's on a published report's own routes. */
  access: ViewerAccess;
  /** The report's project: the only one whose data the page is answered. */
  projectId: number;
  /** The files the report shows (`shownAttachmentIds`): the only ones the page is answered. */
  attachmentIds: ReadonlySet<string>;
}

const notFoundAnswer: PdfAnswer = { status: 404, contentType: 'application/json', body: '{"error":"Not found"}' };

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
 * PDFs are kept by report version and range, project data id, cover and print template and language (`cacheKey`).
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
      covers: ReportCoversRepository;
      printTemplates: PrintTemplatesRepository;
      attachments: AttachmentsService;
      rateLimits: RateLimiter;
      /** A signed-out visitor's rights. */
      visitor: () => ViewerAccess;
      /** The PDF renderer's `render`. */
      render: (job: PdfJob) => Promise<Buffer>;
      /** The schema and routes that answer the print page in-process. */
      server: () => PrintPageServer;
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
    return this.viewerPdf(access, id, language, options.fresh === true && access.isSiteAdmin);
  }

  /**
   * A scheduled mailing's PDF, rendered with its schedule owner's rights (project.viewReports); not counted against
   * the owner's own PDFs, as the report schedules bound their sendings per organization themselves.
   */
  scheduledPdf(access: ViewerAccess, id: number, language: Language, range: PeriodRange): Promise<ReportPdf> {
    return this.viewerPdf(access, id, language, false, range);
  }

  /** `range`: the period a sending mails, shown whatever the clock says when it is rendered (a retry after midnight). */
  private async viewerPdf(
    access: ViewerAccess,
    id: number,
    language: Language,
    fresh: boolean,
    range?: PeriodRange,
  ): Promise<ReportPdf> {
    const found = await this.deps.reports.byId(access, id);
    if (!found) throw notFound();
    const report = range ? { ...found, from: range.from, to: range.to } : found;
    const facts = await this.facts(report);
    const key = this.cacheKey(range ? `member:${periodKey(range)}` : 'member', report, facts, language);
    const body = await this.cached(key, fresh, async () => {
      const asked = (await this.deps.server().query(access, PrintReportDocument, { id })).report;
      if (!asked) throw notFound();
      const answer = range ? { ...asked, from: range.from.toISOString(), to: range.to.toISOString() } : asked;
      return this.print(answer, report, facts, language, {
        dataPath: defaultDataPath,
        attachmentBase: attachmentUploadPath,
        access,
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
      // Nobody's rights: the public query and routes check publication themselves and show only what the report shows.
      const visitor = this.deps.visitor();
      const answer = (await this.deps.server().query(visitor, PrintPublicReportDocument, { publicId })).publicReport;
      if (!answer) throw notFound();
      const base = publicReportPath(publicId);
      return this.print(answer, report, facts, language, {
        dataPath: `${base}/data`,
        attachmentBase: `${base}/attachments`,
        access: visitor,
      });
    });
    return { body, filename: `${report.name}.pdf` };
  }

  /** What the PDF depends on besides the report row: its project's data id and organization, cover and print template. */
  private async facts(report: Report) {
    const [projects, cover, template] = await Promise.all([
      this.deps.repository.projectsWithOrganization([report.projectId]),
      report.coverId === null ? undefined : this.deps.covers.find(report.coverId),
      report.printtemplateId === null ? undefined : this.deps.printTemplates.find(report.printtemplateId),
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
      // A rolling period moves the range without a new version.
      `${new Date(report.from).toISOString()}/${new Date(report.to).toISOString()}`,
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
    routes: Omit<PrintReach, 'projectId' | 'attachmentIds'>,
  ): Promise<Buffer> {
    const reach: PrintReach = {
      ...routes,
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
        sources: { dataPath: reach.dataPath, attachmentBase: reach.attachmentBase },
        language,
        margin: printMargin(template),
        css: template ? boundPrintImages(printTemplateStyle(template)) : '',
      },
      intercept: (request) => this.answer(request, baseUrl, reach),
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
   * The print page's requests: its report's own project's data and the files it shows answered in-process by their
   * routes, any other data, file or API route answered 404, the rest left to the renderer, which lets through only
   * the built app's own files (decision 0143); nothing elsewhere is reached (a print template's CSS or HTML reaches
   * no other address).
   */
  private async answer(request: PdfRequest, baseUrl: string, reach: PrintReach): Promise<PdfAnswer | null> {
    const url = new URL(request.url);
    if (url.origin !== new URL(baseUrl).origin) {
      return url.protocol === 'data:' ? null : { status: 404, contentType: 'text/plain', body: 'Not found' };
    }
    if (request.method !== 'GET') return null;
    // Other member or public routes are not the print page's to ask.
    if (!url.pathname.startsWith('/api/')) return null;
    if (!this.reaches(url.pathname, reach)) return notFoundAnswer;
    return this.deps.server().get(reach.access, url.pathname + url.search);
  }

  /** Another project's data is not this report's to show, even where its asker may read it; nor another file. */
  private reaches(pathname: string, reach: PrintReach): boolean {
    if (pathname.startsWith(`${reach.dataPath}/${reach.projectId}/`)) return true;
    if (!pathname.startsWith(`${reach.attachmentBase}/`)) return false;
    const id = pathname.slice(reach.attachmentBase.length + 1);
    try {
      return !id.includes('/') && reach.attachmentIds.has(decodeURIComponent(id));
    } catch {
      return false;
    }
  }
}
