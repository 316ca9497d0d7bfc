import { reportScheduleInputSchema } from '@olo/shared';
import { builder } from '../../graphql/builder.ts';
import { absentNulls } from '../../graphql/input.ts';
import { parseInput } from '../../shared/errors.ts';
import type { ScheduleRow, SendingRow } from './report-schedules.repository.ts';

const ReportScheduleRef = builder.objectRef<ScheduleRow>('ReportSchedule').implement({
  description: "A report's mailing schedule (decision 0196), at a time of the project's time zone.",
  fields: (t) => ({
    id: t.exposeInt('id'),
    reportId: t.exposeInt('reportId'),
    frequency: t.exposeString('frequency', { description: 'weekly or monthly.' }),
    weekday: t.exposeInt('weekday', { nullable: true, description: '1–7, Monday 1; weekly only.' }),
    monthDay: t.exposeInt('monthDay', {
      nullable: true,
      description: "1–28; null on a monthly one: the month's last day.",
    }),
    hour: t.exposeInt('hour'),
    minute: t.exposeInt('minute'),
    enabled: t.exposeBoolean('enabled'),
    language: t.exposeString('language'),
    memberIds: t.exposeStringList('memberIds', { description: 'Project members mailed (user ids).' }),
    addresses: t.exposeStringList('addresses', { description: 'Outside addresses mailed unless unsubscribed.' }),
    nextDueAt: t.expose('nextDueAt', { type: 'DateTime' }),
    unsubscribed: t.stringList({
      description: 'Its outside addresses that unsubscribed: they get no more mail of it, even if named again.',
      resolve: (schedule, _args, context) => context.services.reportSchedules.unsubscribed(schedule.id),
    }),
  }),
});

const ReportSendingRef = builder.objectRef<SendingRow>('ReportSending').implement({
  description: "One mailing of a schedule's period, once per period.",
  fields: (t) => ({
    id: t.exposeInt('id'),
    scheduleId: t.exposeInt('scheduleId'),
    from: t.expose('from', { type: 'DateTime' }),
    to: t.expose('to', { type: 'DateTime', description: "Exclusive: the next period's start." }),
    status: t.exposeString('status', { description: 'queued, sent or failed.' }),
    attempts: t.exposeInt('attempts'),
    error: t.exposeString('error', {
      nullable: true,
      description: "The last attempt's error, as the mail server gave it; for report admins only.",
    }),
    recipientCount: t.exposeInt('recipientCount'),
    asLink: t.exposeBoolean('asLink', { description: 'The PDF was too large to attach.' }),
    sentAt: t.expose('sentAt', { type: 'DateTime', nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const ReportScheduleInput = builder.inputType('ReportScheduleInput', {
  fields: (t) => ({
    frequency: t.string({ required: true, description: 'weekly or monthly.' }),
    weekday: t.int({ description: '1–7, Monday 1; weekly only.' }),
    monthDay: t.int({ description: "1–28; omitted on a monthly one: the month's last day." }),
    hour: t.int({ required: true }),
    minute: t.int({ required: true }),
    enabled: t.boolean(),
    language: t.string({ required: true, description: 'fi, sv or en: of the mail and the PDF.' }),
    memberIds: t.idList({ description: 'Project members who may view its reports.' }),
    addresses: t.stringList({ description: 'Outside addresses, at most 20.' }),
  }),
});

builder.queryFields((t) => ({
  reportSchedules: t.field({
    type: [ReportScheduleRef],
    description: "A report's schedules (the project's report admins).",
    args: { reportId: t.arg.int({ required: true }) },
    resolve: (_root, args, context) => context.services.reportSchedules.ofReport(context.access, args.reportId),
  }),
  reportSendings: t.field({
    type: [ReportSendingRef],
    description: "A report's latest 50 sendings, newest first (viewers of the project's reports).",
    args: { reportId: t.arg.int({ required: true }) },
    resolve: (_root, args, context) => context.services.reportSchedules.sendings(context.access, args.reportId),
  }),
}));

builder.mutationFields((t) => ({
  createReportSchedule: t.field({
    type: ReportScheduleRef,
    args: { reportId: t.arg.int({ required: true }), input: t.arg({ type: ReportScheduleInput, required: true }) },
    resolve: (_root, args, context) =>
      context.services.reportSchedules.create(
        context.access,
        args.reportId,
        parseInput(reportScheduleInputSchema, absentNulls(args.input)),
      ),
  }),
  updateReportSchedule: t.field({
    type: ReportScheduleRef,
    args: { id: t.arg.int({ required: true }), input: t.arg({ type: ReportScheduleInput, required: true }) },
    resolve: (_root, args, context) =>
      context.services.reportSchedules.update(
        context.access,
        args.id,
        parseInput(reportScheduleInputSchema, absentNulls(args.input)),
      ),
  }),
  deleteReportSchedule: t.boolean({
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, context) => context.services.reportSchedules.delete(context.access, args.id),
  }),
  sendReportNow: t.field({
    type: ReportSendingRef,
    description: "Mails the schedule's latest whole period now, unless it was sent already.",
    args: { scheduleId: t.arg.int({ required: true }) },
    resolve: (_root, args, context) => context.services.reportSchedules.sendNow(context.access, args.scheduleId),
  }),
}));
