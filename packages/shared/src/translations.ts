import { z } from 'zod';
import { languages } from './languages.ts';

/**
 * A site admin's override of a shipped UI text in one language (spec: the Translations screen). The key is the
 * English sentence the code passes to t(); the server takes only keys the web app ships.
 */
export const translationBounds = {
  /** Characters of a key; the longest shipped key is far shorter. */
  keyMax: 1000,
  /** Characters of an override's text. */
  textMax: 2000,
} as const;

/** Messages of translation errors that the web app translates. */
export const translationErrors = {
  unknownKey: 'Not a text of the app',
  unknownPlaceholder: 'Uses a placeholder the text does not have',
} as const;

export const translationKeyField = z
  .string({ message: 'Required' })
  .min(1, { message: 'Required', abort: true })
  .max(translationBounds.keyMax, { message: 'Too long' });

export const setTranslationOverrideInput = z.object({
  language: z.enum(languages),
  key: translationKeyField,
  text: z
    .string({ message: 'Required' })
    .trim()
    .min(1, { message: 'Required', abort: true })
    .max(translationBounds.textMax, { message: 'Too long' }),
});
export const removeTranslationOverrideInput = z.object({ language: z.enum(languages), key: translationKeyField });
export type SetTranslationOverrideInput = z.infer<typeof setTranslationOverrideInput>;

/** The `{{name}}` placeholders a text interpolates, in order of first use. */
export function translationPlaceholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{\s*([^}\s,]+)[^}]*\}\}/g)].map((match) => match[1] ?? ''))];
}

/** The public answer of `GET /api/translations/{language}`: the overrides of one language by key. */
export interface TranslationOverridesAnswer {
  language: string;
  overrides: Record<string, string>;
}
