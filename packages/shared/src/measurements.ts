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
  // Relative humidity inside a structure (an RH probe in a concrete slab): drying targets rather than comfort.
  'Structure humidity': '%RH',
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
  'Wind gusts': 'm/s',
  Rain: 'mm/h',
  Snow: 'mm/h',
  // Snow on the ground, as weather stations measure it.
  'Snow depth': 'cm',
  // Acceleration of the meter itself (its accelerometer: tilt, knocks, a door it sits on), in standard gravity.
  Acceleration: 'g',
  // Stored but never displayed: quantities that have no type of their own.
  ignore: '',
} as const satisfies Record<string, string>;

export type MeasurementType = keyof typeof measurementUnits;

type MeasurementNames = Record<Language, string>;
const differentialPressure: MeasurementNames = { fi: 'Paine-ero', sv: 'Tryckskillnad', en: 'Differential pressure' };
const sameEverywhere = (name: string): MeasurementNames => ({ fi: name, sv: name, en: name });

/**
 * Each measurement type's name in fi, sv and en: what screens call a type and what a series made from a meter is
 * named in its project's language. Symbols (CO2, PM10) read the same everywhere; "Paine-ero" is the spec's Finnish
 * name of a pressure difference and reads like the English-named type.
 */
export const measurementNames: Record<MeasurementType, MeasurementNames> = {
  Temperature: { fi: 'Lämpötila', sv: 'Temperatur', en: 'Temperature' },
  ExternalTemperature: { fi: 'Ulkolämpötila', sv: 'Utomhustemperatur', en: 'Outdoor temperature' },
  'Temperature (Dewpoint)': {
    fi: 'Lämpötila (kastepiste)',
    sv: 'Temperatur (daggpunkt)',
    en: 'Temperature (dew point)',
  },
  'Dew point': { fi: 'Kastepiste', sv: 'Daggpunkt', en: 'Dew point' },
  Humidity: { fi: 'Kosteus', sv: 'Luftfuktighet', en: 'Humidity' },
  'Structure humidity': { fi: 'Rakenteen kosteus', sv: 'Fukt i konstruktionen', en: 'Structure humidity' },
  'Absolute humidity': { fi: 'Absoluuttinen kosteus', sv: 'Absolut luftfuktighet', en: 'Absolute humidity' },
  'Paine-ero': differentialPressure,
  'Differential pressure': differentialPressure,
  Pressure: { fi: 'Ilmanpaine', sv: 'Lufttryck', en: 'Pressure' },
  CO2: sameEverywhere('CO2'),
  Volt: { fi: 'Jännite', sv: 'Spänning', en: 'Voltage' },
  Light: { fi: 'Valoisuus', sv: 'Ljus', en: 'Light' },
  Motion: { fi: 'Liike', sv: 'Rörelse', en: 'Motion' },
  VOC: sameEverywhere('VOC'),
  tVOC: sameEverywhere('TVOC'),
  PM1: sameEverywhere('PM1'),
  PM25: sameEverywhere('PM2.5'),
  PM10: sameEverywhere('PM10'),
  Sound: { fi: 'Ääni', sv: 'Ljud', en: 'Sound' },
  'UV index': { fi: 'UV-indeksi', sv: 'UV-index', en: 'UV index' },
  Cloudiness: { fi: 'Pilvisyys', sv: 'Molnighet', en: 'Cloudiness' },
  'Wind direction': { fi: 'Tuulen suunta', sv: 'Vindriktning', en: 'Wind direction' },
  'Wind speed': { fi: 'Tuulen nopeus', sv: 'Vindhastighet', en: 'Wind speed' },
  'Wind gusts': { fi: 'Tuulenpuuskat', sv: 'Vindbyar', en: 'Wind gusts' },
  Rain: { fi: 'Sade', sv: 'Regn', en: 'Rain' },
  Snow: { fi: 'Lumi', sv: 'Snö', en: 'Snow' },
  'Snow depth': { fi: 'Lumensyvyys', sv: 'Snödjup', en: 'Snow depth' },
  Acceleration: { fi: 'Kiihtyvyys', sv: 'Acceleration', en: 'Acceleration' },
  ignore: { fi: 'Ei käytössä', sv: 'Används inte', en: 'Not used' },
};

/** A measurement type's name in `language` (Finnish for an unknown language); a type Olo does not know, as it is. */
export function measurementName(dataType: string, language: string): string {
  if (!Object.hasOwn(measurementNames, dataType)) return dataType;
  const names = measurementNames[dataType as MeasurementType];
  return names[language as Language] ?? names.fi;
}

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

/** A meter channel: its key in the reading and its measurement type. */
export interface TypedChannel {
  name: string;
  type: string;
}

/**
 * What a meter channel is called (decision 0092) in `language`: its measurement's name; when another channel of the
 * same reading measures the same, the key follows as words ("Lämpötila (probe 2)"). A channel of no known
 * measurement reads as its key in words. A series made from the channel is named so, in its project's language.
 */
export function channelLabel(channel: TypedChannel, siblings: readonly TypedChannel[], language: string): string {
  if (!isMeasurementType(channel.type) || channel.type === 'ignore') return humanizeChannelKey(channel.name);
  const name = measurementName(channel.type, language);
  const shared = siblings.some((other) => other.name !== channel.name && other.type === channel.type);
  return shared ? `${name} (${humanizeChannelKey(channel.name).toLowerCase()})` : name;
}

/** The measurement a channel key in words names ("temperature", "co2", "pressure"), if any. */
function measurementOfKey(words: string): MeasurementType | undefined {
  const key = words.toLowerCase();
  return measurementTypes.find(
    (type) => type !== 'ignore' && (type.toLowerCase() === key || measurementNames[type].en.toLowerCase() === key),
  );
}

/**
 * What a datasource's channel is called in the series editor, in `language`: a channel fed straight into a series
 * measures the series' type, so it reads as that measurement ("Lämpötila"), with its key in words when the key says
 * something else ("Lämpötila (probe 2)"). A channel a function reads (dew point of temperature and humidity) reads as
 * the measurement its key names, else as its key in words.
 */
export function datasourceChannelLabel(
  channel: string,
  series: { dataType: string; direct: boolean },
  language: string,
): string {
  const words = humanizeChannelKey(channel);
  const named = measurementOfKey(words);
  if (!series.direct || !isMeasurementType(series.dataType) || series.dataType === 'ignore') {
    return named ? measurementName(named, language) : words;
  }
  const name = measurementName(series.dataType, language);
  return named ? name : `${name} (${words.toLowerCase()})`;
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

/**
 * Every measurement type in the shared sort order: the priority types first, then the others in the spec's list
 * order. A type's `order` (the measurementTypes query) is its place here.
 */
export const measurementTypesInOrder: readonly MeasurementType[] = [
  ...(measurementSortPriority as MeasurementType[]),
  ...measurementTypes.filter((type) => !measurementSortPriority.includes(type)),
];

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
 * events), 2 for Differential pressure and for Acceleration (in g; a meter's accelerometer resolves about 0.02 g).
 * 'Paine-ero' keeps the default 1, as the spec says, though it is also Pa.
 */
export function measurementDecimals(dataType: string | null | undefined): number {
  if (dataType === 'CO2' || dataType === 'Motion') return 0;
  if (dataType === 'Differential pressure' || dataType === 'Acceleration') return 2;
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
 * Types that describe the meter rather than the room it measures (its battery voltage, its own acceleration, values
 * kept without a type). They stay on the meter's own page: adding a meter to a space and a report graph of "all
 * types" leave them out; a series may still be fed from such a channel by hand.
 */
export const meterHealthTypes: readonly string[] = ['Volt', 'Acceleration', 'ignore'];

/** Whether a series of this type measures the room (or structure) rather than the meter itself. */
export function isRoomMeasurement(dataType: string): boolean {
  return !meterHealthTypes.includes(dataType);
}
