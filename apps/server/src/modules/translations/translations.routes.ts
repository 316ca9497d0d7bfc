import { languages, type TranslationOverridesAnswer } from '@olo/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../../shared/errors.ts';
import type { TranslationsService } from './translations.service.ts';

const overridesRequest = z.object({ language: z.enum(languages) });

/**
 * GET /api/translations/{language}: the site admins' overrides that every visitor's app merges over its shipped texts
 * at load. Public (the login page is translated too); revalidated on every load with the ETag, so an override shows
 * at the next load and an unchanged set costs a 304.
 */
export function registerTranslationRoutes(app: FastifyInstance, deps: { translations: TranslationsService }) {
  app.get<{ Params: Record<string, string> }>('/api/translations/:language', async (request, reply) => {
    const { language } = parseInput(overridesRequest, request.params);
    const { overrides, etag } = await deps.translations.published(language);
    reply.header('ETag', etag).header('Cache-Control', 'no-cache');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return { language, overrides } satisfies TranslationOverridesAnswer;
  });
}
