import { classificationQueryInput } from '@olo/shared';
import { builder } from '../../graphql/builder.ts';
import { parseInput } from '../../shared/errors.ts';
import { ProjectRef } from '../projects/projects.graphql.ts';
import { UsageScheduleRef } from '../projects/usage-schedule.graphql.ts';
import type { ClassificationAnswer, ClassificationRow } from './classification.service.ts';

const hours = (ms: number) => Math.round((ms / 3_600_000) * 10) / 10;

const ClassShareRef = builder
  .objectRef<{ key: string; share: number; inMs: number; color: string; min: number | null; max: number | null }>(
    'ClassShare',
  )
  .implement({
    description: "A class's target (its shipped limit's normal range) and the share of occupied time within it.",
    fields: (t) => ({
      key: t.exposeString('key', { description: 'S1, S2 or S3.' }),
      min: t.exposeFloat('min', { nullable: true }),
      max: t.exposeFloat('max', { nullable: true }),
      color: t.exposeString('color', { description: "#rrggbb, the limit's band colour." }),
      share: t.exposeFloat('share', { description: 'Of the occupied time, 0–1; gaps count as outside.' }),
      hours: t.float({ resolve: (entry) => hours(entry.inMs) }),
    }),
  });

const ClassificationRowRef = builder.objectRef<ClassificationRow>('ClassificationRow').implement({
  description: 'One series of a space judged by the indoor climate classification (Sisäilmastoluokitus 2018).',
  fields: (t) => ({
    seriesId: t.int({ resolve: (row) => row.series.id }),
    seriesName: t.string({ resolve: (row) => row.series.name }),
    spaceId: t.int({ resolve: (row) => row.series.spaceId }),
    spaceName: t.string({ resolve: (row) => row.series.spaceName }),
    dataType: t.string({ resolve: (row) => row.series.dataType }),
    achieved: t.exposeString('achieved', { nullable: true, description: 'S1, S2 or S3; null: none (see verdict).' }),
    verdict: t.exposeString('verdict', { description: 'class, belowS3, insufficientData or noOccupiedTime.' }),
    color: t.exposeString('color', { nullable: true, description: "The achieved class's colour, #rrggbb." }),
    occupiedHours: t.float({ resolve: (row) => hours(row.occupiedMs) }),
    gapHours: t.float({ description: 'Occupied hours without a value.', resolve: (row) => hours(row.gapMs) }),
    outOfClassHours: t.float({
      description: "Occupied hours with a value outside the achieved class's target (S3's when none).",
      resolve: (row) => hours(row.outOfClassMs),
    }),
    classes: t.field({
      type: [ClassShareRef],
      resolve: (row) =>
        row.classes.map((entry, at) => {
          const target = row.targets[at];
          return { ...entry, color: target?.color ?? '#000000', min: target?.min ?? null, max: target?.max ?? null };
        }),
    }),
    heatMap: t.field({
      type: ['Float'],
      nullable: { list: false, items: true },
      description:
        '168 cells, weekday × 24 + local hour (weekday 0 Monday … 6 Sunday): the share of occupied time with a value outside heatMapClass; null: no data.',
      resolve: (row) => row.heatMap,
    }),
  }),
});

export const ClassificationRef = builder.objectRef<ClassificationAnswer>('IndoorClimateClassification').implement({
  fields: (t) => ({
    dataslotId: t.string({
      nullable: true,
      description: "In a report's context: the data slot whose range it covers; null: the report's range.",
      resolve: (answer) => answer.dataslotId ?? null,
    }),
    from: t.expose('from', { type: 'DateTime' }),
    to: t.expose('to', { type: 'DateTime' }),
    timeZone: t.exposeString('timeZone'),
    requiredShare: t.exposeFloat('requiredShare', {
      description: 'Of occupied time a class’s target must hold (0.95).',
    }),
    heatMapClass: t.exposeString('heatMapClass'),
    rows: t.field({ type: [ClassificationRowRef], resolve: (answer) => answer.rows }),
  }),
});

builder.queryFields((t) => ({
  indoorClimateClassification: t.field({
    type: ClassificationRef,
    description:
      "The project's spaces by the indoor climate classification over a range (≤ 366 days), in the occupied time of its usage schedule.",
    args: {
      projectId: t.arg.int({ required: true }),
      from: t.arg({ type: 'DateTime', required: true }),
      to: t.arg({ type: 'DateTime', required: true }),
    },
    resolve: (_root, args, context) =>
      context.services.classification.classify(context.access, parseInput(classificationQueryInput, args)),
  }),
}));

builder.objectFields(ProjectRef, (t) => ({
  usageSchedule: t.field({
    type: UsageScheduleRef,
    description:
      'When its spaces are in use, in its time zone: the occupied time the indoor climate classification judges.',
    resolve: (project) => project.usageSchedule,
  }),
}));
