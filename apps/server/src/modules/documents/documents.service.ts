import {
  type createDocumentInput,
  documentErrors,
  type Language,
  searchTerms,
  tenancyErrors,
  type updateDocumentInput,
} from '@olo/shared';
import type { z } from 'zod';
import { AppError, invalidField } from '../../shared/errors.ts';
import type { ViewerAccess } from '../access/access.policy.ts';
import type { DocumentOwner, DocumentRow, DocumentsRepository, NewDocument } from './documents.repository.ts';
import { plainTextExcerpt } from './excerpt.ts';
import { seedShippedHelp } from './shipped-help.ts';

/** A document found by a search, with a piece of its text around the first term found. */
export interface DocumentMatch {
  document: DocumentRow;
  excerpt: string;
}

/**
 * Documents (decision 0184). Global ones are the site admins', an organization's its admins' (and those of
 * organizations above), a project's its admins'. Readers get the published documents of what they see: global ones
 * every signed-in user, an organization's those who see the organization, a project's those who see the project;
 * those who may write a document also read it unpublished.
 */
export class DocumentsService {
  constructor(private readonly repository: DocumentsRepository) {}

  /** The documents of a type the viewer reads, in `language` or none (all when absent), by order. */
  async list(access: ViewerAccess, type: string, language?: Language): Promise<DocumentRow[]> {
    return this.readable(access, await this.repository.list(type, await this.owners(access), { language }));
  }

  /** Documents the viewer reads whose name or text holds every word of `text`, with an excerpt each. */
  async search(access: ViewerAccess, type: string, text: string, language?: Language): Promise<DocumentMatch[]> {
    const terms = searchTerms(text);
    if (terms.length === 0) return [];
    const found = await this.repository.list(type, await this.owners(access), { language, terms });
    return (await this.readable(access, found)).map((document) => ({
      document,
      excerpt: plainTextExcerpt(document.content, terms),
    }));
  }

  /** Unknown and unreadable ids are refused alike, so that ids reveal nothing. */
  async byId(access: ViewerAccess, id: number): Promise<DocumentRow> {
    access.requireUser();
    const document = await this.repository.findById(id);
    if (!document || !(await this.mayRead(access, document))) {
      throw new AppError('FORBIDDEN', tenancyErrors.permissionDenied);
    }
    return document;
  }

  /** Whether the viewer may change or delete the document (the client shows "Edit" by it). */
  mayWrite(access: ViewerAccess, owner: DocumentOwner): Promise<boolean> {
    if (!access.user) return Promise.resolve(false);
    if (owner.projectId !== null) return access.can('project.update', owner.projectId);
    if (owner.organizationId !== null) return access.can('organization.update', owner.organizationId);
    return Promise.resolve(access.isSiteAdmin);
  }

  async create(access: ViewerAccess, input: z.output<typeof createDocumentInput>): Promise<DocumentRow> {
    const owner = { organizationId: input.organizationId ?? null, projectId: input.projectId ?? null };
    await this.assertWrites(access, owner);
    const document = { ...input, ...owner, path: input.path ?? null, language: input.language ?? null };
    await this.assertPathFree(document);
    return this.repository.insert(document);
  }

  async update(access: ViewerAccess, input: z.output<typeof updateDocumentInput>): Promise<DocumentRow> {
    const current = await this.writable(access, input.id);
    const { id, ...changes } = input;
    const next = { ...current, ...withoutAbsent(changes) };
    await this.assertPathFree(next, id);
    return this.repository.update(id, withoutAbsent(changes) as Partial<NewDocument>);
  }

  async delete(access: ViewerAccess, id: number): Promise<boolean> {
    await this.writable(access, id);
    await this.repository.delete(id);
    return true;
  }

  /** Olo's own help in fi, sv and en, written on a start once each (decision 0185); how many were written now. */
  writeShippedHelp(): Promise<number> {
    return seedShippedHelp(this.repository);
  }

  /** Global documents, and those of the organizations and projects the viewer sees. */
  private async owners(access: ViewerAccess) {
    access.requireUser();
    return { organizationIds: await access.visibleOrganizationIds(), projectIds: await access.visibleProjectIds() };
  }

  /** Published ones, and drafts the viewer may write. */
  private async readable(access: ViewerAccess, rows: DocumentRow[]): Promise<DocumentRow[]> {
    const keep = await Promise.all(rows.map((row) => row.published || this.mayWrite(access, row)));
    return rows.filter((_row, index) => keep[index]);
  }

  private async mayRead(access: ViewerAccess, document: DocumentRow): Promise<boolean> {
    if (!document.published) return this.mayWrite(access, document);
    if (document.projectId !== null) return access.can('project.view', document.projectId);
    if (document.organizationId !== null) return access.can('organization.view', document.organizationId);
    return access.user !== null;
  }

  private async assertWrites(access: ViewerAccess, owner: DocumentOwner): Promise<void> {
    access.requireUser();
    if (!(await this.mayWrite(access, owner))) throw new AppError('FORBIDDEN', tenancyErrors.permissionDenied);
  }

  /** Unknown ids are denied like another tenant's. */
  private async writable(access: ViewerAccess, id: number): Promise<DocumentRow> {
    access.requireUser();
    const document = await this.repository.findById(id);
    if (!document) throw new AppError('FORBIDDEN', tenancyErrors.permissionDenied);
    await this.assertWrites(access, document);
    return document;
  }

  private async assertPathFree(
    document: DocumentOwner & { type: string; path: string | null; language: string | null },
    exceptId?: number,
  ): Promise<void> {
    if (document.path === null) return;
    if (await this.repository.pathTaken({ ...document, path: document.path }, exceptId)) {
      throw invalidField('path', documentErrors.pathTaken);
    }
  }
}

function withoutAbsent<T extends object>(changes: T): Partial<T> {
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as Partial<T>;
}
