import { defaultLanguage, isLanguage, type Language } from '../languages.ts';
import { wallDateIn } from '../time-zones.ts';

/** A day of the calendar; month 1 is January. */
export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

/** An instant (a Date or an ISO time) or a calendar day written `YYYY-MM-DD`, as a date input gives it. */
export type DateValue = Date | string;

export interface DateFormatOptions {
  /** IANA zone whose calendar an instant is read in (a project's own zone); the runtime's zone when unset or unknown. */
  timeZone?: string | null;
}

/** How one language writes a day, alone or as the first part of a range. */
interface DateStyle {
  /** The start of a range within one month: 1.–5.3.2026. */
  day(date: CalendarDay): string;
  /** The start of a range within one year: 28.2.–5.3.2026. */
  dayMonth(date: CalendarDay): string;
  full(date: CalendarDay): string;
  /**
   * Whether the dash takes a space on each side when the start is several words (Swedish and English rules:
   * 1–5 mars, but 28 feb. – 5 mars); Finnish numeric dates never have spaces.
   */
  spacedDash: boolean;
}

// Month names are written out here rather than asked of Intl, whose abbreviations differ between ICU versions
// (and so between the server and browsers); these are CLDR's, as Intl gives them today.
const swedishMonths = ['jan.', 'feb.', 'mars', 'apr.', 'maj', 'juni', 'juli', 'aug.', 'sep.', 'okt.', 'nov.', 'dec.'];
const englishMonths = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Day, month name, year: Swedish (and English, day first so that no reader mistakes 3/5 for 5 March or 3 May). */
function namedMonthStyle(months: readonly string[]): DateStyle {
  const dayMonth = (date: CalendarDay) => `${date.day} ${months[date.month - 1]}`;
  return {
    day: (date) => `${date.day}`,
    dayMonth,
    full: (date) => `${dayMonth(date)} ${date.year}`,
    spacedDash: true,
  };
}

const styles: Record<Language, DateStyle> = {
  // Finnish numeric dates as Kielitoimisto writes them: 5.3.2026, 1.–5.3.2026.
  fi: {
    day: (date) => `${date.day}.`,
    dayMonth: (date) => `${date.day}.${date.month}.`,
    full: (date) => `${date.day}.${date.month}.${date.year}`,
    spacedDash: false,
  },
  sv: namedMonthStyle(swedishMonths),
  en: namedMonthStyle(englishMonths),
};

function styleOf(language: string): DateStyle {
  const primary = language.split('-')[0]?.toLowerCase();
  return styles[isLanguage(primary) ? primary : defaultLanguage];
}

const calendarDayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The calendar day of a value: a `YYYY-MM-DD` day as written; an instant as the wall calendar of `timeZone` shows
 * it (a project in Helsinki that starts at 22:00 UTC on 31 January starts on 1 February). Null when not a date.
 */
export function calendarDayOf(
  value: DateValue | null | undefined,
  options: DateFormatOptions = {},
): CalendarDay | null {
  if (value === null || value === undefined) return null;
  const written = typeof value === 'string' ? calendarDayPattern.exec(value.trim()) : null;
  if (written) {
    const [year, month, day] = [Number(written[1]), Number(written[2]), Number(written[3])];
    const check = new Date(Date.UTC(year, month - 1, day));
    // 2026-02-30 is not a day (Date would roll it over to 2 March).
    if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
    return { year, month, day };
  }
  const instant = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(instant.getTime())) return null;
  // The runtime's zone is asked only when needed: making a formatter costs far more than reading a date (a table's
  // cells read thousands).
  const runtimeZone = () => new Intl.DateTimeFormat().resolvedOptions().timeZone;
  try {
    return wallDateIn(instant, options.timeZone || runtimeZone());
  } catch {
    // An unknown zone must not hide the date.
    return wallDateIn(instant, runtimeZone());
  }
}

/** One day in the language's short form: fi 5.3.2026, sv 5 mars 2026, en 5 Mar 2026; '-' when not a date. */
export function formatDay(value: DateValue | null | undefined, language: string, options?: DateFormatOptions): string {
  const date = calendarDayOf(value, options);
  return date ? styleOf(language).full(date) : '-';
}

/**
 * A range of days written compactly (spec section 9), what the two ends share written once:
 * fi 1.–5.3.2026, 28.2.–5.3.2026, 28.12.2025–5.1.2026; sv 1–5 mars 2026, 28 feb. – 5 mars 2026,
 * 28 dec. 2025 – 5 jan. 2026; en as sv with English months. A range within one day is that day. Other languages
 * than fi, sv and en are written as fi, the default. '-' when either end is not a date.
 */
export function formatDateRange(
  start: DateValue | null | undefined,
  end: DateValue | null | undefined,
  language: string,
  options?: DateFormatOptions,
): string {
  const from = calendarDayOf(start, options);
  const to = calendarDayOf(end, options);
  if (!from || !to) return '-';
  const style = styleOf(language);
  const sameYear = from.year === to.year;
  const sameMonth = sameYear && from.month === to.month;
  if (sameMonth && from.day === to.day) return style.full(to);
  const startText = sameMonth ? style.day(from) : sameYear ? style.dayMonth(from) : style.full(from);
  const dash = style.spacedDash && startText.includes(' ') ? ' – ' : '–';
  return `${startText}${dash}${style.full(to)}`;
}
