import crypto from 'node:crypto';
import { answerLanguage, unexpectedErrorText } from '@olo/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, httpStatusOf } from '../shared/errors.ts';

/** The id an unexpected error is logged under and answered with: 12 hex digits, enough to find one log line. */
export function newErrorReference(): string {
  return crypto.randomBytes(6).toString('hex');
}

/** The body of an AppError's answer unless a route answers in a shape of its own. */
export function appErrorBody(error: AppError): { error: string; issues?: AppError['issues'] } {
  return { error: error.message, ...(error.issues ? { issues: error.issues } : {}) };
}

/** How one route answers the errors its caller caused, when it differs from every other route. */
export interface ErrorAnswerShape {
  /** The caller's errors that reach the route as something else (a plugin's limits), as AppErrors. */
  appErrorOf?: (error: unknown) => AppError | undefined;
  /** An AppError's body (its status is the error's); may set headers of its own on `reply`. */
  appErrorBody?: (error: AppError, request: FastifyRequest, reply: FastifyReply) => unknown;
}

export type ErrorAnswers = (error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => unknown;

/**
 * The answer of an HTTP route that throws: an AppError with its status and message (or the
 * route's own shape of it); a refusal of the request itself (status 4xx: malformed JSON, a body
 * too large, schema validation) with Fastify's message, which is about the request; anything else
 * (a database error, a bug) logged under a reference and answered 500 with a generic message in
 * the caller's language naming that reference, never the error's own text, which may hold SQL,
 * parameters or a stack. A route with a shape of its own passes `errorAnswers(shape)` as its
 * `errorHandler`.
 */
export function errorAnswers(shape: ErrorAnswerShape = {}): ErrorAnswers {
  return (error, request, reply) => {
    reply.header('cache-control', 'no-store');
    const appError = error instanceof AppError ? error : shape.appErrorOf?.(error);
    if (appError) {
      const body = shape.appErrorBody ? shape.appErrorBody(appError, request, reply) : appErrorBody(appError);
      return reply.code(httpStatusOf(appError)).send(body);
    }
    const { statusCode: status, code } = error as FastifyError;
    if (status !== undefined && status >= 400 && status < 500) {
      return reply.code(status).send({ error: error.message, ...(code ? { code } : {}) });
    }
    const reference = newErrorReference();
    request.log.error({ err: error, reference, method: request.method, url: request.url }, 'unexpected error');
    const language = answerLanguage(queryLanguage(request), request.headers['accept-language']);
    return reply
      .code(500)
      .header('content-language', language)
      .send({ error: unexpectedErrorText(language, reference), code: 'INTERNAL_SERVER_ERROR', reference });
  };
}

/** `?lang=` of the request, which a link opened by the browser (a file) carries. */
export function queryLanguage(request: FastifyRequest): unknown {
  return (request.query as { lang?: unknown } | undefined)?.lang;
}

export function registerErrorAnswers(app: FastifyInstance): void {
  app.setErrorHandler(errorAnswers());
}
