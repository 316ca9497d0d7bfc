import type { MeasurementType } from '@olo/shared';
import { decentlabCommands } from './commands.ts';
import { decentlabDownlinkCodec } from './decentlab-downlink.ts';
import { normalizedId, profileNameMentions } from './identity.ts';
import {
  byteCount,
  ChannelList,
  decodeFailure,
  decodeSafely,
  decodeSuccess,
  ignoredChannel,
  onlyRemain,
  remaining,
  typedChannel,
} from './results.ts';
import type { Channel, DecodeResult, DeviceHealth, DeviceIdentity, Driver, EncodableValues } from './types.ts';

/*
 * Decentlab protocol v2, big-endian: byte 0 protocol version (2), bytes 1–2 device id, bytes 3–4
 * sensor flags, then for each sensor of the model's fixed list whose flag bit is set (bit 0 first)
 * its uint16 words. Each model has its own sensor list and conversions, as in the vendor's codecs
 * (TheThingsNetwork/lorawan-devices vendor/decentlab/*.js). The arithmetic keeps the vendor's order
 * of operations, so values are the same doubles as the vendor's decoder gives, and then converts
 * units where the measurement type wants another one (Pa and bar to hPa).
 */

const protocolVersion = 2;
const headerSize = 5;

interface SensorValue {
  channel: string;
  type: MeasurementType;
  /** The device's own unit, for 'ignore' channels (typed channels take the type's unit). */
  rawUnit?: string;
  /** From the sensor's words to the value in the channel's unit. */
  convert(words: readonly number[]): number;
  /** Writes the words this value came from, for the encoder; absent for derived values. */
  encode?(value: number, words: number[]): void;
  isBatteryVoltage?: boolean;
}

interface Sensor {
  label: string;
  /** Number of uint16 words. */
  wordCount: number;
  values: readonly SensorValue[];
}

interface DecentlabModel {
  driverId: string;
  models: readonly string[];
  /** The Things Stack model ids (brand decentlab) and what a ChirpStack profile name may say. */
  modelIds: readonly string[];
  sensors: readonly Sensor[];
}

/** A word for the encoder, or a RangeError naming the channel. */
function toWord(channel: string, raw: number): number {
  const word = Math.round(raw);
  if (!Number.isFinite(word) || word < 0 || word > 0xffff) {
    throw new RangeError(`Cannot encode ${channel}: it needs a 16-bit word of ${raw}`);
  }
  return word;
}

function word(words: readonly number[], index: number): number {
  const value = words[index];
  if (value === undefined) throw new Error(`sensor word ${index} missing`);
  return value;
}

/** Identity conversion of word `index` into an 'ignore' channel. */
function rawWord(channel: string, index: number, rawUnit = ''): SensorValue {
  return {
    channel,
    type: 'ignore',
    rawUnit,
    convert: (words) => word(words, index),
    encode: (value, words) => {
      words[index] = toWord(channel, value);
    },
  };
}

/** Battery: uint16 mV, stored in V. */
const batterySensor: Sensor = {
  label: 'battery voltage',
  wordCount: 1,
  values: [
    {
      channel: 'battery_voltage',
      type: 'Volt',
      convert: (words) => word(words, 0) / 1000,
      encode: (volts, words) => {
        words[0] = toWord('battery_voltage', volts * 1000);
      },
      isBatteryVoltage: true,
    },
  ],
};

/** SHT2x-style humidity sensor of the DL-LP8P and DL-PM: °C = 175.72·x/65536 − 46.85, %RH = 125·x/65536 − 6. */
const sht2xSensor: Sensor = {
  label: 'air temperature and humidity',
  wordCount: 2,
  values: [
    {
      channel: 'temperature',
      type: 'Temperature',
      convert: (words) => (175.72 * word(words, 0)) / 65536 - 46.85,
      encode: (celsius, words) => {
        words[0] = toWord('temperature', ((celsius + 46.85) * 65536) / 175.72);
      },
    },
    {
      channel: 'humidity',
      type: 'Humidity',
      convert: (words) => (125 * word(words, 1)) / 65536 - 6,
      encode: (percent, words) => {
        words[1] = toWord('humidity', ((percent + 6) * 65536) / 125);
      },
    },
  ],
};

/** SHT3x-style humidity sensor of the DL-SHT35 and DL-IAM: °C = 175·x/65535 − 45, %RH = 100·x/65535. */
const sht3xSensor: Sensor = {
  label: 'air temperature and humidity',
  wordCount: 2,
  values: [
    {
      channel: 'temperature',
      type: 'Temperature',
      convert: (words) => (175 * word(words, 0)) / 65535 - 45,
      encode: (celsius, words) => {
        words[0] = toWord('temperature', ((celsius + 45) * 65535) / 175);
      },
    },
    {
      channel: 'humidity',
      type: 'Humidity',
      convert: (words) => (100 * word(words, 1)) / 65535,
      encode: (percent, words) => {
        words[1] = toWord('humidity', (percent * 65535) / 100);
      },
    },
  ],
};

/** Barometric pressure word `index`: the device sends Pa / 2; stored in hPa (Pa / 100). */
function barometricPressure(index: number): SensorValue {
  return {
    channel: 'pressure',
    type: 'Pressure',
    convert: (words) => (word(words, index) * 2) / 100,
    encode: (hectopascals, words) => {
      words[index] = toWord('pressure', (hectopascals * 100) / 2);
    },
  };
}

/** CO2 concentration word `index`: ppm + 32768. */
function co2Concentration(channel: string, type: 'CO2' | 'ignore', index: number): SensorValue {
  return {
    channel,
    type,
    ...(type === 'ignore' ? { rawUnit: 'ppm' } : {}),
    convert: (words) => word(words, index) - 32768,
    encode: (ppm, words) => {
      words[index] = toWord(channel, ppm + 32768);
    },
  };
}

/** A value sent ×10, e.g. 0.1 µg/m³. */
function tenths(channel: string, type: MeasurementType, index: number, rawUnit?: string): SensorValue {
  return {
    channel,
    type,
    ...(rawUnit === undefined ? {} : { rawUnit }),
    convert: (words) => word(words, index) / 10,
    encode: (value, words) => {
      words[index] = toWord(channel, value * 10);
    },
  };
}

export interface Pr26Range {
  /** Lower end of the sensor's pressure range, bar. */
  minBar: number;
  /** Upper end of the sensor's pressure range, bar. */
  maxBar: number;
}

const pascalsPerBar = 100_000;

function pr26Sensors({ minBar, maxBar }: Pr26Range): readonly Sensor[] {
  return [
    {
      label: 'pressure and temperature',
      wordCount: 2,
      values: [
        {
          // bar = (x − 16384) / 32768 · (Pmax − Pmin) + Pmin; stored in Pa (1 bar = 100 000 Pa). The DL-PR26 is a
          // gauge transmitter: it measures against the surrounding air, so its value is a pressure difference, never
          // the air pressure (decision 0094).
          channel: 'pressure',
          type: 'Differential pressure',
          convert: (words) => (((word(words, 0) - 16384) / 32768) * (maxBar - minBar) + minBar) * pascalsPerBar,
          encode: (pascals, words) => {
            words[0] = toWord('pressure', ((pascals / pascalsPerBar - minBar) / (maxBar - minBar)) * 32768 + 16384);
          },
        },
        {
          // °C = (x − 384) · 0.003125 − 50
          channel: 'temperature',
          type: 'Temperature',
          convert: (words) => (word(words, 1) - 384) * 0.003125 - 50,
          encode: (celsius, words) => {
            words[1] = toWord('temperature', (celsius + 50) / 0.003125 + 384);
          },
        },
      ],
    },
    batterySensor,
  ];
}

const lp8pSensors: readonly Sensor[] = [
  sht2xSensor,
  {
    label: 'barometer',
    wordCount: 2,
    values: [
      {
        // °C = (x − 5000) / 100: the barometer chip's own temperature, a diagnostic.
        channel: 'barometer_temperature',
        type: 'ignore',
        rawUnit: '°C',
        convert: (words) => (word(words, 0) - 5000) / 100,
        encode: (celsius, words) => {
          words[0] = toWord('barometer_temperature', celsius * 100 + 5000);
        },
      },
      barometricPressure(1),
    ],
  },
  {
    label: 'CO2 sensor',
    wordCount: 8,
    values: [
      co2Concentration('co2', 'CO2', 0),
      // Low-pass filtered CO2: the same quantity smoothed, kept raw so it is not shown twice.
      co2Concentration('co2_lpf', 'ignore', 1),
      {
        // °C = (x − 32768) / 100: the CO2 chip's own temperature, a diagnostic.
        channel: 'co2_sensor_temperature',
        type: 'ignore',
        rawUnit: '°C',
        convert: (words) => (word(words, 2) - 32768) / 100,
        encode: (celsius, words) => {
          words[2] = toWord('co2_sensor_temperature', celsius * 100 + 32768);
        },
      },
      {
        // Supercapacitor voltages that power the CO2 lamp, mV → V: diagnostics, not the battery.
        channel: 'capacitor_voltage_1',
        type: 'ignore',
        rawUnit: 'V',
        convert: (words) => word(words, 3) / 1000,
        encode: (volts, words) => {
          words[3] = toWord('capacitor_voltage_1', volts * 1000);
        },
      },
      {
        channel: 'capacitor_voltage_2',
        type: 'ignore',
        rawUnit: 'V',
        convert: (words) => word(words, 4) / 1000,
        encode: (volts, words) => {
          words[4] = toWord('capacitor_voltage_2', volts * 1000);
        },
      },
      rawWord('co2_sensor_status', 5),
      rawWord('raw_ir_reading', 6),
      rawWord('raw_ir_reading_lpf', 7),
    ],
  },
  // Battery last on this model.
  batterySensor,
];

const pmSensors: readonly Sensor[] = [
  batterySensor,
  {
    label: 'particulate matter',
    wordCount: 10,
    values: [
      // mass concentrations in 0.1 µg/m³
      tenths('pm1', 'PM1', 0),
      tenths('pm2_5', 'PM25', 1),
      // PM4 has no spec type.
      tenths('pm4', 'ignore', 2, 'µg/m³'),
      tenths('pm10', 'PM10', 3),
      rawWord('typical_particle_size', 4, 'nm'),
      // number concentrations in 0.1 particles per cm³: no spec type
      tenths('pm0_5_number_concentration', 'ignore', 5, '1/cm³'),
      tenths('pm1_0_number_concentration', 'ignore', 6, '1/cm³'),
      tenths('pm2_5_number_concentration', 'ignore', 7, '1/cm³'),
      tenths('pm4_number_concentration', 'ignore', 8, '1/cm³'),
      tenths('pm10_number_concentration', 'ignore', 9, '1/cm³'),
    ],
  },
  sht2xSensor,
  { label: 'barometric pressure', wordCount: 1, values: [barometricPressure(0)] },
];

const sht35Sensors: readonly Sensor[] = [sht3xSensor, batterySensor];

const iamSensors: readonly Sensor[] = [
  batterySensor,
  sht3xSensor,
  { label: 'barometric pressure', wordCount: 1, values: [barometricPressure(0)] },
  {
    label: 'ambient light',
    wordCount: 2,
    values: [
      rawWord('ambient_light_visible_infrared', 0),
      rawWord('ambient_light_infrared', 1),
      {
        // lux = max(max(x0 − 1.64·x1, 0.59·x0 − 0.86·x1), 0) · 1.5504, derived from the two counts.
        channel: 'light',
        type: 'Light',
        convert: (words) => {
          const visibleAndInfrared = word(words, 0);
          const infrared = word(words, 1);
          return (
            Math.max(
              Math.max(1.0 * visibleAndInfrared - 1.64 * infrared, 0.59 * visibleAndInfrared - 0.86 * infrared),
              0,
            ) * 1.5504
          );
        },
      },
    ],
  },
  {
    label: 'CO2 sensor',
    wordCount: 3,
    values: [co2Concentration('co2', 'CO2', 0), rawWord('co2_sensor_status', 1), rawWord('raw_ir_reading', 2)],
  },
  {
    label: 'activity counter',
    wordCount: 1,
    values: [
      {
        // PIR motion events counted since the previous uplink.
        channel: 'motion',
        type: 'Motion',
        convert: (words) => word(words, 0),
        encode: (count, words) => {
          words[0] = toWord('motion', count);
        },
      },
    ],
  },
  {
    label: 'total VOC',
    wordCount: 1,
    values: [
      {
        // ppb
        channel: 'tvoc',
        type: 'tVOC',
        convert: (words) => word(words, 0),
        encode: (ppb, words) => {
          words[0] = toWord('tvoc', ppb);
        },
      },
    ],
  },
];

const dlr2002Sensors: readonly Sensor[] = [
  {
    label: 'pulse counter',
    wordCount: 4,
    values: [
      rawWord('pulse_count', 0),
      rawWord('pulse_interval', 1, 's'),
      {
        // low word + high word · 65536
        channel: 'cumulative_pulse_count',
        type: 'ignore',
        rawUnit: '',
        convert: (words) => word(words, 2) + word(words, 3) * 65536,
        encode: (count, words) => {
          if (!Number.isInteger(count) || count < 0 || count > 0xffffffff) {
            throw new RangeError(`Cannot encode cumulative_pulse_count: ${count} is not a 32-bit count`);
          }
          words[2] = count % 65536;
          words[3] = Math.floor(count / 65536);
        },
      },
    ],
  },
  batterySensor,
];

function channelOf(value: SensorValue, number: number): Channel {
  return value.type === 'ignore'
    ? ignoredChannel(value.channel, value.rawUnit ?? '', number)
    : typedChannel(value.channel, value.type, number);
}

function hex16(value: number): string {
  return `0x${value.toString(16).toUpperCase().padStart(4, '0')}`;
}

function decodeDecentlab(model: DecentlabModel, bytes: Uint8Array): DecodeResult {
  const modelName = model.models[0] ?? model.driverId;
  if (bytes.length === 0) {
    return decodeFailure('Empty payload: a Decentlab uplink starts with a 5-byte header');
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint8(0);
  if (version !== protocolVersion) {
    return decodeFailure(`Protocol version ${version} is not the Decentlab protocol v2 this driver reads`);
  }
  if (bytes.length < headerSize) {
    return decodeFailure(
      `Truncated payload: the Decentlab header (version, device id, sensor flags) needs ${headerSize} bytes, only ${bytes.length} arrived`,
    );
  }
  const flags = view.getUint16(3);
  if (flags >>> model.sensors.length !== 0) {
    return decodeFailure(
      `Sensor flags ${hex16(flags)} name a sensor the ${modelName} does not have ` +
        `(it has ${model.sensors.length}, bits 0–${model.sensors.length - 1}): is this meter another model?`,
    );
  }
  const channels = new ChannelList();
  const health: DeviceHealth = {};
  let offset = headerSize;
  for (const [index, sensor] of model.sensors.entries()) {
    if ((flags & (1 << index)) === 0) continue;
    const size = sensor.wordCount * 2;
    if (remaining(bytes, offset) < size) {
      return decodeFailure(
        `Truncated payload: sensor ${index} (${sensor.label}) of the ${modelName} needs ${byteCount(size)} at offset ${offset}, ` +
          onlyRemain(remaining(bytes, offset)),
      );
    }
    const words: number[] = [];
    for (let wordIndex = 0; wordIndex < sensor.wordCount; wordIndex++) {
      words.push(view.getUint16(offset + wordIndex * 2));
    }
    for (const value of sensor.values) {
      const number = value.convert(words);
      channels.add(channelOf(value, number));
      if (value.isBatteryVoltage) health.batteryVoltage = number;
    }
    offset += size;
  }
  if (offset !== bytes.length) {
    // Extra bytes mean the flags and the model's sensor list disagree, so no value can be trusted.
    return decodeFailure(
      `Unexpected ${byteCount(bytes.length - offset)} after the last sensor at offset ${offset}: ` +
        `the flags ${hex16(flags)} of the ${modelName} account for ${offset} bytes`,
    );
  }
  return decodeSuccess(channels.toArray(), health, []);
}

/** Device id written into encoded payloads; the decoder does not use it. */
const simulatedDeviceId = 1;

function encodeDecentlab(model: DecentlabModel, values: EncodableValues): Uint8Array {
  const modelName = model.models[0] ?? model.driverId;
  const encodable = new Set(
    model.sensors.flatMap((sensor) => sensor.values.filter((v) => v.encode).map((v) => v.channel)),
  );
  for (const channel of Object.keys(values)) {
    if (!encodable.has(channel)) throw new RangeError(`The ${modelName} encoder cannot encode channel ${channel}`);
  }
  let flags = 0;
  const body: number[] = [];
  for (const [index, sensor] of model.sensors.entries()) {
    const given = sensor.values.filter((value) => value.encode && values[value.channel] !== undefined);
    if (given.length === 0) continue;
    const words: number[] = [];
    for (const value of given) value.encode?.(values[value.channel] ?? 0, words);
    const missingWords = Array.from({ length: sensor.wordCount }, (_, i) => i).filter((i) => words[i] === undefined);
    if (missingWords.length > 0) {
      const missing = sensor.values.filter((value) => value.encode && values[value.channel] === undefined);
      throw new RangeError(
        `Sensor ${index} (${sensor.label}) of the ${modelName} also needs ${missing.map((value) => value.channel).join(', ')}`,
      );
    }
    flags |= 1 << index;
    for (const sensorWord of words) body.push(sensorWord >> 8, sensorWord & 0xff);
  }
  return Uint8Array.from([
    protocolVersion,
    simulatedDeviceId >> 8,
    simulatedDeviceId & 0xff,
    flags >> 8,
    flags & 0xff,
    ...body,
  ]);
}

function decentlabDriver(model: DecentlabModel): Driver {
  const modelIds = new Set(model.modelIds);
  return {
    id: model.driverId,
    vendor: 'Decentlab',
    models: model.models,
    encodableChannels: [
      ...new Set(model.sensors.flatMap((sensor) => sensor.values.filter((v) => v.encode).map((v) => v.channel))),
    ],
    decode: (bytes) => decodeSafely(model.driverId, () => decodeDecentlab(model, bytes)),
    encode: (values) => encodeDecentlab(model, values),
    downlink: decentlabDownlinkCodec,
    commands: decentlabCommands,
    matches: (identity: DeviceIdentity) =>
      'brand' in identity
        ? normalizedId(identity.brand) === 'decentlab' && modelIds.has(normalizedId(identity.model))
        : model.modelIds.some((id) => profileNameMentions(identity.profileName, id)),
  };
}

/**
 * A DL-PR26 for another pressure range than 0–1 bar: the range is a per-device parameter of the
 * conversion, ordered with the sensor, and nothing in the uplink tells it.
 */
export function createDecentlabPr26Driver(
  range: Pr26Range,
  driverId = `decentlab-dl-pr26-${range.minBar}-${range.maxBar}`,
) {
  return decentlabDriver({
    driverId,
    models: [`DL-PR26 (${range.minBar}–${range.maxBar} bar)`],
    modelIds: [],
    sensors: pr26Sensors(range),
  });
}

/** The 0–1 bar DL-PR26, as The Things Stack's device repository decodes every DL-PR26. */
export const decentlabPr26Driver = decentlabDriver({
  driverId: 'decentlab-dl-pr26',
  models: ['DL-PR26'],
  modelIds: ['dl-pr26'],
  sensors: pr26Sensors({ minBar: 0, maxBar: 1 }),
});

export const decentlabLp8pDriver = decentlabDriver({
  driverId: 'decentlab-dl-lp8p',
  models: ['DL-LP8P'],
  modelIds: ['dl-lp8p'],
  sensors: lp8pSensors,
});

export const decentlabPmDriver = decentlabDriver({
  driverId: 'decentlab-dl-pm',
  models: ['DL-PM'],
  modelIds: ['dl-pm'],
  sensors: pmSensors,
});

/** Only the -002 (pulse counter) variant: each DL-DLR2 variant has its own sensor list. */
export const decentlabDlr2002Driver = decentlabDriver({
  driverId: 'decentlab-dl-dlr2-002',
  models: ['DL-DLR2-002'],
  modelIds: ['dl-dlr2-002'],
  sensors: dlr2002Sensors,
});

export const decentlabSht35Driver = decentlabDriver({
  driverId: 'decentlab-dl-sht35',
  models: ['DL-SHT35'],
  modelIds: ['dl-sht35'],
  sensors: sht35Sensors,
});

export const decentlabIamDriver = decentlabDriver({
  driverId: 'decentlab-dl-iam',
  models: ['DL-IAM'],
  modelIds: ['dl-iam', 'dl-iam-001'],
  sensors: iamSensors,
});

export const decentlabDrivers: readonly Driver[] = [
  decentlabPr26Driver,
  decentlabLp8pDriver,
  decentlabPmDriver,
  decentlabDlr2002Driver,
  decentlabSht35Driver,
  decentlabIamDriver,
];
