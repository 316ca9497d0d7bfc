import { builder } from '../../graphql/builder.ts';
import { ClassificationRef } from '../classification/classification.graphql.ts';
import { LimitRef } from '../limits/limits.graphql.ts';
import type { ReportContextSource } from './report-context.service.ts';
import type { ReportEpisode, ReportSeriesRow, ReportSpaceRow } from './reports.repository.ts';

const ReportSpaceRef = builder.objectRef<ReportSpaceRow>('ReportSpace').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    show: t.exposeBoolean('show'),
    weather: t.exposeBoolean('weather', { description: 'It shows outdoor weather beside its series (Space.weather).' }),
    weatherId: t.exposeInt('weatherId', { nullable: true }),
    weatherDatatype: t.exposeString('weatherDatatype', { nullable: true }),
    weatherLimit: t.exposeInt('weatherLimit', { nullable: true }),
    color: t.string({
      nullable: true,
      description: 'The colour it picked, #rrggbb; null: its palette colour by id.',
      resolve: async (space, _args, context) =>
        space.colorId === null ? null : ((await context.loaders.color.load(space.colorId))?.color ?? null),
    }),
  }),
});

const ReportSeriesRef = builder.objectRef<ReportSeriesRow>('ReportSeries').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    spaceId: t.exposeInt('spaceId', { nullable: true }),
    dataType: t.exposeString('dataType'),
    dataUnit: t.exposeString('dataUnit', { nullable: true }),
    weatherId: t.exposeInt('weatherId', { nullable: true, description: 'The weather source of a weather series.' }),
    color: t.string({
      nullable: true,
      description: 'The colour it picked, #rrggbb; null: its palette colour by id (seriesColor).',
      resolve: async (series, _args, context) =>
        series.colorId === null ? null : ((await context.loaders.color.load(series.colorId))?.color ?? null),
    }),
    limit: t.field({
      type: LimitRef,
      nullable: true,
      description: 'The limit it follows (as Serie.limit).',
      resolve: (series, _args, context) => context.loaders.effectiveLimit.load(series.id),
    }),
  }),
});

const ReportAlarmEpisodeRef = builder.objectRef<ReportEpisode>('ReportAlarmEpisode').implement({
  description: 'An alarm episode (AlarmsTriggered) of a series the report may show.',
  fields: (t) => ({
    id: t.exposeString('id'),
    alarmName: t.exposeString('alarmName'),
    seriesId: t.exposeInt('seriesId'),
    time: t.expose('time', { type: 'DateTime', description: 'When it started.' }),
    endAt: t.expose('endAt', { type: 'DateTime', nullable: true, description: 'Null while open.' }),
    peak: t.exposeFloat('peak', {
      nullable: true,
      description: "The value furthest past the alarm's range during the episode; null when none was recorded.",
    }),
  }),
});

export const ReportContextRef = builder.objectRef<ReportContextSource>('ReportContext').implement({
  description:
    "What a report's elements resolve against: its project's facts, spaces, series and alarm episodes. " +
    'A public report lists only the spaces and series its content references.',
  fields: (t) => ({
    projectId: t.exposeInt('projectId'),
    projectName: t.string({
      resolve: async (source, _args, context) => (await context.loaders.reportProject.load(source.projectId)).name,
    }),
    projectCode: t.string({
      nullable: true,
      resolve: async (source, _args, context) => (await context.loaders.reportProject.load(source.projectId)).code,
    }),
    organizationName: t.string({
      resolve: async (source, _args, context) =>
        (await context.loaders.reportProject.load(source.projectId)).organizationName,
    }),
    timeZone: t.string({
      resolve: async (source, _args, context) => (await context.loaders.reportProject.load(source.projectId)).timeZone,
    }),
    dataId: t.string({
      description: "Changes whenever the project's stored data changes (the data API's cache key).",
      resolve: async (source, _args, context) => (await context.loaders.reportProject.load(source.projectId)).dataId,
    }),
    startAt: t.field({
      type: 'DateTime',
      nullable: true,
      resolve: async (source, _args, context) => (await context.loaders.reportProject.load(source.projectId)).startAt,
    }),
    defaultSelect: t.int({
      description: 'Days the data view shows by default.',
      resolve: async (source, _args, context) =>
        (await context.loaders.reportProject.load(source.projectId)).defaultSelect,
    }),
    defaults: t.field({
      type: 'JSON',
      nullable: true,
      description: 'Default data view options: nulls, filters, mode, slot.',
      resolve: async (source, _args, context) => (await context.loaders.reportProject.load(source.projectId)).defaults,
    }),
    spaces: t.field({
      type: [ReportSpaceRef],
      description: 'By name.',
      resolve: async (source, _args, context) =>
        (await context.services.reportContext.lists(source, context.loaders)).spaces,
    }),
    series: t.field({
      type: [ReportSeriesRef],
      description: 'By data type importance, then name.',
      resolve: async (source, _args, context) =>
        (await context.services.reportContext.lists(source, context.loaders)).series,
    }),
    alarmEpisodes: t.field({
      type: [ReportAlarmEpisodeRef],
      description:
        "Of the context's series, overlapping the union of the report's range and its data slots' ranges; by start.",
      resolve: (source, _args, context) => context.services.reportContext.episodes(source, context.loaders),
    }),
    classifications: t.field({
      type: [ClassificationRef],
      description:
        "The indoor climate classification of the context's series for each range its classification elements use (the report's: dataslotId null); none without such an element.",
      resolve: async (source, _args, context) => {
        const slotIds = context.services.reportContext.classificationSlots(source);
        if (slotIds.length === 0) return [];
        const { series } = await context.services.reportContext.lists(source, context.loaders);
        const { timeZone } = await context.loaders.reportProject.load(source.projectId);
        const seriesIds = series.map((item) => item.id);
        return Promise.all(
          slotIds.map(async (dataslotId) => {
            const range = context.services.reportContext.rangeOf(source, dataslotId, timeZone);
            const answer = await context.services.classification.forReport(
              source.projectId,
              range.from,
              range.to,
              seriesIds,
            );
            return { ...answer, dataslotId };
          }),
        );
      },
    }),
  }),
});
