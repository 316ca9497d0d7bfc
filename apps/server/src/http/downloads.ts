import type { Readable } from 'node:stream';
import { answerLanguage, type Language } from '@olo/shared';
import type { FastifyReply } from 'fastify';
import { type ErrorAnswers, errorAnswers, queryLanguage } from './error-answers.ts';

/**
 * `attachment` (or `inline`) with the name twice: an ASCII fallback (accents dropped, anything
 * else that could break the header or a file system as `_`) and the real name as RFC 5987
 * `filename*`.
 */
export function contentDisposition(filename: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const ascii = filename
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\w .-]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export interface Download {
  body: Buffer | string | Readable;
  contentType: string;
  filename: string;
  /** `inline` shows it in the browser; `attachment` (the default) saves it. */
  disposition?: 'attachment' | 'inline';
  /** Bytes, when known before sending (a stream's). */
  size?: number;
  /** `private, no-store` unless the file may be kept. */
  cacheControl?: string;
}

/** Sends a file: its type (never sniffed into another), its name, and how long it may be kept. */
export function sendDownload(reply: FastifyReply, download: Download): FastifyReply {
  if (download.size !== undefined) reply.header('content-length', download.size);
  return reply
    .header('content-type', download.contentType)
    .header('content-disposition', contentDisposition(download.filename, download.disposition))
    .header('cache-control', download.cacheControl ?? 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(download.body);
}

/** A message's `{name}` placeholders filled with the error's values (`AppError.values`); unknown ones stay. */
function fillValues(message: string, values: Record<string, string> | undefined): string {
  if (!values) return message;
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/**
 * The error answers of a file link. The browser opens it itself, without the web app that
 * translates error keys, so the answer says what went wrong in the language the link asks
 * (`?lang=`, else the browser's) as `message` with its placeholders filled, beside the key as `error`.
 */
export function downloadErrorAnswers(translate: (key: string, language: Language) => string): ErrorAnswers {
  return errorAnswers({
    appErrorBody: (error, request, reply) => {
      const language = answerLanguage(queryLanguage(request), request.headers['accept-language']);
      reply.header('content-language', language);
      const issues = error.issues?.map((issue) => ({ ...issue, message: translate(issue.message, language) }));
      return {
        error: error.message,
        message: issues?.length
          ? issues.map((issue) => issue.message).join('; ')
          : fillValues(translate(error.message, language), error.values),
        issues,
      };
    },
  });
}
