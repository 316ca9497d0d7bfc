import { describe, expect, it } from 'vitest';
import { decentlabIamDriver, decentlabLp8pDriver, decentlabPr26Driver, decentlabSht35Driver } from './decentlab.ts';
import { bytesFromHex } from './testing/vectors.ts';
import type { Driver } from './types.ts';

function decodeHex(driver: Driver, hex: string) {
  return driver.decode(bytesFromHex(hex), 1);
}

describe('Decentlab drivers', () => {
  it('reads the DL-PR26 pressure as a pressure difference in Pa, never as air pressure, and keeps the battery in health', () => {
    expect(decodeHex(decentlabPr26Driver, '02016700033E8060170C7F')).toEqual({
      ok: true,
      channels: [
        // (0x3E80 − 16384) / 32768 bar = −0.01171875 bar = −1171.875 Pa against the surrounding air
        { name: 'pressure', type: 'Differential pressure', unit: 'Pa', value: -1171.875 },
        { name: 'temperature', type: 'Temperature', unit: '°C', value: 25.671875 },
        { name: 'battery_voltage', type: 'Volt', unit: 'V', value: 3.199 },
      ],
      health: { batteryVoltage: 3.199 },
      warnings: [],
    });
  });

  it('refuses other protocol versions', () => {
    expect(decodeHex(decentlabSht35Driver, '03030E00020C60')).toEqual({
      ok: false,
      error: 'Protocol version 3 is not the Decentlab protocol v2 this driver reads',
    });
  });

  it('refuses a header that is cut short', () => {
    expect(decodeHex(decentlabSht35Driver, '02030E00')).toEqual({
      ok: false,
      error: 'Truncated payload: the Decentlab header (version, device id, sensor flags) needs 5 bytes, only 4 arrived',
    });
  });

  it('refuses flags for sensors the model does not have', () => {
    // DL-SHT35 has two sensors; flag bit 2 belongs to another model.
    expect(decodeHex(decentlabSht35Driver, '02030E00060C60')).toEqual({
      ok: false,
      error:
        'Sensor flags 0x0006 name a sensor the DL-SHT35 does not have (it has 2, bits 0–1): is this meter another model?',
    });
  });

  it('refuses bytes the flags do not account for, rather than guess', () => {
    // A DL-SHT35 payload read as a DL-LP8P: same first sensor, but the lengths disagree.
    expect(decodeHex(decentlabLp8pDriver, '02030E000364A079B10C60')).toEqual({
      ok: false,
      error: 'Truncated payload: sensor 1 (barometer) of the DL-LP8P needs 4 bytes at offset 9, only 2 remain',
    });
    expect(decodeHex(decentlabSht35Driver, '02030E00020C6000')).toEqual({
      ok: false,
      error:
        'Unexpected 1 byte after the last sensor at offset 7: the flags 0x0002 of the DL-SHT35 account for 7 bytes',
    });
  });

  it('derives DL-IAM illuminance from its two light counts', () => {
    const result = decodeHex(decentlabIamDriver, '020BBD0008026200690000');
    expect(result).toMatchObject({ ok: false });
    const light = decodeHex(decentlabIamDriver, '020BBD000802620069');
    expect(light).toMatchObject({
      ok: true,
      channels: [
        { name: 'ambient_light_visible_infrared', value: 610 },
        { name: 'ambient_light_infrared', value: 105 },
        { name: 'light', type: 'Light', unit: 'lux', value: 678.76512 },
      ],
    });
  });

  it('decodes a payload with no sensor flags to no channels', () => {
    expect(decodeHex(decentlabSht35Driver, '02030E0000')).toEqual({ ok: true, channels: [], health: {}, warnings: [] });
  });
});
