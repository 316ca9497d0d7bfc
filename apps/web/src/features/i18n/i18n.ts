import { defaultLanguage, isLanguage, type Language, languages } from '@olo/shared';
import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { missingKeyOptions } from './missingTranslations.ts';
import { fetchTranslationOverrides, withOverrides } from './translationOverrides.ts';

export type Translations = Record<string, string>;

/** Each language is a chunk of its own: a page loads only the language it shows. */
const localeLoaders: Record<Language, () => Promise<{ default: Translations }>> = {
  fi: () => import('./locales/fi.json'),
  sv: () => import('./locales/sv.json'),
  en: () => import('./locales/en.json'),
};

/** The shipped texts of a language, without the site admins' overrides (the Translations screen compares them). */
export async function loadShippedTranslations(language: Language): Promise<Translations> {
  return (await localeLoaders[language]()).default;
}

/**
 * Loads a language's strings when i18next first needs them: at start, and on a change of language. The site admins'
 * overrides are fetched alongside the chunk and replace the shipped texts they name.
 */
const localeBackend: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language, _namespace, callback) => {
    if (!isLanguage(language)) return callback(new Error(`Unknown language ${language}`), false);
    Promise.all([loadShippedTranslations(language), fetchTranslationOverrides(language)]).then(
      ([shipped, overrides]) => callback(null, withOverrides(shipped, overrides)),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/** Language chosen on the page by someone who is not signed in. */
export const chosenLanguageStorageKey = 'olo.language';

export function readChosenLanguage(): Language {
  try {
    const stored = localStorage.getItem(chosenLanguageStorageKey);
    return isLanguage(stored) ? stored : defaultLanguage;
  } catch {
    return defaultLanguage;
  }
}

export function storeChosenLanguage(language: Language): void {
  try {
    localStorage.setItem(chosenLanguageStorageKey, language);
  } catch {
    // Without storage the choice lasts until the page is reloaded, which is acceptable.
  }
}

/**
 * A language picked by hand on the signed-out pages (login, register, front page) in this tab, which the login
 * makes the user's own (decision 0091). Kept apart from the remembered page language, which after a logout is the
 * previous user's and must not overwrite the next user's setting.
 */
const pickedLanguageStorageKey = 'olo.language.picked';

export function markLanguagePicked(language: Language): void {
  try {
    sessionStorage.setItem(pickedLanguageStorageKey, language);
  } catch {
    // Without storage the login keeps the user's own language, as before the pick.
  }
}

/** The language picked by hand before signing in, once: reading it forgets it. */
export function takePickedLanguage(): Language | null {
  try {
    const picked = sessionStorage.getItem(pickedLanguageStorageKey);
    sessionStorage.removeItem(pickedLanguageStorageKey);
    return isLanguage(picked) ? picked : null;
  } catch {
    return null;
  }
}

/**
 * The app's i18next: with `translations` given (tests) it is ready at once; without, languages load
 * from their chunks and `ready` settles once the first one is in.
 */
export function createI18n(
  language: Language = readChosenLanguage(),
  translations?: Record<Language, Translations>,
): { i18n: I18n; ready: Promise<unknown> } {
  const instance = i18next.createInstance();
  instance.use(initReactI18next);
  if (!translations) instance.use(localeBackend);
  const ready = instance.init({
    lng: language,
    supportedLngs: [...languages],
    fallbackLng: false,
    resources: translations
      ? // Copies: the store changes what it holds (addResource), and the given texts are shared module data.
        Object.fromEntries(Object.entries(translations).map(([lng, strings]) => [lng, { translation: { ...strings } }]))
      : undefined,
    // Keys are English sentences, which contain dots and colons.
    keySeparator: false,
    nsSeparator: false,
    initAsync: !translations,
    interpolation: { escapeValue: false },
    returnNull: false,
    ...missingKeyOptions(() => instance),
  });
  instance.on('languageChanged', (lng) => {
    if (typeof document !== 'undefined') document.documentElement.lang = lng;
  });
  return { i18n: instance, ready };
}
