import { createProjectPageInput, updateProjectPageInput } from '@olo/shared';
import { builder } from '../../graphql/builder.ts';
import { absentNulls } from '../../graphql/input.ts';
import { parseInput } from '../../shared/errors.ts';
import { ProjectRef } from '../projects/projects.graphql.ts';
import type { ProjectPageRow } from './project-pages.repository.ts';

export const ProjectPageRef = builder.objectRef<ProjectPageRow>('ProjectPage').implement({
  description: "A summary page of a project, shown on the project's default page.",
  fields: (t) => ({
    id: t.exposeInt('id'),
    projectId: t.exposeInt('projectId'),
    name: t.exposeString('name'),
    content: t.exposeString('content', { description: 'Markdown.' }),
    icon: t.exposeString('icon', { nullable: true }),
    order: t.exposeInt('order'),
    show: t.exposeBoolean('show'),
    type: t.exposeString('type'),
    internal: t.exposeBoolean('internal', { description: 'Never on the public view.' }),
  }),
});

builder.objectFields(ProjectRef, (t) => ({
  pages: t.field({
    type: [ProjectPageRef],
    description: 'Summary pages by order; hidden ones for project admins only.',
    resolve: (project, _args, context) => context.services.projectPages.list(context.access, project.id),
  }),
}));

const pageFields = (t: Parameters<Parameters<typeof builder.inputType>[1]['fields']>[0]) => ({
  content: t.string(),
  icon: t.string(),
  order: t.int(),
  show: t.boolean(),
  type: t.string(),
  internal: t.boolean(),
});
const CreateProjectPageInput = builder.inputType('CreateProjectPageInput', {
  fields: (t) => ({ projectId: t.int({ required: true }), name: t.string({ required: true }), ...pageFields(t) }),
});
const UpdateProjectPageInput = builder.inputType('UpdateProjectPageInput', {
  fields: (t) => ({ id: t.int({ required: true }), name: t.string(), ...pageFields(t) }),
});

builder.mutationFields((t) => ({
  createProjectPage: t.field({
    type: ProjectPageRef,
    args: { input: t.arg({ type: CreateProjectPageInput, required: true }) },
    resolve: (_root, args, context) =>
      context.services.projectPages.create(
        context.access,
        parseInput(createProjectPageInput, absentNulls(args.input, { clearable: ['icon'] })),
      ),
  }),
  updateProjectPage: t.field({
    type: ProjectPageRef,
    args: { input: t.arg({ type: UpdateProjectPageInput, required: true }) },
    resolve: (_root, args, context) =>
      context.services.projectPages.update(
        context.access,
        parseInput(updateProjectPageInput, absentNulls(args.input, { clearable: ['icon'] })),
      ),
  }),
  deleteProjectPage: t.boolean({
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, context) => context.services.projectPages.delete(context.access, args.id),
  }),
}));
