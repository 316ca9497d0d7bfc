import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { AppError, httpStatusOf } from '../../shared/errors.ts';
import type { AccessPolicy } from '../access/access.policy.ts';
import type { SessionsService } from '../sessions/sessions.service.ts';
import { sessionCookieName } from '../sessions/sessions.service.ts';
import type { AttachmentsService } from './attachments.service.ts';

/** GET /api/attachments/{id}/{name}: the file, to viewers the access policy lets read it. */
export function registerAttachmentRoutes(
  app: FastifyInstance,
  deps: { attachments: AttachmentsService; sessions: SessionsService; access: AccessPolicy },
) {
  app.get<{ Params: { id: string; name?: string } }>('/api/attachments/:id/:name?', async (request, reply) => {
    const id = request.params.id;
    if (!/^[0-9a-f-]{36}$/i.test(id)) return reply.code(404).send({ error: 'Not found' });
    const session = await deps.sessions.resolve(request.cookies[sessionCookieName]);
    try {
      const attachment = await deps.attachments.readable(deps.access.forViewer(session?.user ?? null), id);
      const stream = fs.createReadStream(deps.attachments.filePath(attachment));
      return (
        reply
          .header('content-type', attachment.contentType)
          .header('content-length', attachment.size)
          .header('x-content-type-options', 'nosniff')
          // Text and PDF open as downloads, so an uploaded file never runs as a page of this site.
          .header(
            'content-disposition',
            `${attachment.contentType.startsWith('image/') ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(attachment.name)}`,
          )
          .header('cache-control', 'private, max-age=3600')
          .send(stream)
      );
    } catch (error) {
      if (error instanceof AppError) return reply.code(httpStatusOf(error)).send({ error: error.message });
      throw error;
    }
  });
}
