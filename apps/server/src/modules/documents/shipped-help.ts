import { helpDocumentType, type Language } from '@olo/shared';
import type { DocumentsRepository } from './documents.repository.ts';
import { helpInEnglish } from './shipped-help/en.ts';
import { helpInFinnish } from './shipped-help/fi.ts';
import type { ShippedHelp } from './shipped-help/shipped-help-types.ts';
import { helpInSwedish } from './shipped-help/sv.ts';

/** Olo's own help by language; the same keys in each, listed in this order (decision 0185). */
export const shippedHelp: Record<Language, ShippedHelp[]> = {
  fi: helpInFinnish,
  sv: helpInSwedish,
  en: helpInEnglish,
};

/** Room between shipped documents' orders, so that an admin may put their own between them. */
const orderStep = 10;

/**
 * Writes Olo's own help as published global documents, each key and language once ever (decision 0185): a start
 * after a site admin edited or deleted one leaves it so. The key is also the document's path, the same in every
 * language, so that `/help/<key>` opens it in the reader's. Returns how many were written now.
 */
export async function seedShippedHelp(repository: DocumentsRepository): Promise<number> {
  let written = 0;
  for (const [language, documents] of Object.entries(shippedHelp)) {
    for (const [index, document] of documents.entries()) {
      const wrote = await repository.writeShippedOnce(document.key, language, {
        type: helpDocumentType,
        name: document.name,
        content: document.content,
        path: document.key,
        language,
        order: (index + 1) * orderStep,
        published: true,
      });
      if (wrote) written += 1;
    }
  }
  return written;
}
