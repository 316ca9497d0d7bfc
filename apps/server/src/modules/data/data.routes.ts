import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { appErrorBody, errorAnswers } from '../../http/error-answers.ts';
import { parseInput } from '../../shared/errors.ts';
import { compressMinBytes, negotiateCoding } from './data.encoding.ts';
import { dataRequestSchema } from './data.schema.ts';
import { compressedBody, type DataService, type ProjectDataAnswer, StaleDataIdError } from './data.service.ts';

/** The tags in an If-None-Match header, without weak prefixes (GET compares weakly). */
function ifNoneMatchTags(header: string | undefined): string[] {
  if (!header) return [];
  return header.split(',').map((tag) => tag.trim().replace(/^W\//, ''));
}

/**
 * How the data routes answer errors: a stale data id with the current one, so that the client
 * drops what it cached under the old id and fetches again with this one.
 */
export const dataErrorAnswers = errorAnswers({
  appErrorBody: (error) =>
    error instanceof StaleDataIdError ? { error: error.message, dataId: error.currentDataId } : appErrorBody(error),
});

/**
 * Sends a data answer: with brotli or gzip when the client accepts them, in a coding the answer
 * has ready when it can (a month of one-hour slots comes as gzip joined from kept pieces); each
 * coding has its own ETag (`"…-br"`), and any of them answers 304 since they hold the same data.
 * `vary`: the request headers the answer depends on besides Accept-Encoding.
 */
export async function sendDataAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: ProjectDataAnswer,
  vary: string[],
): Promise<FastifyReply> {
  const { immutable, shared } = answer.caching;
  const accepted = negotiateCoding(
    request.headers['accept-encoding'],
    (['gzip', 'br'] as const).filter((coding) => answer.compressed[coding]),
  );
  const coding = answer.body.length < compressMinBytes ? 'identity' : accepted;
  const etagOf = (tagged: string) => (tagged === 'identity' ? answer.etag : `${answer.etag.slice(0, -1)}-${tagged}"`);
  reply
    .header('etag', etagOf(coding))
    .header('vary', [...vary, 'Accept-Encoding'].join(', '))
    .header(
      'cache-control',
      `${shared ? 'public' : 'private'}, ${immutable ? 'max-age=31536000, immutable' : 'no-cache'}`,
    );
  const known = ifNoneMatchTags(request.headers['if-none-match']);
  if (known.includes('*') || ['identity', 'br', 'gzip'].some((tagged) => known.includes(etagOf(tagged)))) {
    return reply.code(304).send();
  }
  reply.header('content-type', 'application/json; charset=utf-8');
  if (coding === 'identity') return reply.send(answer.body);
  let compressed: Buffer;
  try {
    compressed = await compressedBody(answer, coding);
  } catch (error) {
    // The body as it is rather than no answer.
    request.log.warn({ err: error, coding }, 'compressing a data answer failed');
    return reply.header('etag', answer.etag).send(answer.body);
  }
  return reply.header('content-encoding', coding).send(compressed);
}

/** GET /api/data/{projectId}/{period}/{dataId}/{slotSeconds} (shared ARCHITECTURE §4), sent by sendDataAnswer. */
export function registerDataRoutes(app: FastifyInstance, deps: { data: DataService }) {
  app.get<{ Params: Record<string, string> }>(
    '/api/data/:projectId/:period/:dataId/:slotSeconds',
    { errorHandler: dataErrorAnswers },
    async (request, reply) => {
      const input = parseInput(dataRequestSchema, request.params);
      const answer = await deps.data.projectData(request.viewer(), input);
      // Members and visitors of a public link get different series at one address.
      return sendDataAnswer(request, reply, answer, ['Cookie']);
    },
  );
}
