import {
  createSeriesDatasourceInput,
  createSeriesInput,
  type DatasourceFunction,
  datasourceFunctions,
  findDatasourceFunction,
  updateSeriesDatasourceInput,
  updateSeriesInput,
} from '@olo/shared';
import { builder } from '../../graphql/builder.ts';
import { absentNulls } from '../../graphql/input.ts';
import { parseInput } from '../../shared/errors.ts';
import { ProjectRef } from '../projects/projects.graphql.ts';
import { PublicProjectRef } from '../projects/public-project.graphql.ts';
import { SpaceRef } from '../spaces/spaces.graphql.ts';
import type { PublicSeries } from './public-series.service.ts';
import type { SeriesDatasourceRow, SeriesRow } from './series.repository.ts';
import { sortSeries } from './series.service.ts';

/** A latest value is "live" while it is younger than this. */
const liveForMs = 60 * 60 * 1000;

export interface LatestValue {
  seriesId: number;
  time: Date;
  value: number;
  computerId: number | null;
  /** Known when read from the database; a live event leaves it to `activeOf`, asked only when wanted. */
  active?: boolean;
  activeOf?: () => Promise<Set<number>>;
}

export const SeriesLatestRef = builder.objectRef<LatestValue>('SeriesLatest').implement({
  description: 'The newest stored value of a series.',
  fields: (t) => ({
    id: t.exposeInt('seriesId'),
    seriesId: t.exposeInt('seriesId'),
    data: t.exposeFloat('value', { description: 'In the series unit, after conversion and calibration.' }),
    time: t.expose('time', { type: 'DateTime' }),
    live: t.boolean({
      description: 'Younger than an hour.',
      resolve: (latest) => Date.now() - latest.time.getTime() < liveForMs,
    }),
    active: t.boolean({
      description:
        'A datasource feeds the series now (started, and not ended or ending in the future) from a meter that is active.',
      resolve: async (latest) => latest.active ?? (await latest.activeOf?.())?.has(latest.seriesId) ?? false,
    }),
    computerId: t.exposeInt('computerId', {
      nullable: true,
      description:
        'The Olo instance (Computer) whose ingest wrote the value; null when a recomputation did, or before instances were recorded.',
    }),
  }),
});

export interface PublicLatestValue {
  seriesId: number;
  time: Date;
  value: number;
}

export const PublicSeriesLatestRef = builder.objectRef<PublicLatestValue>('PublicSeriesLatest').implement({
  description: 'The newest value of a series, as a public link shows it.',
  fields: (t) => ({
    seriesId: t.exposeInt('seriesId'),
    data: t.exposeFloat('value', { description: 'In the series unit, after conversion and calibration.' }),
    time: t.expose('time', { type: 'DateTime' }),
  }),
});

export const PublicSeriesRef = builder.objectRef<PublicSeries>('PublicSeries').implement({
  description:
    'A series as a public link shows it live: what a gauge needs and its newest value; nothing of its meters or datasources.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    spaceId: t.exposeInt('spaceId', {
      nullable: true,
      description: 'Null for a weather series: the spaces that show it name it (PublicSpace.weatherSeriesId).',
    }),
    name: t.exposeString('name'),
    dataType: t.exposeString('dataType'),
    dataUnit: t.exposeString('dataUnit', { nullable: true }),
    colorId: t.exposeInt('colorId', { nullable: true }),
    latest: t.field({ type: PublicSeriesLatestRef, nullable: true, resolve: (series) => series.latest }),
    alarming: t.exposeBoolean('alarming', {
      description: 'An alarm episode of it is open; always false unless the project shows alarms (showAlarm).',
    }),
  }),
});

builder.objectFields(PublicProjectRef, (t) => ({
  series: t.field({
    type: [PublicSeriesRef],
    description:
      'Series of the shown spaces with their newest values, by type priority then name; empty unless showLive.',
    resolve: (project, _args, context) => context.services.publicSeries.listPublic(context.access, project),
  }),
  latestDataTime: t.field({
    type: 'DateTime',
    nullable: true,
    description: "Time of the newest value among the public data's series (those of shown spaces); null when none.",
    resolve: (project, _args, context) => context.services.publicSeries.publicLatestDataTime(context.access, project),
  }),
  alarmingSeriesCount: t.int({
    description:
      'Series of the shown spaces with an open alarm episode; 0 unless the project shows alarms (showAlarm).',
    resolve: (project, _args, context) => context.services.publicSeries.publicAlarmingCount(context.access, project),
  }),
}));

/**
 * What computes a datasource's values: 'meter' feeds the series the meter channel as it is; 'function' feeds it a
 * datasource function of that channel and further ones (dew point…). Weather is no datasource in Olo: a series
 * reads it through its weather channel.
 */
const SeriesDatasourceTypeEnum = builder.enumType('SeriesDatasourceType', { values: ['meter', 'function'] as const });

export const SeriesDatasourceRef = builder.objectRef<SeriesDatasourceRow>('SeriesDatasource').implement({
  description: 'A meter channel feeding a series over a time range.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    seriesId: t.exposeInt('seriesId'),
    meterId: t.exposeInt('meterId'),
    channel: t.exposeString('channel'),
    startAt: t.expose('startAt', { type: 'DateTime', nullable: true }),
    startInclusive: t.exposeBoolean('startInclusive'),
    endAt: t.expose('endAt', { type: 'DateTime', nullable: true }),
    endInclusive: t.exposeBoolean('endInclusive'),
    ended: t.boolean({
      description: 'Its end is past: it feeds the series no more.',
      resolve: (row) => row.endAt !== null && row.endAt.getTime() <= Date.now(),
    }),
    type: t.field({
      type: SeriesDatasourceTypeEnum,
      resolve: (row) => (row.functionId ? 'function' : 'meter'),
    }),
    datasourceFunctionId: t.string({ nullable: true, resolve: (row) => row.functionId }),
    datasourceFunctionName: t.string({
      nullable: true,
      resolve: (row) => findDatasourceFunction(row.functionId)?.name ?? null,
    }),
    extraChannels: t.stringList({
      description: "The function's further channels of the meter, in the order of its extra types.",
      resolve: (row) => row.extraChannels,
    }),
  }),
});

const DatasourceFunctionRef = builder.objectRef<DatasourceFunction>('DatasourceFunction').implement({
  description: 'Computes a series value from a channel and further channels of the same reading.',
  fields: (t) => ({
    id: t.exposeString('id'),
    name: t.exposeString('name'),
    requiredDataType: t.exposeString('requiredDataType', { description: "The datasource's own channel's type." }),
    extra: t.exposeStringList('extra', { description: 'Types of the further channels it needs, in order.' }),
    dataType: t.exposeString('dataType'),
    dataUnit: t.exposeString('dataUnit'),
    dataName: t.exposeString('dataName'),
  }),
});

builder.queryFields((t) => ({
  datasourceFunctions: t.field({
    type: [DatasourceFunctionRef],
    description: 'Functions a datasource may apply (dew point, absolute humidity).',
    resolve: (_root, _args, context) => {
      context.access.requireUser();
      return [...datasourceFunctions];
    },
  }),
}));

export const SeriesRef = builder.objectRef<SeriesRow>('Serie').implement({
  description: 'A measured quantity of a space, fed by meter channels through datasources.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    projectId: t.exposeInt('projectId'),
    spaceId: t.exposeInt('spaceId', { nullable: true }),
    name: t.exposeString('name'),
    description: t.exposeString('description', { nullable: true }),
    dataType: t.exposeString('dataType'),
    dataUnit: t.exposeString('dataUnit', { nullable: true }),
    dataName: t.exposeString('dataName', { nullable: true }),
    colorId: t.exposeInt('colorId', { nullable: true }),
    limitId: t.exposeInt('limitId', { nullable: true }),
    locked: t.exposeBoolean('locked'),
    seriesDatasources: t.field({
      type: [SeriesDatasourceRef],
      resolve: (row, _args, context) => context.loaders.seriesDatasources.load(row.id),
    }),
  }),
});

builder.objectFields(ProjectRef, (t) => ({
  series: t.field({
    type: [SeriesRef],
    description: 'By data type importance, then name.',
    resolve: (project, _args, context) => context.loaders.projectSeries.load(project.id),
  }),
}));

builder.objectFields(ProjectRef, (t) => ({
  seriesLatests: t.field({
    type: [SeriesLatestRef],
    description: 'The newest value of each of its series that has one (as the query `seriesLatests`).',
    resolve: (project, _args, context) => context.loaders.projectLatests.load(project.id),
  }),
}));

builder.objectFields(SpaceRef, (t) => ({
  series: t.field({
    type: [SeriesRef],
    description: 'By data type importance, then name.',
    resolve: async (space, _args, context) =>
      sortSeries((await context.loaders.projectSeries.load(space.projectId)).filter((row) => row.spaceId === space.id)),
  }),
}));

const seriesFields = (t: Parameters<Parameters<typeof builder.inputType>[1]['fields']>[0]) => ({
  description: t.string(),
  spaceId: t.int(),
  dataUnit: t.string(),
  dataName: t.string(),
  colorId: t.int(),
  limitId: t.int(),
  locked: t.boolean(),
});
const CreateSeriesInput = builder.inputType('CreateSeriesInput', {
  fields: (t) => ({
    projectId: t.int({ required: true }),
    name: t.string({ required: true }),
    dataType: t.string({ required: true }),
    ...seriesFields(t),
  }),
});
const UpdateSeriesInput = builder.inputType('UpdateSeriesInput', {
  fields: (t) => ({ id: t.int({ required: true }), name: t.string(), dataType: t.string(), ...seriesFields(t) }),
});
const boundsFields = (t: Parameters<Parameters<typeof builder.inputType>[1]['fields']>[0]) => ({
  startAt: t.field({ type: 'DateTime' }),
  startInclusive: t.boolean(),
  endAt: t.field({ type: 'DateTime' }),
  endInclusive: t.boolean(),
});
const functionFields = (t: Parameters<Parameters<typeof builder.inputType>[1]['fields']>[0]) => ({
  datasourceFunctionId: t.string({ description: 'A datasource function; null removes it.' }),
  extraChannels: t.stringList({ description: "The function's further channels of the meter, in order." }),
});
/** GraphQL's datasourceFunctionId is the input schemas' functionId. */
const withFunction = ({ datasourceFunctionId, ...input }: Record<string, unknown>) =>
  datasourceFunctionId === undefined ? input : { ...input, functionId: datasourceFunctionId };
const CreateSeriesDatasourceInput = builder.inputType('CreateSeriesDatasourceInput', {
  fields: (t) => ({
    seriesId: t.int({ required: true }),
    meterId: t.int({ required: true }),
    channel: t.string({ required: true }),
    ...boundsFields(t),
    ...functionFields(t),
  }),
});
const UpdateSeriesDatasourceInput = builder.inputType('UpdateSeriesDatasourceInput', {
  fields: (t) => ({ id: t.int({ required: true }), ...boundsFields(t), ...functionFields(t) }),
});

/** Absent fields stay as they are; null clears a nullable one but never the name, the data type or a flag. */
const clearableSeriesFields = ['description', 'spaceId', 'dataUnit', 'dataName', 'colorId', 'limitId'] as const;
const clearableDatasourceFields = ['startAt', 'endAt', 'datasourceFunctionId'] as const;

builder.queryFields((t) => ({
  seriesLatests: t.field({
    type: [SeriesLatestRef],
    args: { projectId: t.arg.int({ required: true }) },
    resolve: (_root, args, context) => context.services.series.latest(context.access, args.projectId),
  }),
}));

builder.mutationFields((t) => ({
  createSeries: t.field({
    type: SeriesRef,
    args: { input: t.arg({ type: CreateSeriesInput, required: true }) },
    resolve: (_root, args, context) =>
      context.services.series.create(
        context.access,
        parseInput(createSeriesInput, absentNulls(args.input, { clearable: clearableSeriesFields })),
      ),
  }),
  updateSeries: t.field({
    type: SeriesRef,
    args: { input: t.arg({ type: UpdateSeriesInput, required: true }) },
    resolve: (_root, args, context) =>
      context.services.series.update(
        context.access,
        parseInput(updateSeriesInput, absentNulls(args.input, { clearable: clearableSeriesFields })),
      ),
  }),
  deleteSeries: t.boolean({
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, context) => context.services.series.delete(context.access, args.id),
  }),
  createSeriesDatasource: t.field({
    type: SeriesDatasourceRef,
    args: { input: t.arg({ type: CreateSeriesDatasourceInput, required: true }) },
    resolve: (_root, args, context) =>
      context.services.series.createDatasource(
        context.access,
        parseInput(
          createSeriesDatasourceInput,
          withFunction(absentNulls(args.input, { clearable: clearableDatasourceFields })),
        ),
      ),
  }),
  updateSeriesDatasource: t.field({
    type: SeriesDatasourceRef,
    args: { input: t.arg({ type: UpdateSeriesDatasourceInput, required: true }) },
    resolve: (_root, args, context) =>
      context.services.series.updateDatasource(
        context.access,
        parseInput(
          updateSeriesDatasourceInput,
          withFunction(absentNulls(args.input, { clearable: clearableDatasourceFields })),
        ),
      ),
  }),
  deleteSeriesDatasource: t.boolean({
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, context) => context.services.series.deleteDatasource(context.access, args.id),
  }),
  moveSeriesDatasources: t.field({
    type: [SeriesDatasourceRef],
    description: 'Moves datasources to another series from `at` on (the whole datasource without `at`).',
    args: {
      ids: t.arg.intList({ required: true }),
      seriesId: t.arg.int({ required: true }),
      at: t.arg({ type: 'DateTime' }),
    },
    resolve: (_root, args, context) =>
      context.services.series.moveDatasources(context.access, args.ids.slice(0, 100), args.seriesId, args.at ?? null),
  }),
  projectAddMeter: t.field({
    type: [SeriesRef],
    description: "Creates a series in the space for each of the meter's measured channels, fed from now on.",
    args: { projectId: t.arg.int({ required: true }), meterId: t.arg.int({ required: true }), spaceId: t.arg.int() },
    resolve: (_root, args, context) =>
      context.services.series.addMeterToProject(context.access, {
        projectId: args.projectId,
        meterId: args.meterId,
        spaceId: args.spaceId ?? null,
      }),
  }),
}));
