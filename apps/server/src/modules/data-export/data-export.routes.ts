import type { FastifyInstance } from 'fastify';
import { downloadErrorAnswers, sendDownload } from '../../http/downloads.ts';
import { parseInput } from '../../shared/errors.ts';
import { dataExportPathSchema, dataExportQuerySchema } from './data-export.schema.ts';
import type { DataExportService } from './data-export.service.ts';
import { translateError } from './data-export.texts.ts';

/** GET /api/export/{projectId}.{csv|xlsx}: what a summary view shows, as a file (issue 5). */
export function registerDataExportRoutes(app: FastifyInstance, deps: { dataExport: DataExportService }) {
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
}
