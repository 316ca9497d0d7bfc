import { type ColorType, colorTypes, createColorInput, updateColorInput, uuidSchema } from '@olo/shared';
import { z } from 'zod';
import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { absentNulls } from '../../graphql/input.ts';
import { parseInput } from '../../shared/errors.ts';
import { ProjectRef } from '../projects/projects.graphql.ts';
import { PublicProjectRef, PublicSpaceRef } from '../projects/public-project.graphql.ts';
import { PublicSeriesRef, SeriesRef } from '../series/series.graphql.ts';
import { SpaceRef } from '../spaces/spaces.graphql.ts';
import type { ColorRow } from './colors.repository.ts';

const ColorTypeEnum = builder.enumType('ColorType', {
  description: 'What a colour is for: chart (lines, spaces), band (limit bands) or print (reports).',
  values: colorTypes,
});

export const ColorRef = builder.objectRef<ColorRow>('Color').implement({
  description: 'A named palette entry (spec §3 Color): global (organizationId null) or an organization’s.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name', { description: 'As typed; a shipped colour’s English name (see nameKey).' }),
    nameKey: t.exposeString('nameKey', {
      nullable: true,
      description: 'A shipped colour’s key (packages/shared shippedNames): shown in the reader’s language.',
    }),
    color: t.exposeString('color', { description: '#rrggbb, lower case.' }),
    type: t.field({ type: ColorTypeEnum, resolve: (color) => color.type as ColorType }),
    order: t.exposeInt('order'),
    organizationId: t.exposeID('organizationId', { nullable: true }),
  }),
});

const CreateColorInput = builder.inputType('CreateColorInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    color: t.string({ required: true }),
    type: t.field({ type: ColorTypeEnum, required: true }),
    order: t.int(),
    organizationId: t.id({ description: 'Omitted or null: a global colour (site admins).' }),
  }),
});

const UpdateColorInput = builder.inputType('UpdateColorInput', {
  fields: (t) => ({
    id: t.int({ required: true }),
    name: t.string(),
    color: t.string(),
    type: t.field({ type: ColorTypeEnum }),
    order: t.int(),
  }),
});

builder.queryFields((t) => ({
  colors: t.field({
    type: [ColorRef],
    description: "Every colour the viewer may use: the global ones and their organizations', by order.",
    resolve: (_root, _args, context) => context.services.colors.visible(context.access),
  }),
  colorsByOrganization: t.field({
    type: [ColorRef],
    description: "The organization's own colours, by order.",
    args: { organizationId: t.arg.id({ required: true }) },
    resolve: (_root, args, context) =>
      context.services.colors.ofOrganization(context.access, organizationIdArg(args.organizationId)),
  }),
}));

builder.mutationFields((t) => ({
  createColor: t.field({
    type: ColorRef,
    args: { input: t.arg({ type: CreateColorInput, required: true }) },
    resolve: (_root, args, context) =>
      context.services.colors.create(context.access, parseInput(createColorInput, args.input)),
  }),
  updateColor: t.field({
    type: ColorRef,
    args: { input: t.arg({ type: UpdateColorInput, required: true }) },
    resolve: (_root, args, context) =>
      context.services.colors.update(context.access, parseInput(updateColorInput, absentNulls(args.input))),
  }),
  deleteColor: t.boolean({
    description: 'Spaces and series that had it fall back to their palette colour.',
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, context) => context.services.colors.delete(context.access, args.id),
  }),
}));

/** An organization id argument, checked as a uuid (a field error otherwise). */
export const organizationIdArg = (value: string | number) =>
  parseInput(z.object({ organizationId: uuidSchema }), { organizationId: String(value) }).organizationId;

const colorOf = (colorId: number | null, context: GraphQLContext) =>
  colorId === null ? null : context.loaders.color.load(colorId);

builder.objectFields(SeriesRef, (t) => ({
  color: t.field({
    type: ColorRef,
    nullable: true,
    description: 'The colour it picked; null: its palette colour by id (seriesColor).',
    resolve: (series, _args, context) => colorOf(series.colorId, context),
  }),
}));

builder.objectFields(PublicSeriesRef, (t) => ({
  color: t.field({
    type: ColorRef,
    nullable: true,
    resolve: (series, _args, context) => colorOf(series.colorId, context),
  }),
}));

builder.objectFields(SpaceRef, (t) => ({
  color: t.field({
    type: ColorRef,
    nullable: true,
    resolve: (space, _args, context) => colorOf(space.colorId, context),
  }),
}));

builder.objectFields(PublicSpaceRef, (t) => ({
  color: t.field({
    type: ColorRef,
    nullable: true,
    resolve: (space, _args, context) => colorOf(space.colorId, context),
  }),
}));

builder.objectFields(ProjectRef, (t) => ({
  colors: t.field({
    type: [ColorRef],
    description: "What its spaces and series may pick: the global colours and its organization chain's, by order.",
    resolve: (project, _args, context) => context.loaders.organizationChainColors.load(project.organizationId),
  }),
}));

builder.objectFields(PublicProjectRef, (t) => ({
  colors: t.field({
    type: [ColorRef],
    description: "The global colours and its organization chain's, by order.",
    resolve: (project, _args, context) => context.loaders.organizationChainColors.load(project.organizationId),
  }),
}));
