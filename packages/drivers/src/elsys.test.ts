import { describe, expect, it } from 'vitest';
import { elsysDriver } from './elsys.ts';
import { bytesFromHex } from './testing/vectors.ts';

function decodeHex(hex: string) {
  return elsysDriver.decode(bytesFromHex(hex), 5);
}

describe('Elsys driver', () => {
  it('reads negative temperatures, vdd into health and TVOC', () => {
    // 0x01 0xFF9C = −100 → −10.0 °C; 0x07 0x0E10 = 3600 mV; 0x1C 0x0078 = 120 ppb
    expect(decodeHex('01FF9C070E101C0078')).toEqual({
      ok: true,
      channels: [
        { name: 'temperature', type: 'Temperature', unit: '°C', value: -10 },
        { name: 'vdd', type: 'Volt', unit: 'V', value: 3.6 },
        { name: 'tvoc', type: 'tVOC', unit: 'Ppb', value: 120 },
      ],
      health: { vdd: 3.6, batteryVoltage: 3.6 },
      warnings: [],
    });
  });

  it('reads acceleration as the Acceleration type in g (63 counts is 1 g)', () => {
    // 0x03 x = 0x3F (63), y = 0xC1 (−63), z = 0x00
    expect(decodeHex('033FC100')).toMatchObject({
      ok: true,
      channels: [
        { name: 'acceleration_x', type: 'Acceleration', unit: 'g', value: 1 },
        { name: 'acceleration_y', type: 'Acceleration', unit: 'g', value: -1 },
        { name: 'acceleration_z', type: 'Acceleration', unit: 'g', value: 0 },
      ],
    });
  });

  it('keeps the readings before an unknown type and says what was left', () => {
    const result = decodeHex('0100E2FE0102');
    expect(result).toMatchObject({
      ok: true,
      channels: [{ name: 'temperature', value: 22.6 }],
      warnings: ['Unknown Elsys type 0xFE at offset 3: decoding stopped there, 3 bytes left undecoded'],
    });
  });

  it('fails when nothing can be decoded', () => {
    expect(decodeHex('')).toEqual({
      ok: false,
      error: 'Empty payload: an Elsys uplink holds at least one type byte and its value',
    });
    expect(decodeHex('FE01')).toEqual({
      ok: false,
      error: 'Unknown Elsys type 0xFE at offset 0: nothing in the payload could be decoded',
    });
  });

  it('skips debug records and reads on', () => {
    expect(decodeHex('3D010203040229')).toMatchObject({ ok: true, channels: [{ name: 'humidity', value: 41 }] });
  });

  it('reads unsigned 32-bit pulse counts above 2^31 and the signed load cell', () => {
    expect(decodeHex('0BFFFFFFFE1BFFFFFFFE')).toMatchObject({
      ok: true,
      channels: [
        { name: 'pulse_1_absolute', value: 4_294_967_294 },
        { name: 'analog_input_uv', unit: 'µV', value: -2 },
      ],
    });
  });

  it('gives each repeated external temperature 2 probe its own channel', () => {
    expect(decodeHex('0C00C8190064190032')).toMatchObject({
      ok: true,
      channels: [
        { name: 'external_temperature', type: 'ExternalTemperature', value: 20 },
        { name: 'external_temperature_2', type: 'ExternalTemperature', value: 10 },
        { name: 'external_temperature_3', type: 'ExternalTemperature', value: 5 },
      ],
    });
  });

  it('reads sound, pressure and the IR temperatures', () => {
    expect(decodeHex('15503C14000F7512100064FF9C')).toMatchObject({
      ok: true,
      channels: [
        { name: 'sound_peak', type: 'Sound', unit: 'dB', value: 80 },
        { name: 'sound_avg', type: 'Sound', unit: 'dB', value: 60 },
        { name: 'pressure', type: 'Pressure', unit: 'hPa', value: 1013.01 },
        { name: 'ir_internal_temperature', type: 'ignore', unit: '°C', value: 10 },
        { name: 'ir_external_temperature', type: 'ExternalTemperature', value: -10 },
      ],
    });
  });

  it('reads a Grid-EYE frame as 64 raw pixels', () => {
    const result = decodeHex(`1314${'05'.repeat(64)}`);
    if (!result.ok) throw new Error(result.error);
    expect(result.channels).toHaveLength(64);
    expect(result.channels[63]).toEqual({ name: 'grideye_63', type: 'ignore', unit: '°C', value: 20.5 });
  });
});
