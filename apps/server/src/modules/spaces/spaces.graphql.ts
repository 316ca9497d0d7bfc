import { createSpaceInput, updateSpaceInput } from '@olo/shared';
import { builder } from '../../graphql/builder.ts';
import { absentNulls } from '../../graphql/input.ts';
import { parseInput } from '../../shared/errors.ts';
import { ProjectRef } from '../projects/projects.graphql.ts';
import type { SpaceRow } from './spaces.repository.ts';

export const SpaceRef = builder.objectRef<SpaceRow>('Space').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    projectId: t.exposeInt('projectId'),
    name: t.exposeString('name'),
    description: t.exposeString('description', { nullable: true }),
    show: t.exposeBoolean('show'),
    weather: t.exposeBoolean('weather'),
    weatherDatatype: t.exposeString('weatherDatatype', { nullable: true }),
    weatherLimit: t.exposeInt('weatherLimit', { nullable: true }),
    weatherId: t.exposeInt('weatherId', { nullable: true }),
    colorId: t.exposeInt('colorId', { nullable: true }),
  }),
});

builder.objectFields(ProjectRef, (t) => ({
  spaces: t.field({
    type: [SpaceRef],
    description: 'By name.',
    resolve: (project, _args, context) => context.loaders.projectSpaces.load(project.id),
  }),
}));

const spaceFields = (t: Parameters<Parameters<typeof builder.inputType>[1]['fields']>[0]) => ({
  description: t.string(),
  show: t.boolean(),
  weather: t.boolean(),
  weatherDatatype: t.string(),
  weatherLimit: t.int(),
  weatherId: t.int(),
  colorId: t.int(),
});
const CreateSpaceInput = builder.inputType('CreateSpaceInput', {
  fields: (t) => ({ projectId: t.int({ required: true }), name: t.string({ required: true }), ...spaceFields(t) }),
});
const UpdateSpaceInput = builder.inputType('UpdateSpaceInput', {
  fields: (t) => ({ id: t.int({ required: true }), name: t.string(), ...spaceFields(t) }),
});

/** Omitted fields stay as they are; an explicit null clears a nullable field but never the name or a flag. */
const clearableSpaceFields = ['description', 'weatherDatatype', 'weatherLimit', 'weatherId', 'colorId'] as const;

builder.mutationFields((t) => ({
  createSpace: t.field({
    type: SpaceRef,
    args: { input: t.arg({ type: CreateSpaceInput, required: true }) },
    resolve: (_root, args, context) =>
      context.services.spaces.create(
        context.access,
        parseInput(createSpaceInput, absentNulls(args.input, { clearable: clearableSpaceFields })),
      ),
  }),
  updateSpace: t.field({
    type: SpaceRef,
    args: { input: t.arg({ type: UpdateSpaceInput, required: true }) },
    resolve: (_root, args, context) =>
      context.services.spaces.update(
        context.access,
        parseInput(updateSpaceInput, absentNulls(args.input, { clearable: clearableSpaceFields })),
      ),
  }),
  deleteSpace: t.boolean({
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, context) => context.services.spaces.delete(context.access, args.id),
  }),
}));
