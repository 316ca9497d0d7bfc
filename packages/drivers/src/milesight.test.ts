import { describe, expect, it } from 'vitest';
import {
  milesightAm107Driver,
  milesightAm307Driver,
  milesightEm300ThDriver,
  milesightEm500Co2Driver,
  milesightWs202Driver,
} from './milesight.ts';
import { bytesFromHex } from './testing/vectors.ts';
import type { Driver } from './types.ts';

function decodeHex(driver: Driver, hex: string) {
  return driver.decode(bytesFromHex(hex), 85);
}

describe('Milesight drivers', () => {
  it('reads past the device information sent after joining', () => {
    // FF/0B device status, FF/01 IPSO version, FF/16 8-byte serial, FF/09 hardware, FF/0A firmware,
    // FF/0F class, then the readings.
    const joinFrame = 'FF0BFF FF0101 FF166136C19266170012 FF090140 FF0A0114 FF0F00';
    const result = decodeHex(milesightEm300ThDriver, `${joinFrame} 017564 03671001 046871`.replaceAll(' ', ''));
    expect(result).toEqual({
      ok: true,
      channels: [
        { name: 'battery', type: 'ignore', unit: '%', value: 100 },
        { name: 'temperature', type: 'Temperature', unit: '°C', value: 27.2 },
        { name: 'humidity', type: 'Humidity', unit: '%RH', value: 56.5 },
      ],
      health: { batteryPercent: 100 },
      warnings: [],
    });
  });

  it('reads negative temperatures', () => {
    // 0xFF9C little-endian is −100 → −10.0 °C
    expect(decodeHex(milesightEm300ThDriver, '03679CFF')).toMatchObject({
      ok: true,
      channels: [{ name: 'temperature', value: -10 }],
    });
  });

  it('skips history records with a warning', () => {
    // The EM300-TH history record of Milesight's README: timestamp, 27.2 °C, 46.5 %RH, reserved.
    expect(decodeHex(milesightEm300ThDriver, '20CE9E74466310015D00017564')).toEqual({
      ok: true,
      channels: [{ name: 'battery', type: 'ignore', unit: '%', value: 100 }],
      health: { batteryPercent: 100 },
      warnings: ['Skipped the history record at offset 0: Olo keeps only the live readings'],
    });
  });

  it('reads each model with its own channel table', () => {
    // 05/7D is CO2 on the EM500-CO2 only; on the AM307 that pair does not exist.
    expect(decodeHex(milesightEm500Co2Driver, '057D6704')).toMatchObject({
      ok: true,
      channels: [{ name: 'co2', type: 'CO2', value: 1127 }],
    });
    expect(decodeHex(milesightAm307Driver, '057D6704')).toEqual({
      ok: false,
      error: 'Unknown channel 0x05 type 0x7D at offset 0 for the AM307: nothing could be decoded',
    });
    // 08/7D is ppb TVOC on the AM107 but the 0.01 IAQ index on the AM307.
    expect(decodeHex(milesightAm107Driver, '087D2500')).toMatchObject({
      channels: [{ name: 'tvoc', type: 'tVOC', unit: 'Ppb', value: 37 }],
    });
    expect(decodeHex(milesightAm307Driver, '087D2500')).toMatchObject({
      channels: [{ name: 'tvoc_iaq', type: 'ignore', unit: 'IAQ', value: 0.37 }],
    });
    expect(decodeHex(milesightAm307Driver, '08E6D200')).toMatchObject({
      channels: [{ name: 'tvoc_mass', type: 'ignore', unit: 'µg/m³', value: 210 }],
    });
  });

  it('reads WS202 states as 0 and 1', () => {
    expect(decodeHex(milesightWs202Driver, '017510030001040000')).toMatchObject({
      ok: true,
      channels: [
        { name: 'battery', value: 16 },
        { name: 'pir', type: 'ignore', value: 1 },
        { name: 'daylight', type: 'ignore', value: 0 },
      ],
    });
  });

  it('names a cut record', () => {
    expect(decodeHex(milesightAm307Driver, '017564036710')).toEqual({
      ok: false,
      error: 'Truncated payload: channel 0x03 type 0x67 (temperature) needs 2 bytes at offset 5, only 1 remains',
    });
    expect(decodeHex(milesightAm307Driver, '01756403')).toEqual({
      ok: false,
      error: 'Truncated payload: a channel record needs a 2-byte header at offset 3, only 1 byte remains',
    });
    expect(decodeHex(milesightAm307Driver, '')).toEqual({
      ok: false,
      error: 'Empty payload: a Milesight uplink holds at least one channel record',
    });
  });
});
