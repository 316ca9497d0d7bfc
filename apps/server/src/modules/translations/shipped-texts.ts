// The web app's shipped English texts, bundled into the server: their keys are every key an override may target.
import shippedEnglish from '../../../../web/src/features/i18n/locales/en.json' with { type: 'json' };

/** Every UI key the web app ships (the same in each language; locales.test.ts keeps them so). */
export const shippedTranslationKeys: ReadonlySet<string> = new Set(Object.keys(shippedEnglish));
