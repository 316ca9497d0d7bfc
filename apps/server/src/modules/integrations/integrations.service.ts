import crypto from 'node:crypto';
import { type createIntegrationInput, tenancyErrors } from '@olo/shared';
import type { z } from 'zod';
import { AppError } from '../../shared/errors.ts';
import { createToken, hashToken } from '../../shared/tokens.ts';
import type { ViewerAccess } from '../access/access.policy.ts';
import type { IntegrationRow, IntegrationsRepository } from './integrations.repository.ts';

/** MQTT username of the site-wide integration that INGEST_TOKEN creates. */
export const siteIntegrationUsername = 'olo';

/** last_used_at is written at most this often per integration, not on every uplink. */
const touchIntervalMs = 60_000;

/**
 * Credentials of network servers. A secret is shown once when created; only its SHA-256 is kept.
 * It is the MQTT password (with the integration's username) on the embedded broker and the
 * bearer token on /api/ingest.
 */
export class IntegrationsService {
  private readonly touched = new Map<string, number>();

  constructor(private readonly repository: IntegrationsRepository) {}

  async ensureSiteWide(token: string): Promise<IntegrationRow> {
    return this.repository.upsertSiteWide(siteIntegrationUsername, hashToken(token));
  }

  /** The integration whose bearer token this is. */
  async byToken(token: string): Promise<IntegrationRow | undefined> {
    if (!token) return undefined;
    const integration = await this.repository.findBySecretHash(hashToken(token));
    if (integration) this.touch(integration);
    return integration;
  }

  /** The integration of MQTT credentials, checked in constant time. */
  async byMqttCredentials(username: string, password: string): Promise<IntegrationRow | undefined> {
    const integration = await this.repository.findByUsername(username);
    if (!integration) return undefined;
    const given = Buffer.from(hashToken(password));
    const stored = Buffer.from(integration.secretHash);
    if (given.length !== stored.length || !crypto.timingSafeEqual(given, stored)) return undefined;
    this.touch(integration);
    return integration;
  }

  async list(access: ViewerAccess, organizationId: string): Promise<IntegrationRow[]> {
    await access.assert('organization.manageMembers', organizationId);
    return this.repository.listByOrganization(organizationId);
  }

  /** A new integration of an organization; its secret is returned here and never again. */
  async create(
    access: ViewerAccess,
    input: z.output<typeof createIntegrationInput>,
  ): Promise<{ integration: IntegrationRow; secret: string }> {
    const user = access.requireUser();
    await access.assert('organization.update', input.organizationId);
    const { token, hash } = createToken();
    const integration = await this.repository.insert({
      organizationId: input.organizationId,
      name: input.name,
      kind: input.kind ?? 'any',
      mqttUsername: `olo-${crypto.randomBytes(6).toString('hex')}`,
      secretHash: hash,
      createdBy: user.id,
    });
    return { integration, secret: token };
  }

  async delete(access: ViewerAccess, id: string): Promise<boolean> {
    access.requireUser();
    const integration = await this.repository.findById(id);
    if (!integration?.organizationId) throw new AppError('FORBIDDEN', tenancyErrors.permissionDenied);
    await access.assert('organization.update', integration.organizationId);
    await this.repository.delete(id);
    return true;
  }

  private touch(integration: IntegrationRow): void {
    const now = Date.now();
    if (now - (this.touched.get(integration.id) ?? 0) < touchIntervalMs) return;
    this.touched.set(integration.id, now);
    void this.repository.touch(integration.id, new Date(now)).catch(() => {});
  }
}
