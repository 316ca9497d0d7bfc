import type { FastifyInstance } from 'fastify';
import { AppError, parseInput } from '../../shared/errors.ts';
import type { AccessPolicy } from '../access/access.policy.ts';
import type { SessionsService } from '../sessions/sessions.service.ts';
import { sessionCookieName } from '../sessions/sessions.service.ts';
import { dataRequestSchema } from './data.schema.ts';
import { type DataService, StaleDataIdError } from './data.service.ts';

const statusOf: Record<string, number> = {
  BAD_USER_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
};

/** GET /api/data/{projectId}/{period}/{dataId}/{slotSeconds} (shared ARCHITECTURE §4). */
export function registerDataRoutes(
  app: FastifyInstance,
  deps: { data: DataService; sessions: SessionsService; access: AccessPolicy },
) {
  app.get<{ Params: Record<string, string> }>(
    '/api/data/:projectId/:period/:dataId/:slotSeconds',
    async (request, reply) => {
      try {
        const input = parseInput(dataRequestSchema, request.params);
        const session = await deps.sessions.resolve(request.cookies[sessionCookieName]);
        const answer = await deps.data.projectData(deps.access.forViewer(session?.user ?? null), input);
        const { immutable, shared } = answer.caching;
        reply
          .header('etag', answer.etag)
          // Members and visitors of a public link get different series at one address.
          .header('vary', 'Cookie')
          .header(
            'cache-control',
            `${shared ? 'public' : 'private'}, ${immutable ? 'max-age=31536000, immutable' : 'no-cache'}`,
          );
        if (request.headers['if-none-match'] === answer.etag) return reply.code(304).send();
        return reply.header('content-type', 'application/json; charset=utf-8').send(answer.body);
      } catch (error) {
        if (error instanceof StaleDataIdError) {
          // The client drops what it cached under the old id and fetches again with this one.
          return reply
            .code(409)
            .header('cache-control', 'no-store')
            .send({ error: error.message, dataId: error.currentDataId });
        }
        if (error instanceof AppError) {
          return reply
            .code(statusOf[error.code] ?? 400)
            .header('cache-control', 'no-store')
            .send({ error: error.message, issues: error.issues });
        }
        throw error;
      }
    },
  );
}
