import { acknowledgementCommentInput } from '@olo/shared';
import { builder } from '../../graphql/builder.ts';
import { parseInput } from '../../shared/errors.ts';
import { MemberUserRef } from '../organizations/organizations.graphql.ts';
import { SeriesRef } from '../series/series.graphql.ts';
import { AlarmRef, projectSeries, uuidArg } from './alarms.graphql.ts';
import type { AlarmsTriggeredRow } from './alarms.repository.ts';

const AlarmsTriggeredRef = builder.objectRef<AlarmsTriggeredRow>('AlarmsTriggered').implement({
  description: 'One episode of an alarm on a series.',
  fields: (t) => ({
    id: t.exposeID('id'),
    alarmId: t.exposeID('alarmId'),
    seriesId: t.exposeInt('seriesId'),
    time: t.expose('time', { type: 'DateTime', description: 'When it triggered.' }),
    data: t.exposeFloat('data', { nullable: true, description: 'The triggering value; null for missing data.' }),
    endAt: t.expose('endAt', { type: 'DateTime', nullable: true, description: 'Null while it lasts.' }),
    peak: t.exposeFloat('peak', { nullable: true, description: 'Set at the end: the value farthest past the range.' }),
    acknowledged: t.exposeBoolean('acknowledged'),
    acknowledgedBy: t.field({
      type: MemberUserRef,
      nullable: true,
      description: 'Who acknowledged it; null before, or once that account is gone.',
      resolve: (row, _args, context) =>
        row.acknowledgedBy ? context.loaders.alarmUser.load(row.acknowledgedBy) : null,
    }),
    acknowledgedAt: t.expose('acknowledgedAt', { type: 'DateTime', nullable: true }),
    acknowledgedByDeletedUser: t.boolean({
      description: 'Acknowledged by an account deleted since: who is gone, the acknowledgement stays.',
      // Every acknowledgement records who (decision 0148); only the account's deletion empties it.
      resolve: (row) => row.acknowledgedAt !== null && row.acknowledgedBy === null,
    }),
    acknowledgementComment: t.exposeString('acknowledgementComment', { nullable: true }),
    series: t.field({
      type: SeriesRef,
      nullable: true,
      resolve: (row, _args, context) => projectSeries(context, row.projectId, row.seriesId),
    }),
    alarm: t.field({
      type: AlarmRef,
      resolve: (row, _args, context) => context.loaders.alarm.load(row.alarmId),
    }),
  }),
});

builder.objectFields(AlarmRef, (t) => ({
  alarmsTriggered: t.field({
    type: [AlarmsTriggeredRef],
    description: 'Its episodes, unacknowledged first, then newest (at most 200).',
    args: { acknowledged: t.arg.boolean() },
    resolve: (alarm, args, context) =>
      context.services.alarmEpisodes.triggered(context.access, alarm.projectId, {
        alarmId: alarm.id,
        acknowledged: args.acknowledged,
      }),
  }),
}));

builder.queryFields((t) => ({
  alarmsTriggered: t.field({
    type: [AlarmsTriggeredRef],
    description: "A project's episodes: unacknowledged first, then newest first (at most 200 a page).",
    args: {
      projectId: t.arg.int({ required: true }),
      acknowledged: t.arg.boolean({ description: 'Only acknowledged (true) or unacknowledged (false) ones.' }),
      alarmId: t.arg.id(),
      limit: t.arg.int(),
      offset: t.arg.int(),
    },
    resolve: (_root, args, context) =>
      context.services.alarmEpisodes.triggered(context.access, args.projectId, {
        acknowledged: args.acknowledged,
        alarmId: args.alarmId === null || args.alarmId === undefined ? null : uuidArg(args.alarmId),
        limit: args.limit,
        offset: args.offset,
      }),
  }),
}));

const commentDescription = 'Why, or what was done (optional, at most 500 characters).';

builder.mutationFields((t) => ({
  acknowledgeAlarmsTriggered: t.field({
    type: AlarmsTriggeredRef,
    description:
      'One way: an acknowledged episode stays acknowledged, with who, when and the comment of the first time.',
    args: { id: t.arg.id({ required: true }), comment: t.arg.string({ description: commentDescription }) },
    resolve: (_root, args, context) =>
      context.services.alarmEpisodes.acknowledge(
        context.access,
        uuidArg(args.id),
        parseInput(acknowledgementCommentInput, args.comment),
      ),
  }),
  acknowledgeAllAlarmsTriggered: t.int({
    description: 'Acknowledges every unacknowledged episode of the project; returns how many.',
    args: { projectId: t.arg.int({ required: true }), comment: t.arg.string({ description: commentDescription }) },
    resolve: (_root, args, context) =>
      context.services.alarmEpisodes.acknowledgeAll(
        context.access,
        args.projectId,
        parseInput(acknowledgementCommentInput, args.comment),
      ),
  }),
}));

builder.objectFields(SeriesRef, (t) => ({
  alarming: t.boolean({
    description: "An alarm episode of it is open; false for viewers who may not see the project's alarms.",
    resolve: (series, _args, context) => context.loaders.seriesAlarming.load(series.id),
  }),
}));
