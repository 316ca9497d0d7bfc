/** Interface languages; `fi` is the default and there is no fallback language. */
export const languages = ['fi', 'sv', 'en'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'fi';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/**
 * The language of an answer the browser shows as it is: `lang` when it is one, otherwise the
 * browser's first language we have (Accept-Language), otherwise Finnish, the default.
 */
export function answerLanguage(lang: unknown, acceptLanguage: string | undefined): Language {
  if (isLanguage(lang)) return lang;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const code = part.trim().slice(0, 2).toLowerCase();
    if (isLanguage(code)) return code;
  }
  return defaultLanguage;
}
