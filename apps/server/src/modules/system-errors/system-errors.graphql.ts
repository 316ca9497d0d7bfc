import { builder } from '../../graphql/builder.ts';
import { MeterRef } from '../meters/meters.graphql.ts';
import type { SystemErrorRow } from './system-errors.repository.ts';

export const SystemErrorRef = builder.objectRef<SystemErrorRow>('SystemError').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    time: t.expose('time', { type: 'DateTime' }),
    name: t.exposeString('name'),
    type: t.exposeString('type'),
    data: t.expose('data', { type: 'JSON', nullable: true }),
    acknowledged: t.exposeBoolean('acknowledged'),
    meterId: t.exposeInt('meterId', { nullable: true }),
  }),
});

builder.objectFields(MeterRef, (t) => ({
  systemErrors: t.field({
    type: [SystemErrorRef],
    description: 'Unacknowledged, newest first.',
    resolve: (meter, _args, context) => context.services.systemErrors.ofMeter(context.access, meter.id),
  }),
}));

builder.queryFields((t) => ({
  systemErrors: t.field({
    type: [SystemErrorRef],
    description: 'Unacknowledged errors that belong to no meter, newest first (site admins).',
    resolve: (_root, _args, context) => context.services.systemErrors.ofNoMeter(context.access),
  }),
}));

builder.mutationFields((t) => ({
  acknowledgeSystemError: t.field({
    type: SystemErrorRef,
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, context) => context.services.systemErrors.acknowledge(context.access, args.id),
  }),
}));
