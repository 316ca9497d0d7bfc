import fs from 'node:fs';

export type Language = 'fi' | 'sv' | 'en';

const cache = new Map<Language, Record<string, string>>();

/** The web app's own translation of `key`, so that tests follow the locale files rather than copy them. */
export function tr(language: Language, key: string): string {
  if (!cache.has(language)) {
    const file = new URL(`../../apps/web/src/features/i18n/locales/${language}.json`, import.meta.url);
    cache.set(language, JSON.parse(fs.readFileSync(file, 'utf8')));
  }
  const value = cache.get(language)?.[key];
  if (!value) throw new Error(`no ${language} translation for "${key}"`);
  return value;
}
