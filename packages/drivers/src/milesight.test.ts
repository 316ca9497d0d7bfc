import { describe, expect, it } from 'vitest';
import {
  milesightAm103Driver,
  milesightAm107Driver,
  milesightAm307Driver,
  milesightAm319Driver,
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

  it("reads the history record of Milesight's EM300-TH example as a reading at its own time", () => {
    // The EM300-TH history record of Milesight's README: time 1665561758, 27.2 °C, 46.5 %RH, status.
    expect(decodeHex(milesightEm300ThDriver, '20CE9E74466310015D00017564')).toEqual({
      ok: true,
      channels: [{ name: 'battery', type: 'ignore', unit: '%', value: 100 }],
      health: { batteryPercent: 100 },
      warnings: [],
      history: [
        {
          time: new Date(1665561758 * 1000),
          channels: [
            { name: 'temperature', type: 'Temperature', unit: '°C', value: 27.2 },
            { name: 'humidity', type: 'Humidity', unit: '%RH', value: 46.5 },
          ],
        },
      ],
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
    // A history record is as long as its model's layout: the EM300-TH's 8 bytes, one cut off.
    expect(decodeHex(milesightEm300ThDriver, '20ce00f15365c80064')).toEqual({
      ok: false,
      error: 'Truncated payload: channel 0x20 type 0xCE (history) needs 8 bytes at offset 2, only 7 remain',
    });
    expect(decodeHex(milesightAm307Driver, '')).toEqual({
      ok: false,
      error: 'Empty payload: a Milesight uplink holds at least one channel record',
    });
  });
});

/*
 * History records built byte by byte from Milesight's published layouts (the SensorDecoders
 * decoder of each model): channel id, type 0xCE, a uint32 LE Unix time in seconds, then the values.
 */
const hex = {
  u8: (value: number) => value.toString(16).padStart(2, '0'),
  u16: (value: number) => hex.u8(value & 0xff) + hex.u8((value >> 8) & 0xff),
  i16: (value: number) => hex.u16(value & 0xffff),
  u32: (value: number) => hex.u16(value & 0xffff) + hex.u16(value >>> 16),
};
const t1 = 1_700_000_000;
const t2 = t1 + 600;
const t3 = t1 + 1200;
const at = (seconds: number) => new Date(seconds * 1000);
const channel = (name: string, value: number) => expect.objectContaining({ name, value });

/** EM300-TH: time(4) + temperature(int16, 0.1 °C) + humidity(uint8, 0.5 %RH) + status(1). */
function em300ThHistory(seconds: number, temperatureTenths: number, humidityHalves: number): string {
  return `20ce${hex.u32(seconds)}${hex.i16(temperatureTenths)}${hex.u8(humidityHalves)}00`;
}

describe('Milesight history records', () => {
  it('gives a payload of history records alone no live values', () => {
    const result = decodeHex(milesightEm300ThDriver, em300ThHistory(t1, -53, 181));
    expect(result).toEqual({
      ok: true,
      channels: [],
      health: {},
      warnings: [],
      history: [
        {
          time: at(t1),
          channels: [
            { name: 'temperature', type: 'Temperature', unit: '°C', value: -5.3 },
            { name: 'humidity', type: 'Humidity', unit: '%RH', value: 90.5 },
          ],
        },
      ],
    });
  });

  it('keeps the live values of a payload apart from its history records', () => {
    const live = `0175${hex.u8(88)}0367${hex.i16(215)}0468${hex.u8(80)}`;
    const result = decodeHex(milesightEm300ThDriver, live + em300ThHistory(t1, 190, 120));
    expect(result).toMatchObject({
      ok: true,
      channels: [channel('battery', 88), channel('temperature', 21.5), channel('humidity', 40)],
      health: { batteryPercent: 88 },
      history: [{ time: at(t1), channels: [channel('temperature', 19), channel('humidity', 60)] }],
    });
  });

  it('gives several history records oldest first, one reading per time', () => {
    const payload =
      em300ThHistory(t3, 230, 100) +
      em300ThHistory(t1, 210, 100) +
      em300ThHistory(t2, 220, 100) +
      // The same time again: its values replace the first record's, as a repeated live record does.
      em300ThHistory(t1, 211, 101);
    const result = decodeHex(milesightEm300ThDriver, payload);
    expect(result.ok && result.history).toEqual([
      { time: at(t1), channels: [channel('temperature', 21.1), channel('humidity', 50.5)] },
      { time: at(t2), channels: [channel('temperature', 22), channel('humidity', 50)] },
      { time: at(t3), channels: [channel('temperature', 23), channel('humidity', 50)] },
    ]);
  });

  it('reads the AM103 history: temperature, humidity, CO2', () => {
    // time(4) + temperature(int16) + humidity(uint8) + co2(uint16)
    const payload = `20ce${hex.u32(t1)}${hex.i16(224)}${hex.u8(97)}${hex.u16(1234)}`;
    expect(decodeHex(milesightAm103Driver, payload)).toMatchObject({
      channels: [],
      history: [
        { time: at(t1), channels: [channel('temperature', 22.4), channel('humidity', 48.5), channel('co2', 1234)] },
      ],
    });
  });

  /** AM307: time(4) + temperature(int16) + humidity(uint16, 0.5 %RH) + pir + light level + co2 + tvoc + pressure. */
  function am307History(type: 0x20 | 0x21, tvoc: number): string {
    return (
      `${hex.u8(type)}ce${hex.u32(t2)}${hex.i16(231)}${hex.u16(101)}${hex.u8(1)}${hex.u8(3)}` +
      `${hex.u16(845)}${hex.u16(tvoc)}${hex.u16(10132)}`
    );
  }

  it('reads the AM307 history with TVOC as IAQ (20/CE) or in µg/m³ (21/CE)', () => {
    const common = [
      channel('temperature', 23.1),
      // uint16 in the history record, uint8 in the live one
      channel('humidity', 50.5),
      channel('pir', 1),
      channel('light_level', 3),
      channel('co2', 845),
    ];
    expect(decodeHex(milesightAm307Driver, am307History(0x20, 125))).toMatchObject({
      history: [{ time: at(t2), channels: [...common, channel('tvoc_iaq', 1.25), channel('pressure', 1013.2)] }],
    });
    expect(decodeHex(milesightAm307Driver, am307History(0x21, 310))).toMatchObject({
      history: [{ time: at(t2), channels: [...common, channel('tvoc_mass', 310), channel('pressure', 1013.2)] }],
    });
  });

  it("reads the AM319 history with PM2.5 and PM10, leaving out the variant's HCHO or O3 word", () => {
    const payload = `${am307History(0x20, 125)}${hex.u16(12)}${hex.u16(25)}${hex.u16(3)}`;
    const result = decodeHex(milesightAm319Driver, payload);
    expect(result).toMatchObject({
      history: [{ time: at(t2), channels: expect.arrayContaining([channel('pm2_5', 12), channel('pm10', 25)]) }],
    });
    const names = result.ok ? result.history?.[0]?.channels.map((c) => c.name) : [];
    expect(names).not.toContain('hcho');
    expect(names).not.toContain('o3');
  });

  it('reads the EM500-CO2 history in its own order: CO2, pressure, temperature, humidity', () => {
    const payload = `20ce${hex.u32(t3)}${hex.u16(612)}${hex.u16(9987)}${hex.i16(-12)}${hex.u8(150)}`;
    expect(decodeHex(milesightEm500Co2Driver, payload)).toMatchObject({
      channels: [],
      history: [
        {
          time: at(t3),
          channels: [
            channel('co2', 612),
            channel('pressure', 998.7),
            channel('temperature', -1.2),
            channel('humidity', 75),
          ],
        },
      ],
    });
  });
});
