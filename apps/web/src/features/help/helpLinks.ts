import type { HelpDocumentListFieldsFragment } from '../../graphql/generated.ts';

type Listed = Pick<
  HelpDocumentListFieldsFragment,
  'id' | 'path' | 'language' | 'order' | 'organizationId' | 'projectId'
>;

/** What `/help/<key>` names: a number is an id (a path always has a letter), anything else a path. */
export function helpKey(key: string): { id: number } | { path: string } {
  return /^\d{1,9}$/.test(key) ? { id: Number(key) } : { path: key.toLowerCase() };
}

/** A project's document before its organization's before a global one: the one nearest the reader's work. */
const ownerRank = (document: Listed) => (document.projectId !== null ? 0 : document.organizationId !== null ? 1 : 2);

/**
 * The document `/help/<path>` opens among those listed for the reader (decision 0184): the nearest owner's, one in
 * the reader's language before one for every language, then by order and id. Shipped help has the same path in each
 * language, so a link to it opens it in the reader's.
 */
export function documentAtPath<Document extends Listed>(
  path: string,
  documents: readonly Document[],
  language: string,
): Document | undefined {
  const languageRank = (document: Listed) => (document.language === language ? 0 : document.language === null ? 1 : 2);
  return documents
    .filter((document) => document.path === path)
    .sort(
      (a, b) => ownerRank(a) - ownerRank(b) || languageRank(a) - languageRank(b) || a.order - b.order || a.id - b.id,
    )[0];
}

/** A document's address: its path when that path leads to it for this reader, else its id. */
export function helpHref(document: Listed, documents: readonly Listed[], language: string): string {
  if (document.path && documentAtPath(document.path, documents, language)?.id === document.id) {
    return `/help/${document.path}`;
  }
  return `/help/${document.id}`;
}
