import { answerLanguage } from '@olo/shared';
import type { FastifyInstance } from 'fastify';
import { AppError, httpStatusOf, parseInput } from '../../shared/errors.ts';
import type { AccessPolicy } from '../access/access.policy.ts';
import type { SessionsService } from '../sessions/sessions.service.ts';
import { sessionCookieName } from '../sessions/sessions.service.ts';
import { dataExportPathSchema, dataExportQuerySchema } from './data-export.schema.ts';
import type { DataExportService } from './data-export.service.ts';
import { translateError } from './data-export.texts.ts';

/**
 * `attachment` with the name twice: an ASCII fallback (accents dropped, anything else that could
 * break the header or a file system as `_`) and the real name as RFC 5987 `filename*`.
 */
export function contentDisposition(filename: string): string {
  const ascii = filename
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\w .-]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** GET /api/export/{projectId}.{csv|xlsx}: what a summary view shows, as a file (issue 5). */
export function registerDataExportRoutes(
  app: FastifyInstance,
  deps: { dataExport: DataExportService; sessions: SessionsService; access: AccessPolicy },
) {
  app.get<{ Params: Record<string, string>; Querystring: Record<string, string> }>(
    '/api/export/:projectId.:format',
    async (request, reply) => {
      // Errors are answered in the export's language: a file link is opened by the browser itself.
      const language = answerLanguage(request.query.lang, request.headers['accept-language']);
      try {
        const { projectId, format } = parseInput(dataExportPathSchema, request.params);
        const query = parseInput(dataExportQuerySchema, request.query);
        const session = await deps.sessions.resolve(request.cookies[sessionCookieName]);
        const viewer = deps.access.forViewer(session?.user ?? null);
        const file = await deps.dataExport.exportFile(viewer, { projectId, format, query });
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', contentDisposition(file.filename))
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .send(file.body);
      } catch (error) {
        if (error instanceof AppError) {
          const issues = error.issues?.map((issue) => ({ ...issue, message: translateError(issue.message, language) }));
          return reply
            .code(httpStatusOf(error))
            .header('cache-control', 'no-store')
            .header('content-language', language)
            .send({
              error: error.message,
              // What went wrong in words, for the person whose download did not start.
              message: issues?.length
                ? issues.map((issue) => issue.message).join('; ')
                : translateError(error.message, language),
              issues,
            });
        }
        throw error;
      }
    },
  );
}
