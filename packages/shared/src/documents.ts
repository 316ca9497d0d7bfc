import { z } from 'zod';
import { orderField } from './colors.ts';
import { intId, nameField, uuidSchema } from './input-fields.ts';
import { languages } from './languages.ts';

/**
 * Documents (spec §3 Document): Markdown help pages, global (site admins), an organization's or a project's (their
 * admins); readers see the published ones of what they see (decision 0184).
 */
export const documentBounds = {
  nameMax: 200,
  pathMax: 100,
  /** Characters of a document's Markdown: a long guide, not a book. */
  contentMax: 100_000,
  typeMax: 40,
  /** Characters of a search. */
  searchMax: 200,
  searchTermsMax: 10,
} as const;

/** The type of the help pages `/help` lists. */
export const helpDocumentType = 'help';

export const documentErrors = {
  invalidPath: 'Use lower-case letters, digits and hyphens, with at least one letter',
  pathTaken: 'Another document here already has this address',
  oneOwner: 'A document belongs to an organization or a project, not both',
} as const;

/**
 * A document's address after `/help/`: lower-case words of letters and digits joined by hyphens, at least one
 * letter, so that a number is always an id.
 */
export const documentPath = z
  .string()
  .trim()
  .toLowerCase()
  .max(documentBounds.pathMax, { message: 'Too long' })
  .regex(/^(?=[a-z0-9-]*[a-z])[a-z0-9]+(-[a-z0-9]+)*$/, { message: documentErrors.invalidPath });

const documentType = z
  .string()
  .trim()
  .max(documentBounds.typeMax, { message: 'Too long' })
  .regex(/^[a-z][a-z0-9-]*$/, { message: 'Invalid input' });

/** Absent: unchanged; empty or null: none. */
const optionalPath = z
  .union([z.literal(''), documentPath])
  .nullish()
  .transform((value) => (value === undefined ? undefined : value || null));

const documentFields = {
  name: nameField,
  content: z.string().max(documentBounds.contentMax, { message: 'Too long' }),
  order: orderField,
  published: z.boolean(),
  path: optionalPath,
  /** Null: shown whatever the reader's language. */
  language: z.enum(languages).nullish(),
  type: documentType,
};

export const createDocumentInput = z
  .object({
    ...documentFields,
    content: documentFields.content.default(''),
    order: orderField.default(0),
    published: z.boolean().default(false),
    type: documentType.default(helpDocumentType),
    organizationId: uuidSchema.nullish(),
    projectId: intId.nullish(),
  })
  .superRefine((input, context) => {
    if (input.organizationId && input.projectId) {
      context.addIssue({ code: 'custom', path: ['projectId'], message: documentErrors.oneOwner });
    }
  });

/** The owner stays: a document moves to another one only by being written there anew. */
export const updateDocumentInput = z.object({
  id: intId,
  name: nameField.optional(),
  content: documentFields.content.optional(),
  order: orderField.optional(),
  published: z.boolean().optional(),
  path: optionalPath,
  language: documentFields.language,
  type: documentType.optional(),
});

/** The documents query's arguments: the type as stored documents are checked. */
export const documentListInput = z.object({ type: documentType.default(helpDocumentType) });

export const documentSearchInput = documentListInput.extend({
  text: z.string().trim().max(documentBounds.searchMax, { message: 'Too long' }),
});

export type CreateDocumentInput = z.infer<typeof createDocumentInput>;
export type UpdateDocumentInput = z.infer<typeof updateDocumentInput>;

/** The words of a search, at most searchTermsMax of them: a document matches when its name or text holds every one. */
export function searchTerms(text: string): string[] {
  return [...new Set(text.toLowerCase().split(/\s+/).filter(Boolean))].slice(0, documentBounds.searchTermsMax);
}
