import {
  type AlarmDuration,
  alarmActionTypes,
  alarmDeliveryStatuses,
  alarmPreviewInput,
  alarmsSeriesInput,
  createAlarmInput,
  createAlarmsActionInput,
  updateAlarmInput,
  updateAlarmsActionInput,
  uuidSchema,
} from '@olo/shared';
import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { absentNulls } from '../../graphql/input.ts';
import { parseInput } from '../../shared/errors.ts';
import { MemberUserRef } from '../organizations/organizations.graphql.ts';
import { ProjectRef } from '../projects/projects.graphql.ts';
import { SeriesRef } from '../series/series.graphql.ts';
import type { AlarmRow, AlarmsActionRow, AlarmsSeriesRow } from './alarms.repository.ts';
import type { AlarmPreviewEpisode } from './alarms.service.ts';

/** A series of the project, from its list read once per request. */
export async function projectSeries(context: GraphQLContext, projectId: number, seriesId: number) {
  const list = await context.loaders.projectSeries.load(projectId);
  return list.find((row) => row.id === seriesId) ?? null;
}

/** An id argument that must be a uuid (a malformed one is bad input, not a database error). */
export const uuidArg = (id: string | number) => parseInput(uuidSchema, String(id));

const AlarmDurationRef = builder.objectRef<AlarmDuration>('AlarmDuration').implement({
  description: 'Years and months step the UTC calendar; the rest is elapsed time (docs/decisions/0041).',
  fields: (t) => ({
    years: t.exposeInt('years'),
    months: t.exposeInt('months'),
    days: t.exposeInt('days'),
    hours: t.exposeInt('hours'),
    minutes: t.exposeInt('minutes'),
    seconds: t.exposeInt('seconds'),
  }),
});

const AlarmBoundRef = builder.objectRef<{ value: number; inclusive: boolean }>('AlarmBound').implement({
  fields: (t) => ({ value: t.exposeFloat('value'), inclusive: t.exposeBoolean('inclusive') }),
});

const AlarmRangeRef = builder
  .objectRef<{
    start: { value: number; inclusive: boolean } | null;
    end: { value: number; inclusive: boolean } | null;
  }>('AlarmRange')
  .implement({
    description: 'Either end may be absent (an open range).',
    fields: (t) => ({
      start: t.field({ type: AlarmBoundRef, nullable: true, resolve: (range) => range.start }),
      end: t.field({ type: AlarmBoundRef, nullable: true, resolve: (range) => range.end }),
    }),
  });

const AlarmActionTypeEnum = builder.enumType('AlarmActionType', { values: alarmActionTypes });
const AlarmDeliveryStatusEnum = builder.enumType('AlarmDeliveryStatus', { values: alarmDeliveryStatuses });

export const AlarmRef = builder.objectRef<AlarmRow>('Alarm');

const AlarmsSeriesRef = builder.objectRef<AlarmsSeriesRow>('AlarmsSeries').implement({
  fields: (t) => ({
    alarmId: t.exposeID('alarmId'),
    seriesId: t.exposeInt('seriesId'),
    series: t.field({
      type: SeriesRef,
      nullable: true,
      description: 'With its space (Serie.spaceId).',
      resolve: async (link, _args, context) =>
        projectSeries(context, (await context.loaders.alarm.load(link.alarmId)).projectId, link.seriesId),
    }),
  }),
});

const AlarmsActionRef = builder.objectRef<AlarmsActionRow>('AlarmsAction').implement({
  description: 'Whom an alarm notifies, and how its latest delivery went.',
  fields: (t) => ({
    id: t.exposeID('id'),
    alarmId: t.exposeID('alarmId'),
    name: t.exposeString('name'),
    type: t.field({ type: AlarmActionTypeEnum, resolve: (action) => action.type as (typeof alarmActionTypes)[number] }),
    active: t.exposeBoolean('active'),
    triggerAtEnd: t.exposeBoolean('triggerAtEnd'),
    email: t.exposeString('email', { nullable: true }),
    sms: t.exposeString('sms', { nullable: true }),
    webhook: t.exposeString('webhook', { nullable: true }),
    userId: t.exposeID('userId', { nullable: true }),
    user: t.field({
      type: MemberUserRef,
      nullable: true,
      resolve: (action, _args, context) => (action.userId ? context.loaders.alarmUser.load(action.userId) : null),
    }),
    secret: t.string({
      nullable: true,
      description: "The webhook's HMAC-SHA256 key for X-Olo-Signature; shown to those who edit the alarms.",
      resolve: async (action, _args, context) => {
        const alarm = await context.loaders.alarm.load(action.alarmId);
        return (await context.access.can('project.adminAlarms', alarm.projectId)) ? action.secret : null;
      },
    }),
    deliveryStatus: t.field({
      type: AlarmDeliveryStatusEnum,
      nullable: true,
      description: 'Of the latest delivery; null before the first.',
      resolve: (action) => action.deliveryStatus as (typeof alarmDeliveryStatuses)[number] | null,
    }),
    deliveryError: t.exposeString('deliveryError', { nullable: true }),
    deliveryAt: t.expose('deliveryAt', { type: 'DateTime', nullable: true }),
    alarm: t.field({
      type: AlarmRef,
      resolve: (action, _args, context) => context.loaders.alarm.load(action.alarmId),
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

AlarmRef.implement({
  description: 'A rule on the series linked to it (../shared/ARCHITECTURE.md §5, docs/decisions/0041).',
  fields: (t) => ({
    id: t.exposeID('id'),
    projectId: t.exposeInt('projectId'),
    name: t.exposeString('name'),
    inside: t.exposeBoolean('inside', { description: 'true: the condition is the value inside the range.' }),
    dataType: t.exposeString('dataType', { nullable: true }),
    activeLimit: t.exposeBoolean('activeLimit', {
      description: "true: each series' range is its limit's normal band, not the alarm's own.",
    }),
    range: t.field({
      type: AlarmRangeRef,
      resolve: (alarm) => ({
        start: alarm.rangeStart === null ? null : { value: alarm.rangeStart, inclusive: alarm.rangeStartInclusive },
        end: alarm.rangeEnd === null ? null : { value: alarm.rangeEnd, inclusive: alarm.rangeEndInclusive },
      }),
    }),
    duration: t.field({ type: AlarmDurationRef, nullable: true, resolve: (alarm) => alarm.duration }),
    repeatAfter: t.field({ type: AlarmDurationRef, nullable: true, resolve: (alarm) => alarm.repeatAfter }),
    hysteresis: t.exposeFloat('hysteresis', { nullable: true }),
    missingAfter: t.field({
      type: AlarmDurationRef,
      nullable: true,
      description: 'Set: a missing-data alarm (no reading for this long); the range is unused.',
      resolve: (alarm) => alarm.missingAfter,
    }),
    alarmsSeries: t.field({
      type: [AlarmsSeriesRef],
      resolve: (alarm, _args, context) => context.loaders.alarmSeries.load(alarm.id),
    }),
    alarmsActions: t.field({
      type: [AlarmsActionRef],
      resolve: (alarm, _args, context) => context.loaders.alarmActions.load(alarm.id),
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const AlarmPreviewEpisodeRef = builder.objectRef<AlarmPreviewEpisode>('AlarmPreviewEpisode').implement({
  description: 'When a rule would have fired on a series; nothing is saved or sent.',
  fields: (t) => ({
    seriesId: t.exposeInt('seriesId'),
    time: t.expose('time', { type: 'DateTime' }),
    data: t.exposeFloat('data', { nullable: true }),
    endAt: t.expose('endAt', { type: 'DateTime', nullable: true }),
    peak: t.exposeFloat('peak', { nullable: true }),
  }),
});

const AlarmDurationInput = builder.inputType('AlarmDurationInput', {
  fields: (t) => ({
    years: t.int({ required: true }),
    months: t.int({ required: true }),
    days: t.int({ required: true }),
    hours: t.int({ required: true }),
    minutes: t.int({ required: true }),
    seconds: t.int({ required: true }),
  }),
});

const AlarmBoundInput = builder.inputType('AlarmBoundInput', {
  fields: (t) => ({ value: t.float({ required: true }), inclusive: t.boolean({ required: true }) }),
});

const AlarmRuleInput = builder.inputType('AlarmRuleInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    inside: t.boolean({ description: 'Default false: the condition is the value outside the range.' }),
    dataType: t.string(),
    start: t.field({ type: AlarmBoundInput }),
    end: t.field({ type: AlarmBoundInput }),
    duration: t.field({ type: AlarmDurationInput, description: 'Null or zero: the first reading triggers.' }),
    repeatAfter: t.field({ type: AlarmDurationInput, description: 'Null or zero: no repeats.' }),
    hysteresis: t.float({
      description: "In the series' unit; the condition ends once the value is back past the bound by it.",
    }),
    missingAfter: t.field({ type: AlarmDurationInput, description: 'Set: a missing-data alarm.' }),
    activeLimit: t.boolean(),
  }),
});

const UpdateAlarmInput = builder.inputType('UpdateAlarmInput', {
  fields: (t) => ({
    id: t.id({ required: true }),
    rule: t.field({ type: AlarmRuleInput, required: true, description: 'Replaces the whole rule.' }),
  }),
});

const AlarmsSeriesInput = builder.inputType('AlarmsSeriesInput', {
  fields: (t) => ({ alarmId: t.id({ required: true }), seriesId: t.int({ required: true }) }),
});

const AlarmPreviewInput = builder.inputType('AlarmPreviewInput', {
  fields: (t) => ({
    projectId: t.int({ required: true }),
    rule: t.field({ type: AlarmRuleInput, required: true }),
    seriesIds: t.intList({ required: true }),
  }),
});

const alarmsActionFields = (t: Parameters<Parameters<typeof builder.inputType>[1]['fields']>[0]) => ({
  name: t.string(),
  type: t.field({ type: AlarmActionTypeEnum, required: true }),
  active: t.boolean({ description: 'Default true.' }),
  triggerAtEnd: t.boolean({ description: 'Also notified when an episode ends. Default false.' }),
  email: t.string({ description: 'For type email.' }),
  sms: t.string({ description: 'For type sms: a phone number.' }),
  webhook: t.string({ description: 'For type webhook: an http(s) address.' }),
  userId: t.id({ description: 'For type user.' }),
});

const AlarmRecipientInput = builder.inputType('AlarmRecipientInput', {
  description: 'An action made with its alarm (createAlarm).',
  fields: (t) => alarmsActionFields(t),
});

const CreateAlarmInput = builder.inputType('CreateAlarmInput', {
  fields: (t) => ({
    projectId: t.int({ required: true }),
    rule: t.field({ type: AlarmRuleInput, required: true }),
    seriesIds: t.intList({ description: "Series to watch from the start (the project's)." }),
    actions: t.field({
      type: [AlarmRecipientInput],
      description: 'Whom it notifies from the start; the alarm is saved with all of them or not at all.',
    }),
  }),
});

const CreateAlarmsActionInput = builder.inputType('CreateAlarmsActionInput', {
  fields: (t) => ({ alarmId: t.id({ required: true }), ...alarmsActionFields(t) }),
});

const UpdateAlarmsActionInput = builder.inputType('UpdateAlarmsActionInput', {
  fields: (t) => ({ id: t.id({ required: true }), ...alarmsActionFields(t) }),
});

builder.queryFields((t) => ({
  alarms: t.field({
    type: [AlarmRef],
    description: "A project's alarms by name; `id` picks one; `acknowledged` keeps those with episodes in that state.",
    args: { projectId: t.arg.int({ required: true }), id: t.arg.id(), acknowledged: t.arg.boolean() },
    resolve: (_root, args, context) =>
      context.services.alarms.list(context.access, args.projectId, {
        id: args.id === null || args.id === undefined ? null : uuidArg(args.id),
        acknowledged: args.acknowledged,
      }),
  }),
  alarmsActions: t.field({
    type: [AlarmsActionRef],
    description: "Every action of a project's alarms, by alarm name.",
    args: { projectId: t.arg.int({ required: true }) },
    resolve: (_root, args, context) => context.services.alarms.actionsOfProject(context.access, args.projectId),
  }),
  alarmPreview: t.field({
    type: [AlarmPreviewEpisodeRef],
    description: "When a rule would have fired over the last 30 days of the series' stored values, newest first.",
    args: { input: t.arg({ type: AlarmPreviewInput, required: true }) },
    resolve: (_root, args, context) =>
      context.services.alarms.preview(context.access, parseInput(alarmPreviewInput, ruleArgs(args.input))),
  }),
}));

/** The rule's optional fields without GraphQL nulls, so the schema's defaults apply. */
function ruleArgs<T extends { rule: Record<string, unknown> }>(input: T): T {
  return { ...input, rule: absentNulls(input.rule) };
}

builder.mutationFields((t) => ({
  createAlarm: t.field({
    type: AlarmRef,
    args: { input: t.arg({ type: CreateAlarmInput, required: true }) },
    resolve: (_root, args, context) =>
      context.services.alarms.create(
        context.access,
        parseInput(createAlarmInput, {
          ...absentNulls(ruleArgs(args.input)),
          ...(args.input.actions ? { actions: args.input.actions.map((action) => absentNulls(action)) } : {}),
        }),
      ),
  }),
  updateAlarm: t.field({
    type: AlarmRef,
    description: 'Pending durations start over under the new rule (docs/decisions/0043).',
    args: { input: t.arg({ type: UpdateAlarmInput, required: true }) },
    resolve: (_root, args, context) =>
      context.services.alarms.update(context.access, parseInput(updateAlarmInput, ruleArgs(args.input))),
  }),
  deleteAlarm: t.boolean({
    description: 'Deletes the alarm with its episodes and actions.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, context) => context.services.alarms.delete(context.access, uuidArg(args.id)),
  }),
  createAlarmsSeries: t.field({
    type: AlarmsSeriesRef,
    args: { input: t.arg({ type: AlarmsSeriesInput, required: true }) },
    resolve: (_root, args, context) =>
      context.services.alarms.addSeries(context.access, parseInput(alarmsSeriesInput, args.input)),
  }),
  deleteAlarmsSeries: t.boolean({
    description: 'Its open episode on the series ends now, without a notification.',
    args: { input: t.arg({ type: AlarmsSeriesInput, required: true }) },
    resolve: (_root, args, context) =>
      context.services.alarms.removeSeries(context.access, parseInput(alarmsSeriesInput, args.input)),
  }),
  createAlarmsAction: t.field({
    type: AlarmsActionRef,
    description: 'A webhook gets its own secret for X-Olo-Signature.',
    args: { input: t.arg({ type: CreateAlarmsActionInput, required: true }) },
    resolve: (_root, args, context) =>
      context.services.alarms.createAction(
        context.access,
        parseInput(createAlarmsActionInput, absentNulls(args.input)),
      ),
  }),
  updateAlarmsAction: t.field({
    type: AlarmsActionRef,
    args: { input: t.arg({ type: UpdateAlarmsActionInput, required: true }) },
    resolve: (_root, args, context) =>
      context.services.alarms.updateAction(
        context.access,
        parseInput(updateAlarmsActionInput, absentNulls(args.input)),
      ),
  }),
  testAlarmsAction: t.field({
    type: AlarmsActionRef,
    description: 'Sends a test notification through the action now; its delivery state says how it went.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, context) => context.services.alarms.sendTest(context.access, uuidArg(args.id)),
  }),
  deleteAlarmsAction: t.boolean({
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, context) => context.services.alarms.deleteAction(context.access, uuidArg(args.id)),
  }),
}));

builder.objectFields(ProjectRef, (t) => ({
  alarmRecipients: t.field({
    type: [MemberUserRef],
    description:
      "The members an alarm action of type user may notify: those who may see the project's alarms. For those who edit the alarms.",
    resolve: (project, _args, context) => context.services.alarms.alarmRecipients(context.access, project.id),
  }),
  alarms: t.field({
    type: [AlarmRef],
    description: 'By name; empty for viewers who may not see the alarms.',
    resolve: async (project, _args, context) =>
      (await context.access.can('project.viewAlarms', project.id))
        ? context.services.alarms.list(context.access, project.id)
        : [],
  }),
}));
