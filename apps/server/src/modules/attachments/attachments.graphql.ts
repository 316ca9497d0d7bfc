import { builder } from '../../graphql/builder.ts';
import { ProjectRef } from '../projects/projects.graphql.ts';
import type { AttachmentRow } from './attachments.repository.ts';
import { attachmentPath } from './attachments.service.ts';

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
