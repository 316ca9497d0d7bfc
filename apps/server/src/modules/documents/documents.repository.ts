import { and, asc, eq, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { documents, shippedDocuments } from '../../db/tables/index.ts';

export type DocumentRow = typeof documents.$inferSelect;
export type NewDocument = typeof documents.$inferInsert;

/** Where documents are read from: global ones, and those of these organizations and projects; null: everywhere. */
export interface DocumentOwners {
  organizationIds: readonly string[] | null;
  projectIds: readonly number[] | null;
}

/** The owner of a document, as its columns hold it (both null: global). */
export interface DocumentOwner {
  organizationId: string | null;
  projectId: number | null;
}

/** `ilike`'s wildcards taken literally. */
const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/** By order, then name (spec §3 order), then id. */
const documentOrder = [asc(documents.order), asc(documents.name), asc(documents.id)];

export class DocumentsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Documents of a type in these owners' hands, in `language` or in none (every language when undefined), whose name
   * or text holds every term; published or not (the service decides who reads drafts).
   */
  list(
    type: string,
    owners: DocumentOwners,
    options: { language?: string; terms?: readonly string[] } = {},
  ): Promise<DocumentRow[]> {
    const conditions: Array<SQL | undefined> = [eq(documents.type, type), this.ownedBy(owners)];
    if (options.language !== undefined) {
      conditions.push(or(isNull(documents.language), eq(documents.language, options.language)));
    }
    for (const term of options.terms ?? []) {
      conditions.push(sql`(${documents.name} || ' ' || ${documents.content}) ilike ${likePattern(term)}`);
    }
    return this.db
      .select()
      .from(documents)
      .where(and(...conditions))
      .orderBy(...documentOrder);
  }

  private ownedBy({ organizationIds, projectIds }: DocumentOwners): SQL | undefined {
    if (organizationIds === null && projectIds === null) return undefined;
    const global = and(isNull(documents.organizationId), isNull(documents.projectId));
    const ofOrganizations =
      organizationIds === null
        ? sql`${documents.organizationId} is not null`
        : organizationIds.length > 0
          ? inArray(documents.organizationId, [...organizationIds])
          : undefined;
    const ofProjects =
      projectIds === null
        ? sql`${documents.projectId} is not null`
        : projectIds.length > 0
          ? inArray(documents.projectId, [...projectIds])
          : undefined;
    return or(global, ofOrganizations, ofProjects);
  }

  async findById(id: number): Promise<DocumentRow | undefined> {
    const [row] = await this.db.select().from(documents).where(eq(documents.id, id));
    return row;
  }

  /** Whether another document of the owner, type and language (or of none) already has the path. */
  async pathTaken(
    document: DocumentOwner & { type: string; path: string; language: string | null },
    exceptId?: number,
  ): Promise<boolean> {
    const [row] = await this.db
      .select({ id: documents.id })
      .from(documents)
      .where(
        and(
          eq(documents.type, document.type),
          eq(documents.path, document.path),
          document.organizationId === null
            ? isNull(documents.organizationId)
            : eq(documents.organizationId, document.organizationId),
          document.projectId === null ? isNull(documents.projectId) : eq(documents.projectId, document.projectId),
          document.language === null ? isNull(documents.language) : eq(documents.language, document.language),
          exceptId === undefined ? undefined : ne(documents.id, exceptId),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  async insert(document: NewDocument): Promise<DocumentRow> {
    const [row] = await this.db.insert(documents).values(document).returning();
    return row as DocumentRow;
  }

  async update(id: number, changes: Partial<NewDocument>): Promise<DocumentRow> {
    const [row] = await this.db
      .update(documents)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(documents.id, id))
      .returning();
    return row as DocumentRow;
  }

  async delete(id: number): Promise<void> {
    await this.db.delete(documents).where(eq(documents.id, id));
  }

  /**
   * Writes a shipped document unless its key and language were ever written (decision 0185), in one transaction so
   * that instances starting together write it once. True when written now.
   */
  writeShippedOnce(key: string, language: string, document: NewDocument): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const marked = await tx
        .insert(shippedDocuments)
        .values({ key, language })
        .onConflictDoNothing()
        .returning({ key: shippedDocuments.key });
      if (marked.length === 0) return false;
      await tx.insert(documents).values(document);
      return true;
    });
  }
}
