import { saveDataViewInput, saveDateRangeInput } from '@olo/shared';
import { builder } from '../../graphql/builder.ts';
import { absentNulls } from '../../graphql/input.ts';
import { parseInput } from '../../shared/errors.ts';
import { ProjectRef } from '../projects/projects.graphql.ts';
import type { DataViewRow, SavedDateRangeRow } from './data-views.repository.ts';

const SavedDateRangeRef = builder.objectRef<SavedDateRangeRow>('SavedDateRange').implement({
  description: "A named date range of the viewer's own in a project.",
  fields: (t) => ({
    id: t.exposeInt('id'),
    projectId: t.exposeInt('projectId'),
    name: t.exposeString('name'),
    from: t.expose('from', { type: 'DateTime' }),
    to: t.expose('to', { type: 'DateTime' }),
  }),
});

const DataViewRef = builder.objectRef<DataViewRow>('DataView').implement({
  description: "A data view option of the viewer's own in a project: a period and how it is shown.",
  fields: (t) => ({
    id: t.exposeInt('id'),
    projectId: t.exposeInt('projectId'),
    name: t.exposeString('name'),
    from: t.expose('from', { type: 'DateTime' }),
    to: t.expose('to', { type: 'DateTime' }),
    filters: t.field({
      type: 'JSON',
      description: 'weekrange, removeday and removerange filters (packages/shared dataFilterSchema).',
      resolve: (view) => view.filters,
    }),
    nulls: t.exposeBoolean('nulls'),
    mode: t.exposeString('mode', { description: 'avg, min or max' }),
    slot: t.exposeInt('slot', { description: 'Slot length, seconds.' }),
  }),
});

builder.objectFields(ProjectRef, (t) => ({
  savedDateRanges: t.field({
    type: [SavedDateRangeRef],
    description: "The viewer's own, by start.",
    resolve: (project, _args, context) => context.services.dataViews.ranges(context.access, project.id),
  }),
  dataViews: t.field({
    type: [DataViewRef],
    description: "The viewer's own (at most 20), in the order saved.",
    resolve: (project, _args, context) => context.services.dataViews.views(context.access, project.id),
  }),
}));

const SaveDateRangeInput = builder.inputType('SaveDateRangeInput', {
  fields: (t) => ({
    id: t.int({ description: 'Omitted: a new range.' }),
    projectId: t.int({ required: true }),
    name: t.string({ required: true }),
    from: t.field({ type: 'DateTime', required: true }),
    to: t.field({ type: 'DateTime', required: true }),
  }),
});

const SaveDataViewInput = builder.inputType('SaveDataViewInput', {
  fields: (t) => ({
    id: t.int({ description: 'Omitted: a new view.' }),
    projectId: t.int({ required: true }),
    name: t.string({ required: true }),
    from: t.field({ type: 'DateTime', required: true }),
    to: t.field({ type: 'DateTime', required: true }),
    filters: t.field({ type: 'JSON' }),
    nulls: t.boolean(),
    mode: t.string(),
    slot: t.int({ required: true }),
  }),
});

builder.mutationFields((t) => ({
  saveDateRange: t.field({
    type: SavedDateRangeRef,
    args: { input: t.arg({ type: SaveDateRangeInput, required: true }) },
    resolve: (_root, args, context) =>
      context.services.dataViews.saveRange(context.access, parseInput(saveDateRangeInput, absentNulls(args.input))),
  }),
  deleteSavedDateRange: t.boolean({
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, context) => context.services.dataViews.deleteRange(context.access, args.id),
  }),
  saveDataView: t.field({
    type: DataViewRef,
    args: { input: t.arg({ type: SaveDataViewInput, required: true }) },
    resolve: (_root, args, context) =>
      context.services.dataViews.saveView(context.access, parseInput(saveDataViewInput, absentNulls(args.input))),
  }),
  deleteDataView: t.boolean({
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, context) => context.services.dataViews.deleteView(context.access, args.id),
  }),
}));
