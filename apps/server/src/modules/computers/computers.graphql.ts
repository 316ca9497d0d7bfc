import { builder } from '../../graphql/builder.ts';
import { SystemErrorRef } from '../system-errors/system-errors.graphql.ts';
import type { ComputerRow } from './computers.repository.ts';

export const ComputerRef = builder.objectRef<ComputerRow>('Computer').implement({
  description: 'An Olo instance running against this database (docs/decisions/0022-computers.md).',
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name', { description: 'INSTANCE_NAME, by default the host name.' }),
    hostname: t.exposeString('hostname'),
    startedAt: t.expose('startedAt', { type: 'DateTime' }),
    lastSeenAt: t.expose('lastSeenAt', {
      type: 'DateTime',
      description: 'Moved forward about once a minute while the instance runs (its heartbeat).',
    }),
  }),
});

builder.objectFields(SystemErrorRef, (t) => ({
  computer: t.field({
    type: ComputerRef,
    nullable: true,
    description:
      'The Olo instance that recorded it, for site admins; null for others and for errors recorded before instances were.',
    resolve: (error, _args, context) =>
      error.computerId !== null && context.access.isSiteAdmin
        ? context.services.computers.byId(error.computerId)
        : null,
  }),
}));
