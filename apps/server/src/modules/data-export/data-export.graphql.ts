import { builder } from '../../graphql/builder.ts';
import { absentNulls } from '../../graphql/input.ts';
import { parseInput } from '../../shared/errors.ts';
import { percentDone, progressStatuses } from '../jobs/job-progress.ts';
import { ProjectRef } from '../projects/projects.graphql.ts';
import { dataExportPathSchema, dataExportQuerySchema } from './data-export.schema.ts';
import type { DataExportRow } from './data-exports.repository.ts';

const DataExportStatusEnum = builder.enumType('DataExportStatus', {
  description: 'failed: the last attempt failed; it is retried until it gives up (finishedAt set).',
  values: progressStatuses,
});

const DataExportRef = builder.objectRef<DataExportRow>('DataExport').implement({
  description: "A background export of a summary view's data (decision 0100), the viewer's own.",
  fields: (t) => ({
    id: t.exposeInt('id'),
    format: t.exposeString('format', { description: 'csv or xlsx' }),
    status: t.field({ type: DataExportStatusEnum, resolve: (row) => row.status }),
    from: t.field({ type: 'DateTime', resolve: (row) => new Date(row.request.from) }),
    to: t.field({ type: 'DateTime', resolve: (row) => new Date(row.request.to) }),
    slot: t.int({ description: 'Slot length, seconds.', resolve: (row) => row.request.slot }),
    rowsDone: t.exposeInt('rowsDone'),
    rowsTotal: t.exposeInt('rowsTotal', {
      nullable: true,
      description: 'Rows of the file; null until the data are read.',
    }),
    percent: t.int({
      description: 'Whole percent done, 0..100; 100 only when done.',
      resolve: (row) => percentDone(row.status, row.rowsDone, row.rowsTotal),
    }),
    filename: t.exposeString('filename', { nullable: true }),
    size: t.exposeInt('size', { nullable: true, description: 'Bytes of the file, once written.' }),
    url: t.string({
      nullable: true,
      description: 'Where the finished file downloads (GET, its owner only); null until done.',
      resolve: (row) => (row.status === 'done' ? `/api/exports/${row.id}` : null),
    }),
    error: t.exposeString('error', { nullable: true, description: "The failed attempt's error." }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    finishedAt: t.expose('finishedAt', { type: 'DateTime', nullable: true }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime', description: 'The file is deleted then.' }),
  }),
});

builder.objectFields(ProjectRef, (t) => ({
  dataExports: t.field({
    type: [DataExportRef],
    description: "The viewer's own background exports of the project that have not expired (at most 10), newest first.",
    resolve: (project, _args, context) => context.services.backgroundExports.ofProject(context.access, project.id),
  }),
}));

const StartDataExportInput = builder.inputType('StartDataExportInput', {
  description: 'What `GET /api/export/{projectId}.{format}` takes, as typed fields.',
  fields: (t) => ({
    projectId: t.int({ required: true }),
    format: t.string({ required: true, description: 'csv or xlsx' }),
    from: t.field({ type: 'DateTime', required: true }),
    to: t.field({ type: 'DateTime', required: true, description: 'The last instant of the range (closed).' }),
    slot: t.int({ required: true, description: 'Slot length, seconds; it divides a day.' }),
    mode: t.string({ description: 'avg (default), min or max' }),
    nulls: t.boolean({ description: 'Slots without any value are rows too.' }),
    filters: t.field({ type: 'JSON', description: "The data view's filters (packages/shared dataFilterSchema)." }),
    lang: t.string({ description: 'fi (default), sv or en: headings, separators and times of the file.' }),
  }),
});

builder.mutationFields((t) => ({
  startDataExport: t.field({
    type: DataExportRef,
    description:
      'Starts writing the export in the background (access and bounds as the download route); poll Project.dataExports for its progress and url.',
    args: { input: t.arg({ type: StartDataExportInput, required: true }) },
    resolve: (_root, args, context) => {
      const input = absentNulls(args.input);
      const { projectId, format } = parseInput(dataExportPathSchema, {
        projectId: input.projectId,
        format: input.format,
      });
      // The download's own schema, on the fields as its query string carries them.
      const query = parseInput(dataExportQuerySchema, {
        from: String(input.from.getTime()),
        to: String(input.to.getTime()),
        slot: String(input.slot),
        mode: input.mode,
        nulls: input.nulls === undefined ? undefined : input.nulls ? '1' : '0',
        filters: input.filters === undefined ? undefined : JSON.stringify(input.filters),
        lang: input.lang,
      });
      return context.services.backgroundExports.start(context.access, { projectId, format, query });
    },
  }),
}));
