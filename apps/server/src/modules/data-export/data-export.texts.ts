import { accountErrors, dataExportErrors, type Language, tenancyErrors } from '@olo/shared';
import { dataExportPathErrors, dataExportTooLarge, dataExportTooLong } from './data-export.schema.ts';

/** What an export file says in each language: headings and sheet names. */
export interface ExportTexts {
  time: string;
  valuesSheet: string;
  statsSheet: string;
  min: string;
  avg: string;
  max: string;
  count: string;
}

export const exportTexts: Record<Language, ExportTexts> = {
  fi: {
    time: 'Aika',
    valuesSheet: 'Arvot',
    statsSheet: 'Tilastot',
    min: 'Minimi',
    avg: 'Keskiarvo',
    max: 'Maksimi',
    count: 'Lukumäärä',
  },
  sv: {
    time: 'Tid',
    valuesSheet: 'Värden',
    statsSheet: 'Statistik',
    min: 'Minimum',
    avg: 'Medelvärde',
    max: 'Maximum',
    count: 'Antal',
  },
  en: {
    time: 'Time',
    valuesSheet: 'Values',
    statsSheet: 'Statistics',
    min: 'Minimum',
    avg: 'Average',
    max: 'Maximum',
    count: 'Count',
  },
};

/**
 * The export's error messages in Finnish and Swedish, by their English key (decision 0002: an
 * error's message is its English sentence). A file link is opened by the browser, not by the web
 * app that translates keys, so the server answers in the export's language itself.
 */
const errorTexts: Record<string, { fi: string; sv: string }> = {
  'Invalid input': { fi: 'Virheellinen pyyntö', sv: 'Ogiltig begäran' },
  [dataExportPathErrors.invalidProject]: { fi: 'Virheellinen projektin tunniste', sv: 'Ogiltigt projekt-id' },
  [dataExportPathErrors.invalidFormat]: {
    fi: 'Virheellinen tiedostomuoto: csv tai xlsx',
    sv: 'Ogiltigt filformat: csv eller xlsx',
  },
  [dataExportErrors.invalidTime]: {
    fi: 'Virheellinen aika: odotettiin millisekunteja vuoden 1970 alusta',
    sv: 'Ogiltig tid: millisekunder sedan 1970 förväntades',
  },
  [dataExportErrors.toBeforeFrom]: { fi: 'Loppu on ennen alkua', sv: 'Slutet är före början' },
  [dataExportErrors.invalidSlot]: {
    fi: 'Virheellinen jakso: sekunteja 60–86400, jaollinen vuorokaudella',
    sv: 'Ogiltig period: sekunder från 60 till 86400 som delar ett dygn',
  },
  [dataExportErrors.invalidMode]: {
    fi: 'Virheellinen tapa: avg, min tai max',
    sv: 'Ogiltigt sätt: avg, min eller max',
  },
  [dataExportErrors.invalidNulls]: { fi: 'Virheellinen nulls: 0 tai 1', sv: 'Ogiltigt nulls: 0 eller 1' },
  [dataExportErrors.invalidFilters]: { fi: 'Virheelliset suodattimet', sv: 'Ogiltiga filter' },
  [dataExportErrors.invalidLanguage]: {
    fi: 'Virheellinen kieli: fi, sv tai en',
    sv: 'Ogiltigt språk: fi, sv eller en',
  },
  [dataExportTooLarge]: {
    fi: 'Vienti on liian suuri: enintään 200 000 arvoa; valitse pidempi jakso tai lyhyempi aikaväli',
    sv: 'Exporten är för stor: högst 200 000 värden; välj en längre period eller ett kortare intervall',
  },
  [dataExportTooLong]: {
    fi: 'Aikaväli on liian pitkä: enintään kymmenen vuotta',
    sv: 'Intervallet är för långt: högst tio år',
  },
  [accountErrors.notSignedIn]: { fi: 'Et ole kirjautunut sisään', sv: 'Du är inte inloggad' },
  [tenancyErrors.permissionDenied]: { fi: 'Ei käyttöoikeutta', sv: 'Åtkomst nekad' },
  'Not found': { fi: 'Ei löytynyt', sv: 'Hittades inte' },
};

/** An error message (its English key) in `language`; unknown keys stay English. */
export function translateError(message: string, language: Language): string {
  if (language === 'en') return message;
  return errorTexts[message]?.[language] ?? message;
}
