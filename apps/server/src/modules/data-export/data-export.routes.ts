import type { FastifyInstance } from 'fastify';
import { downloadErrorAnswers, sendDownload } from '../../http/downloads.ts';
import { parseInput } from '../../shared/errors.ts';
import type { BackgroundExportService } from './data-export.background.ts';
import { dataExportPathSchema, dataExportQuerySchema, exportIdSchema } from './data-export.schema.ts';
import type { DataExportService } from './data-export.service.ts';
import { translateError } from './data-export.texts.ts';

/** GET /api/export/{projectId}.{csv|xlsx}: what a summary view shows, as a file (issue 5). */
export function registerDataExportRoutes(
  app: FastifyInstance,
  deps: { dataExport: DataExportService; backgroundExports: BackgroundExportService },
) {
  app.get<{ Params: Record<string, string>; Querystring: Record<string, string> }>(
    '/api/export/:projectId.:format',
    { errorHandler: downloadErrorAnswers(translateError) },
    async (request, reply) => {
      const { projectId, format } = parseInput(dataExportPathSchema, request.params);
      const query = parseInput(dataExportQuerySchema, request.query);
      const file = await deps.dataExport.exportFile(await request.viewer(), { projectId, format, query });
      return sendDownload(reply, file);
    },
  );

  /** GET /api/exports/{exportId}: a finished background export, for its owner only (decision 0100). */
  app.get<{ Params: Record<string, string> }>(
    '/api/exports/:exportId',
    { errorHandler: downloadErrorAnswers(translateError) },
    async (request, reply) => {
      const { exportId } = parseInput(exportIdSchema, request.params);
      return sendDownload(reply, await deps.backgroundExports.download(await request.viewer(), exportId));
    },
  );
}
