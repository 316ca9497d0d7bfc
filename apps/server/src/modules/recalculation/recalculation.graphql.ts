import { builder } from '../../graphql/builder.ts';
import { percentDone, progressStatuses } from '../jobs/job-progress.ts';
import { MeterRef } from '../meters/meters.graphql.ts';
import { ProjectRef } from '../projects/projects.graphql.ts';
import { SeriesRef } from '../series/series.graphql.ts';
import type { RecalculationRow } from './recalculation.repository.ts';

const RecalculationStatusEnum = builder.enumType('RecalculationStatus', {
  description: 'failed: the last attempt failed; it is retried until it gives up (finishedAt set).',
  values: progressStatuses,
});

const RecalculationReasonEnum = builder.enumType('RecalculationReason', {
  values: ['conversion', 'calibration', 'datasource', 'decode', 'delete'] as const,
});

const RecalculationRef = builder.objectRef<RecalculationRow>('Recalculation').implement({
  description:
    'A background recomputation of stored series values after a conversion, calibration, datasource change or deletion of readings.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    status: t.field({ type: RecalculationStatusEnum, resolve: (row) => row.status }),
    reason: t.field({ type: RecalculationReasonEnum, resolve: (row) => row.reason }),
    readingsDone: t.exposeInt('readingsDone'),
    readingsTotal: t.exposeInt('readingsTotal', {
      nullable: true,
      description: 'Readings in the range when it started (an estimate); null while queued.',
    }),
    percent: t.int({
      description: 'Whole percent done, 0..100; 100 only when done.',
      // Readings the ingest adds meanwhile may outrun the estimate.
      resolve: (row) => percentDone(row.status, row.readingsDone, row.readingsTotal),
    }),
    error: t.exposeString('error', { nullable: true, description: "The failed attempt's error." }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    startedAt: t.expose('startedAt', { type: 'DateTime', nullable: true }),
    finishedAt: t.expose('finishedAt', { type: 'DateTime', nullable: true }),
  }),
});

builder.objectFields(MeterRef, (t) => ({
  recalculations: t.field({
    type: [RecalculationRef],
    description: "The meter's unfinished recomputations and those finished in the last 24 hours, newest first.",
    resolve: (meter, _args, context) => context.services.recalculation.ofMeter(context.access, meter.id),
  }),
}));

builder.objectFields(SeriesRef, (t) => ({
  recalculations: t.field({
    type: [RecalculationRef],
    description: 'Unfinished recomputations that rewrite this series and those finished in the last 24 hours.',
    resolve: (series, _args, context) => context.services.recalculation.ofSeries(context.access, series),
  }),
}));

builder.objectFields(ProjectRef, (t) => ({
  recalculations: t.field({
    type: [RecalculationRef],
    description:
      "Unfinished recomputations that rewrite the project's series and those finished in the last 24 hours, newest first.",
    resolve: (project, _args, context) => context.services.recalculation.ofProject(context.access, project.id),
  }),
}));
