import crypto from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type attachmentUploadInput, tenancyBounds, tenancyErrors } from '@olo/shared';
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

const fileIssue = (message: string) => new AppError('BAD_USER_INPUT', 'Invalid input', [{ path: 'file', message }]);

/**
 * Watches a file's bytes as they stream past: refuses it once it is over the size limit, and keeps
 * what its type is judged by (the first bytes; for text, whether any byte is NUL).
 */
class FileInspection {
  bytes = 0;
  private head = Buffer.alloc(0);
  private hasNul = false;

  constructor(private readonly contentType: string) {}

  readonly stream = new Transform({
    transform: (chunk: Buffer, _encoding, callback) => {
      this.bytes += chunk.length;
      if (this.bytes > tenancyBounds.attachmentMaxBytes) return callback(fileIssue(tenancyErrors.attachmentTooLarge));
      if (this.head.length < 8) this.head = Buffer.concat([this.head, chunk.subarray(0, 8)]);
      if (!this.hasNul && chunk.includes(0)) this.hasNul = true;
      callback(null, chunk);
    },
  });

  /** Whether the whole file is what its content type claims. */
  looksRight(): boolean {
    if (this.bytes === 0) return false;
    const expected = signatures[this.contentType];
    if (!expected) return !this.hasNul;
    return expected.some((signature) => signature.every((byte, index) => this.head[index] === byte));
  }
}

/** Where the attachment is fetched (GET, with the session cookie or through a public project). */
export function attachmentPath(attachment: Pick<AttachmentRow, 'id' | 'name'>): string {
  return `/api/attachments/${attachment.id}/${encodeURIComponent(attachment.name)}`;
}

const denied = () => new AppError('FORBIDDEN', tenancyErrors.permissionDenied);
const noSuchFile = () => new AppError('BAD_USER_INPUT', tenancyErrors.noSuchFile);

/**
 * Whether a project may show the file as its picture or attachment: a file uploaded to the project
 * itself or to the project's own organization. Checked when a project takes a file, and again when
 * a file is read through a project, so a reference made before the check shows nothing.
 */
export function isFileOfProject(
  file: Pick<AttachmentRow, 'projectId' | 'organizationId'>,
  project: { id: number | null; organizationId: string },
): boolean {
  if (file.projectId !== null) return file.projectId === project.id;
  return file.organizationId === project.organizationId;
}

/** Whether a cover of the organization may show the file as its logo: a file uploaded to that organization itself. */
export function isLogoOfOrganization(
  file: Pick<AttachmentRow, 'projectId' | 'organizationId'> | undefined,
  organizationId: string | null,
): boolean {
  return file !== undefined && file.projectId === null && file.organizationId === organizationId;
}

/** Uploaded files of projects and organizations; bytes under DATA_DIR/attachments, named by id. */
export class AttachmentsService {
  constructor(
    private readonly repository: AttachmentsRepository,
    private readonly directory: string,
  ) {}

  filePath(attachment: AttachmentRow): string {
    return path.join(this.directory, attachment.id);
  }

  /**
   * Stores a file streamed from an upload, at most 5 MB, for a project or organization the viewer
   * may edit, or a project whose reports they edit (checked before a byte is read). The bytes go to
   * a temporary name, are checked as they arrive and renamed once whole; a refused upload leaves no
   * file and no row.
   */
  async upload(
    access: ViewerAccess,
    input: z.output<typeof attachmentUploadInput>,
    content: Readable,
  ): Promise<AttachmentRow> {
    const user = access.requireUser();
    // Report admins upload the photos and floor plans of their image tours (decision 0108).
    if (input.projectId) {
      if (!(await access.can('project.update', input.projectId))) {
        await access.assert('project.adminReports', input.projectId);
      }
    } else if (input.organizationId) await access.assert('organization.update', input.organizationId);
    else throw denied();
    await fs.mkdir(this.directory, { recursive: true });
    const id = crypto.randomUUID();
    const target = path.join(this.directory, id);
    const inspection = new FileInspection(input.contentType);
    try {
      await pipeline(content, inspection.stream, createWriteStream(`${target}.part`, { flags: 'wx' }));
      if (!inspection.looksRight()) throw fileIssue(tenancyErrors.attachmentType);
      await fs.rename(`${target}.part`, target);
      return await this.repository.insert({
        id,
        projectId: input.projectId ?? null,
        organizationId: input.projectId ? null : (input.organizationId ?? null),
        name: input.name,
        contentType: input.contentType,
        size: inspection.bytes,
        uploadedBy: user.id,
      });
    } catch (error) {
      await Promise.all([fs.rm(`${target}.part`, { force: true }), fs.rm(target, { force: true })]);
      throw error;
    }
  }

  /**
   * The attachment if the viewer may read it: members of its project or organization, viewers of a
   * project that shows it (a file of the project's organization), or anyone for a public project's
   * picture. A project shows only its own files (isFileOfProject), whatever it refers to.
   */
  async readable(access: ViewerAccess, id: string): Promise<AttachmentRow> {
    const attachment = await this.repository.findById(id);
    if (!attachment) throw new AppError('NOT_FOUND', 'Not found');
    if (attachment.projectId && (await access.can('project.view', attachment.projectId))) return attachment;
    if (attachment.organizationId && (await access.can('organization.view', attachment.organizationId)))
      return attachment;
    const showing = (await this.repository.projectsShowing(id)).filter((project) =>
      isFileOfProject(attachment, project),
    );
    if (showing.some((project) => project.pictureId === id && access.policy.publicProject(project).picture)) {
      return attachment;
    }
    for (const project of showing) if (await access.can('project.view', project.id)) return attachment;
    if (!access.user) throw new AppError('UNAUTHENTICATED', 'Not signed in');
    throw denied();
  }

  /**
   * Refuses files a project may not take as its picture or attachment: unknown ones, another
   * project's or organization's (isFileOfProject), and its organization's files unless the viewer may
   * read them. `project.id` is null for a project being created.
   */
  async assertProjectMayShow(
    access: ViewerAccess,
    project: { id: number | null; organizationId: string },
    fileIds: Array<string | null | undefined>,
    message: string = tenancyErrors.attachmentOfAnotherProject,
  ): Promise<void> {
    const wanted = [...new Set(fileIds.filter((file): file is string => Boolean(file)))];
    const files = await this.repository.owners(wanted);
    const allowed = await Promise.all(files.map((file) => this.projectMayShow(access, file, project)));
    if (files.length !== wanted.length || allowed.includes(false)) throw new AppError('BAD_USER_INPUT', message);
  }

  /**
   * The files of a report made from another (a clone, or a report from a template) as files `target`
   * may show: a file the target may show already (assertProjectMayShow's rule) keeps its id; any
   * other is copied (row and bytes) into the target, if the source's project may show it and the
   * viewer may read it there (a file of the source project, which the viewer reads through the
   * source report, or a file of its organization that the viewer may see). Anything else, an unknown
   * id, or a file whose bytes are gone, is refused with "No such file" before anything is copied.
   * Old id → new id of each copy.
   */
  async copyIntoProject(
    access: ViewerAccess,
    ids: string[],
    source: { id: number; organizationId: string },
    target: { id: number; organizationId: string },
  ): Promise<Map<string, string>> {
    const copies = new Map<string, string>();
    const wanted = [...new Set(ids)];
    if (wanted.length === 0) return copies;
    const files = new Map(
      (await Promise.all(wanted.map((id) => this.repository.findById(id)))).flatMap((file) =>
        file ? [[file.id, file] as const] : [],
      ),
    );
    const toCopy: AttachmentRow[] = [];
    for (const id of wanted) {
      const file = files.get(id);
      if (!file) throw noSuchFile();
      if (await this.projectMayShow(access, file, target)) continue;
      if (!(await this.projectMayShow(access, file, source))) throw noSuchFile();
      toCopy.push(file);
    }
    await fs.mkdir(this.directory, { recursive: true });
    const made: string[] = [];
    try {
      for (const file of toCopy) {
        const copyId = crypto.randomUUID();
        made.push(copyId);
        try {
          await fs.copyFile(this.filePath(file), path.join(this.directory, copyId));
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw noSuchFile();
          throw error;
        }
        await this.repository.insert({
          id: copyId,
          projectId: target.id,
          organizationId: null,
          name: file.name,
          contentType: file.contentType,
          size: file.size,
          uploadedBy: file.uploadedBy,
        });
        copies.set(file.id, copyId);
      }
    } catch (error) {
      // All or nothing: a refused or failed copy leaves none of the others behind.
      await Promise.all(
        made.map(async (id) => {
          await fs.rm(path.join(this.directory, id), { force: true });
          await this.repository.delete(id);
        }),
      );
      throw error;
    }
    return copies;
  }

  /** isFileOfProject, and for a file of the project's organization, the viewer may see that organization. */
  private async projectMayShow(
    access: ViewerAccess,
    file: Pick<AttachmentRow, 'projectId' | 'organizationId'>,
    project: { id: number | null; organizationId: string },
  ): Promise<boolean> {
    if (!isFileOfProject(file, project)) return false;
    return file.projectId !== null || access.can('organization.view', project.organizationId);
  }

  async byId(id: string): Promise<AttachmentRow | undefined> {
    return this.repository.findById(id);
  }
}
