import { eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { attachments, projects } from '../../db/tables/index.ts';

export type AttachmentRow = typeof attachments.$inferSelect;

export class AttachmentsRepository {
  constructor(private readonly db: Db) {}

  async insert(attachment: typeof attachments.$inferInsert): Promise<AttachmentRow> {
    const [row] = await this.db.insert(attachments).values(attachment).returning();
    return row as AttachmentRow;
  }

  async findById(id: string): Promise<AttachmentRow | undefined> {
    const [row] = await this.db.select().from(attachments).where(eq(attachments.id, id));
    return row;
  }

  async delete(id: string): Promise<void> {
    await this.db.delete(attachments).where(eq(attachments.id, id));
  }

  /** Whose files these are (those that exist), for checking what a project may show. */
  owners(ids: string[]): Promise<Array<Pick<AttachmentRow, 'id' | 'projectId' | 'organizationId'>>> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .select({ id: attachments.id, projectId: attachments.projectId, organizationId: attachments.organizationId })
      .from(attachments)
      .where(inArray(attachments.id, ids));
  }

  /** The projects that show this file as their picture or attachment, with what decides who may see it there. */
  projectsShowing(attachmentId: string): Promise<
    Array<{
      id: number;
      organizationId: string;
      publicId: string | null;
      showLive: boolean;
      pictureId: string | null;
    }>
  > {
    return this.db
      .select({
        id: projects.id,
        organizationId: projects.organizationId,
        publicId: projects.publicId,
        showLive: projects.showLive,
        pictureId: projects.pictureId,
      })
      .from(projects)
      .where(or(eq(projects.pictureId, attachmentId), eq(projects.attachmentId, attachmentId)));
  }
}
