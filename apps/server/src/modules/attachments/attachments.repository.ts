import { eq } from 'drizzle-orm';
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

  /** The projects whose picture this is, with what decides whether their public view shows it. */
  projectsWithPicture(
    attachmentId: string,
  ): Promise<Array<{ id: number; publicId: string | null; showLive: boolean }>> {
    return this.db
      .select({ id: projects.id, publicId: projects.publicId, showLive: projects.showLive })
      .from(projects)
      .where(eq(projects.pictureId, attachmentId));
  }
}
