import { describe, expect, it } from 'vitest';
import { genericJsonDriver } from './generic-json.ts';

const { decodeObject } = genericJsonDriver;

describe('generic JSON driver', () => {
  it('maps well-known keys to typed channels and keeps the rest raw', () => {
    expect(
      decodeObject({
        temperature: 21.5,
        relativeHumidity: 40,
        CO2: 800,
        light: 120,
        motion: 2,
        tvoc: 150,
        'pm2.5': 7,
        pm10: 12,
        pm1_0: 3,
        soundPeak: 61,
        sound_avg: 44,
        occupancy: true,
        firmware: 'v1.2',
        vendor_specific: 17,
      }),
    ).toEqual({
      ok: true,
      channels: [
        { name: 'temperature', type: 'Temperature', unit: '°C', value: 21.5 },
        { name: 'humidity', type: 'Humidity', unit: '%RH', value: 40 },
        { name: 'co2', type: 'CO2', unit: 'ppm', value: 800 },
        { name: 'light', type: 'Light', unit: 'lux', value: 120 },
        { name: 'motion', type: 'Motion', unit: 'kpl', value: 2 },
        { name: 'tvoc', type: 'tVOC', unit: 'Ppb', value: 150 },
        { name: 'pm2_5', type: 'PM25', unit: 'µg/m3', value: 7 },
        { name: 'pm10', type: 'PM10', unit: 'µg/m3', value: 12 },
        { name: 'pm1', type: 'PM1', unit: 'µg/m3', value: 3 },
        { name: 'sound_peak', type: 'Sound', unit: 'dB', value: 61 },
        { name: 'sound_avg', type: 'Sound', unit: 'dB', value: 44 },
        { name: 'occupancy', type: 'ignore', unit: '', value: 1 },
        { name: 'vendor_specific', type: 'ignore', unit: '', value: 17 },
      ],
      health: {},
      warnings: [],
    });
  });

  it('reads Decentlab-style leaves with their units', () => {
    const result = decodeObject({
      barometric_pressure: { displayName: 'Barometric pressure', value: 96800, unit: 'Pa' },
      pressure: { value: -0.01171875, unit: 'bar' },
      air_temperature: { value: 24.5, unit: '°C' },
      pm10_mass_concentration: { value: 3.9, unit: 'µg⋅m⁻³' },
      battery_voltage: { value: 3109, unit: 'mV' },
      typical_particle_size: { value: 501, unit: 'nm' },
      device_id: 6992,
    });
    expect(result).toMatchObject({
      ok: true,
      channels: [
        { name: 'pressure', type: 'Pressure', unit: 'hPa', value: 968 },
        // The second pressure keeps its own name so that neither hides the other.
        { name: 'pressure_2', type: 'Pressure', unit: 'hPa', value: -11.71875 },
        { name: 'temperature', type: 'Temperature', value: 24.5 },
        { name: 'pm10', type: 'PM10', value: 3.9 },
        { name: 'battery_voltage', type: 'Volt', unit: 'V', value: 3.109 },
        { name: 'typical_particle_size', type: 'ignore', unit: 'nm', value: 501 },
        { name: 'device_id', type: 'ignore', value: 6992 },
      ],
      health: { batteryVoltage: 3.109 },
    });
  });

  it('keeps a value raw when its unit cannot be converted', () => {
    expect(decodeObject({ pressure: { value: 30, unit: 'inHg' } })).toEqual({
      ok: true,
      channels: [{ name: 'pressure', type: 'ignore', unit: 'inHg', value: 30 }],
      health: {},
      warnings: ["Kept pressure raw: its unit 'inHg' is not one of Pressure"],
    });
  });

  it('takes vdd and battery voltages above 100 as millivolts', () => {
    expect(decodeObject({ vdd: 3612, batV: 3.3, battery: 92 })).toEqual({
      ok: true,
      channels: [
        { name: 'vdd', type: 'Volt', unit: 'V', value: 3.612 },
        { name: 'battery_voltage', type: 'Volt', unit: 'V', value: 3.3 },
        // A bare 'battery' is volts in some codecs and percent in others: kept raw.
        { name: 'battery', type: 'ignore', unit: '', value: 92 },
      ],
      health: { vdd: 3.612, batteryVoltage: 3.3 },
      warnings: [],
    });
    expect(decodeObject({ battery: { value: 88, unit: '%' } })).toMatchObject({
      channels: [{ name: 'battery', type: 'ignore', unit: '%', value: 88 }],
      health: { batteryPercent: 88 },
    });
  });

  it('walks nested objects such as TTS normalized payloads', () => {
    expect(
      decodeObject({ air: { temperature: 20.1, relativeHumidity: 33 }, action: { motion: { count: 4 } } }),
    ).toMatchObject({
      channels: [
        { name: 'temperature', value: 20.1 },
        { name: 'humidity', value: 33 },
        { name: 'action_motion_count', type: 'ignore', value: 4 },
      ],
    });
  });

  it('refuses what is not an object', () => {
    expect(decodeObject(null)).toEqual({ ok: false, error: 'The decoded payload is null, not a JSON object' });
    expect(decodeObject([1, 2])).toEqual({ ok: false, error: 'The decoded payload is an array, not a JSON object' });
    expect(decodeObject('22.5')).toEqual({ ok: false, error: 'The decoded payload is a string, not a JSON object' });
  });

  it('decodes JSON bytes and refuses other bytes', () => {
    expect(genericJsonDriver.decode(new TextEncoder().encode('{"co2": 700}'), 1)).toMatchObject({
      ok: true,
      channels: [{ name: 'co2', value: 700 }],
    });
    const result = genericJsonDriver.decode(Uint8Array.from([0x01, 0x02]), 1);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.error).toMatch(/^The payload is not a UTF-8 JSON document: /);
  });

  it("reads the history records of Milesight's codecs as readings at their own times", () => {
    // The EM320-TH example of Milesight's SensorDecoders README, with live values beside it.
    const result = decodeObject({
      battery: 92,
      temperature: 30.8,
      history: [
        { humidity: 46.5, temperature: 27.2, timestamp: 1665561758 },
        { humidity: 47, temperature: 27, timestamp: 1665561158, pm2_5: 4 },
      ],
    });
    expect(result).toEqual({
      ok: true,
      channels: [
        // A bare battery stays raw (volts or percent, codecs differ).
        { name: 'battery', type: 'ignore', unit: '', value: 92 },
        { name: 'temperature', type: 'Temperature', unit: '°C', value: 30.8 },
      ],
      health: {},
      warnings: [],
      history: [
        {
          time: new Date(1665561158 * 1000),
          channels: [
            { name: 'humidity', type: 'Humidity', unit: '%RH', value: 47 },
            { name: 'temperature', type: 'Temperature', unit: '°C', value: 27 },
            { name: 'pm2_5', type: 'PM25', unit: 'µg/m3', value: 4 },
          ],
        },
        {
          time: new Date(1665561758 * 1000),
          channels: [
            { name: 'humidity', type: 'Humidity', unit: '%RH', value: 46.5 },
            { name: 'temperature', type: 'Temperature', unit: '°C', value: 27.2 },
          ],
        },
      ],
    });
    // A history without times is not one: its values are kept raw, as any others.
    expect(decodeObject({ history: [{ temperature: 20 }] })).toMatchObject({
      channels: [{ name: 'temperature', value: 20 }],
    });
    expect(decodeObject({ history: [{ temperature: 20 }] })).not.toHaveProperty('history');
  });
});
