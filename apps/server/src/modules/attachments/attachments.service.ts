import fs from 'node:fs/promises';
import path from 'node:path';
import { type createAttachmentInput, tenancyErrors, tenancyLimits } from '@olo/shared';
import type { z } from 'zod';
import { AppError } from '../../shared/errors.ts';
import type { ViewerAccess } from '../access/access.policy.ts';
import type { AttachmentRow, AttachmentsRepository } from './attachments.repository.ts';

/** First bytes of each allowed image type, so a file cannot claim to be what it is not. */
const signatures: Record<string, number[][]> = {
  'image/png': [[0x89, 0x50, 0x4e, 0x47]],
  'image/jpeg': [[0xff, 0xd8, 0xff]],
  'image/gif': [[0x47, 0x49, 0x46, 0x38]],
  'image/webp': [[0x52, 0x49, 0x46, 0x46]],
  'application/pdf': [[0x25, 0x50, 0x44, 0x46]],
};

function looksLike(contentType: string, bytes: Buffer): boolean {
  const expected = signatures[contentType];
  if (!expected) return !bytes.includes(0);
  return expected.some((signature) => signature.every((byte, index) => bytes[index] === byte));
}

const denied = () => new AppError('FORBIDDEN', tenancyErrors.permissionDenied);

/** Uploaded files of projects and organizations; bytes under DATA_DIR/attachments, named by id. */
export class AttachmentsService {
  constructor(
    private readonly repository: AttachmentsRepository,
    private readonly directory: string,
  ) {}

  filePath(attachment: AttachmentRow): string {
    return path.join(this.directory, attachment.id);
  }

  async create(access: ViewerAccess, input: z.output<typeof createAttachmentInput>): Promise<AttachmentRow> {
    const user = access.requireUser();
    if (input.projectId) await access.assert('project.update', input.projectId);
    else if (input.organizationId) await access.assert('organization.update', input.organizationId);
    else throw denied();
    const bytes = Buffer.from(input.content, 'base64');
    if (bytes.length > tenancyLimits.attachmentMaxBytes) {
      throw new AppError('BAD_USER_INPUT', 'Invalid input', [
        { path: 'content', message: tenancyErrors.attachmentTooLarge },
      ]);
    }
    if (bytes.length === 0 || !looksLike(input.contentType, bytes)) {
      throw new AppError('BAD_USER_INPUT', 'Invalid input', [
        { path: 'content', message: tenancyErrors.attachmentType },
      ]);
    }
    await fs.mkdir(this.directory, { recursive: true });
    const attachment = await this.repository.insert({
      projectId: input.projectId ?? null,
      organizationId: input.projectId ? null : (input.organizationId ?? null),
      name: input.name,
      contentType: input.contentType,
      size: bytes.length,
      uploadedBy: user.id,
    });
    // Written to a temporary name first: a crash never leaves a half file under the final name.
    const target = this.filePath(attachment);
    await fs.writeFile(`${target}.part`, bytes);
    await fs.rename(`${target}.part`, target);
    return attachment;
  }

  /** The attachment if the viewer may read it: members of its project or organization, or anyone for a public project's picture. */
  async readable(access: ViewerAccess, id: string): Promise<AttachmentRow> {
    const attachment = await this.repository.findById(id);
    if (!attachment) throw new AppError('NOT_FOUND', 'Not found');
    if (attachment.projectId && (await access.can('project.view', attachment.projectId))) return attachment;
    if (attachment.organizationId && (await access.can('organization.view', attachment.organizationId)))
      return attachment;
    const pictureOf = await this.repository.projectsWithPicture(id);
    if (pictureOf.some((project) => access.policy.publicProject(project).picture)) return attachment;
    if (!access.user) throw new AppError('UNAUTHENTICATED', 'Not signed in');
    throw denied();
  }

  async byId(id: string): Promise<AttachmentRow | undefined> {
    return this.repository.findById(id);
  }
}
