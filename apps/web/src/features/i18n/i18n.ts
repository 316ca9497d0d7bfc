import { defaultLanguage, isLanguage, type Language, languages } from '@olo/shared';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';
import fi from './locales/fi.json';
import sv from './locales/sv.json';
import { missingKeyOptions } from './missingTranslations.ts';

export const translations: Record<Language, Record<string, string>> = { fi, sv, en };

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

export function createI18n(language: Language = readChosenLanguage()): I18n {
  const instance = i18next.createInstance();
  instance.use(initReactI18next).init({
    lng: language,
    supportedLngs: [...languages],
    fallbackLng: false,
    resources: Object.fromEntries(
      Object.entries(translations).map(([lng, strings]) => [lng, { translation: strings }]),
    ),
    // Keys are English sentences, which contain dots and colons.
    keySeparator: false,
    nsSeparator: false,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    ...missingKeyOptions(() => instance),
  });
  instance.on('languageChanged', (lng) => {
    if (typeof document !== 'undefined') document.documentElement.lang = lng;
  });
  return instance;
}
