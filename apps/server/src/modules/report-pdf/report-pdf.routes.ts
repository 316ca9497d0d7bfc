import { answerLanguage, type Language } from '@olo/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { downloadErrorAnswers, sendDownload } from '../../http/downloads.ts';
import { queryLanguage } from '../../http/error-answers.ts';
import { AppError } from '../../shared/errors.ts';
import { publicReportPath } from '../reports/public-reports.paths.ts';
import type { ReportPdfService } from './report-pdf.service.ts';
import { translateReportPdfError } from './report-pdf.texts.ts';

/** The PDF's language: `?lang=`, else the browser's (as a download's error answers pick theirs). */
const pdfLanguage = (request: FastifyRequest): Language =>
  answerLanguage(queryLanguage(request), request.headers['accept-language']);

const reportId = (value: string): number => {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw new AppError('NOT_FOUND', 'Not found');
  return id;
};

/**
 * GET /api/reports/{id}.pdf (a member's, with their session) and GET /api/public-reports/{publicId}.pdf (a published
 * report, signed out): the report as PDF, opened in the browser's viewer under the report's name. The browser opens
 * these links itself, so errors come in the link's language (`message`).
 */
export function registerReportPdfRoutes(app: FastifyInstance, deps: { reportPdf: ReportPdfService }) {
  const errorHandler = downloadErrorAnswers(translateReportPdfError);

  app.get<{ Params: { id: string } }>('/api/reports/:id.pdf', { errorHandler }, async (request, reply) => {
    const access = await request.viewer();
    // A site admin's `Cache-Control: no-cache` renders again (the benchmark's cold and warm renders).
    const fresh = /no-cache/i.test(request.headers['cache-control'] ?? '');
    const pdf = await deps.reportPdf.memberPdf(access, reportId(request.params.id), pdfLanguage(request), {
      fresh,
      ip: request.ip,
    });
    return sendDownload(reply, {
      body: pdf.body,
      contentType: 'application/pdf',
      filename: pdf.filename,
      disposition: 'inline',
      size: pdf.body.length,
    });
  });

  app.get<{ Params: { publicId: string } }>(
    `${publicReportPath(':publicId')}.pdf`,
    { errorHandler },
    async (request, reply) => {
      const pdf = await deps.reportPdf.publicPdf(request.params.publicId, pdfLanguage(request), { ip: request.ip });
      return sendDownload(reply, {
        body: pdf.body,
        contentType: 'application/pdf',
        filename: pdf.filename,
        disposition: 'inline',
        size: pdf.body.length,
        // Unpublishing must take effect: kept briefly, and by browsers only.
        cacheControl: 'private, max-age=300',
      });
    },
  );
}
