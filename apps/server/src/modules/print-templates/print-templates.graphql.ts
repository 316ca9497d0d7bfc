import { createPrintTemplateInput, updatePrintTemplateInput } from '@olo/shared';
import { builder } from '../../graphql/builder.ts';
import { absentNulls } from '../../graphql/input.ts';
import { parseInput } from '../../shared/errors.ts';
import { OrganizationRef } from '../organizations/organizations.graphql.ts';
import type { PrintTemplateRow } from './print-templates.repository.ts';

export const PrintTemplateRef = builder.objectRef<PrintTemplateRow>('PrintTemplate').implement({
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

builder.objectFields(OrganizationRef, (t) => ({
  printTemplates: t.field({
    type: [PrintTemplateRef],
    description: 'Its own print templates by name (organization admins).',
    resolve: (organization, _args, context) =>
      context.services.printTemplates.ofOrganization(context.access, organization.id),
  }),
}));

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

/** Of a print template's colours, only these may be cleared with null. */
const clearableColors = ['accentColor', 'tableHeaderColor'] as const;

builder.mutationFields((t) => ({
  createPrintTemplate: t.field({
    type: PrintTemplateRef,
    args: { input: t.arg({ type: CreatePrintTemplateInput, required: true }) },
    resolve: (_root, args, context) =>
      context.services.printTemplates.create(
        context.access,
        parseInput(createPrintTemplateInput, absentNulls(args.input)),
      ),
  }),
  updatePrintTemplate: t.field({
    type: PrintTemplateRef,
    args: { input: t.arg({ type: UpdatePrintTemplateInput, required: true }) },
    resolve: (_root, args, context) =>
      context.services.printTemplates.update(
        context.access,
        parseInput(updatePrintTemplateInput, absentNulls(args.input, { clearable: clearableColors })),
      ),
  }),
  deletePrintTemplate: t.boolean({
    description: 'Reports that used it are printed with the default footer.',
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, context) => context.services.printTemplates.delete(context.access, args.id),
  }),
}));
