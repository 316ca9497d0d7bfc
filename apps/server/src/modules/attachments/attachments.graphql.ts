import { createAttachmentInput } from '@olo/shared';
import { builder } from '../../graphql/builder.ts';
import { parseInput } from '../../shared/errors.ts';
import { ProjectRef } from '../projects/projects.graphql.ts';
import type { AttachmentRow } from './attachments.repository.ts';

export const AttachmentRef = builder.objectRef<AttachmentRow>('Attachment').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    contentType: t.exposeString('contentType'),
    size: t.exposeInt('size', { description: 'Bytes.' }),
    path: t.string({
      description: 'Where to fetch it (GET, with the session cookie or through a public project).',
      resolve: (attachment) => attachmentPath(attachment),
    }),
  }),
});

export function attachmentPath(attachment: Pick<AttachmentRow, 'id' | 'name'>): string {
  return `/api/attachments/${attachment.id}/${encodeURIComponent(attachment.name)}`;
}

builder.objectFields(ProjectRef, (t) => ({
  picture: t.field({
    type: AttachmentRef,
    nullable: true,
    resolve: async (project, _args, context) =>
      project.pictureId ? ((await context.services.attachments.byId(project.pictureId)) ?? null) : null,
  }),
  attachment: t.field({
    type: AttachmentRef,
    nullable: true,
    resolve: async (project, _args, context) =>
      project.attachmentId ? ((await context.services.attachments.byId(project.attachmentId)) ?? null) : null,
  }),
}));

builder.mutationFields((t) => ({
  createAttachment: t.field({
    type: AttachmentRef,
    description: 'Uploads a file (base64) to a project or an organization; at most 5 MB, images, PDF or text.',
    args: {
      projectId: t.arg.int(),
      organizationId: t.arg.id(),
      name: t.arg.string({ required: true }),
      contentType: t.arg.string({ required: true }),
      content: t.arg.string({ required: true }),
    },
    resolve: (_root, args, context) =>
      context.services.attachments.create(context.access, parseInput(createAttachmentInput, args)),
  }),
}));
