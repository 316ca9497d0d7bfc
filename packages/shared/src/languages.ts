/** Interface languages; `fi` is the default and there is no fallback language. */
export const languages = ['fi', 'sv', 'en'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'fi';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}
