import type { DownlinkCodec, DownlinkCommand, DownlinkDecodeResult } from './types.ts';

/*
 * Decentlab's downlink protocol (the same for every Decentlab model): six bytes on fPort 1, a
 * 16-bit command code, a 16-bit parameter (0 for commands without one) and a CRC-16/MODBUS of
 * those four bytes, all big-endian.
 */

export const decentlabDownlinkPort = 1;

interface CommandSpec {
  code: number;
  name: string;
  takesParameter: boolean;
}

/** Settings each come as a pair: change it now, and change it and save it in flash (code + 1). */
const settingPairs: Array<[code: number, name: string, takesParameter: boolean]> = [
  [0x01, 'set period', true],
  [0x03, 'set dr', true],
  [0x05, 'set adr on', false],
  [0x07, 'set adr off', false],
  [0x09, 'set dr_min', true],
  [0x0b, 'set dr_max', true],
  [0x0d, 'set pwridx_min', true],
  [0x0f, 'set pwridx_max', true],
  [0x11, 'set send_period', true],
  [0x13, 'set join_period', true],
  [0x15, 'set pwridx', true],
  [0x17, 'set linkcheck_period', true],
  [0x19, 'set linkcheck_tolerance', true],
  [0x1b, 'set linkcheck_limit', true],
  [0x1d, 'set port', true],
];

const commands: CommandSpec[] = [
  ...settingPairs.flatMap(([code, name, takesParameter]) => [
    { code, name, takesParameter },
    { code: code + 1, name: `${name} + save`, takesParameter },
  ]),
  ...Array.from({ length: 16 }, (_, index) => [
    { code: 0x20 + index, name: `set param ${index}`, takesParameter: true },
    { code: 0x30 + index, name: `set param ${index} + save`, takesParameter: true },
  ]).flat(),
  ...Array.from({ length: 10 }, (_, index) => [
    { code: 0x50 + index, name: `set sensor_period ${index}`, takesParameter: true },
    { code: 0x60 + index, name: `set sensor_period ${index} + save`, takesParameter: true },
  ]).flat(),
  { code: 0xfefe, name: 'reset', takesParameter: false },
  { code: 0xfef0, name: 'factory reset', takesParameter: false },
  { code: 0xfef1, name: 'sleep', takesParameter: false },
];
const byName = new Map(commands.map((command) => [command.name, command]));
const byCode = new Map(commands.map((command) => [command.code, command]));

/** CRC-16/MODBUS: reflected polynomial 0xA001, initial value 0xFFFF. */
export function crc16Modbus(bytes: Uint8Array): number {
  let crc = 0xffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  }
  return crc;
}

function encode(command: DownlinkCommand): { fPort: number; bytes: Uint8Array } {
  const spec = byName.get(command.command);
  if (!spec) throw new RangeError(`Unknown Decentlab command: ${command.command}`);
  const parameter = spec.takesParameter ? command.parameter : 0;
  if (parameter === undefined || !Number.isInteger(parameter) || parameter < 0 || parameter > 0xffff) {
    throw new RangeError(`The Decentlab command ${spec.name} needs a parameter of 0–65535`);
  }
  const bytes = new Uint8Array(6);
  const view = new DataView(bytes.buffer);
  view.setUint16(0, spec.code);
  view.setUint16(2, parameter);
  view.setUint16(4, crc16Modbus(bytes.subarray(0, 4)));
  return { fPort: decentlabDownlinkPort, bytes };
}

function decode(bytes: Uint8Array, fPort: number): DownlinkDecodeResult {
  if (fPort !== decentlabDownlinkPort) {
    return { ok: false, error: `Decentlab downlinks use fPort ${decentlabDownlinkPort}, not ${fPort}` };
  }
  if (bytes.length !== 6) return { ok: false, error: `A Decentlab downlink has 6 bytes, not ${bytes.length}` };
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const code = view.getUint16(0);
  const spec = byCode.get(code);
  if (!spec) return { ok: false, error: `Unknown Decentlab command code 0x${code.toString(16).padStart(4, '0')}` };
  if (view.getUint16(4) !== crc16Modbus(bytes.subarray(0, 4))) {
    return { ok: false, error: 'The CRC of the Decentlab downlink does not match its command and parameter' };
  }
  return {
    ok: true,
    command: spec.takesParameter ? { command: spec.name, parameter: view.getUint16(2) } : { command: spec.name },
  };
}

export const decentlabDownlinkCodec: DownlinkCodec = { encode, decode };
