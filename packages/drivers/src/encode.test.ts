import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createDecentlabPr26Driver } from './decentlab.ts';
import { findDriver } from './registry.ts';
import type { Driver, EncodableValues } from './types.ts';

/*
 * The simulator's encoders: what a driver encodes, it decodes back to the same channels, within
 * half the format's resolution (the encoder rounds to the nearest step).
 */

interface RoundTripCase {
  driverId: string;
  values: EncodableValues;
  /** Largest allowed error per channel; channels not listed must come back exactly. */
  tolerance?: Record<string, number>;
}

const cases: RoundTripCase[] = [
  {
    driverId: 'elsys',
    values: {
      temperature: 21.4,
      humidity: 38,
      light: 250,
      motion: 3,
      co2: 612,
      vdd: 3.612,
      pressure: 1013.25,
      tvoc: 120,
    },
  },
  { driverId: 'milesight-am103', values: { battery: 88, temperature: 22.3, humidity: 41.5, co2: 640 } },
  {
    driverId: 'milesight-am107',
    values: {
      battery: 92,
      temperature: -4.5,
      humidity: 50.5,
      activity: 12,
      light: 300,
      infrared_and_visible: 500,
      infrared: 40,
      co2: 1255,
      tvoc: 7,
      pressure: 1004.7,
    },
  },
  {
    driverId: 'milesight-am307',
    values: {
      battery: 77,
      temperature: 23.8,
      humidity: 62,
      pir: 1,
      light_level: 2,
      co2: 936,
      tvoc_iaq: 1.25,
      pressure: 1008.6,
    },
  },
  {
    driverId: 'milesight-am319',
    values: {
      temperature: 23.8,
      humidity: 62,
      co2: 936,
      tvoc_mass: 210,
      pressure: 1008.6,
      hcho: 0.04,
      pm2_5: 32,
      pm10: 48,
    },
  },
  { driverId: 'milesight-em300-th', values: { battery: 50, temperature: 20, humidity: 30 } },
  {
    driverId: 'milesight-em500-co2',
    values: { battery: 92, temperature: 30.8, humidity: 50.5, co2: 1127, pressure: 1008.8 },
  },
  { driverId: 'milesight-ws202', values: { battery: 16, pir: 1, daylight: 0 } },
  {
    driverId: 'decentlab-dl-pr26',
    values: { pressure: 25_000, temperature: 12.5, battery_voltage: 3.2 },
    // One step is 1/32768 bar = 100 000/32768 Pa, and 0.003125 °C.
    tolerance: { pressure: 100_000 / 32768 / 2, temperature: 0.003125 / 2 },
  },
  {
    driverId: 'decentlab-dl-lp8p',
    values: {
      temperature: 21.3,
      humidity: 45,
      barometer_temperature: 22.1,
      pressure: 1002.4,
      co2: 473,
      co2_lpf: 500,
      co2_sensor_temperature: 23.95,
      capacitor_voltage_1: 3.032,
      capacitor_voltage_2: 2.997,
      co2_sensor_status: 0,
      raw_ir_reading: 38296,
      raw_ir_reading_lpf: 38201,
      battery_voltage: 3.109,
    },
    tolerance: { temperature: 175.72 / 65536 / 2, humidity: 125 / 65536 / 2, pressure: 0.01 },
  },
  {
    driverId: 'decentlab-dl-pm',
    values: {
      battery_voltage: 3.109,
      pm1: 3.7,
      pm2_5: 3.9,
      pm4: 3.9,
      pm10: 3.9,
      typical_particle_size: 501,
      pm0_5_number_concentration: 26.3,
      pm1_0_number_concentration: 30,
      pm2_5_number_concentration: 30.1,
      pm4_number_concentration: 30.1,
      pm10_number_concentration: 30.1,
      temperature: 24.4,
      humidity: 41.6,
      pressure: 968,
    },
    tolerance: { temperature: 175.72 / 65536 / 2, humidity: 125 / 65536 / 2 },
  },
  {
    driverId: 'decentlab-dl-dlr2-002',
    values: { pulse_count: 5, pulse_interval: 600, cumulative_pulse_count: 100_000, battery_voltage: 3.227 },
  },
  {
    driverId: 'decentlab-dl-sht35',
    values: { temperature: 23.79, humidity: 47.5, battery_voltage: 3.168 },
    tolerance: { temperature: 175 / 65535 / 2, humidity: 100 / 65535 / 2 },
  },
  {
    driverId: 'decentlab-dl-iam',
    values: {
      battery_voltage: 2.962,
      temperature: 27.7,
      humidity: 36.4,
      pressure: 964.12,
      ambient_light_visible_infrared: 610,
      ambient_light_infrared: 105,
      co2: 455,
      co2_sensor_status: 0,
      raw_ir_reading: 37844,
      motion: 11,
      tvoc: 273,
    },
    tolerance: { temperature: 175 / 65535 / 2, humidity: 100 / 65535 / 2 },
  },
  {
    driverId: 'json',
    values: { temperature: 21.5, humidity: 40.25, co2: 800, pressure: 1001.3, battery_voltage: 3.6, sound_peak: 55 },
  },
];

function driverWithId(id: string): Driver {
  const driver = findDriver(id);
  if (driver === undefined) throw new Error(`No driver ${id}`);
  return driver;
}

function expectRoundTrip(driver: Driver, values: EncodableValues, tolerance: Record<string, number> = {}) {
  const result = driver.decode(driver.encode(values), 85);
  if (!result.ok) throw new Error(result.error);
  for (const [channel, value] of Object.entries(values)) {
    const decoded = result.channels.find((item) => item.name === channel);
    expect(decoded, `channel ${channel}`).toBeDefined();
    const allowed = (tolerance[channel] ?? 0) + 1e-9 * Math.max(1, Math.abs(value));
    expect(
      Math.abs((decoded?.value ?? Number.NaN) - value),
      `${channel}: ${decoded?.value} for ${value}`,
    ).toBeLessThanOrEqual(allowed);
  }
}

describe('encoders', () => {
  it('cover every driver', () => {
    const covered = new Set(cases.map((item) => item.driverId));
    for (const id of ['elsys', 'json']) expect(covered).toContain(id);
    expect(covered.size).toBe(cases.length);
  });

  it.each(cases.map((item) => [item.driverId, item] as const))('%s round-trips typical values', (_id, item) => {
    const driver = driverWithId(item.driverId);
    for (const channel of Object.keys(item.values)) expect(driver.encodableChannels).toContain(channel);
    expectRoundTrip(driver, item.values, item.tolerance);
  });

  it('Elsys round-trips any in-range temperature, humidity, CO2, light, motion and vdd', () => {
    const elsys = driverWithId('elsys');
    fc.assert(
      fc.property(
        fc.record({
          temperature: fc.integer({ min: -400, max: 850 }).map((tenths) => tenths / 10),
          humidity: fc.integer({ min: 0, max: 100 }),
          co2: fc.integer({ min: 0, max: 10_000 }),
          light: fc.integer({ min: 0, max: 65_535 }),
          motion: fc.integer({ min: 0, max: 255 }),
          vdd: fc.integer({ min: 2000, max: 3700 }).map((millivolts) => millivolts / 1000),
        }),
        (values) => expectRoundTrip(elsys, values),
      ),
      { seed: 7, numRuns: 300 },
    );
  });

  it('Milesight AM307 and EM500-CO2 round-trip any in-range battery, temperature, humidity and CO2', () => {
    const values = fc.record({
      battery: fc.integer({ min: 0, max: 100 }),
      temperature: fc.integer({ min: -300, max: 700 }).map((tenths) => tenths / 10),
      humidity: fc.integer({ min: 0, max: 200 }).map((halves) => halves / 2),
      co2: fc.integer({ min: 400, max: 5000 }),
    });
    for (const id of ['milesight-am307', 'milesight-em500-co2']) {
      const driver = driverWithId(id);
      fc.assert(
        fc.property(values, (item) => expectRoundTrip(driver, item)),
        { seed: 7, numRuns: 300 },
      );
    }
  });

  it('DL-PR26 round-trips any pressure, temperature and battery within one step', () => {
    const pr26 = driverWithId('decentlab-dl-pr26');
    fc.assert(
      fc.property(
        fc.record({
          // Words 0…65535 span −0.5…1.49997 bar on the 0–1 bar sensor.
          pressure: fc.double({ min: -50_000, max: 149_990, noNaN: true }),
          temperature: fc.double({ min: -20, max: 50, noNaN: true }),
          battery_voltage: fc.integer({ min: 2000, max: 3600 }).map((millivolts) => millivolts / 1000),
        }),
        (values) => expectRoundTrip(pr26, values, { pressure: 100_000 / 32768 / 2, temperature: 0.003125 / 2 }),
      ),
      { seed: 7, numRuns: 300 },
    );
  });

  it('honours another DL-PR26 range', () => {
    const tenBar = createDecentlabPr26Driver({ minBar: 0, maxBar: 10 });
    expect(tenBar.id).toBe('decentlab-dl-pr26-0-10');
    // One step is 10/32768 bar.
    expectRoundTrip(
      tenBar,
      { pressure: 420_000, temperature: 8 },
      { pressure: 1_000_000 / 32768 / 2, temperature: 0.002 },
    );
    // The same bytes read by the 0–1 bar driver give a tenth of the pressure.
    const bytes = tenBar.encode({ pressure: 420_000, temperature: 8 });
    const oneBar = driverWithId('decentlab-dl-pr26').decode(bytes, 1);
    const tenBarResult = tenBar.decode(bytes, 1);
    if (!oneBar.ok || !tenBarResult.ok) throw new Error('decode failed');
    expect(oneBar.channels[0]?.value).toBeCloseTo((tenBarResult.channels[0]?.value ?? 0) / 10, 6);
  });

  it('refuses what it cannot encode', () => {
    expect(() => driverWithId('elsys').encode({ sound_peak: 60 })).toThrow(RangeError);
    expect(() => driverWithId('elsys').encode({ humidity: 140 })).toThrow('outside');
    expect(() => driverWithId('milesight-em300-th').encode({ co2: 600 })).toThrow(RangeError);
    expect(() => driverWithId('milesight-am107').encode({ light: 300 })).toThrow(
      'The illumination record also needs infrared_and_visible, infrared',
    );
    expect(() => driverWithId('decentlab-dl-iam').encode({ co2: 455 })).toThrow(
      'Sensor 4 (CO2 sensor) of the DL-IAM also needs co2_sensor_status, raw_ir_reading',
    );
    // Illuminance is derived from the two light counts and has no word of its own.
    expect(() => driverWithId('decentlab-dl-iam').encode({ light: 500 })).toThrow(RangeError);
    expect(() => driverWithId('json').encode({ temperature: Number.NaN })).toThrow(RangeError);
  });
});
