import crypto from 'node:crypto';
import { answerLanguage, unexpectedErrorText } from '@olo/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError, httpStatusOf } from '../shared/errors.ts';

/** The id an unexpected error is logged under and answered with: 12 hex digits, enough to find one log line. */
export function newErrorReference(): string {
  return crypto.randomBytes(6).toString('hex');
}

/**
 * The answer of every HTTP route that throws: an AppError with its status and message; a refusal
 * of the request itself (status 4xx: malformed JSON, a body too large, schema validation) with
 * Fastify's message, which is about the request; anything else (a database error, a bug) logged
 * under a reference and answered 500 with a generic message in the caller's language naming that
 * reference, never the error's own text, which may hold SQL, parameters or a stack.
 */
export function registerErrorAnswers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    reply.header('cache-control', 'no-store');
    if (error instanceof AppError) {
      return reply
        .code(httpStatusOf(error))
        .send({ error: error.message, ...(error.issues ? { issues: error.issues } : {}) });
    }
    const status = error.statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      return reply.code(status).send({ error: error.message, ...(error.code ? { code: error.code } : {}) });
    }
    const reference = newErrorReference();
    request.log.error({ err: error, reference, method: request.method, url: request.url }, 'unexpected error');
    const query = request.query as { lang?: unknown } | undefined;
    const language = answerLanguage(query?.lang, request.headers['accept-language']);
    return reply
      .code(500)
      .header('content-language', language)
      .send({ error: unexpectedErrorText(language, reference), code: 'INTERNAL_SERVER_ERROR', reference });
  });
}
