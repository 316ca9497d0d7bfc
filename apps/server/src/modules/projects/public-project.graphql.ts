import { builder } from '../../graphql/builder.ts';
import { AttachmentRef } from '../attachments/attachments.graphql.ts';
import { ProjectPageRef } from '../project-pages/project-pages.graphql.ts';
import { SpaceRef } from '../spaces/spaces.graphql.ts';
import type { ProjectRow } from './projects.repository.ts';

/**
 * What anybody with a project's public link sees: its identity, its shown summary pages, and the
 * parts its show flags open (live: spaces; alarms and reports come with their issues).
 */
const PublicProjectRef = builder.objectRef<ProjectRow>('PublicProject').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    publicId: t.string({ resolve: (project) => project.publicId ?? '' }),
    name: t.exposeString('name'),
    description: t.exposeString('description', { nullable: true }),
    code: t.exposeString('code', { nullable: true }),
    startAt: t.expose('startAt', { type: 'DateTime', nullable: true }),
    endAt: t.expose('endAt', { type: 'DateTime', nullable: true }),
    ended: t.exposeBoolean('ended'),
    timeZone: t.exposeString('timeZone'),
    defaultSelect: t.exposeInt('defaultSelect'),
    showLive: t.exposeBoolean('showLive'),
    showReport: t.exposeBoolean('showReport'),
    showAlarm: t.exposeBoolean('showAlarm'),
    picture: t.field({
      type: AttachmentRef,
      nullable: true,
      resolve: async (project, _args, context) =>
        project.pictureId && context.access.policy.publicProject(project).picture
          ? ((await context.services.attachments.byId(project.pictureId)) ?? null)
          : null,
    }),
    pages: t.field({
      type: [ProjectPageRef],
      description: 'Shown, non-internal summary pages by order.',
      resolve: (project, _args, context) => context.services.projectPages.listPublic(context.access, project),
    }),
    spaces: t.field({
      type: [SpaceRef],
      description: 'Shown spaces by name; empty unless showLive.',
      resolve: (project, _args, context) => context.services.spaces.listPublic(context.access, project),
    }),
  }),
});

builder.queryFields((t) => ({
  projectByPublicId: t.field({
    type: PublicProjectRef,
    description: 'A project through its public link; open to anybody while the link is on.',
    args: { publicId: t.arg.string({ required: true }) },
    resolve: (_root, args, context) => context.services.projects.byPublicId(context.access, args.publicId),
  }),
}));
