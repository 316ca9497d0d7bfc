import { createIntegrationInput, uuidSchema } from '@olo/shared';
import { z } from 'zod';
import { builder } from '../../graphql/builder.ts';
import { absentNulls } from '../../graphql/input.ts';
import { parseInput } from '../../shared/errors.ts';
import { OrganizationRef } from '../organizations/organizations.graphql.ts';
import type { IntegrationRow } from './integrations.repository.ts';

const IntegrationKindEnum = builder.enumType('IntegrationKind', { values: ['tts', 'chirpstack', 'any'] as const });

const IntegrationRef = builder.objectRef<IntegrationRow>('Integration').implement({
  description:
    "A network server's credentials: MQTT username (with the secret as password) and the same secret as a bearer token.",
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    kind: t.field({ type: IntegrationKindEnum, resolve: (integration) => integration.kind }),
    mqttUsername: t.exposeString('mqttUsername'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    lastUsedAt: t.expose('lastUsedAt', { type: 'DateTime', nullable: true }),
  }),
});

const CreatedIntegrationRef = builder
  .objectRef<{ integration: IntegrationRow; secret: string }>('CreatedIntegration')
  .implement({
    fields: (t) => ({
      integration: t.field({ type: IntegrationRef, resolve: (created) => created.integration }),
      secret: t.exposeString('secret', { description: 'Shown once: only a hash of it is kept.' }),
    }),
  });

builder.objectFields(OrganizationRef, (t) => ({
  integrations: t.field({
    type: [IntegrationRef],
    description: 'For organization admins.',
    resolve: (organization, _args, context) => context.services.integrations.list(context.access, organization.id),
  }),
}));

builder.mutationFields((t) => ({
  createIntegration: t.field({
    type: CreatedIntegrationRef,
    args: {
      organizationId: t.arg.id({ required: true }),
      name: t.arg.string({ required: true }),
      kind: t.arg({ type: IntegrationKindEnum }),
    },
    resolve: (_root, args, context) =>
      context.services.integrations.create(context.access, parseInput(createIntegrationInput, absentNulls(args))),
  }),
  deleteIntegration: t.boolean({
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, context) =>
      context.services.integrations.delete(context.access, parseInput(z.object({ id: uuidSchema }), args).id),
  }),
}));
