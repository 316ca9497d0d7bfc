import { type Language, languages } from '@olo/shared';
import type { MissingTranslations } from '../i18n/missingTranslations.ts';

export type ShippedTexts = Record<Language, Record<string, string>>;
export type Overrides = Partial<Record<Language, Record<string, string>>>;

/** One UI key with its text in each language as the app shows it, and where that text comes from. */
export interface TranslationRow {
  key: string;
  shipped: Partial<Record<Language, string>>;
  override: Partial<Record<Language, string>>;
  /** Languages with neither a shipped text nor an override: the app shows the key itself there. */
  missing: Language[];
  /** Languages in which this browser recorded the key missing. */
  recordedMissing: Language[];
  /** Lower-cased key and texts, shipped and overriding, searched as one. */
  haystack: string;
}

export const translationFilters = ['all', 'missing', 'overridden', 'recorded'] as const;
export type TranslationFilter = (typeof translationFilters)[number];

/** Keys per page: a phone draws a page of cards at once, not 1,500. */
export const translationsPageSize = 25;

/**
 * Every key the app ships in any language, and every key this browser recorded missing, by key. A recorded key the
 * app does not ship (a text built at run time, or a key not yet added) is listed too, missing everywhere.
 */
export function translationRows(
  shipped: ShippedTexts,
  overrides: Overrides,
  recorded: MissingTranslations,
): TranslationRow[] {
  const keys = new Set<string>();
  for (const language of languages) for (const key of Object.keys(shipped[language])) keys.add(key);
  for (const language of languages) for (const key of Object.keys(recorded[language] ?? {})) keys.add(key);
  return [...keys]
    .sort((a, b) => a.localeCompare(b, 'en'))
    .map((key) => {
      const row: TranslationRow = { key, shipped: {}, override: {}, missing: [], recordedMissing: [], haystack: '' };
      const words = [key];
      for (const language of languages) {
        const shippedText = shipped[language][key];
        const overrideText = overrides[language]?.[key];
        if (shippedText?.trim()) row.shipped[language] = shippedText;
        if (overrideText !== undefined) row.override[language] = overrideText;
        if (!shippedText?.trim() && overrideText === undefined) row.missing.push(language);
        if (recorded[language]?.[key] !== undefined) row.recordedMissing.push(language);
        words.push(shippedText ?? '', overrideText ?? '');
      }
      row.haystack = words.join('\n').toLocaleLowerCase();
      return row;
    });
}

/** The rows a search (in the key and every text, any case) and a filter leave. */
export function filterTranslationRows(
  rows: readonly TranslationRow[],
  search: string,
  filter: TranslationFilter,
): TranslationRow[] {
  const needle = search.trim().toLocaleLowerCase();
  return rows.filter((row) => {
    if (filter === 'missing' && row.missing.length === 0) return false;
    if (filter === 'overridden' && Object.keys(row.override).length === 0) return false;
    if (filter === 'recorded' && row.recordedMissing.length === 0) return false;
    return needle === '' || row.haystack.includes(needle);
  });
}

/** The overrides of the server's list, by language and key. */
export function overridesByLanguage(list: ReadonlyArray<{ language: string; key: string; text: string }>): Overrides {
  const overrides: Overrides = {};
  for (const { language, key, text } of list) {
    const forLanguage = overrides[language as Language] ?? {};
    forLanguage[key] = text;
    overrides[language as Language] = forLanguage;
  }
  return overrides;
}
