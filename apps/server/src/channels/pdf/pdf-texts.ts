import type { Language } from '@olo/shared';
import { chromiumMissingMessage, pdfCrashedMessage, pdfTimeoutMessage, pdfTooLongMessage } from './pdf-job.ts';
import { pdfBusyMessage, pdfQueueWaitMessage, pdfTenantBusyMessage } from './pdf-queue.ts';

/** The renderer's errors in Finnish and Swedish (English is the key), for the PDF download routes. */
export const pdfErrorTexts: Record<string, Partial<Record<Language, string>>> = {
  [pdfBusyMessage]: {
    fi: 'PDF-tulostin on varattu, yritä hetken päästä uudelleen',
    sv: 'PDF-skrivaren är upptagen, försök igen om en stund',
  },
  [pdfTenantBusyMessage]: {
    fi: 'Tämän organisaation PDF-tiedostot täyttävät jo sen paikat jonossa, yritä hetken päästä uudelleen',
    sv: 'Den här organisationens PDF:er fyller redan dess platser i kön, försök igen om en stund',
  },
  [pdfQueueWaitMessage]: {
    fi: 'PDF odotti tulostinta yli {seconds} s, yritä myöhemmin uudelleen',
    sv: 'PDF:en väntade mer än {seconds} s på skrivaren, försök igen senare',
  },
  [pdfTooLongMessage]: {
    fi: 'Raportista tulisi yli {pages} sivua',
    sv: 'Rapporten skulle bli mer än {pages} sidor',
  },
  [pdfCrashedMessage]: {
    fi: 'Chromium kaatui kahdesti PDF:ää tulostaessa',
    sv: 'Chromium kraschade två gånger när PDF:en skrevs ut',
  },
  [pdfTimeoutMessage]: {
    fi: 'PDF:n tulostus kesti yli {seconds} s',
    sv: 'Utskriften av PDF:en tog mer än {seconds} s',
  },
  [chromiumMissingMessage]: {
    fi: 'Chromiumia ei löytynyt polusta {path}: asenna Debianin chromium tai aseta CHROMIUM_PATH',
    sv: 'Chromium hittades inte i {path}: installera Debians chromium eller ange CHROMIUM_PATH',
  },
};

/** A renderer error in `language` with its `{name}` values filled; other messages stay as they are. */
export function translatePdfError(message: string, language: Language, values?: Record<string, string>): string {
  const text = (language === 'en' ? undefined : pdfErrorTexts[message]?.[language]) ?? message;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values?.[name] ?? whole);
}
