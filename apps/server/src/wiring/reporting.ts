import { PdfRenderer } from '../channels/pdf/pdf-renderer.ts';
import type { AccessPolicy } from '../modules/access/access.policy.ts';
import type { AttachmentsService } from '../modules/attachments/attachments.service.ts';
import type { DataService } from '../modules/data/data.service.ts';
import type { JobQueue } from '../modules/jobs/jobs.service.ts';
import { PrintTemplatesService } from '../modules/print-templates/print-templates.service.ts';
import { ReportCoversService } from '../modules/report-covers/report-covers.service.ts';
import { ReportPdfService } from '../modules/report-pdf/report-pdf.service.ts';
import { ReportSchedulesService } from '../modules/report-schedules/report-schedules.service.ts';
import { PublicReportsService } from '../modules/reports/public-reports.service.ts';
import { ReportContextService } from '../modules/reports/report-context.service.ts';
import { ReportsService } from '../modules/reports/reports.service.ts';
import type { RateLimiter } from '../shared/rate-limits.ts';
import type { ServicesDeps } from './services.ts';

/**
 * The reports: their services, the one Chromium that prints every PDF (started by the first one, decision 0127), and
 * the schedules that mail them (decision 0196).
 */
export function createReporting(
  deps: ServicesDeps,
  built: {
    access: AccessPolicy;
    attachments: AttachmentsService;
    data: DataService;
    jobs: JobQueue;
    rateLimits: RateLimiter;
  },
) {
  const { config, logger, repositories, mailer, closers } = deps;
  const { access, attachments, rateLimits } = built;
  const pdf = new PdfRenderer({
    chromiumPath: config.chromiumPath,
    pages: config.pdfPages,
    queueMax: config.pdfQueueMax,
    tenantQueueMax: config.pdfTenantQueueMax,
    queueWaitMs: config.pdfQueueWaitMs,
    timeoutMs: config.pdfTimeoutMs,
    logger,
  });
  closers.add(() => pdf.close());
  const reports = new ReportsService({
    repository: repositories.reports,
    spaces: repositories.spaces,
    series: repositories.series,
    covers: repositories.reportCovers,
    printTemplates: repositories.printTemplates,
    attachments,
  });
  const reportPdf = new ReportPdfService({
    reports,
    repository: repositories.reports,
    covers: repositories.reportCovers,
    printTemplates: repositories.printTemplates,
    attachments,
    rateLimits,
    visitor: () => access.forViewer(null),
    render: (job) => pdf.render(job),
    server: () => deps.printPage.get(),
    baseUrl: () => deps.address.get(),
  });
  return {
    pdf,
    reports,
    reportPdf,
    publicReports: new PublicReportsService({
      repository: repositories.publicReports,
      data: built.data,
      attachments,
      rateLimits,
    }),
    reportContext: new ReportContextService({
      repository: repositories.reports,
      spaces: repositories.spaces,
      series: repositories.series,
    }),
    reportCovers: new ReportCoversService(repositories.reportCovers, attachments),
    printTemplates: new PrintTemplatesService(repositories.printTemplates),
    reportSchedules: new ReportSchedulesService({
      repository: repositories.reportSchedules,
      reports: repositories.reports,
      policy: access,
      jobs: built.jobs,
      mailer,
      pdf: (viewer, reportId, language, range) => reportPdf.scheduledPdf(viewer, reportId, language, range),
      rateLimits,
      logger,
      publicUrl: config.publicUrl,
      siteName: config.siteName,
      attachMaxBytes: config.reportAttachMaxBytes,
    }),
  };
}
