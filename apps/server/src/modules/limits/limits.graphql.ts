import { createLimitInput, updateLimitInput } from '@olo/shared';
import { builder } from '../../graphql/builder.ts';
import { absentNulls } from '../../graphql/input.ts';
import { parseInput } from '../../shared/errors.ts';
import { organizationIdArg } from '../colors/colors.graphql.ts';
import { ProjectRef } from '../projects/projects.graphql.ts';
import { PublicProjectRef } from '../projects/public-project.graphql.ts';
import { PublicSeriesRef, SeriesRef } from '../series/series.graphql.ts';
import type { LimitRow } from './limits.repository.ts';

export const LimitRef = builder.objectRef<LimitRow>('Limit').implement({
  description:
    'A banded scale of one measurement type (spec §3 Limit): global (organizationId null) or an organization’s. ' +
    'colors[i] colours the band ending at limits[i] (the first starts at min); maxcolor the band above the last edge.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name', { description: 'As typed; a shipped limit’s English name (see nameKey).' }),
    nameKey: t.exposeString('nameKey', {
      nullable: true,
      description: 'A shipped limit’s key (packages/shared shippedNames): shown in the reader’s language.',
    }),
    dataType: t.exposeString('dataType'),
    min: t.exposeFloat('min'),
    max: t.exposeFloat('max'),
    limits: t.floatList({ description: 'Band edges, ascending inside min..max.', resolve: (limit) => limit.limits }),
    colors: t.stringList({ description: 'One #rrggbb per band below each edge.', resolve: (limit) => limit.colors }),
    maxcolor: t.exposeString('maxcolor'),
    normalMin: t.exposeFloat('normalMin', {
      nullable: true,
      description: 'Lowest normal value, included; null: open.',
    }),
    normalMax: t.exposeFloat('normalMax', {
      nullable: true,
      description: 'Highest normal value, included; null: open.',
    }),
    split: t.exposeBoolean('split', { description: 'A gauge shows the bands on its arc.' }),
    opacity: t.exposeFloat('opacity', { description: 'How strongly the bands are drawn behind graphs, 0..1.' }),
    order: t.exposeInt('order'),
    organizationId: t.exposeID('organizationId', { nullable: true }),
  }),
});

const scaleFields = (t: Parameters<Parameters<typeof builder.inputType>[1]['fields']>[0], required: boolean) => ({
  name: t.string({ required }),
  dataType: t.string({ required }),
  order: t.int({ required }),
  min: t.float({ required }),
  max: t.float({ required }),
  limits: t.floatList({ required }),
  colors: t.stringList({ required }),
  maxcolor: t.string({ required }),
  normalMin: t.float(),
  normalMax: t.float(),
  split: t.boolean({ required }),
  opacity: t.float({ required }),
});

const CreateLimitInput = builder.inputType('CreateLimitInput', {
  fields: (t) => ({
    ...scaleFields(t, true),
    organizationId: t.id({ description: 'Omitted or null: a global limit (site admins).' }),
  }),
});

const UpdateLimitInput = builder.inputType('UpdateLimitInput', {
  description: 'Omitted fields stay as they are; null clears normalMin or normalMax.',
  fields: (t) => ({ id: t.int({ required: true }), ...scaleFields(t, false) }),
});

/** The normal range's ends may be cleared (null: open); the other fields only left out. */
const clearableLimitFields = ['normalMin', 'normalMax'] as const;

builder.queryFields((t) => ({
  limits: t.field({
    type: [LimitRef],
    description: "The global limits and the viewer's organizations', by data type then order.",
    resolve: (_root, _args, context) => context.services.limits.visible(context.access),
  }),
  limitsByOrganization: t.field({
    type: [LimitRef],
    description: "The organization's own limits, by data type then order.",
    args: { organizationId: t.arg.id({ required: true }) },
    resolve: (_root, args, context) =>
      context.services.limits.ofOrganization(context.access, organizationIdArg(args.organizationId)),
  }),
  globalLimits: t.field({
    type: [LimitRef],
    description: 'The global limits, by data type then order.',
    resolve: (_root, _args, context) => context.services.limits.global(context.access),
  }),
}));

builder.mutationFields((t) => ({
  createLimit: t.field({
    type: LimitRef,
    args: { input: t.arg({ type: CreateLimitInput, required: true }) },
    resolve: (_root, args, context) =>
      context.services.limits.create(
        context.access,
        parseInput(createLimitInput, {
          normalMin: null,
          normalMax: null,
          ...absentNulls(args.input, { clearable: clearableLimitFields }),
        }),
      ),
  }),
  updateLimit: t.field({
    type: LimitRef,
    args: { input: t.arg({ type: UpdateLimitInput, required: true }) },
    resolve: (_root, args, context) =>
      context.services.limits.update(
        context.access,
        parseInput(updateLimitInput, absentNulls(args.input, { clearable: clearableLimitFields })),
      ),
  }),
  deleteLimit: t.boolean({
    description:
      'Refused while a series has it as its own limit (`The limit is in use: {places}`, extensions.values.places); ' +
      'series that follow it by default move to the next one.',
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, context) => context.services.limits.delete(context.access, args.id),
  }),
}));

builder.objectFields(SeriesRef, (t) => ({
  limit: t.field({
    type: LimitRef,
    nullable: true,
    description:
      "The limit it follows: its own (limitId), else its organization chain's nearest of its type, else the global " +
      'default; null when none.',
    resolve: (series, _args, context) => context.loaders.effectiveLimit.load(series.id),
  }),
  defaultLimit: t.field({
    type: LimitRef,
    nullable: true,
    description:
      "The limit it would follow without a limit of its own: its organization chain's nearest of its type, else the " +
      'global default; null when none. What choosing no limit (limitId null) gives.',
    resolve: (series, _args, context) => context.loaders.defaultLimit.load(series.id),
  }),
}));

builder.objectFields(PublicSeriesRef, (t) => ({
  limit: t.field({
    type: LimitRef,
    nullable: true,
    description: 'The limit it follows (as Serie.limit).',
    resolve: (series, _args, context) => context.loaders.effectiveLimit.load(series.id),
  }),
}));

builder.objectFields(ProjectRef, (t) => ({
  limits: t.field({
    type: [LimitRef],
    description: "What its series may pick: the global limits and its organization chain's, by data type then order.",
    resolve: (project, _args, context) => context.loaders.organizationChainLimits.load(project.organizationId),
  }),
}));

builder.objectFields(PublicProjectRef, (t) => ({
  limits: t.field({
    type: [LimitRef],
    description: "The global limits and its organization chain's, by data type then order.",
    resolve: (project, _args, context) => context.loaders.organizationChainLimits.load(project.organizationId),
  }),
}));
