import {
  cloneReportInput,
  createPrintTemplateInput,
  createReportCoverInput,
  createReportInput,
  type ReportAttention,
  updatePrintTemplateInput,
  updateReportCoverInput,
  updateReportInput,
} from '@olo/shared';
import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { parseInput } from '../../shared/errors.ts';
import { LimitRef } from '../limits/limits.graphql.ts';
import { OrganizationRef } from '../organizations/organizations.graphql.ts';
import { PublicProjectRef } from '../projects/public-project.graphql.ts';
import type {
  PrintTemplateRow,
  ReportCoverRow,
  ReportEpisode,
  ReportSeriesRow,
  ReportSpaceRow,
  ReportTemplateRow,
} from './reports.repository.ts';
import type { Report, ReportContextSource, ReportCreation, ReportExtras } from './reports.service.ts';

const ReportCoverRef = builder.objectRef<ReportCoverRow>('ReportCover').implement({
  description: "An organization's report cover (spec §3): the designed first page of its reports.",
  fields: (t) => ({
    id: t.exposeInt('id'),
    organizationId: t.exposeString('organizationId'),
    name: t.exposeString('name'),
    cover: t.field({
      type: 'JSON',
      description: 'packages/shared reportCoverContentSchema: the logo attachment and texts with variables.',
      resolve: (cover) => cover.cover,
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const PrintTemplateRef = builder.objectRef<PrintTemplateRow>('PrintTemplate').implement({
  description: "An organization's print template: the header and footer of a report's printed pages, CSS and margin.",
  fields: (t) => ({
    id: t.exposeInt('id'),
    organizationId: t.exposeString('organizationId'),
    name: t.exposeString('name'),
    header: t.exposeString('header', {
      description:
        'Safe HTML (packages/shared sanitizePrintHtml) with variables (printVariableNames, fillPrintTemplate).',
    }),
    footer: t.exposeString('footer', { description: 'As header.' }),
    css: t.exposeString('css', { description: 'Extra CSS of the printed document; loads nothing (isSafePrintCss).' }),
    margin: t.exposeString('margin', { description: 'Page margin: a CSS length in mm, cm, in or px, e.g. 15mm.' }),
    accentColor: t.exposeString('accentColor', {
      nullable: true,
      description: "#rrggbb for headings and rules; null: the document's own.",
    }),
    tableHeaderColor: t.exposeString('tableHeaderColor', {
      nullable: true,
      description: "#rrggbb behind data tables' header rows; null: the document's own.",
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'A PDF printed with it is cached by this.' }),
  }),
});

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

const ReportSpaceRef = builder.objectRef<ReportSpaceRow>('ReportSpace').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    show: t.exposeBoolean('show'),
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

const ReportContextRef = builder.objectRef<ReportContextSource>('ReportContext').implement({
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
        (await context.services.reports.contextLists(source, context.loaders)).spaces,
    }),
    series: t.field({
      type: [ReportSeriesRef],
      description: 'By data type importance, then name.',
      resolve: async (source, _args, context) =>
        (await context.services.reports.contextLists(source, context.loaders)).series,
    }),
    alarmEpisodes: t.field({
      type: [ReportAlarmEpisodeRef],
      description:
        "Of the context's series, overlapping the union of the report's range and its data slots' ranges; by start.",
      resolve: (source, _args, context) => context.services.reports.contextEpisodes(source, context.loaders),
    }),
  }),
});

const coverOf = (coverId: number | null, context: GraphQLContext) =>
  coverId === null ? null : context.loaders.reportCover.load(coverId);

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
      resolve: (report, _args, context) => context.services.reports.pageMargin(report.printtemplateId),
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
    landscape: t.exposeBoolean('landscape'),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    pageMargin: t.string({
      description:
        "The printed page's margin, a CSS length (the print template's, else 15mm): the screen draws the same pages.",
      resolve: (report, _args, context) => context.services.reports.pageMargin(report.printtemplateId),
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

builder.objectFields(OrganizationRef, (t) => ({
  reportCovers: t.field({
    type: [ReportCoverRef],
    description: 'Its own covers by name (organization admins).',
    resolve: (organization, _args, context) =>
      context.services.reports.coversOfOrganization(context.access, organization.id),
  }),
  printTemplates: t.field({
    type: [PrintTemplateRef],
    description: 'Its own print templates by name (organization admins).',
    resolve: (organization, _args, context) =>
      context.services.reports.printTemplatesOfOrganization(context.access, organization.id),
  }),
  reportTemplates: t.field({
    type: [ReportTemplateRef],
    description: 'Reports flagged template in its own projects, by name (organization admins).',
    resolve: (organization, _args, context) =>
      context.services.reports.templatesOfOrganization(context.access, organization.id),
  }),
}));

const CreateReportInput = builder.inputType('CreateReportInput', {
  fields: (t) => ({
    projectId: t.int({ required: true }),
    name: t.string({ required: true }),
    from: t.field({ type: 'DateTime', required: true }),
    to: t.field({ type: 'DateTime', required: true }),
    templateId: t.int({ description: 'A template of reportExtras.templates; omitted: a blank report.' }),
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

const CreateReportCoverInput = builder.inputType('CreateReportCoverInput', {
  fields: (t) => ({
    organizationId: t.id({ required: true }),
    name: t.string({ required: true }),
    cover: t.field({ type: 'JSON', description: 'packages/shared reportCoverContentSchema; omitted: empty.' }),
  }),
});

const UpdateReportCoverInput = builder.inputType('UpdateReportCoverInput', {
  fields: (t) => ({
    id: t.int({ required: true }),
    name: t.string(),
    cover: t.field({ type: 'JSON' }),
  }),
});

const CreatePrintTemplateInput = builder.inputType('CreatePrintTemplateInput', {
  description: 'Omitted fields take their defaults: empty header, footer and CSS, a 15mm margin, no colours.',
  fields: (t) => ({
    organizationId: t.id({ required: true }),
    name: t.string({ required: true }),
    header: t.string({
      description: 'HTML; kept to a safe subset (no script, event handlers or links; images only as data:).',
    }),
    footer: t.string({ description: 'As header.' }),
    css: t.string({ description: 'No @import, no url() other than data:.' }),
    margin: t.string({ description: 'A length in mm, cm, in or px, at most 50 mm.' }),
    accentColor: t.string({ description: '#rrggbb.' }),
    tableHeaderColor: t.string({ description: '#rrggbb.' }),
  }),
});

const UpdatePrintTemplateInput = builder.inputType('UpdatePrintTemplateInput', {
  description: 'Omitted fields stay as they are; null clears accentColor or tableHeaderColor.',
  fields: (t) => ({
    id: t.int({ required: true }),
    name: t.string(),
    header: t.string(),
    footer: t.string(),
    css: t.string(),
    margin: t.string(),
    accentColor: t.string(),
    tableHeaderColor: t.string(),
  }),
});

/** GraphQL gives null for omitted optional fields; only these may be cleared with null. */
const clearableReport = new Set(['coverId', 'printtemplateId']);
const clearableColors = new Set(['accentColor', 'tableHeaderColor']);
const changes = (input: Record<string, unknown>, clearable: ReadonlySet<string>) =>
  Object.fromEntries(
    Object.entries(input).filter(([key, value]) => value !== undefined && (value !== null || clearable.has(key))),
  );
const present = (input: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(input).filter(([, value]) => value !== null && value !== undefined));

builder.objectFields(PublicProjectRef, (t) => ({
  summaryReports: t.field({
    type: [PublicReportRef],
    description: 'Its published reports flagged summary, by name: the public page links to them.',
    resolve: (project, _args, context) => context.services.reports.publishedSummaries(project.id),
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
    resolve: (_root, args, context) => context.services.reports.summaries(context.access, args.projectId),
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
      context.services.reports.create(context.access, parseInput(createReportInput, present(args.input))),
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
        parseInput(updateReportInput, changes(args.input, clearableReport)),
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
      context.services.reports.clone(context.access, parseInput(cloneReportInput, present(args.input))),
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
  createReportCover: t.field({
    type: ReportCoverRef,
    args: { input: t.arg({ type: CreateReportCoverInput, required: true }) },
    resolve: (_root, args, context) =>
      context.services.reports.createCover(context.access, parseInput(createReportCoverInput, present(args.input))),
  }),
  updateReportCover: t.field({
    type: ReportCoverRef,
    args: { input: t.arg({ type: UpdateReportCoverInput, required: true }) },
    resolve: (_root, args, context) =>
      context.services.reports.updateCover(context.access, parseInput(updateReportCoverInput, present(args.input))),
  }),
  createPrintTemplate: t.field({
    type: PrintTemplateRef,
    args: { input: t.arg({ type: CreatePrintTemplateInput, required: true }) },
    resolve: (_root, args, context) =>
      context.services.reports.createPrintTemplate(
        context.access,
        parseInput(createPrintTemplateInput, present(args.input)),
      ),
  }),
  updatePrintTemplate: t.field({
    type: PrintTemplateRef,
    args: { input: t.arg({ type: UpdatePrintTemplateInput, required: true }) },
    resolve: (_root, args, context) =>
      context.services.reports.updatePrintTemplate(
        context.access,
        parseInput(updatePrintTemplateInput, changes(args.input, clearableColors)),
      ),
  }),
  deletePrintTemplate: t.boolean({
    description: 'Reports that used it are printed with the default footer.',
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, context) => context.services.reports.deletePrintTemplate(context.access, args.id),
  }),
  deleteReportCover: t.boolean({
    description: 'Reports that used it keep going without a cover.',
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, context) => context.services.reports.deleteCover(context.access, args.id),
  }),
}));
