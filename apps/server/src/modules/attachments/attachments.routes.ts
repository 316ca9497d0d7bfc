import fs from 'node:fs';
import type { Readable } from 'node:stream';
import fastifyMultipart from '@fastify/multipart';
import { attachmentUploadInput, attachmentUploadPath, tenancyBounds, tenancyErrors, uuidSchema } from '@olo/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { requireCsrfToken } from '../../http/csrf.ts';
import { sendDownload } from '../../http/downloads.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { AppError, parseInput } from '../../shared/errors.ts';
import type { AttachmentRow } from './attachments.repository.ts';
import { type AttachmentsService, attachmentPath } from './attachments.service.ts';

/**
 * How an upload that failed is answered: in the shape of a GraphQL error, so that the web app
 * shows it as it shows those; @fastify/multipart's errors (limits, a body that is not multipart)
 * as the user's input errors.
 */
const uploadErrorAnswers = errorAnswers({
  appErrorOf: (error) => {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      return new AppError('BAD_USER_INPUT', 'Invalid input', [
        { path: 'file', message: tenancyErrors.attachmentTooLarge },
      ]);
    }
    if (typeof code === 'string' && /^FST_(PARTS|FILES|FIELDS)_LIMIT$|^FST_INVALID_MULTIPART|^FST_PROTO/.test(code)) {
      return new AppError('BAD_USER_INPUT', 'Invalid input');
    }
    return undefined;
  },
  appErrorBody: (error) => ({
    errors: [
      {
        message: error.message,
        extensions: { code: error.code, ...(error.issues ? { issues: error.issues } : {}) },
      },
    ],
  }),
});

/**
 * GET /api/attachments/{id}/{name}: the file, to viewers the access policy lets read it.
 * POST /api/attachments: a file uploaded as multipart/form-data (a `projectId` or `organizationId`
 * field, then the file), streamed to disk; answers the attachment's id and path.
 */
export function registerAttachmentRoutes(app: FastifyInstance, deps: { attachments: AttachmentsService }) {
  // Multipart is parsed in this scope only: GraphQL and the other routes never take it.
  app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: {
        // One byte over the limit reaches the service, which refuses the file in the user's words.
        fileSize: tenancyBounds.attachmentMaxBytes + 1,
        files: 1,
        fields: 2,
        parts: 3,
        fieldSize: 100,
        fieldNameSize: 100,
        headerPairs: 20,
      },
    });
    const options = { preHandler: requireCsrfToken, errorHandler: uploadErrorAnswers };
    scope.post(attachmentUploadPath, options, async (request, reply) => {
      let file: Readable | undefined;
      try {
        const access = await request.viewer();
        const fields: Record<string, string> = {};
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            fields[part.fieldname] = String(part.value);
            continue;
          }
          file = part.file;
          const input = parseInput(attachmentUploadInput, {
            projectId: fields.projectId || undefined,
            organizationId: fields.organizationId || undefined,
            name: part.filename,
            contentType: part.mimetype,
          });
          const attachment = await deps.attachments.upload(access, input, part.file);
          return reply.code(201).send({ id: attachment.id, path: attachmentPath(attachment) });
        }
        throw new AppError('BAD_USER_INPUT', 'Invalid input', [{ path: 'file', message: 'Required' }]);
      } catch (error) {
        // The rest of a refused file is read and dropped, so that the browser gets the error's answer.
        if (file && !file.readableEnded) file.resume();
        throw error;
      }
    });
  });

  app.get<{ Params: { id: string; name?: string } }>('/api/attachments/:id/:name?', async (request, reply) => {
    // Not a uuid is no file (and never reaches the database, whose uuid column would refuse it).
    const id = uuidSchema.safeParse(request.params.id);
    if (!id.success) return reply.code(404).send({ error: 'Not found' });
    const attachment = await deps.attachments.readable(await request.viewer(), id.data);
    return sendAttachment(reply, attachment, deps.attachments.filePath(attachment), 'private, max-age=3600');
  });
}

/**
 * Sends a stored file with its name and type. Only images open inline: text and PDF come as
 * downloads, so that an uploaded file never runs as a page of this site.
 */
export function sendAttachment(reply: FastifyReply, attachment: AttachmentRow, filePath: string, cacheControl: string) {
  return sendDownload(reply, {
    body: fs.createReadStream(filePath),
    contentType: attachment.contentType,
    filename: attachment.name,
    size: attachment.size,
    disposition: attachment.contentType.startsWith('image/') ? 'inline' : 'attachment',
    cacheControl,
  });
}
