import type { Language } from '@olo/shared';

/**
 * The forms keep dates as the native inputs gave them (`YYYY-MM-DD`, `YYYY-MM-DDTHH:mm`: wall-clock times whose zone
 * the form decides), so their schemas and the server contracts do not depend on the picker. Mantine's pickers speak
 * `YYYY-MM-DD` and `YYYY-MM-DD HH:mm:ss`; these functions translate, and read what a person types.
 */

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** The form's value as the picker's, or null for an empty or malformed one. */
export function toPickerValue(value: string | null | undefined, withTime: boolean): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?/.exec(value ?? '');
  if (!match) return null;
  const day = `${match[1]}-${match[2]}-${match[3]}`;
  return withTime ? `${day} ${match[4] ?? '00'}:${match[5] ?? '00'}:00` : day;
}

/** The picker's value as the form's: `YYYY-MM-DD` or `YYYY-MM-DDTHH:mm`; '' for none. */
export function fromPickerValue(value: string | null | undefined, withTime: boolean): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}))?/.exec(value ?? '');
  if (!match) return '';
  const day = `${match[1]}-${match[2]}-${match[3]}`;
  return withTime ? `${day}T${match[4] ?? '00'}:${match[5] ?? '00'}` : day;
}

/** How the field shows a date in each language (dayjs format): as people there write it, and typeable. */
export const dateFormats: Record<Language, string> = { fi: 'D.M.YYYY', sv: 'YYYY-MM-DD', en: 'D MMM YYYY' };

/** The field's shown format; times on a 24-hour clock in every language. */
export function displayFormat(language: Language, withTime: boolean): string {
  return withTime ? `${dateFormats[language]} HH:mm` : dateFormats[language];
}

function validDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const timePart = String.raw`(?:,?\s+(\d{1,2})[:.](\d{2}))?`;
// An ISO date may carry its time after a 'T', as the native inputs wrote it and as people paste it.
const isoDate = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:(?:,?\s+|T)(\d{1,2})[:.](\d{2}))?$/;
const dayFirstDate = new RegExp(String.raw`^(\d{1,2})[./](\d{1,2})[./](\d{4})${timePart}$`);
const namedMonthDate = new RegExp(String.raw`^(\d{1,2})\.?\s+([\p{L}.]+)\s+(\d{4})${timePart}$`, 'u');

/**
 * What a person typed, as the picker's value, or null while it is not (yet) a date. Accepted in every language:
 * 2026-03-01 (2026-03-01T13:05 too), 1.3.2026, 1/3/2026 (day first, as in Finland, Sweden and Britain) and "1 Mar 2026" with the language's
 * month names; each optionally followed by a 24-hour time (13:05 or 13.05). A date without a time is at midnight.
 */
export function parseTypedDate(text: string, withTime: boolean, monthNames: readonly string[][]): string | null {
  const trimmed = text.trim();
  let year: number;
  let month: number;
  let day: number;
  let hour: string | undefined;
  let minute: string | undefined;
  const iso = isoDate.exec(trimmed);
  const dayFirst = dayFirstDate.exec(trimmed);
  const named = namedMonthDate.exec(trimmed);
  if (iso) {
    [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
    [hour, minute] = [iso[4], iso[5]];
  } else if (dayFirst) {
    [day, month, year] = [Number(dayFirst[1]), Number(dayFirst[2]), Number(dayFirst[3])];
    [hour, minute] = [dayFirst[4], dayFirst[5]];
  } else if (named) {
    const name = (named[2] ?? '').toLowerCase().replace(/\.$/, '');
    const index = monthNames.findIndex((names) => names.some((candidate) => candidate.toLowerCase() === name));
    if (index < 0) return null;
    [day, month, year] = [Number(named[1]), index + 1, Number(named[3])];
    [hour, minute] = [named[4], named[5]];
  } else {
    return null;
  }
  if (!validDay(year, month, day)) return null;
  const date = `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
  if (!withTime) return hour === undefined ? date : null;
  const hours = Number(hour ?? 0);
  const minutes = Number(minute ?? 0);
  if (hours > 23 || minutes > 59) return null;
  return `${date} ${pad(hours)}:${pad(minutes)}:00`;
}
