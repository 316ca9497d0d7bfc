function formatNumber(value: number, decimals: number, locale: string): string {
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    useGrouping: false,
  }).format(value);
}

/**
 * The battery as the meter reports it: volts or percent, the server does not say which. No battery runs above 5 V,
 * so a larger value is a percentage.
 */
export function formatBattery(value: number | null | undefined, locale: string): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  return value > 5 ? `${formatNumber(value, 0, locale)} %` : `${formatNumber(value, 2, locale)} V`;
}

/** A battery value in the unit its driver reports it in; without a known unit, as formatBattery guesses it. */
export function formatBatteryIn(value: number | null | undefined, unit: string | null, locale: string): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  if (unit === '%') return `${formatNumber(value, 0, locale)} %`;
  if (unit === 'V') return `${formatNumber(value, 2, locale)} V`;
  return formatBattery(value, locale);
}

export function formatVolts(value: number | null | undefined, locale: string): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  return `${formatNumber(value, 2, locale)} V`;
}

export function formatDecibels(value: number | null | undefined, unit: string, locale: string): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '-';
  return `${formatNumber(value, Number.isInteger(value) ? 0 : 1, locale)} ${unit}`;
}

/**
 * The Intl locale that writes dates and clock times as a language's readers expect: English day first on a 24-hour
 * clock (28/11/2026, 14:05), as Olo's English texts write dates, never the US month first; other languages as they are.
 */
export function dateLocale(language: string): string {
  return language === 'en' || language.startsWith('en-') ? 'en-GB' : language;
}

/** To the second (a meter's readings and diagnostics) or to the minute (alarm episodes, a datasource's range). */
export type TimePrecision = 'second' | 'minute';

/**
 * A time with date, in the viewer's language, on the wall clock of `timeZone` (a project's: see useFormatDateTime)
 * or without one of the viewer's own zone.
 */
export function formatDateTime(
  iso: string | null | undefined,
  locale: string,
  timeZone?: string,
  precision: TimePrecision = 'second',
): string {
  if (!iso) return '-';
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) return '-';
  const timeStyle = precision === 'second' ? 'medium' : 'short';
  return new Intl.DateTimeFormat(dateLocale(locale), { dateStyle: 'short', timeStyle, timeZone }).format(time);
}

const relativeSteps: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** How long ago (or, for a clock ahead of ours, in how long) the time is: "5 minutes ago" in the viewer's language. */
export function formatRelativeTime(iso: string | null | undefined, now: number, locale: string): string {
  if (!iso) return '-';
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return '-';
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  let amount = (time - now) / 1000;
  if (Math.abs(amount) < 45) return format.format(0, 'second');
  for (const [unit, size] of relativeSteps) {
    if (Math.abs(Math.round(amount)) < size) return format.format(Math.round(amount), unit);
    amount /= size;
  }
  return format.format(Math.round(amount), 'year');
}
