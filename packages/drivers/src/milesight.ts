import type { MeasurementType } from '@olo/shared';
import { milesightCommands } from './commands.ts';
import { normalizedId, profileNameMentions } from './identity.ts';
import {
  byteCount,
  ChannelList,
  decodeFailure,
  decodeSafely,
  decodeSuccess,
  hexByte,
  ignoredChannel,
  onlyRemain,
  remaining,
  TimedReadings,
  toEncodedInteger,
  typedChannel,
} from './results.ts';
import type { Channel, DecodeResult, DeviceHealth, DeviceIdentity, Driver, EncodableValues } from './types.ts';

/*
 * Milesight payload: a sequence of records [channel id, channel type, value], multi-byte values
 * little-endian. The value's length follows from the (id, type) pair, and the pairs differ per
 * model (CO2 is 07/7D on the AM300 family but 05/7D on the EM500-CO2), so each model has its own
 * table, built from Milesight's published payload tables (Milesight-IoT/SensorDecoders READMEs)
 * and checked against the codecs in TheThingsNetwork/lorawan-devices vendor/milesight-iot.
 * There is no length field: an unknown pair ends decoding. The port is not used (the devices send
 * on 85, but the vendor's codecs ignore it).
 *
 * History records (20/CE, and 21/CE where TVOC is in µg/m³) are readings the device stored while
 * it could not deliver them (data retransmission) or read from its log: a uint32 LE Unix time in
 * seconds, then the model's values in a fixed layout (Milesight's decoders for each model). Each
 * becomes an earlier reading at its own time.
 */

type WordFormat = 'uint8' | 'uint16le' | 'int16le';

interface RecordValue {
  channel: string;
  type: MeasurementType;
  /** The device's own unit, for 'ignore' channels (typed channels take the type's unit). */
  rawUnit?: string;
  format: WordFormat;
  /** Byte offset inside the record's value. */
  at: number;
  /** The device sends value × divisor as an integer. */
  divisor: number;
}

interface RecordDefinition {
  channelId: number;
  channelType: number;
  /** Value bytes after the two header bytes. */
  size: number;
  label: string;
  values: readonly RecordValue[];
  /** Records that are read past without channels; 'alarm' ones are reported as warnings. */
  skipped?: 'attribute' | 'alarm';
  /** A history record: its value starts with the uint32 LE Unix time (s) its values were measured at. */
  timestamped?: boolean;
  /** The battery record also feeds the meter's battery level. */
  isBatteryPercent?: boolean;
}

function single(
  channelId: number,
  channelType: number,
  label: string,
  value: Omit<RecordValue, 'at'>,
  size: number = formatSize(value.format),
): RecordDefinition {
  return { channelId, channelType, size, label, values: [{ ...value, at: 0 }] };
}

function skip(
  channelId: number,
  channelType: number,
  size: number,
  label: string,
  skipped: 'attribute' | 'alarm',
): RecordDefinition {
  return { channelId, channelType, size, label, values: [], skipped };
}

function formatSize(format: WordFormat): number {
  return format === 'uint8' ? 1 : 2;
}

/** A history record of `size` value bytes (time included). */
function history(channelId: number, size: number, values: readonly RecordValue[]): RecordDefinition {
  return { channelId, channelType: 0xce, size, label: 'history', values, timestamped: true };
}

/** A live record's value inside a history record, at `at`, where it may have another word format. */
function historyValue(record: RecordDefinition, at: number, format?: WordFormat): RecordValue {
  const value = record.values[0] as RecordValue;
  return { ...value, at, format: format ?? value.format };
}

// Device information, sent after joining: no readings.
const deviceInformation: readonly RecordDefinition[] = [
  skip(0xff, 0x01, 1, 'IPSO version', 'attribute'),
  skip(0xff, 0x09, 2, 'hardware version', 'attribute'),
  skip(0xff, 0x0a, 2, 'firmware version', 'attribute'),
  skip(0xff, 0xff, 2, 'TSL version', 'attribute'),
  skip(0xff, 0x0f, 1, 'LoRaWAN class', 'attribute'),
  skip(0xff, 0xfe, 1, 'reset event', 'attribute'),
  skip(0xff, 0x0b, 1, 'device status', 'attribute'),
];
// Newer models send an 8-byte serial number as FF/16, older ones a 6-byte one as FF/08.
const serialNumber8 = skip(0xff, 0x16, 8, 'serial number', 'attribute');
const serialNumber6 = skip(0xff, 0x08, 6, 'serial number', 'attribute');

const battery: RecordDefinition = {
  ...single(0x01, 0x75, 'battery', { channel: 'battery', type: 'ignore', rawUnit: '%', format: 'uint8', divisor: 1 }),
  isBatteryPercent: true,
};
// int16, 0.1 °C
const temperature = single(0x03, 0x67, 'temperature', {
  channel: 'temperature',
  type: 'Temperature',
  format: 'int16le',
  divisor: 10,
});
// uint8, 0.5 %RH
const humidity = single(0x04, 0x68, 'humidity', {
  channel: 'humidity',
  type: 'Humidity',
  format: 'uint8',
  divisor: 2,
});
// uint16, ppm
const co2 = (channelId: number) =>
  single(channelId, 0x7d, 'CO2', { channel: 'co2', type: 'CO2', format: 'uint16le', divisor: 1 });
// uint16, 0.1 hPa
const pressure = (channelId: number) =>
  single(channelId, 0x73, 'pressure', { channel: 'pressure', type: 'Pressure', format: 'uint16le', divisor: 10 });
// 0 idle, 1 triggered: a state, not the Motion count, so no spec type.
const pirState = (channelId: number) =>
  single(channelId, 0x00, 'PIR', { channel: 'pir', type: 'ignore', rawUnit: '', format: 'uint8', divisor: 1 });
// uint8 light level 0–5 of the AM300 family (not lux).
const lightLevel = single(0x06, 0xcb, 'light level', {
  channel: 'light_level',
  type: 'ignore',
  rawUnit: '',
  format: 'uint8',
  divisor: 1,
});
// AM300 family: 08/7D is the TVOC air-quality index in 0.01 IAQ (1 good … 5 bad); 08/E6 is TVOC
// in µg/m³ (chosen by a setting). Neither is the ppb of the tVOC type, so both are kept raw.
const tvocIndex = single(0x08, 0x7d, 'TVOC index', {
  channel: 'tvoc_iaq',
  type: 'ignore',
  rawUnit: 'IAQ',
  format: 'uint16le',
  divisor: 100,
});
const tvocMass = single(0x08, 0xe6, 'TVOC mass concentration', {
  channel: 'tvoc_mass',
  type: 'ignore',
  rawUnit: 'µg/m³',
  format: 'uint16le',
  divisor: 1,
});
const buzzer = skip(0x0e, 0x01, 1, 'buzzer status', 'attribute');

const am103Records: readonly RecordDefinition[] = [
  ...deviceInformation,
  serialNumber8,
  battery,
  temperature,
  humidity,
  co2(0x07),
  // time(4) + temperature(2) + humidity(1) + co2(2)
  history(0x20, 9, [historyValue(temperature, 4), historyValue(humidity, 6), historyValue(co2(0x07), 7)]),
];

const am107Records: readonly RecordDefinition[] = [
  ...deviceInformation,
  serialNumber6,
  skip(0xff, 0x18, 2, 'sensor enable flags', 'attribute'),
  battery,
  temperature,
  humidity,
  // uint16 PIR "activity level" (AM100 user guide); a level, not a count, so no Motion type.
  single(0x05, 0x6a, 'activity', { channel: 'activity', type: 'ignore', rawUnit: '', format: 'uint16le', divisor: 1 }),
  {
    channelId: 0x06,
    channelType: 0x65,
    size: 6,
    label: 'illumination',
    values: [
      // uint16 lux, then two raw photodiode counts
      { channel: 'light', type: 'Light', format: 'uint16le', at: 0, divisor: 1 },
      { channel: 'infrared_and_visible', type: 'ignore', rawUnit: '', format: 'uint16le', at: 2, divisor: 1 },
      { channel: 'infrared', type: 'ignore', rawUnit: '', format: 'uint16le', at: 4, divisor: 1 },
    ],
  },
  co2(0x07),
  // On the AM100 family 08/7D is TVOC in ppb (Milesight's AM107 payload table).
  single(0x08, 0x7d, 'TVOC', { channel: 'tvoc', type: 'tVOC', format: 'uint16le', divisor: 1 }),
  pressure(0x09),
];

function am307HistoryValues(tvoc: RecordDefinition): RecordValue[] {
  return [
    historyValue(temperature, 4),
    historyValue(humidity, 6, 'uint16le'),
    historyValue(pirState(0x05), 8),
    historyValue(lightLevel, 9),
    historyValue(co2(0x07), 10),
    historyValue(tvoc, 12),
    historyValue(pressure(0x09), 14),
  ];
}

const am307Records: readonly RecordDefinition[] = [
  ...deviceInformation,
  serialNumber8,
  battery,
  temperature,
  humidity,
  pirState(0x05),
  lightLevel,
  co2(0x07),
  tvocIndex,
  tvocMass,
  pressure(0x09),
  buzzer,
  // time(4) + temperature(2) + humidity(2, unlike the live record's 1) + pir(1) + light level(1) + co2(2)
  // + TVOC(2: IAQ on 20/CE, µg/m³ on 21/CE) + pressure(2)
  history(0x20, 16, am307HistoryValues(tvocIndex)),
  history(0x21, 16, am307HistoryValues(tvocMass)),
];

function am319HistoryExtras(): RecordValue[] {
  return [
    { channel: 'pm2_5', type: 'PM25', format: 'uint16le', at: 16, divisor: 1 },
    { channel: 'pm10', type: 'PM10', format: 'uint16le', at: 18, divisor: 1 },
  ];
}

const am319Records: readonly RecordDefinition[] = [
  ...am307Records.filter((record) => !record.timestamped),
  // uint16, 0.01 mg/m³: formaldehyde has no spec type.
  single(0x0a, 0x7d, 'HCHO', { channel: 'hcho', type: 'ignore', rawUnit: 'mg/m³', format: 'uint16le', divisor: 100 }),
  // uint16, µg/m³
  single(0x0b, 0x7d, 'PM2.5', { channel: 'pm2_5', type: 'PM25', format: 'uint16le', divisor: 1 }),
  single(0x0c, 0x7d, 'PM10', { channel: 'pm10', type: 'PM10', format: 'uint16le', divisor: 1 }),
  // uint16, 0.01 ppm (the O3 variant instead of HCHO): ozone has no spec type.
  single(0x0d, 0x7d, 'O3', { channel: 'o3', type: 'ignore', rawUnit: 'ppm', format: 'uint16le', divisor: 100 }),
  // The AM307's history fields, then pm2.5(2) + pm10(2) + HCHO or O3(2). Which of the two the last
  // word is depends on the variant, which the driver is not told, so it is left out (neither has a
  // spec type).
  history(0x20, 22, [...am307HistoryValues(tvocIndex), ...am319HistoryExtras()]),
  history(0x21, 22, [...am307HistoryValues(tvocMass), ...am319HistoryExtras()]),
];

const em300ThRecords: readonly RecordDefinition[] = [
  ...deviceInformation,
  serialNumber8,
  battery,
  temperature,
  humidity,
  // time(4) + temperature(2) + humidity(1) + status(1)
  history(0x20, 8, [historyValue(temperature, 4), historyValue(humidity, 6)]),
];

const em500Co2Records: readonly RecordDefinition[] = [
  ...deviceInformation,
  serialNumber8,
  battery,
  temperature,
  humidity,
  co2(0x05),
  pressure(0x06),
  // temperature(2) + temperature change(2) + alarm kind(1); the scaling is not published, so skipped.
  skip(0x83, 0xd7, 5, 'temperature alarm', 'alarm'),
  // time(4) + co2(2) + pressure(2) + temperature(2) + humidity(1)
  history(0x20, 11, [
    historyValue(co2(0x05), 4),
    historyValue(pressure(0x06), 6),
    historyValue(temperature, 8),
    historyValue(humidity, 10),
  ]),
];

const ws202Records: readonly RecordDefinition[] = [
  ...deviceInformation,
  serialNumber6,
  battery,
  pirState(0x03),
  // 0 dark, 1 light: a state, not lux.
  single(0x04, 0x00, 'daylight', { channel: 'daylight', type: 'ignore', rawUnit: '', format: 'uint8', divisor: 1 }),
];

interface MilesightModel {
  driverId: string;
  /** Display names. */
  models: readonly string[];
  /** The Things Stack model ids (brand milesight-iot) and words a ChirpStack profile name may use. */
  modelIds: readonly string[];
  records: readonly RecordDefinition[];
}

function recordKey(channelId: number, channelType: number): number {
  return (channelId << 8) | channelType;
}

function readValue(view: DataView, offset: number, format: WordFormat): number {
  switch (format) {
    case 'uint8':
      return view.getUint8(offset);
    case 'uint16le':
      return view.getUint16(offset, true);
    case 'int16le':
      return view.getInt16(offset, true);
  }
}

function channelOf(value: RecordValue, number: number): Channel {
  return value.type === 'ignore'
    ? ignoredChannel(value.channel, value.rawUnit ?? '', number)
    : typedChannel(value.channel, value.type, number);
}

function decodeMilesight(
  model: MilesightModel,
  byKey: ReadonlyMap<number, RecordDefinition>,
  bytes: Uint8Array,
): DecodeResult {
  const modelName = model.models[0] ?? model.driverId;
  if (bytes.length === 0) {
    return decodeFailure('Empty payload: a Milesight uplink holds at least one channel record');
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const channels = new ChannelList();
  const history = new TimedReadings();
  const health: DeviceHealth = {};
  const warnings: string[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    if (remaining(bytes, offset) < 2) {
      return decodeFailure(
        `Truncated payload: a channel record needs a 2-byte header at offset ${offset}, only 1 byte remains`,
      );
    }
    const channelId = view.getUint8(offset);
    const channelType = view.getUint8(offset + 1);
    const pair = `channel ${hexByte(channelId)} type ${hexByte(channelType)}`;
    const record = byKey.get(recordKey(channelId, channelType));
    if (record === undefined) {
      if (offset === 0) {
        return decodeFailure(`Unknown ${pair} at offset 0 for the ${modelName}: nothing could be decoded`);
      }
      // Without a length field nothing after an unknown pair can be read; what came before is sound.
      warnings.push(
        `Unknown ${pair} at offset ${offset} for the ${modelName}: decoding stopped there, ${byteCount(remaining(bytes, offset))} left undecoded`,
      );
      break;
    }
    const valueOffset = offset + 2;
    if (remaining(bytes, valueOffset) < record.size) {
      return decodeFailure(
        `Truncated payload: ${pair} (${record.label}) needs ${byteCount(record.size)} at offset ${valueOffset}, ` +
          onlyRemain(remaining(bytes, valueOffset)),
      );
    }
    const values = record.values.map((value) =>
      channelOf(value, readValue(view, valueOffset + value.at, value.format) / value.divisor),
    );
    if (record.timestamped) {
      history.add(new Date(view.getUint32(valueOffset, true) * 1000), values);
    } else {
      for (const channel of values) {
        channels.add(channel);
        if (record.isBatteryPercent) health.batteryPercent = channel.value;
      }
    }
    if (record.skipped === 'alarm') {
      warnings.push(`Skipped the ${record.label} record at offset ${offset}: its scaling is not published`);
    }
    offset = valueOffset + record.size;
  }
  return decodeSuccess(channels.toArray(), health, warnings, history.toArray());
}

/** Records of live values: the encoder writes those (a history record needs a time). */
function liveRecords(model: MilesightModel): RecordDefinition[] {
  return model.records.filter((record) => record.values.length > 0 && !record.timestamped);
}

function encodeMilesight(model: MilesightModel, values: EncodableValues): Uint8Array {
  const measuring = liveRecords(model);
  const encodable = new Set(measuring.flatMap((record) => record.values.map((value) => value.channel)));
  for (const channel of Object.keys(values)) {
    if (!encodable.has(channel)) {
      throw new RangeError(`The ${model.models[0]} encoder has no record for channel ${channel}`);
    }
  }
  const bytes: number[] = [];
  for (const record of measuring) {
    const given = record.values.filter((value) => values[value.channel] !== undefined);
    if (given.length === 0) continue;
    if (given.length < record.values.length) {
      const missing = record.values
        .filter((value) => values[value.channel] === undefined)
        .map((value) => value.channel);
      throw new RangeError(`The ${record.label} record also needs ${missing.join(', ')}`);
    }
    const view = new DataView(new ArrayBuffer(record.size));
    for (const value of record.values) {
      const number = values[value.channel] ?? 0;
      if (value.format === 'uint8') {
        view.setUint8(value.at, toEncodedInteger(value.channel, number, value.divisor, 0, 0xff));
      } else if (value.format === 'uint16le') {
        view.setUint16(value.at, toEncodedInteger(value.channel, number, value.divisor, 0, 0xffff), true);
      } else {
        view.setInt16(value.at, toEncodedInteger(value.channel, number, value.divisor, -0x8000, 0x7fff), true);
      }
    }
    bytes.push(record.channelId, record.channelType, ...new Uint8Array(view.buffer));
  }
  return Uint8Array.from(bytes);
}

/** TTS brand ids of Milesight; 'milesight' is what hand-made set-ups tend to use. */
const milesightBrands = new Set(['milesight-iot', 'milesight']);

function milesightDriver(model: MilesightModel): Driver {
  const byKey = new Map(model.records.map((record) => [recordKey(record.channelId, record.channelType), record]));
  const modelIds = new Set(model.modelIds);
  return {
    id: model.driverId,
    vendor: 'Milesight',
    models: model.models,
    encodableChannels: [
      ...new Set(liveRecords(model).flatMap((record) => record.values.map((value) => value.channel))),
    ],
    decode: (bytes) => decodeSafely(model.driverId, () => decodeMilesight(model, byKey, bytes)),
    encode: (values) => encodeMilesight(model, values),
    commands: milesightCommands,
    // A profile name only has to name the model: 'AM307' is Milesight's alone.
    matches: (identity: DeviceIdentity) =>
      'brand' in identity
        ? milesightBrands.has(normalizedId(identity.brand)) && modelIds.has(normalizedId(identity.model))
        : model.modelIds.some((id) => profileNameMentions(identity.profileName, id)),
  };
}

export const milesightAm103Driver = milesightDriver({
  driverId: 'milesight-am103',
  models: ['AM103', 'AM103L'],
  modelIds: ['am103', 'am103l'],
  records: am103Records,
});

export const milesightAm107Driver = milesightDriver({
  driverId: 'milesight-am107',
  // The AM104 sends a subset of the AM107's records (Milesight's codec covers both).
  models: ['AM107', 'AM104'],
  modelIds: ['am107', 'am104'],
  records: am107Records,
});

export const milesightAm307Driver = milesightDriver({
  driverId: 'milesight-am307',
  models: ['AM307', 'AM307L'],
  modelIds: ['am307', 'am307l'],
  records: am307Records,
});

export const milesightAm319Driver = milesightDriver({
  driverId: 'milesight-am319',
  models: ['AM319', 'AM319L', 'AM319-HCHO', 'AM319-O3'],
  modelIds: ['am319', 'am319l', 'am319-hcho', 'am319-o3'],
  records: am319Records,
});

export const milesightEm300ThDriver = milesightDriver({
  driverId: 'milesight-em300-th',
  models: ['EM300-TH'],
  modelIds: ['em300-th'],
  records: em300ThRecords,
});

export const milesightEm500Co2Driver = milesightDriver({
  driverId: 'milesight-em500-co2',
  models: ['EM500-CO2'],
  modelIds: ['em500-co2'],
  records: em500Co2Records,
});

export const milesightWs202Driver = milesightDriver({
  driverId: 'milesight-ws202',
  models: ['WS202'],
  modelIds: ['ws202'],
  records: ws202Records,
});

export const milesightDrivers: readonly Driver[] = [
  milesightAm103Driver,
  milesightAm107Driver,
  milesightAm307Driver,
  milesightAm319Driver,
  milesightEm300ThDriver,
  milesightEm500Co2Driver,
  milesightWs202Driver,
];
