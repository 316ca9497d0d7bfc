import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { AttachmentRef } from '../attachments/attachments.graphql.ts';
import { ProjectPageRef } from '../project-pages/project-pages.graphql.ts';
import type { PublicSpaceWithWeather } from '../series/public-series.service.ts';
import type { ProjectRow } from './projects.repository.ts';

/** A space as a public link shows it: not the member type `Space`, whose `series` lead to meters and datasources. */
export const PublicSpaceRef = builder.objectRef<PublicSpaceWithWeather>('PublicSpace').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    description: t.exposeString('description', { nullable: true }),
    colorId: t.exposeInt('colorId', { nullable: true }),
    weatherSeriesId: t.exposeInt('weatherSeriesId', {
      nullable: true,
      description: 'The weather series the space shows beside its own (Space.weather), among the public series.',
    }),
  }),
});

/**
 * What anybody with a project's public link sees: its identity, its shown summary pages, and the
 * parts its show flags open (live: spaces; alarms and reports come with their issues).
 */
export const PublicProjectRef = builder.objectRef<ProjectRow>('PublicProject').implement({
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
    defaultSelect: t.exposeInt('defaultSelect', { description: 'Days the data view shows by default.' }),
    defaults: t.expose('defaults', {
      type: 'JSON',
      description: 'Default data view options: nulls, filters, mode, slot.',
    }),
    dataId: t.exposeString('dataId', {
      description: 'Changes whenever stored data changes; cached data of another dataId is stale (the data API).',
    }),
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
      type: [PublicSpaceRef],
      description: 'Shown spaces by name; empty unless showLive.',
      resolve: (project, _args, context) => context.services.publicSeries.listPublicSpaces(context.access, project),
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

builder.subscriptionFields((t) => ({
  publicProjectUpdated: t.field({
    type: PublicProjectRef,
    description:
      'The project behind a public link after each change to it (its fields, spaces, pages, or a new dataId); ends when the link is turned off.',
    args: { publicId: t.arg.string({ required: true }) },
    subscribe: async (_root, args, context) => {
      const project = await context.services.projects.byPublicId(context.access, args.publicId);
      return publicProjectUpdates(context, project.id, args.publicId);
    },
    resolve: (project) => project,
  }),
}));

/** The project after each of its changes, looked up by its public id each time: a link turned off ends the pushes. */
async function* publicProjectUpdates(
  context: GraphQLContext,
  projectId: number,
  publicId: string,
): AsyncGenerator<ProjectRow> {
  const stop = new AbortController();
  try {
    for await (const event of context.events.subscribe('project.updated', stop.signal)) {
      if (event.projectId !== projectId) continue;
      const project = await context.services.projects.findPublic(context.access, publicId);
      if (!project) return;
      yield project;
    }
  } finally {
    stop.abort();
  }
}
