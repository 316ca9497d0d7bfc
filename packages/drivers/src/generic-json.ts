import { type MeasurementType, measurementUnits } from '@olo/shared';
import {
  ChannelList,
  decodeFailure,
  decodeSafely,
  decodeSuccess,
  ignoredChannel,
  TimedReadings,
  typedChannel,
} from './results.ts';
import type { Channel, DecodeResult, DeviceHealth, Driver, EncodableValues } from './types.ts';

/*
 * For network servers that decode payloads themselves: The Things Stack's `decoded_payload` and
 * ChirpStack's `object` hold the device codec's output. Well-known keys become typed channels
 * with stable names; every other number is kept as an 'ignore' channel named by its path, so
 * nothing is lost. Decentlab-style leaves `{ value, unit }` are read with their unit and
 * converted to the type's unit; a unit this driver does not know keeps the value raw.
 */

type HealthField = keyof DeviceHealth;

interface KnownQuantity {
  channel: string;
  type: MeasurementType;
  /** For 'ignore' channels: the unit the key implies. */
  rawUnit?: string;
  health?: HealthField;
}

const temperature: KnownQuantity = { channel: 'temperature', type: 'Temperature' };
const humidity: KnownQuantity = { channel: 'humidity', type: 'Humidity' };
const co2: KnownQuantity = { channel: 'co2', type: 'CO2' };
const pressure: KnownQuantity = { channel: 'pressure', type: 'Pressure' };
const light: KnownQuantity = { channel: 'light', type: 'Light' };
const motion: KnownQuantity = { channel: 'motion', type: 'Motion' };
const tvoc: KnownQuantity = { channel: 'tvoc', type: 'tVOC' };
const pm1: KnownQuantity = { channel: 'pm1', type: 'PM1' };
const pm25: KnownQuantity = { channel: 'pm2_5', type: 'PM25' };
const pm10: KnownQuantity = { channel: 'pm10', type: 'PM10' };
const soundAverage: KnownQuantity = { channel: 'sound_avg', type: 'Sound' };
const soundPeak: KnownQuantity = { channel: 'sound_peak', type: 'Sound' };
const batteryVoltage: KnownQuantity = { channel: 'battery_voltage', type: 'Volt', health: 'batteryVoltage' };
const batteryPercent: KnownQuantity = {
  channel: 'battery',
  type: 'ignore',
  rawUnit: '%',
  health: 'batteryPercent',
};

/** Keys in snake case (see `snakeKey`), as common codecs spell them. */
const knownKeys: ReadonlyMap<string, KnownQuantity> = new Map([
  ['temperature', temperature],
  ['temp', temperature],
  ['air_temperature', temperature],
  ['ambient_temperature', temperature],
  ['external_temperature', { channel: 'external_temperature', type: 'ExternalTemperature' }],
  ['dew_point', { channel: 'dew_point', type: 'Dew point' }],
  ['dewpoint', { channel: 'dew_point', type: 'Dew point' }],
  ['humidity', humidity],
  ['relative_humidity', humidity],
  ['air_humidity', humidity],
  ['rh', humidity],
  ['absolute_humidity', { channel: 'absolute_humidity', type: 'Absolute humidity' }],
  ['co2', co2],
  ['co2_concentration', co2],
  ['carbon_dioxide', co2],
  ['pressure', pressure],
  ['barometric_pressure', pressure],
  ['air_pressure', pressure],
  ['atmospheric_pressure', pressure],
  ['differential_pressure', { channel: 'differential_pressure', type: 'Differential pressure' }],
  ['pressure_difference', { channel: 'differential_pressure', type: 'Differential pressure' }],
  ['light', light],
  ['lux', light],
  ['illuminance', light],
  ['illumination', light],
  ['light_intensity', light],
  ['motion', motion],
  ['motion_count', motion],
  ['activity_counter', motion],
  ['tvoc', tvoc],
  ['total_voc', tvoc],
  ['pm1', pm1],
  ['pm1_0', pm1],
  ['pm1_0_mass_concentration', pm1],
  ['pm2_5', pm25],
  ['pm25', pm25],
  ['pm2_5_mass_concentration', pm25],
  ['pm10', pm10],
  ['pm10_mass_concentration', pm10],
  ['sound', soundAverage],
  ['sound_avg', soundAverage],
  ['sound_average', soundAverage],
  ['noise', soundAverage],
  ['sound_peak', soundPeak],
  ['uv_index', { channel: 'uv_index', type: 'UV index' }],
  ['wind_speed', { channel: 'wind_speed', type: 'Wind speed' }],
  ['wind_direction', { channel: 'wind_direction', type: 'Wind direction' }],
  ['battery_voltage', batteryVoltage],
  ['battery_v', batteryVoltage],
  ['bat_v', batteryVoltage],
  ['batv', batteryVoltage],
  ['vbat', batteryVoltage],
  ['vdd', { channel: 'vdd', type: 'Volt', health: 'vdd' }],
  ['battery_percent', batteryPercent],
  ['battery_percentage', batteryPercent],
  ['battery_level', batteryPercent],
]);

/** 'relativeHumidity', 'Relative-Humidity' and 'pm2.5' become 'relative_humidity', 'relative_humidity', 'pm2_5'. */
function snakeKey(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** Lower case, no spaces, ASCII exponents: 'µg⋅m⁻³' and 'ug/m3' both become 'µg/m3'. */
function normalizedUnit(unit: string): string {
  return unit.trim().toLowerCase().replace(/\s+/g, '').replace(/^ug/, 'µg').replace('⋅m⁻³', '/m3').replace('³', '3');
}

type Conversion = (value: number) => number;
const same: Conversion = (value) => value;

/** For each type, the units it may arrive in and how to reach the type's own unit. */
const conversionsByType: Partial<Record<MeasurementType, Readonly<Record<string, Conversion>>>> = {
  Temperature: {
    '°c': same,
    degc: same,
    c: same,
    celsius: same,
    '°f': (f) => ((f - 32) * 5) / 9,
    k: (k) => k - 273.15,
  },
  ExternalTemperature: { '°c': same, degc: same, c: same, celsius: same },
  'Dew point': { '°c': same, degc: same, c: same },
  Humidity: { '%': same, '%rh': same, rh: same },
  'Absolute humidity': { 'g/m3': same },
  CO2: { ppm: same },
  // Pa → hPa: / 100; kPa → hPa: × 10; bar → hPa: × 1000; mbar = hPa
  Pressure: { hpa: same, mbar: same, pa: (pa) => pa / 100, kpa: (kpa) => kpa * 10, bar: (bar) => bar * 1000 },
  'Differential pressure': { pa: same, hpa: (hpa) => hpa * 100, kpa: (kpa) => kpa * 1000 },
  Light: { lx: same, lux: same },
  Motion: { '': same, count: same },
  tVOC: { ppb: same },
  PM1: { 'µg/m3': same },
  PM25: { 'µg/m3': same },
  PM10: { 'µg/m3': same },
  Sound: { db: same, dba: same, 'db(a)': same },
  'UV index': { '': same },
  'Wind speed': { 'm/s': same, 'km/h': (kmh) => kmh / 3.6 },
  'Wind direction': { '°': same, deg: same },
  Volt: { v: same, mv: (mv) => mv / 1000 },
};

/**
 * No LoRaWAN sensor runs on more than 100 V, and none on less than 100 mV, so a voltage above
 * 100 without a unit is in millivolts (Elsys codecs, for one, send vdd in mV).
 */
const largestPlausibleVolts = 100;

const maxDepth = 6;
const maxChannels = 200;
/** Objects and arrays visited at most, so that a huge document costs bounded work. */
const maxVisitedNodes = 2_000;

interface Leaf {
  path: string[];
  value: number;
  unit: string | undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

interface Walk {
  leaves: Leaf[];
  warnings: string[];
  visitedNodes: number;
  /** Set when a value came after the channel limit. */
  reachedChannelLimit: boolean;
  skippedDeepNodes: boolean;
}

/** Numbers and booleans (as 1 and 0) of a decoded object, depth first, in key order. */
function collectLeaves(node: unknown, path: string[], walk: Walk): void {
  const { leaves, warnings } = walk;
  if (leaves.length >= maxChannels) {
    walk.reachedChannelLimit = true;
    return;
  }
  if (typeof node === 'number') {
    if (Number.isFinite(node)) leaves.push({ path, value: node, unit: undefined });
    return;
  }
  if (typeof node === 'boolean') {
    leaves.push({ path, value: node ? 1 : 0, unit: undefined });
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  if (path.length >= maxDepth) {
    if (!walk.skippedDeepNodes)
      warnings.push(`Skipped ${path.join('.')} and anything else nested deeper than ${maxDepth} levels`);
    walk.skippedDeepNodes = true;
    return;
  }
  walk.visitedNodes += 1;
  if (walk.visitedNodes > maxVisitedNodes) {
    if (walk.visitedNodes === maxVisitedNodes + 1) {
      warnings.push(`More than ${maxVisitedNodes} nested objects; the rest were skipped`);
    }
    return;
  }
  if (isRecord(node) && typeof node.value === 'number') {
    // A Decentlab-style measurement: { displayName?, value, unit? }.
    if (Number.isFinite(node.value)) {
      leaves.push({ path, value: node.value, unit: typeof node.unit === 'string' ? node.unit : undefined });
    }
    return;
  }
  const entries: [string, unknown][] = Array.isArray(node)
    ? node.map((item, index) => [String(index), item])
    : Object.entries(node);
  for (const [key, child] of entries) {
    collectLeaves(child, [...path, key], walk);
  }
}

/** The channel for a known quantity, or null when its unit is not one this driver can convert. */
function knownChannel(quantity: KnownQuantity, name: string, leaf: Leaf): Channel | null {
  if (quantity.type === 'ignore') {
    return ignoredChannel(name, leaf.unit ?? quantity.rawUnit ?? '', leaf.value);
  }
  if (leaf.unit === undefined) {
    const value =
      quantity.type === 'Volt' && Math.abs(leaf.value) > largestPlausibleVolts ? leaf.value / 1000 : leaf.value;
    return typedChannel(name, quantity.type, value);
  }
  const unit = normalizedUnit(leaf.unit);
  const conversions = conversionsByType[quantity.type] ?? {};
  // hasOwn: a unit named 'constructor' or '__proto__' must not reach Object.prototype.
  const conversion =
    unit === normalizedUnit(measurementUnits[quantity.type])
      ? same
      : Object.hasOwn(conversions, unit)
        ? conversions[unit]
        : undefined;
  return conversion === undefined ? null : typedChannel(name, quantity.type, conversion(leaf.value));
}

/**
 * A plain 'battery' is volts in some codecs and percent in others, so it is typed only when its
 * unit says which; without one it stays a raw channel.
 */
function quantityFor(key: string, unit: string | undefined): KnownQuantity | undefined {
  if (key === 'battery' && unit !== undefined) {
    const normalized = normalizedUnit(unit);
    if (normalized === 'v' || normalized === 'mv') return batteryVoltage;
    if (normalized === '%') return batteryPercent;
  }
  return knownKeys.get(key);
}

/** `name`, or `name_2`, `name_3`… when taken. */
function unusedName(channels: ChannelList, name: string): string {
  if (!channels.has(name)) return name;
  for (let suffix = 2; ; suffix++) {
    const candidate = `${name}_${suffix}`;
    if (!channels.has(candidate)) return candidate;
  }
}

/** History records read from one decoded payload at most; a LoRaWAN payload holds a few dozen. */
const maxHistoryRecords = 256;

/**
 * Milesight's codecs put history records (readings resent after an outage) in `history`: an array
 * of objects each with `timestamp`, Unix seconds, beside the values. Null when `history` is absent
 * or not that shape; it is then read as any other values.
 */
function historyRecords(
  object: Record<string, unknown>,
): Array<{ time: Date; values: Record<string, unknown> }> | null {
  const history = object.history;
  if (!Array.isArray(history) || history.length === 0) return null;
  const records: Array<{ time: Date; values: Record<string, unknown> }> = [];
  for (const item of history.slice(0, maxHistoryRecords)) {
    if (!isRecord(item) || typeof item.timestamp !== 'number') return null;
    const time = new Date(item.timestamp * 1000);
    if (Number.isNaN(time.getTime())) return null;
    const { timestamp: _timestamp, ...values } = item;
    records.push({ time, values });
  }
  return records;
}

export function decodeJsonObject(object: unknown): DecodeResult {
  if (!isRecord(object)) {
    return decodeFailure(
      `The decoded payload is ${Array.isArray(object) ? 'an array' : typeof object === 'object' ? 'null' : `a ${typeof object}`}, not a JSON object`,
    );
  }
  const records = historyRecords(object);
  if (records === null) return decodeSuccess(...decodeValues(object));
  const { history: skippedHistory, ...live } = object;
  const [channels, health, warnings] = decodeValues(live);
  if (Array.isArray(skippedHistory) && skippedHistory.length > maxHistoryRecords) {
    warnings.push(`More than ${maxHistoryRecords} history records; the rest were skipped`);
  }
  const history = new TimedReadings();
  for (const record of records) {
    const [recordChannels, , recordWarnings] = decodeValues(record.values);
    history.add(record.time, recordChannels);
    for (const warning of recordWarnings) warnings.push(`History record at ${record.time.toISOString()}: ${warning}`);
  }
  return decodeSuccess(channels, health, warnings, history.toArray());
}

/** The channels, health and warnings of a decoded object's values. */
function decodeValues(object: Record<string, unknown>): [Channel[], DeviceHealth, string[]] {
  const walk: Walk = { leaves: [], warnings: [], visitedNodes: 0, reachedChannelLimit: false, skippedDeepNodes: false };
  collectLeaves(object, [], walk);
  const { leaves, warnings } = walk;
  if (walk.reachedChannelLimit) warnings.push(`More than ${maxChannels} values; the rest were skipped`);
  const channels = new ChannelList();
  const health: DeviceHealth = {};
  for (const leaf of leaves) {
    const pathName =
      leaf.path
        .map(snakeKey)
        .filter((part) => part.length > 0)
        .join('_') || 'value';
    const lastKey = leaf.path.at(-1);
    const quantity = lastKey === undefined ? undefined : quantityFor(snakeKey(lastKey), leaf.unit);
    // The first source of a quantity gets its stable name; a second one (say barometric_pressure
    // beside pressure) gets its path, numbered if need be, so that neither hides the other.
    const name = unusedName(
      channels,
      quantity !== undefined && !channels.has(quantity.channel) ? quantity.channel : pathName,
    );
    const channel =
      quantity === undefined ? ignoredChannel(name, leaf.unit ?? '', leaf.value) : knownChannel(quantity, name, leaf);
    if (channel === null) {
      warnings.push(`Kept ${leaf.path.join('.')} raw: its unit '${leaf.unit}' is not one of ${quantity?.type ?? ''}`);
      channels.add(ignoredChannel(unusedName(channels, pathName), leaf.unit ?? '', leaf.value));
      continue;
    }
    if (!Number.isFinite(channel.value)) {
      warnings.push(
        `Skipped ${leaf.path.join('.')}: ${leaf.value} ${leaf.unit ?? ''} does not convert to a finite number`,
      );
      continue;
    }
    channels.add(channel);
    if (quantity?.health !== undefined && channel.type === quantity.type && health[quantity.health] === undefined) {
      health[quantity.health] = channel.value;
    }
  }
  return [channels.toArray(), health, warnings];
}

/** Channel names that are also known keys, so that what the encoder writes decodes to the same channel. */
const encodableChannelNames: readonly string[] = [
  ...new Set([...knownKeys.values()].map((quantity) => quantity.channel)),
].filter((name) => knownKeys.get(name)?.channel === name);

export interface ObjectDecodingDriver extends Driver {
  /** Decodes a network server's already-decoded payload (TTS decoded_payload, ChirpStack object). */
  decodeObject(object: unknown): DecodeResult;
}

export const genericJsonDriver: ObjectDecodingDriver = {
  id: 'json',
  vendor: 'Any (decoded by the network server)',
  models: ['Any device whose payload the network server decodes'],
  encodableChannels: encodableChannelNames,
  decodeObject: (object) => decodeSafely('json', () => decodeJsonObject(object)),
  // Raw bytes of a JSON document (some gateways and integrations forward JSON as the payload).
  decode: (bytes) =>
    decodeSafely('json', () => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        return decodeFailure(`The payload is not a UTF-8 JSON document: ${reason}`);
      }
      return decodeJsonObject(parsed);
    }),
  encode: (values: EncodableValues) => {
    for (const [channel, value] of Object.entries(values)) {
      if (!Number.isFinite(value)) throw new RangeError(`Cannot encode ${channel}: ${value} is not a finite number`);
    }
    return new TextEncoder().encode(JSON.stringify(values));
  },
};
