import {
  cloneReportInput,
  createReportInput,
  type ReportAttention,
  type ReportPeriod,
  reportPeriodKinds,
  updateReportInput,
} from '@olo/shared';
import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { absentNulls } from '../../graphql/input.ts';
import { parseInput } from '../../shared/errors.ts';
import { OrganizationRef } from '../organizations/organizations.graphql.ts';
import { PrintTemplateRef } from '../print-templates/print-templates.graphql.ts';
import { PublicProjectRef } from '../projects/public-project.graphql.ts';
import { ReportCoverRef } from '../report-covers/report-covers.graphql.ts';
import { ReportContextRef } from './report-context.graphql.ts';
import type { Report, ReportCreation, ReportExtras } from './reports.model.ts';
import type { ReportTemplateRow } from './reports.repository.ts';

const ReportTemplateRef = builder.objectRef<ReportTemplateRow>('ReportTemplate').implement({
  description: 'A report flagged as a template, offered when creating a report in its organization chain.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    projectId: t.exposeInt('projectId'),
    projectName: t.exposeString('projectName'),
    organizationName: t.exposeString('organizationName'),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const coverOf = (coverId: number | null, context: GraphQLContext) =>
  coverId === null ? null : context.loaders.reportCover.load(coverId);

const ReportPeriodKindRef = builder.enumType('ReportPeriodKind', { values: reportPeriodKinds });

const ReportPeriodRef = builder.objectRef<ReportPeriod>('ReportPeriod').implement({
  description: "A report's rolling period: the latest whole week, month, quarter or last N days in the project's zone.",
  fields: (t) => ({
    kind: t.field({ type: ReportPeriodKindRef, resolve: (period) => period.kind }),
    days: t.exposeInt('days', { nullable: true, description: 'Whole days ending at today’s midnight (lastDays).' }),
  }),
});

export const ReportRef = builder.objectRef<Report>('Report').implement({
  description: 'A report of a project (spec §3): a tree of elements over a range; a template when flagged.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    projectId: t.exposeInt('projectId'),
    name: t.exposeString('name'),
    content: t.field({
      type: 'JSON',
      description: 'packages/shared reportContentSchema, always of the current version (stored ones are upgraded).',
      resolve: (report) => report.content,
    }),
    dataslots: t.field({
      type: 'JSON',
      description: 'packages/shared ReportDataslot[].',
      resolve: (report) => report.dataslots,
    }),
    from: t.expose('from', { type: 'DateTime' }),
    to: t.expose('to', { type: 'DateTime' }),
    period: t.field({
      type: ReportPeriodRef,
      nullable: true,
      description: 'A rolling period: then from and to are its latest whole period; null: the fixed range.',
      resolve: (report) => report.period,
    }),
    landscape: t.exposeBoolean('landscape'),
    coverId: t.exposeInt('coverId', { nullable: true }),
    cover: t.field({
      type: ReportCoverRef,
      nullable: true,
      resolve: (report, _args, context) => coverOf(report.coverId, context),
    }),
    printtemplateId: t.exposeInt('printtemplateId', { nullable: true }),
    publicId: t.exposeString('publicId', {
      nullable: true,
      description: 'The public link /report/{publicId}; null unless published. A new one on every publish.',
    }),
    published: t.exposeBoolean('published'),
    template: t.exposeBoolean('template'),
    summary: t.exposeBoolean('summary', { description: "Listed on the project's overview." }),
    version: t.exposeInt('version', {
      description: 'Raised by every save; updateReport with an older version is refused (CONFLICT).',
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    pageMargin: t.string({
      description:
        "The printed page's margin, a CSS length (the print template's, else 15mm): the screen draws the same pages.",
      resolve: (report, _args, context) => context.services.printTemplates.pageMargin(report.printtemplateId),
    }),
    context: t.field({
      type: ReportContextRef,
      description: 'Every space and series of the project, and the alarm episodes of the report’s ranges.',
      resolve: (report) => ({
        projectId: report.projectId,
        from: report.from,
        to: report.to,
        dataslots: report.dataslots,
        content: report.content,
        referencedOnly: false,
      }),
    }),
  }),
});

const PublicReportRef = builder.objectRef<Report>('PublicReport').implement({
  description: 'A published report as its public link shows it: only what the report shows.',
  fields: (t) => ({
    publicId: t.string({ resolve: (report) => report.publicId ?? '' }),
    name: t.exposeString('name'),
    content: t.field({ type: 'JSON', resolve: (report) => report.content }),
    dataslots: t.field({ type: 'JSON', resolve: (report) => report.dataslots }),
    from: t.expose('from', { type: 'DateTime' }),
    to: t.expose('to', { type: 'DateTime' }),
    period: t.field({
      type: ReportPeriodRef,
      nullable: true,
      description: 'A rolling period: then from and to are its latest whole period; null: the fixed range.',
      resolve: (report) => report.period,
    }),
    landscape: t.exposeBoolean('landscape'),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    pageMargin: t.string({
      description:
        "The printed page's margin, a CSS length (the print template's, else 15mm): the screen draws the same pages.",
      resolve: (report, _args, context) => context.services.printTemplates.pageMargin(report.printtemplateId),
    }),
    cover: t.field({
      type: ReportCoverRef,
      nullable: true,
      resolve: (report, _args, context) => coverOf(report.coverId, context),
    }),
    context: t.field({
      type: ReportContextRef,
      description: 'Only the spaces and series the content references (reportReferencedSeries), and their episodes.',
      resolve: (report) => ({
        projectId: report.projectId,
        from: report.from,
        to: report.to,
        dataslots: report.dataslots,
        content: report.content,
        referencedOnly: true,
      }),
    }),
  }),
});

const ReportExtrasRef = builder.objectRef<ReportExtras>('ReportExtras').implement({
  description: "What a project's reports may use: of its organization and the organizations above it.",
  fields: (t) => ({
    covers: t.field({ type: [ReportCoverRef], resolve: (extras) => extras.covers }),
    printTemplates: t.field({ type: [PrintTemplateRef], resolve: (extras) => extras.printTemplates }),
    templates: t.field({ type: [ReportTemplateRef], resolve: (extras) => extras.templates }),
  }),
});

const ReportUnmappedRef = builder
  .objectRef<{ elementId: string; spaceName: string; dataType: string | null }>('ReportUnmapped')
  .implement({
    description:
      'A selection a template or clone could not point at the target project: its space (dataType null) or ' +
      'its measurement type in that space is missing there.',
    fields: (t) => ({
      elementId: t.exposeString('elementId'),
      spaceName: t.exposeString('spaceName'),
      dataType: t.exposeString('dataType', { nullable: true }),
    }),
  });

const ReportAttentionKindRef = builder.enumType('ReportAttentionKind', {
  values: ['text', 'imageTour', 'pin', 'fixedDataslot', 'noData'] as const,
});

builder.objectFields(OrganizationRef, (t) => ({
  reportTemplates: t.field({
    type: [ReportTemplateRef],
    description: 'Reports flagged template in its own projects, by name (organization admins).',
    resolve: (organization, _args, context) =>
      context.services.reports.templatesOfOrganization(context.access, organization.id),
  }),
}));

const ReportAttentionRef = builder.objectRef<ReportAttention>('ReportAttention').implement({
  description:
    'Something of a report made from a template (or cloned) for its author to look at: a text or image tour ' +
    "written for the template's project, a pin dropped with its missing space, a data slot kept at fixed dates, " +
    "or the report's range (name null) or a data slot in which its series have no values.",
  fields: (t) => ({
    kind: t.field({ type: ReportAttentionKindRef, resolve: (item) => item.kind }),
    elementId: t.exposeString('elementId', { nullable: true }),
    name: t.exposeString('name', { nullable: true }),
  }),
});

const ReportCreationRef = builder.objectRef<ReportCreation>('ReportCreation').implement({
  fields: (t) => ({
    report: t.field({ type: ReportRef, resolve: (creation) => creation.report }),
    unmapped: t.field({ type: [ReportUnmappedRef], resolve: (creation) => creation.unmapped }),
    attention: t.field({ type: [ReportAttentionRef], resolve: (creation) => creation.attention }),
  }),
});

const CreateReportInput = builder.inputType('CreateReportInput', {
  fields: (t) => ({
    projectId: t.int({ required: true }),
    name: t.string({ required: true }),
    from: t.field({ type: 'DateTime', required: true }),
    to: t.field({ type: 'DateTime', required: true }),
    templateId: t.int({ description: 'A template of reportExtras.templates; omitted: a blank report.' }),
  }),
});

const ReportPeriodInput = builder.inputType('ReportPeriodInput', {
  fields: (t) => ({
    kind: t.field({ type: ReportPeriodKindRef, required: true }),
    days: t.int({ description: 'For lastDays: 1–366.' }),
  }),
});

const UpdateReportInput = builder.inputType('UpdateReportInput', {
  description: 'Omitted fields stay as they are; null clears coverId or printtemplateId.',
  fields: (t) => ({
    id: t.int({ required: true }),
    version: t.int({ description: 'The version the editor last read; an older one than stored is refused.' }),
    name: t.string(),
    content: t.field({ type: 'JSON', description: 'packages/shared reportContentSchema, any known version.' }),
    dataslots: t.field({ type: 'JSON', description: 'packages/shared ReportDataslot[], at most 20.' }),
    from: t.field({ type: 'DateTime' }),
    to: t.field({ type: 'DateTime' }),
    period: t.field({
      type: ReportPeriodInput,
      description: 'A rolling period shown instead of from–to; null returns to the fixed range.',
    }),
    landscape: t.boolean(),
    coverId: t.int({ description: "A cover of the project's organization chain (reportExtras.covers)." }),
    printtemplateId: t.int({ description: "A print template of the project's organization chain." }),
    template: t.boolean(),
    summary: t.boolean(),
  }),
});

const CloneReportInput = builder.inputType('CloneReportInput', {
  fields: (t) => ({
    id: t.int({ required: true }),
    projectId: t.int({ required: true, description: 'The target project; the same or another one.' }),
    name: t.string({ description: 'Omitted: the source report’s name.' }),
  }),
});

/** Of a report's settings, only these may be cleared with null. */
const clearableReport = ['coverId', 'printtemplateId', 'period'] as const;

builder.objectFields(PublicProjectRef, (t) => ({
  summaryReports: t.field({
    type: [PublicReportRef],
    description: 'Its published reports flagged summary, by name: the public page links to them.',
    resolve: (project, _args, context) => context.services.reports.publicReports(context.access, project, 'summary'),
  }),
  reports: t.field({
    type: [PublicReportRef],
    description: 'Its published reports by name while it shows reports (showReport); else empty.',
    resolve: (project, _args, context) => context.services.reports.publicReports(context.access, project, 'all'),
  }),
}));

builder.queryFields((t) => ({
  reports: t.field({
    type: [ReportRef],
    description: "A project's reports by name.",
    args: { projectId: t.arg.int({ required: true }) },
    resolve: (_root, args, context) => context.services.reports.list(context.access, args.projectId),
  }),
  summaryReports: t.field({
    type: [ReportRef],
    description: "A project's reports flagged summary, by name (its overview lists them).",
    args: { projectId: t.arg.int({ required: true }) },
    resolve: (_root, args, context) => context.services.reports.list(context.access, args.projectId, true),
  }),
  report: t.field({
    type: ReportRef,
    nullable: true,
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, context) => context.services.reports.byId(context.access, args.id),
  }),
  publicReport: t.field({
    type: PublicReportRef,
    nullable: true,
    description: 'A published report through its public link; open to anybody while published (else NOT_FOUND).',
    args: { publicId: t.arg.string({ required: true }) },
    resolve: (_root, args, context) => context.services.reports.byPublicId(args.publicId),
  }),
  reportExtras: t.field({
    type: ReportExtrasRef,
    description: "Covers, print templates and templates of the project's organization and its ancestors.",
    args: { projectId: t.arg.int({ required: true }) },
    resolve: (_root, args, context) => context.services.reports.extras(context.access, args.projectId),
  }),
}));

builder.mutationFields((t) => ({
  createReport: t.field({
    type: ReportCreationRef,
    description: 'Blank, or from a template (its content mapped onto the project; what found no match is listed).',
    args: { input: t.arg({ type: CreateReportInput, required: true }) },
    resolve: (_root, args, context) =>
      context.services.reports.create(context.access, parseInput(createReportInput, absentNulls(args.input))),
  }),
  updateReport: t.field({
    type: ReportRef,
    description:
      'Saves a report and raises its version; an older version than stored is refused with CONFLICT ' +
      '(reportErrors.changedElsewhere), nothing changed.',
    args: { input: t.arg({ type: UpdateReportInput, required: true }) },
    resolve: (_root, args, context) =>
      context.services.reports.update(
        context.access,
        parseInput(updateReportInput, absentNulls(args.input, { clearable: clearableReport })),
      ),
  }),
  deleteReport: t.boolean({
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, context) => context.services.reports.delete(context.access, args.id),
  }),
  cloneReport: t.field({
    type: ReportCreationRef,
    description:
      'A copy, unpublished and not a template, in the same project or another one the user edits reports of.',
    args: { input: t.arg({ type: CloneReportInput, required: true }) },
    resolve: (_root, args, context) =>
      context.services.reports.clone(context.access, parseInput(cloneReportInput, absentNulls(args.input))),
  }),
  publishReport: t.field({
    type: ReportRef,
    description: 'Opens the public link, always with a new publicId (an older link stops working).',
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, context) => context.services.reports.publish(context.access, args.id),
  }),
  unpublishReport: t.field({
    type: ReportRef,
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, context) => context.services.reports.unpublish(context.access, args.id),
  }),
}));
