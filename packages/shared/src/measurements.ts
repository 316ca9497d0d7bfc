import type { Language } from './languages.ts';
/**
 * Measurement types of spec section 3 and the unit each one is shown in (the spec's unit table).
 * A series, a meter channel and a datasource function name one of these types; a value of a type
 * is always stored in that type's unit, so drivers convert before they hand values over.
 * Display styles (colours, gauge titles, css classes) come later and live elsewhere.
 */
export const measurementUnits = {
  Temperature: '°C',
  ExternalTemperature: '°C',
  'Temperature (Dewpoint)': '°C',
  'Dew point': '°C',
  Humidity: '%RH',
  'Absolute humidity': 'g/m³',
  // Finnish for pressure difference (indoor against outdoor, for example).
  'Paine-ero': 'Pa',
  'Differential pressure': 'Pa',
  Pressure: 'hPa',
  CO2: 'ppm',
  Volt: 'V',
  Light: 'lux',
  // kpl (Finnish "kappaletta") is a count.
  Motion: 'kpl',
  VOC: '%',
  tVOC: 'Ppb',
  PM1: 'µg/m3',
  PM25: 'µg/m3',
  PM10: 'µg/m3',
  Sound: 'dB',
  'UV index': '',
  Cloudiness: '%',
  'Wind direction': '°',
  'Wind speed': 'm/s',
  Rain: 'mm/h',
  Snow: 'mm/h',
  // Stored but never displayed: quantities that have no type of their own.
  ignore: '',
} as const satisfies Record<string, string>;

export type MeasurementType = keyof typeof measurementUnits;

/** Units that are words rather than symbols, in each language; every other unit reads the same everywhere. */
const unitWords: Record<string, Record<Language, string>> = {
  kpl: { fi: 'kpl', sv: 'st', en: 'pcs' },
};

/** A unit as a screen shows it in `language`: word units ("kpl", a count) translated, symbols as they are. */
export function unitLabel(unit: string, language: string): string {
  const words = unitWords[unit];
  return words ? (words[language as Language] ?? unit) : unit;
}

/**
 * A channel key as words, for a channel whose type is no known measurement: "battery_voltage" → "Battery voltage",
 * "co2SensorStatus" → "Co2 sensor status". The key itself is a technical id, shown only in a meter's diagnostics.
 */
export function humanizeChannelKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-.\s]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : key;
}

/** Every measurement type, in the order of the spec's list. */
export const measurementTypes = Object.keys(measurementUnits) as MeasurementType[];

export function isMeasurementType(value: unknown): value is MeasurementType {
  return typeof value === 'string' && Object.hasOwn(measurementUnits, value);
}

/** Types listed first wherever series are sorted (spec section 9); all others follow in their own order. */
export const measurementSortPriority: readonly string[] = ['Temperature', 'Humidity', 'CO2', 'Paine-ero'];

/** Sort key of a data type: the priority types first, in their order. */
export function measurementSortRank(dataType: string): number {
  const index = measurementSortPriority.indexOf(dataType);
  return index === -1 ? measurementSortPriority.length : index;
}

/** Series in display order (spec section 9): by data type importance, then by name (Finnish collation), then id. */
export function compareSeriesOrder(
  a: { dataType: string; name: string; id: number },
  b: { dataType: string; name: string; id: number },
): number {
  return (
    measurementSortRank(a.dataType) - measurementSortRank(b.dataType) ||
    a.name.localeCompare(b.name, 'fi') ||
    a.id - b.id
  );
}

/** A channel of a decoded reading, as readings store them: name → {value, type, unit}. */
export interface MainChannel {
  name: string;
  type: string;
  unit: string;
}

/**
 * The main measurement of a reading's channels (a meter's dataType, dataUnit and dataName): the
 * channel that sorts first by the priority types, then by the spec's list of types (unknown types
 * last, by type), then by channel name. 'ignore' channels never count; null when no channel is left.
 */
export function mainChannel(channels: unknown): MainChannel | null {
  if (typeof channels !== 'object' || channels === null || Array.isArray(channels)) return null;
  const listed = (type: string) => {
    const index = measurementTypes.indexOf(type as MeasurementType);
    return index === -1 ? measurementTypes.length : index;
  };
  const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const before = (a: MainChannel, b: MainChannel) =>
    (measurementSortRank(a.type) - measurementSortRank(b.type) ||
      listed(a.type) - listed(b.type) ||
      text(a.type, b.type) ||
      text(a.name, b.name)) < 0;
  let main: MainChannel | null = null;
  for (const [name, raw] of Object.entries(channels as Record<string, unknown>)) {
    if (typeof raw !== 'object' || raw === null) continue;
    const { type, unit } = raw as Record<string, unknown>;
    if (typeof type !== 'string' || type === '' || type === 'ignore') continue;
    const candidate = { name, type, unit: typeof unit === 'string' ? unit : '' };
    if (!main || before(candidate, main)) main = candidate;
  }
  return main;
}

/**
 * Decimals a value of the type is shown with (spec section 5): 1 by default, 0 for CO2 and for counts (motion, whole
 * events), 2 for pressure differences.
 */
export function measurementDecimals(dataType: string | null | undefined): number {
  if (dataType === 'CO2' || dataType === 'Motion') return 0;
  if (dataType === 'Differential pressure' || dataType === 'Paine-ero') return 2;
  return 1;
}

/** `value` rounded to `decimals` as values are shown; -0.04 at one decimal is 0, not -0. */
export function roundToDecimals(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor || 0;
}

/**
 * A value as users see it: rounded to its type's decimals, '-' when it is missing or not a number. With a locale the
 * decimal separator is that language's (a comma in Finnish and Swedish); digits are never grouped, so that columns
 * of values read alike.
 */
export function formatMeasurement(value: unknown, dataType?: string | null, locale?: string): string {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) return '-';
  const decimals = measurementDecimals(dataType);
  // Rounded first, so that -0.04 shows as 0.0 rather than -0.0.
  const rounded = roundToDecimals(number, decimals);
  if (!locale) return rounded.toFixed(decimals);
  const key = `${locale}|${decimals}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      useGrouping: false,
    });
    numberFormats.set(key, format);
  }
  return format.format(rounded);
}

/** Formatters by locale and decimals: making one costs more than formatting many values with it. */
const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * Types that describe the meter rather than the room it measures (its battery voltage, values kept without a type).
 * They stay on the meter's own page: adding a meter to a space and a report graph of "all types" leave them out.
 */
export const meterHealthTypes: readonly string[] = ['Volt', 'ignore'];

/** Whether a series of this type measures the room (or structure) rather than the meter itself. */
export function isRoomMeasurement(dataType: string): boolean {
  return !meterHealthTypes.includes(dataType);
}
