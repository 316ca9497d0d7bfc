import { isMeasurementType, measurementSortRank, measurementUnits } from '@olo/shared';

/** One channel of a reading: the JSON of `latest.data` and of a reading's `channels` is name → {value, type, unit}. */
export interface MeterChannel {
  name: string;
  value: unknown;
  type: string;
  unit: string;
}

/** The channels of a reading's JSON that users see, priority types first (spec section 9), then by name. */
export function channelsOf(data: unknown): MeterChannel[] {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return [];
  const channels: MeterChannel[] = [];
  for (const [name, raw] of Object.entries(data as Record<string, unknown>)) {
    if (typeof raw !== 'object' || raw === null) continue;
    const { value, type, unit } = raw as Record<string, unknown>;
    const dataType = typeof type === 'string' ? type : '';
    // 'ignore' marks values that are stored but never shown.
    if (dataType === 'ignore') continue;
    const knownUnit = isMeasurementType(dataType) ? measurementUnits[dataType] : '';
    channels.push({ name, value, type: dataType, unit: typeof unit === 'string' ? unit : knownUnit });
  }
  return channels.sort(
    (a, b) => measurementSortRank(a.type) - measurementSortRank(b.type) || a.name.localeCompare(b.name),
  );
}

/** The measurement types among the channels, in sort order, each once. */
export function channelTypes(channels: readonly MeterChannel[]): string[] {
  const types = [...new Set(channels.map((channel) => channel.type).filter(Boolean))];
  return types.sort((a, b) => measurementSortRank(a) - measurementSortRank(b) || a.localeCompare(b));
}

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

const maxInt = 2 ** 31 - 1;

/** The meter id of the URL, or null when it cannot be one (the page then shows the permission message). */
export function parseMeterId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= maxInt ? id : null;
}

/** A stored reading as the chart needs it. */
export interface ChartReading {
  time: string;
  channels: unknown;
}

/** Readings oldest first, each time once: the queried range (newest first from the server) and those pushed since. */
export function mergeReadings(...lists: readonly (readonly ChartReading[])[]): ChartReading[] {
  const byTime = new Map<number, ChartReading>();
  for (const list of lists) {
    for (const reading of list) {
      const time = new Date(reading.time).getTime();
      if (!Number.isNaN(time)) byTime.set(time, reading);
    }
  }
  return [...byTime.entries()].sort(([a], [b]) => a - b).map(([, reading]) => reading);
}

export interface ChartSeriesData {
  /** Channel names of the type, one line each. */
  channels: string[];
  unit: string;
  /** Seconds, then the values of each channel; null where a reading lacks the channel. */
  data: [number[], ...(number | null)[][]];
}

/** The lines of one measurement type over readings that are oldest first. */
export function chartSeriesOf(readings: readonly ChartReading[], dataType: string): ChartSeriesData {
  const perReading = readings.map((reading) => ({
    time: new Date(reading.time).getTime() / 1000,
    channels: channelsOf(reading.channels).filter((channel) => channel.type === dataType),
  }));
  const names = [...new Set(perReading.flatMap((reading) => reading.channels.map((channel) => channel.name)))].sort();
  const unit = perReading.flatMap((reading) => reading.channels).find((channel) => channel.unit)?.unit ?? '';
  const withValues = perReading.filter((reading) => reading.channels.length > 0);
  const times = withValues.map((reading) => reading.time);
  const lines = names.map((name) =>
    withValues.map((reading) => {
      const value = reading.channels.find((channel) => channel.name === name)?.value;
      return typeof value === 'number' && Number.isFinite(value) ? value : null;
    }),
  );
  return { channels: names, unit, data: [times, ...lines] };
}
