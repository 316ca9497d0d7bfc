import type { FastifyInstance } from 'fastify';
import type { IntegrationsService } from '../integrations/integrations.service.ts';
import type { IngestService, UplinkOutcome } from './ingest.service.ts';
import { type Provider, ttsIdPattern, type Uplink, UplinkFormatError } from './uplink-formats.ts';

const routes: Record<string, Provider> = { tts: 'tts', chirpstack: 'chirpstack' };

/**
 * POST /api/ingest/tts and /api/ingest/chirpstack: the network servers' webhook bodies (the same
 * JSON as their MQTT uplinks), one or an array, with `Authorization: Bearer <integration token>`.
 * All of a request is checked before any of it is stored: one malformed uplink (or one whose
 * values the database cannot hold, its time outside the window included) refuses the lot (400),
 * is recorded on its meter, and nothing is stored. 202 once everything is committed or refused. A Things Stack webhook body does not
 * name its tenant, so `?tenant=` gives it for the downlink topic (docs/decisions/0019).
 */
export function registerIngestRoutes(
  app: FastifyInstance,
  deps: { ingest: IngestService; integrations: IntegrationsService },
) {
  app.post<{ Params: { provider: string }; Querystring: { tenant?: string } }>(
    '/api/ingest/:provider',
    async (request, reply) => {
      const provider = routes[request.params.provider];
      if (!provider) return reply.code(404).send({ error: 'Unknown network server: use tts or chirpstack' });
      const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
      const integration = token ? await deps.integrations.byToken(token) : undefined;
      if (!integration) {
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer')
          .send({ error: 'A valid integration token is required (Authorization: Bearer <token>)' });
      }
      if (integration.kind !== 'any' && integration.kind !== provider) {
        return reply.code(403).send({ error: `This integration sends ${integration.kind} uplinks` });
      }
      const { tenant } = request.query;
      if (tenant !== undefined && (provider !== 'tts' || !ttsIdPattern.test(tenant))) {
        return reply
          .code(400)
          .send({ error: 'tenant is a Things Stack tenant id (lower-case letters, digits, dashes)' });
      }
      const bodies = Array.isArray(request.body) ? request.body : [request.body];
      if (bodies.length === 0 || bodies.length > 1000) {
        return reply.code(400).send({ error: 'Send one uplink or an array of 1 to 1000' });
      }
      const uplinks: Uplink[] = [];
      for (const [index, body] of bodies.entries()) {
        try {
          uplinks.push(deps.ingest.parse(provider, body, { tenant }));
        } catch (error) {
          if (!(error instanceof UplinkFormatError)) throw error;
          await deps.ingest.recordRefusal(error, integration, { provider, index });
          const where = Array.isArray(request.body) ? `uplink ${index}: ` : '';
          return reply.code(400).send({ error: `${where}${error.message}` });
        }
      }
      const commits: Array<Promise<UplinkOutcome>> = [];
      for (const uplink of uplinks) {
        commits.push((await deps.ingest.enqueue(uplink, integration)).committed);
      }
      const outcomes = await Promise.all(commits);
      return reply.code(202).send({
        stored: outcomes.filter((outcome) => outcome === 'stored').length,
        refused: outcomes.filter((outcome) => outcome === 'refused').length,
      });
    },
  );
}
