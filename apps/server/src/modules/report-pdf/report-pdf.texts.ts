import { accountErrors, type Language, tenancyErrors } from '@olo/shared';
import { pdfErrorTexts } from '../../channels/pdf/pdf-texts.ts';

/**
 * A report PDF's error messages in Finnish and Swedish, by their English key (decision 0002), the renderer's
 * among them. The browser opens a PDF link itself, without the web app that translates keys, so the server
 * answers in the link's language.
 */
const errorTexts: Record<string, Partial<Record<Language, string>>> = {
  ...pdfErrorTexts,
  'Not found': { fi: 'Raporttia ei löytynyt', sv: 'Rapporten hittades inte' },
  [accountErrors.notSignedIn]: { fi: 'Et ole kirjautunut sisään', sv: 'Du är inte inloggad' },
  [tenancyErrors.permissionDenied]: { fi: 'Ei käyttöoikeutta', sv: 'Åtkomst nekad' },
  [accountErrors.tooManyRequests]: {
    fi: 'Liian monta pyyntöä, yritä myöhemmin uudelleen',
    sv: 'För många förfrågningar, försök igen senare',
  },
};

/** An error message (its English key) in `language`; unknown keys stay English. */
export function translateReportPdfError(message: string, language: Language): string {
  if (language === 'en') return message;
  return errorTexts[message]?.[language] ?? message;
}
