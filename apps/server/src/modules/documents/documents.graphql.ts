import {
  createDocumentInput,
  documentListInput,
  documentSearchInput,
  helpDocumentType,
  type Language,
  updateDocumentInput,
} from '@olo/shared';
import { builder } from '../../graphql/builder.ts';
import { absentNulls } from '../../graphql/input.ts';
import { parseInput } from '../../shared/errors.ts';
import { LanguageEnum } from '../accounts/accounts.graphql.ts';
import type { DocumentRow } from './documents.repository.ts';
import type { DocumentMatch } from './documents.service.ts';

export const DocumentRef = builder.objectRef<DocumentRow>('Document').implement({
  description:
    "A Markdown document (spec §3 Document): global (no organization or project, site admins'), an organization's or a project's (their admins'). Decision 0184.",
  fields: (t) => ({
    id: t.exposeInt('id'),
    type: t.exposeString('type', { description: 'What it is; `help` for the pages of /help.' }),
    name: t.exposeString('name'),
    order: t.exposeInt('order'),
    content: t.exposeString('content', { description: 'Markdown, at most 100,000 characters.' }),
    published: t.exposeBoolean('published', { description: 'Unpublished: seen only by those who may write it.' }),
    path: t.exposeString('path', { nullable: true, description: 'Its address after /help/; null: by id.' }),
    language: t.field({
      type: LanguageEnum,
      nullable: true,
      description: 'Null: shown whatever the reader’s language.',
      resolve: (document) => document.language as Language | null,
    }),
    organizationId: t.exposeID('organizationId', { nullable: true }),
    projectId: t.exposeInt('projectId', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    canEdit: t.boolean({
      description: 'Whether the viewer may change or delete it.',
      resolve: (document, _args, context) => context.services.documents.mayWrite(context.access, document),
    }),
  }),
});

const DocumentMatchRef = builder.objectRef<DocumentMatch>('DocumentMatch').implement({
  description: 'A document a search found, with its text around the first word found.',
  fields: (t) => ({
    document: t.field({ type: DocumentRef, resolve: (match) => match.document }),
    excerpt: t.exposeString('excerpt', { description: 'Plain text, at most about 160 characters.' }),
  }),
});

const CreateDocumentInput = builder.inputType('CreateDocumentInput', {
  fields: (t) => ({
    type: t.string({ description: 'Default help.' }),
    name: t.string({ required: true }),
    order: t.int(),
    content: t.string(),
    published: t.boolean(),
    path: t.string(),
    language: t.field({ type: LanguageEnum }),
    organizationId: t.id({ description: 'With neither this nor projectId: a global document (site admins).' }),
    projectId: t.int(),
  }),
});

const UpdateDocumentInput = builder.inputType('UpdateDocumentInput', {
  fields: (t) => ({
    id: t.int({ required: true }),
    type: t.string(),
    name: t.string(),
    order: t.int(),
    content: t.string(),
    published: t.boolean(),
    path: t.string({ description: 'Null or empty: addressed by id.' }),
    language: t.field({ type: LanguageEnum, description: 'Null: every language.' }),
  }),
});

builder.queryFields((t) => ({
  documents: t.field({
    type: [DocumentRef],
    description:
      'Documents of a type the viewer reads, by order: published ones of what the viewer sees, drafts of what the viewer may write. With a language, those in it or in none.',
    args: { type: t.arg.string({ defaultValue: helpDocumentType }), language: t.arg({ type: LanguageEnum }) },
    resolve: (_root, args, context) =>
      context.services.documents.list(
        context.access,
        parseInput(documentListInput, { type: args.type ?? undefined }).type,
        args.language ?? undefined,
      ),
  }),
  document: t.field({
    type: DocumentRef,
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, context) => context.services.documents.byId(context.access, args.id),
  }),
  searchDocuments: t.field({
    type: [DocumentMatchRef],
    description: 'Documents the viewer reads (as `documents`) whose name or text holds every word of `text`.',
    args: {
      text: t.arg.string({ required: true }),
      type: t.arg.string({ defaultValue: helpDocumentType }),
      language: t.arg({ type: LanguageEnum }),
    },
    resolve: (_root, args, context) => {
      const { type, text } = parseInput(documentSearchInput, { type: args.type ?? undefined, text: args.text });
      return context.services.documents.search(context.access, type, text, args.language ?? undefined);
    },
  }),
}));

builder.mutationFields((t) => ({
  createDocument: t.field({
    type: DocumentRef,
    args: { input: t.arg({ type: CreateDocumentInput, required: true }) },
    resolve: (_root, args, context) =>
      context.services.documents.create(context.access, parseInput(createDocumentInput, absentNulls(args.input))),
  }),
  updateDocument: t.field({
    type: DocumentRef,
    args: { input: t.arg({ type: UpdateDocumentInput, required: true }) },
    resolve: (_root, args, context) =>
      context.services.documents.update(
        context.access,
        parseInput(updateDocumentInput, absentNulls(args.input, { clearable: ['path', 'language'] })),
      ),
  }),
  deleteDocument: t.boolean({
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, context) => context.services.documents.delete(context.access, args.id),
  }),
}));
