import { builder } from '../../graphql/builder.ts';
import { ProjectRef } from './projects.graphql.ts';
import type { ProjectTrendRow } from './projects.repository.ts';

const ProjectStateRef = builder
  .objectRef<{ dataId: string; caching: boolean; projectId: number }>('ProjectState')
  .implement({
    fields: (t) => ({
      dataId: t.exposeString('dataId', {
        description: 'Changes whenever stored data changes; cached data of another dataId is stale.',
      }),
      caching: t.exposeBoolean('caching', { description: 'Closed periods of data may be cached by clients.' }),
      online: t.boolean({
        description:
          'At least one of its active meters (feeding its series through a datasource open now) has reported within ' +
          'three of its intervals.',
        resolve: async (state, _args, context) =>
          (await context.loaders.projectOnline.load(state.projectId)).metersOnline > 0,
      }),
      metersOnline: t.int({
        description: 'Its active meters that have reported within three of their intervals.',
        resolve: async (state, _args, context) =>
          (await context.loaders.projectOnline.load(state.projectId)).metersOnline,
      }),
      metersTotal: t.int({
        description: 'Its active meters: those feeding its series through a datasource open now.',
        resolve: async (state, _args, context) =>
          (await context.loaders.projectOnline.load(state.projectId)).metersTotal,
      }),
      latestReadingAt: t.field({
        type: 'DateTime',
        nullable: true,
        description: "The time of its series' newest value.",
        resolve: async (state, _args, context) =>
          (await context.loaders.projectOnline.load(state.projectId)).latestReadingAt,
      }),
      offlineAt: t.field({
        type: 'DateTime',
        nullable: true,
        description:
          'When metersOnline drops next unless a meter reports again: the earliest of its meters online passes three ' +
          'of its intervals. No event marks it, so a page showing the count asks again then. Null when none is online.',
        resolve: async (state, _args, context) => (await context.loaders.projectOnline.load(state.projectId)).offlineAt,
      }),
    }),
  });

const ProjectTrendRef = builder.objectRef<ProjectTrendRow>('ProjectTrend').implement({
  description: "Hourly averages of one of a project's main measurement types over its series of the type.",
  fields: (t) => ({
    dataType: t.exposeString('dataType'),
    hours: t.field({
      type: ['DateTime'],
      description: 'Start of each hour with values, oldest first.',
      resolve: (trend) => trend.hours,
    }),
    values: t.exposeFloatList('values', { description: 'The average of each hour, in the order of `hours`.' }),
  }),
});

/** What a project's status strip shows: whether its data changed and its meters report, and its last day's trends. */
builder.objectFields(ProjectRef, (t) => ({
  state: t.field({
    type: ProjectStateRef,
    resolve: (project) => ({ dataId: project.dataId, caching: true, projectId: project.id }),
  }),
  trends: t.field({
    type: [ProjectTrendRef],
    description:
      'The last 24 hours of its main types (temperature, humidity, CO2, pressure difference), from the hourly rollup.',
    resolve: (project, _args, context) => context.loaders.projectTrends.load(project.id),
  }),
}));
