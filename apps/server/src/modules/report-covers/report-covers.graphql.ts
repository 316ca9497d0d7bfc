import { createReportCoverInput, updateReportCoverInput } from '@olo/shared';
import { builder } from '../../graphql/builder.ts';
import { absentNulls } from '../../graphql/input.ts';
import { parseInput } from '../../shared/errors.ts';
import { OrganizationRef } from '../organizations/organizations.graphql.ts';
import type { ReportCoverRow } from './report-covers.repository.ts';

export const ReportCoverRef = builder.objectRef<ReportCoverRow>('ReportCover').implement({
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

builder.objectFields(OrganizationRef, (t) => ({
  reportCovers: t.field({
    type: [ReportCoverRef],
    description: 'Its own covers by name (organization admins).',
    resolve: (organization, _args, context) =>
      context.services.reportCovers.ofOrganization(context.access, organization.id),
  }),
}));

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

builder.mutationFields((t) => ({
  createReportCover: t.field({
    type: ReportCoverRef,
    args: { input: t.arg({ type: CreateReportCoverInput, required: true }) },
    resolve: (_root, args, context) =>
      context.services.reportCovers.create(context.access, parseInput(createReportCoverInput, absentNulls(args.input))),
  }),
  updateReportCover: t.field({
    type: ReportCoverRef,
    args: { input: t.arg({ type: UpdateReportCoverInput, required: true }) },
    resolve: (_root, args, context) =>
      context.services.reportCovers.update(context.access, parseInput(updateReportCoverInput, absentNulls(args.input))),
  }),
  deleteReportCover: t.boolean({
    description: 'Reports that used it keep going without a cover.',
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, context) => context.services.reportCovers.delete(context.access, args.id),
  }),
}));
