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
  toEncodedInteger,
  typedChannel,
} from './results.ts';
import type { DecodeResult, DeviceHealth, DeviceIdentity, Driver, EncodableValues } from './types.ts';

/*
 * Elsys payload: a sequence of records, each one type byte followed by a value of a length fixed
 * by the type; all multi-byte values are big-endian. There is no length field, so an unknown type
 * makes the rest of the payload unreadable. The type table follows the Elsys payload
 * specification as published in the vendor's codec (TheThingsNetwork/lorawan-devices
 * vendor/elsys/elsys.js). The port is not used: every Elsys sensor sends the same format.
 */

interface DecodeState {
  channels: ChannelList;
  health: DeviceHealth;
  /** Probes reported with type 0x19 so far: each repeat is another probe, not a newer value. */
  externalTemperature2Count: number;
}

interface ElsysRecordType {
  code: number;
  /** Value bytes after the type byte. */
  size: number;
  /** What the record holds, for error messages. */
  label: string;
  decode(view: DataView, offset: number, state: DecodeState): void;
}

/** Acceleration counts per g: ±63 counts is ±1 g (Elsys payload table), the type's unit. */
const accelerationCountsPerG = 63;

const recordTypes: readonly ElsysRecordType[] = [
  {
    code: 0x01,
    size: 2,
    label: 'temperature',
    // int16, 0.1 °C
    decode: (view, offset, state) =>
      state.channels.add(typedChannel('temperature', 'Temperature', view.getInt16(offset) / 10)),
  },
  {
    code: 0x02,
    size: 1,
    label: 'humidity',
    // uint8, 1 %RH
    decode: (view, offset, state) => state.channels.add(typedChannel('humidity', 'Humidity', view.getUint8(offset))),
  },
  {
    code: 0x03,
    size: 3,
    label: 'acceleration',
    // int8 x, y, z
    decode: (view, offset, state) => {
      const inG = (counts: number) => counts / accelerationCountsPerG;
      state.channels.add(typedChannel('acceleration_x', 'Acceleration', inG(view.getInt8(offset))));
      state.channels.add(typedChannel('acceleration_y', 'Acceleration', inG(view.getInt8(offset + 1))));
      state.channels.add(typedChannel('acceleration_z', 'Acceleration', inG(view.getInt8(offset + 2))));
    },
  },
  {
    code: 0x04,
    size: 2,
    label: 'light',
    // uint16, lux
    decode: (view, offset, state) => state.channels.add(typedChannel('light', 'Light', view.getUint16(offset))),
  },
  {
    code: 0x05,
    size: 1,
    label: 'motion',
    // uint8, PIR motion count since the previous uplink
    decode: (view, offset, state) => state.channels.add(typedChannel('motion', 'Motion', view.getUint8(offset))),
  },
  {
    code: 0x06,
    size: 2,
    label: 'CO2',
    // uint16, ppm
    decode: (view, offset, state) => state.channels.add(typedChannel('co2', 'CO2', view.getUint16(offset))),
  },
  {
    code: 0x07,
    size: 2,
    label: 'VDD',
    // uint16, mV: the battery voltage (Elsys sensors run straight from the battery).
    decode: (view, offset, state) => {
      const volts = view.getUint16(offset) / 1000;
      state.channels.add(typedChannel('vdd', 'Volt', volts));
      state.health.vdd = volts;
      state.health.batteryVoltage = volts;
    },
  },
  {
    code: 0x08,
    size: 2,
    label: 'analog input 1',
    // uint16, mV
    decode: (view, offset, state) => state.channels.add(ignoredChannel('analog_input_1', 'mV', view.getUint16(offset))),
  },
  {
    code: 0x09,
    size: 6,
    label: 'GPS position',
    // Two 24-bit words whose scaling the public table does not give: kept raw, never shown.
    decode: (view, offset, state) => {
      state.channels.add(ignoredChannel('gps_latitude_raw', '', readUint24(view, offset)));
      state.channels.add(ignoredChannel('gps_longitude_raw', '', readUint24(view, offset + 3)));
    },
  },
  {
    code: 0x0a,
    size: 2,
    label: 'pulse input 1',
    // uint16, pulses since the previous uplink
    decode: (view, offset, state) => state.channels.add(ignoredChannel('pulse_1', '', view.getUint16(offset))),
  },
  {
    code: 0x0b,
    size: 4,
    label: 'pulse input 1 absolute count',
    // uint32 (the public codec reads it as signed, which breaks above 2^31)
    decode: (view, offset, state) => state.channels.add(ignoredChannel('pulse_1_absolute', '', view.getUint32(offset))),
  },
  {
    code: 0x0c,
    size: 2,
    label: 'external temperature',
    // int16, 0.1 °C
    decode: (view, offset, state) =>
      state.channels.add(typedChannel('external_temperature', 'ExternalTemperature', view.getInt16(offset) / 10)),
  },
  {
    code: 0x0d,
    size: 1,
    label: 'digital input 1',
    // 0 or 1
    decode: (view, offset, state) => state.channels.add(ignoredChannel('digital_input_1', '', view.getUint8(offset))),
  },
  {
    code: 0x0e,
    size: 2,
    label: 'distance',
    // uint16, mm
    decode: (view, offset, state) => state.channels.add(ignoredChannel('distance', 'mm', view.getUint16(offset))),
  },
  {
    code: 0x0f,
    size: 1,
    label: 'acceleration motion',
    // uint8, count of vibrations of the device itself, not of people: not the Motion type.
    decode: (view, offset, state) =>
      state.channels.add(ignoredChannel('acceleration_motion', '', view.getUint8(offset))),
  },
  {
    code: 0x10,
    size: 4,
    label: 'IR temperature',
    // int16 internal then int16 external (the measured surface), 0.1 °C each
    decode: (view, offset, state) => {
      state.channels.add(ignoredChannel('ir_internal_temperature', '°C', view.getInt16(offset) / 10));
      state.channels.add(
        typedChannel('ir_external_temperature', 'ExternalTemperature', view.getInt16(offset + 2) / 10),
      );
    },
  },
  {
    code: 0x11,
    size: 1,
    label: 'occupancy',
    // 0 free, 1 pending, 2 occupied: a state, no spec type
    decode: (view, offset, state) => state.channels.add(ignoredChannel('occupancy', '', view.getUint8(offset))),
  },
  {
    code: 0x12,
    size: 1,
    label: 'water leak',
    // uint8 leak level: no spec type
    decode: (view, offset, state) => state.channels.add(ignoredChannel('waterleak', '', view.getUint8(offset))),
  },
  {
    code: 0x13,
    size: 65,
    label: 'Grid-EYE',
    // uint8 reference °C, then 64 pixels of uint8 tenths of a degree above it
    decode: (view, offset, state) => {
      const reference = view.getUint8(offset);
      for (let pixel = 0; pixel < 64; pixel++) {
        const value = reference + view.getUint8(offset + 1 + pixel) / 10;
        state.channels.add(ignoredChannel(`grideye_${String(pixel).padStart(2, '0')}`, '°C', value));
      }
    },
  },
  {
    code: 0x14,
    size: 4,
    label: 'pressure',
    // uint32, 0.001 hPa
    decode: (view, offset, state) =>
      state.channels.add(typedChannel('pressure', 'Pressure', view.getUint32(offset) / 1000)),
  },
  {
    code: 0x15,
    size: 2,
    label: 'sound',
    // uint8 peak then uint8 average, dB
    decode: (view, offset, state) => {
      state.channels.add(typedChannel('sound_peak', 'Sound', view.getUint8(offset)));
      state.channels.add(typedChannel('sound_avg', 'Sound', view.getUint8(offset + 1)));
    },
  },
  {
    code: 0x16,
    size: 2,
    label: 'pulse input 2',
    decode: (view, offset, state) => state.channels.add(ignoredChannel('pulse_2', '', view.getUint16(offset))),
  },
  {
    code: 0x17,
    size: 4,
    label: 'pulse input 2 absolute count',
    decode: (view, offset, state) => state.channels.add(ignoredChannel('pulse_2_absolute', '', view.getUint32(offset))),
  },
  {
    code: 0x18,
    size: 2,
    label: 'analog input 2',
    // uint16, mV
    decode: (view, offset, state) => state.channels.add(ignoredChannel('analog_input_2', 'mV', view.getUint16(offset))),
  },
  {
    code: 0x19,
    size: 2,
    label: 'external temperature 2',
    // int16, 0.1 °C. Repeated once per probe, so repeats get their own channels:
    // external_temperature_2, external_temperature_3, ...
    decode: (view, offset, state) => {
      state.externalTemperature2Count += 1;
      const name = `external_temperature_${state.externalTemperature2Count + 1}`;
      state.channels.add(typedChannel(name, 'ExternalTemperature', view.getInt16(offset) / 10));
    },
  },
  {
    code: 0x1a,
    size: 1,
    label: 'digital input 2',
    decode: (view, offset, state) => state.channels.add(ignoredChannel('digital_input_2', '', view.getUint8(offset))),
  },
  {
    code: 0x1b,
    size: 4,
    label: 'load cell analog input',
    // int32, µV
    decode: (view, offset, state) => state.channels.add(ignoredChannel('analog_input_uv', 'µV', view.getInt32(offset))),
  },
  {
    code: 0x1c,
    size: 2,
    label: 'TVOC',
    // uint16, ppb
    decode: (view, offset, state) => state.channels.add(typedChannel('tvoc', 'tVOC', view.getUint16(offset))),
  },
  {
    code: 0x3d,
    size: 4,
    label: 'debug',
    // Vendor diagnostics: skipped, but its length is known, so decoding goes on.
    decode: () => {},
  },
];

const recordTypeByCode = new Map(recordTypes.map((type) => [type.code, type]));

function readUint24(view: DataView, offset: number): number {
  return (view.getUint8(offset) << 16) | view.getUint16(offset + 1);
}

export function decodeElsysPayload(bytes: Uint8Array): DecodeResult {
  if (bytes.length === 0) {
    return decodeFailure('Empty payload: an Elsys uplink holds at least one type byte and its value');
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const state: DecodeState = { channels: new ChannelList(), health: {}, externalTemperature2Count: 0 };
  const warnings: string[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    const code = view.getUint8(offset);
    const type = recordTypeByCode.get(code);
    if (type === undefined) {
      if (offset === 0) {
        return decodeFailure(
          `Unknown Elsys type ${hexByte(code)} at offset 0: nothing in the payload could be decoded`,
        );
      }
      // Without a length field nothing after an unknown type can be read; what came before is sound.
      warnings.push(
        `Unknown Elsys type ${hexByte(code)} at offset ${offset}: decoding stopped there, ${byteCount(remaining(bytes, offset))} left undecoded`,
      );
      break;
    }
    const valueOffset = offset + 1;
    if (remaining(bytes, valueOffset) < type.size) {
      return decodeFailure(
        `Truncated payload: type ${hexByte(code)} (${type.label}) needs ${byteCount(type.size)} at offset ${valueOffset}, ` +
          onlyRemain(remaining(bytes, valueOffset)),
      );
    }
    type.decode(view, valueOffset, state);
    offset = valueOffset + type.size;
  }
  return decodeSuccess(state.channels.toArray(), state.health, warnings);
}

/** What the simulator can ask for, in record order, with each value's resolution and range. */
const encodableRecords = [
  { channel: 'temperature', code: 0x01, size: 2, divisor: 10, min: -32768, max: 32767, signed: true },
  { channel: 'humidity', code: 0x02, size: 1, divisor: 1, min: 0, max: 100, signed: false },
  { channel: 'light', code: 0x04, size: 2, divisor: 1, min: 0, max: 0xffff, signed: false },
  { channel: 'motion', code: 0x05, size: 1, divisor: 1, min: 0, max: 0xff, signed: false },
  { channel: 'co2', code: 0x06, size: 2, divisor: 1, min: 0, max: 0xffff, signed: false },
  // vdd in V, sent as mV
  { channel: 'vdd', code: 0x07, size: 2, divisor: 1000, min: 0, max: 0xffff, signed: false },
  // pressure in hPa, sent as 0.001 hPa
  { channel: 'pressure', code: 0x14, size: 4, divisor: 1000, min: 0, max: 0xffffffff, signed: false },
  { channel: 'tvoc', code: 0x1c, size: 2, divisor: 1, min: 0, max: 0xffff, signed: false },
] as const;

export function encodeElsysPayload(values: EncodableValues): Uint8Array {
  const known = new Set<string>(encodableRecords.map((record) => record.channel));
  for (const channel of Object.keys(values)) {
    if (!known.has(channel)) throw new RangeError(`The Elsys encoder has no record for channel ${channel}`);
  }
  const chunks: number[] = [];
  for (const record of encodableRecords) {
    const value = values[record.channel];
    if (value === undefined) continue;
    const raw = toEncodedInteger(record.channel, value, record.divisor, record.min, record.max);
    const view = new DataView(new ArrayBuffer(record.size));
    if (record.size === 1) view.setUint8(0, raw);
    else if (record.size === 2 && record.signed) view.setInt16(0, raw);
    else if (record.size === 2) view.setUint16(0, raw);
    else view.setUint32(0, raw);
    chunks.push(record.code, ...new Uint8Array(view.buffer));
  }
  return Uint8Array.from(chunks);
}

export const elsysDriver: Driver = {
  id: 'elsys',
  vendor: 'Elsys',
  models: [
    'ERS',
    'ERS CO2',
    'ERS CO2 Lite',
    'ERS VOC',
    'ERS Eye',
    'ERS Sound',
    'ERS Lite',
    'ERS Desk',
    'EMS',
    'EMS Desk',
    'EMS Door',
    'EMS Lite',
    'ELT-2',
    'ELT Lite',
    'ELT Ultrasonic',
  ],
  encodableChannels: encodableRecords.map((record) => record.channel),
  decode: (bytes) => decodeSafely('elsys', () => decodeElsysPayload(bytes)),
  encode: encodeElsysPayload,
  // Every Elsys model speaks this format, so the brand (or the vendor's name in a profile) is enough.
  matches: (identity: DeviceIdentity) =>
    'brand' in identity ? normalizedId(identity.brand) === 'elsys' : profileNameMentions(identity.profileName, 'elsys'),
};
