import type { Language } from '@olo/shared';
import type { i18n as I18n } from 'i18next';
import { createI18n, type Translations } from '../features/i18n/i18n.ts';
import en from '../features/i18n/locales/en.json';
import fi from '../features/i18n/locales/fi.json';
import sv from '../features/i18n/locales/sv.json';

export const allTranslations: Record<Language, Translations> = { fi, sv, en };

/** The app's i18next with every language loaded up front, so a test can translate at once. */
export function createTestI18n(language: Language): I18n {
  return createI18n(language, allTranslations).i18n;
}
