import type { i18n as I18n, InitOptions, TOptions } from 'i18next';

/** Fixed localStorage key of the missing-translation map: {"<lng>": {"<key>": "<key>"}}. */
export const missingTranslationsStorageKey = 'olo.missingTranslations';

const weatherPrefix = 'Weather - ';

export type MissingTranslations = Record<string, Record<string, string>>;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage can be disabled by browser privacy settings; translations must still work.
    return null;
  }
}

export function readMissingTranslations(): MissingTranslations {
  const raw = storage()?.getItem(missingTranslationsStorageKey);
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' ? (parsed as MissingTranslations) : {};
  } catch {
    return {};
  }
}

export function recordMissingTranslation(language: string, key: string): void {
  const store = storage();
  if (!store) return;
  const missing = readMissingTranslations();
  const forLanguage = missing[language] ?? {};
  if (forLanguage[key] === key) return;
  forLanguage[key] = key;
  missing[language] = forLanguage;
  store.setItem(missingTranslationsStorageKey, JSON.stringify(missing));
}

function capitalised(key: string): string | null {
  const first = key.charAt(0);
  return first && first !== first.toUpperCase() && first === first.toLowerCase()
    ? first.toUpperCase() + key.slice(1)
    : null;
}

type TranslateOptions = TOptions & { lng?: string };

/**
 * The spec's missing-key rules as i18next options: missing keys are stored, the key is shown, a lowercase key is
 * retried capitalised and `Weather - X` is shown as the translated word Weather plus X.
 */
export function missingKeyOptions(
  getI18n: () => I18n,
): Pick<InitOptions, 'saveMissing' | 'missingKeyHandler' | 'parseMissingKeyHandler'> {
  const languageOf = (options?: TranslateOptions) => options?.lng ?? getI18n().language;

  /** A key that one of the rules resolves is not missing, so it is not stored. */
  const resolvedByRule = (key: string, language: string): boolean => {
    const retry = capitalised(key);
    if (retry && getI18n().exists(retry, { lng: language })) return true;
    return key.startsWith(weatherPrefix);
  };

  return {
    saveMissing: true,
    missingKeyHandler: (languages, _namespace, key, _fallbackValue, _updateMissing, options) => {
      const targets = languages.length ? languages : [languageOf(options as TranslateOptions)];
      for (const language of targets) {
        if (!resolvedByRule(key, language)) recordMissingTranslation(language, key);
      }
    },
    parseMissingKeyHandler: (key, defaultValue, options) => {
      const translateOptions = options as TranslateOptions | undefined;
      const i18n = getI18n();
      const language = languageOf(translateOptions);
      const retry = capitalised(key);
      if (retry && i18n.exists(retry, { lng: language })) {
        return i18n.t(retry, { ...translateOptions, lng: language });
      }
      if (key.startsWith(weatherPrefix)) {
        return `${i18n.t('Weather', { lng: language })} - ${key.slice(weatherPrefix.length)}`;
      }
      return defaultValue ?? key;
    },
  };
}

/** Forgets what this browser recorded as missing (the Translations screen's "Clear"). */
export function clearMissingTranslations(): void {
  storage()?.removeItem(missingTranslationsStorageKey);
}
