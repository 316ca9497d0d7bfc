import type { Language, TranslationOverridesAnswer } from '@olo/shared';
import type { Translations } from './i18n.ts';

/**
 * How long the first screen waits for the overrides before showing the shipped texts alone, ms: a slow or failed
 * fetch must not keep the app from starting (the overrides then come at the next load).
 */
export const overridesWaitMs = 3000;

/**
 * The site admins' overrides of a language (`GET /api/translations/{language}`). The server answers no-cache with an
 * ETag, so the browser revalidates its copy each load and an unchanged set costs a 304. Anything but an answer is no
 * overrides.
 */
export async function fetchTranslationOverrides(
  language: Language,
  waitMs = overridesWaitMs,
  fetcher: typeof fetch = fetch,
): Promise<Translations> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), waitMs);
  try {
    const response = await fetcher(`/api/translations/${language}`, {
      signal: controller.signal,
      credentials: 'same-origin',
    });
    if (!response.ok) return {};
    const answer = (await response.json()) as Partial<TranslationOverridesAnswer>;
    return overridesOf(answer.overrides);
  } catch {
    return {};
  } finally {
    clearTimeout(timer);
  }
}

/** Only string texts of non-empty keys: the answer is data from the network, not trusted to be well formed. */
function overridesOf(value: unknown): Translations {
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => entry[0] !== '' && typeof entry[1] === 'string'),
  );
}

/**
 * The texts a language shows: the shipped ones, each overridden one replaced. Always a copy: i18next's store changes
 * what it is given (addResource), and the shipped texts must stay as shipped for the Translations screen.
 */
export function withOverrides(shipped: Translations, overrides: Translations): Translations {
  return { ...shipped, ...overrides };
}
