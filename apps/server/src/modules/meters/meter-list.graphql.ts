import { meterSerialsInput, uuidSchema } from '@olo/shared';
import { z } from 'zod';
import { builder } from '../../graphql/builder.ts';
import { absentNulls } from '../../graphql/input.ts';
import { parseInput } from '../../shared/errors.ts';
import { OrganizationRef } from '../organizations/organizations.graphql.ts';
import { ProjectRef } from '../projects/projects.graphql.ts';
import { MeterRef } from './meters.graphql.ts';
import type { MeterMetaEntry, MetersErrorSummary } from './meters.service.ts';

/*
 * Meters in lists: the filters of the meter lists, the health counts and autocomplete over them,
 * and the site admins' free meters.
 */

export const MetersErrorSummaryRef = builder.objectRef<MetersErrorSummary>('MetersErrorSummary').implement({
  description: 'Health counts over active meters that are not in storage.',
  fields: (t) => ({
    batteryLow: t.exposeInt('batteryLow'),
    batteryMedium: t.exposeInt('batteryMedium'),
    lowVoltage: t.exposeInt('lowVoltage'),
    missing: t.exposeInt('missing', { description: 'Meters not seen for three of their intervals.' }),
    missingCount: t.exposeInt('missingCount', { description: 'Frames lost in all.' }),
    systemErrors: t.exposeInt('systemErrors', { description: 'Unacknowledged errors of the meters.' }),
    systemErrorsMeter: t.exposeInt('systemErrorsMeter', { description: 'Meters with unacknowledged errors.' }),
  }),
});

const MeterMetaEntryRef = builder.objectRef<MeterMetaEntry>('MeterMetaEntry').implement({
  description: 'A key of Meter.meta and its values among the meters the viewer sees.',
  fields: (t) => ({
    key: t.exposeString('key'),
    values: t.exposeStringList('values', { description: 'Distinct, as text; by name.' }),
  }),
});

const MeterListFilter = builder.inputType('MeterListFilter', {
  fields: (t) => ({
    ids: t.intList(),
    organizationId: t.id(),
    free: t.boolean({ description: 'Only free meters (site admins).' }),
    search: t.string({ description: 'Serial, name or location.' }),
    inStorage: t.boolean({ description: 'true: only meters in storage; false: only those out of it.' }),
    unplaced: t.boolean({
      description: "Only new meters: an organization's meters that feed no project now, ready to add to a space.",
    }),
  }),
});

builder.objectFields(ProjectRef, (t) => ({
  activeMeters: t.field({
    type: [MeterRef],
    description: 'Meters feeding the project now that the viewer may see.',
    resolve: async (project, _args, context) => {
      const meterIds = await context.services.series.activeMeterIdsOfProject(context.access, project.id);
      const visible = await Promise.all(meterIds.map((id) => context.access.canMeter('meter.view', id)));
      const ids = meterIds.filter((_id, index) => visible[index]);
      return ids.length ? context.services.meters.list(context.access, { ids }) : [];
    },
  }),
}));

builder.objectFields(ProjectRef, (t) => ({
  meterErrorSums: t.field({
    type: MetersErrorSummaryRef,
    description: 'Health counts over the meters feeding the project now that the viewer may see.',
    resolve: async (project, _args, context) => {
      const meterIds = await context.services.series.activeMeterIdsOfProject(context.access, project.id);
      const visible = await Promise.all(meterIds.map((id) => context.access.canMeter('meter.view', id)));
      const ids = meterIds.filter((_id, index) => visible[index]);
      return context.services.meters.summarize(
        ids.length ? await context.services.meters.list(context.access, { ids }) : [],
      );
    },
  }),
}));

builder.objectFields(OrganizationRef, (t) => ({
  meters: t.field({
    type: [MeterRef],
    description: 'For its admins and members who may view meters.',
    resolve: (organization, _args, context) =>
      context.services.meters.list(context.access, { organizationId: organization.id }),
  }),
}));

const idArg = (value: unknown) => parseInput(z.object({ id: uuidSchema }), { id: value }).id;

builder.queryFields((t) => ({
  meters: t.field({
    type: [MeterRef],
    description: 'Meters the viewer sees, by name.',
    args: { filter: t.arg({ type: MeterListFilter }) },
    resolve: (_root, args, context) => context.services.meters.list(context.access, absentNulls(args.filter ?? {})),
  }),
  metersErrorSummary: t.field({
    type: MetersErrorSummaryRef,
    description: "Over the meters the viewer sees, or one organization's.",
    args: { organizationId: t.arg.id() },
    resolve: (_root, args, context) =>
      context.services.meters.errorSummary(context.access, args.organizationId ? idArg(args.organizationId) : null),
  }),
  meterLocations: t.stringList({
    description: 'Locations given to the meters the viewer sees.',
    resolve: (_root, _args, context) => context.services.meters.locations(context.access),
  }),
  meterMeta: t.field({
    type: [MeterMetaEntryRef],
    description: 'Meta keys with their values over the meters the viewer sees, by key; for autocomplete.',
    resolve: (_root, _args, context) => context.services.meters.meta(context.access),
  }),
}));

builder.mutationFields((t) => ({
  // A mutation as in the spec's list of calls (section 7), although it changes nothing.
  findFreeMeters: t.field({
    type: [MeterRef],
    description: 'Free meters among the serials (site admins). Changes nothing.',
    args: { serials: t.arg.stringList({ required: true }) },
    resolve: (_root, args, context) =>
      context.services.meters.findFree(context.access, parseInput(meterSerialsInput, args)),
  }),
  moveFreeMeters: t.field({
    type: [MeterRef],
    description: 'Moves free meters, by serial, to an organization (site admins).',
    args: { serials: t.arg.stringList({ required: true }), organizationId: t.arg.id({ required: true }) },
    resolve: (_root, args, context) =>
      context.services.meters.moveFree(
        context.access,
        parseInput(meterSerialsInput, { serials: args.serials }),
        idArg(args.organizationId),
      ),
  }),
}));
