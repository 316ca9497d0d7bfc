import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseInput } from '../../shared/errors.ts';
import { sendAttachment } from '../attachments/attachments.routes.ts';
import { dataErrorAnswers, sendDataAnswer } from '../data/data.routes.ts';
import { dataRequestSchema } from '../data/data.schema.ts';
import { publicReportPath } from './public-reports.paths.ts';
import type { PublicReportsService } from './public-reports.service.ts';

/**
 * The REST side of a published report's public link (the page itself reads `publicReport` from
 * GraphQL): GET /api/public-reports/{publicId}/data/{projectId}/{period}/{dataId}/{slotSeconds},
 * the data API's answer with only the report's referenced series and spaces, and
 * GET /api/public-reports/{publicId}/attachments/{attachmentId}, a file the report shows. Both
 * answer 404 for an unknown, unpublished or replaced public id alike.
 */
export function registerPublicReportRoutes(app: FastifyInstance, deps: { publicReports: PublicReportsService }) {
  const path = publicReportPath(':publicId');
  // A report PDF's print page asks in-process: the request for the PDF was counted, its page's are not again.
  const client = (request: FastifyRequest) => (request.inProcess ? {} : { ip: request.ip });
  app.get<{ Params: Record<string, string> }>(
    `${path}/data/:projectId/:period/:dataId/:slotSeconds`,
    { errorHandler: dataErrorAnswers },
    async (request, reply) => {
      const { publicId, ...params } = request.params;
      const input = parseInput(dataRequestSchema, params);
      const answer = await deps.publicReports.data(publicId ?? '', input, client(request));
      // No session is read: every visitor of the link gets the same answer.
      return sendDataAnswer(request, reply, answer, []);
    },
  );

  app.get<{ Params: { publicId: string; attachmentId: string } }>(
    `${path}/attachments/:attachmentId`,
    async (request, reply) => {
      const { publicId, attachmentId } = request.params;
      const attachment = await deps.publicReports.attachment(publicId, attachmentId, client(request));
      // Unpublishing must take effect: kept briefly, and by browsers only.
      return sendAttachment(reply, attachment, deps.publicReports.filePath(attachment), 'private, max-age=300');
    },
  );
}
