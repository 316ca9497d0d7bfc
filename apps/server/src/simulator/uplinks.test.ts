import { driverForDevice } from '@olo/drivers';
import { describe, expect, it } from 'vitest';
import { parseChirpstackUplink, parseTtsUplink, providerOfTopic } from '../modules/ingest/uplink-formats.ts';
import { localTime } from './signals.ts';
import {
  allSimulatedModels,
  type BuiltUplink,
  buildUplink,
  meterValues,
  modelSpecs,
  type SimulatedMeter,
  simulatedMeters,
} from './uplinks.ts';

const minute = 60_000;

/** Half a step of the formats that are not decimal: the DL-PR26's 1/32768 bar (in Pa) and 0.003125 °C. */
const tolerance: Record<string, number> = { pressure: 100_000 / 32768 / 2, temperature: 0.003125 / 2 };

function parse(uplink: BuiltUplink) {
  const body = JSON.parse(uplink.payload) as unknown;
  return uplink.meter.format === 'tts' ? parseTtsUplink(body) : parseChirpstackUplink(body);
}

/** Local (Helsinki) time of day on a Tuesday, as a UTC instant. */
function tuesdayAt(hour: number, minutes = 0): number {
  // 2026-11-24 is a Tuesday; Helsinki is UTC+2 in November.
  return Date.UTC(2026, 10, 24, hour - 2, minutes);
}

describe('simulated uplinks', () => {
  const fleet = simulatedMeters({ count: allSimulatedModels.length * 2, seed: 'test', models: allSimulatedModels });

  it('cover every model in both network-server formats', () => {
    const pairs = new Set(fleet.map((meter) => `${meter.model}/${meter.format}`));
    expect(pairs.size).toBe(allSimulatedModels.length * 2);
  });

  it.each(fleet.map((meter) => [`${meter.model} over ${meter.format}`, meter] as const))(
    '%s parse with the ingest parser and decode back to the intended values',
    (_name, meter) => {
      for (const slot of [1, 1000, 1_000_000, 1_000_001]) {
        const uplink = buildUplink(meter, 60_000, slot);
        expect(providerOfTopic(uplink.topic)).toBe(meter.format);
        const parsed = parse(uplink);
        expect(parsed).toMatchObject({
          provider: meter.format,
          serial: meter.serial,
          fCnt: slot,
          fPort: modelSpecs[meter.model].fPort,
          time: new Date(uplink.timeMs),
          decoded: null,
        });
        expect(parsed.radio.towers).toBe(meter.gateways.length);
        expect(parsed.radio.spfact).toBe(meter.spreadingFactor);
        expect(parsed.radio.rssi).toBeGreaterThanOrEqual(-120);
        expect(parsed.radio.rssi).toBeLessThanOrEqual(-60);

        // The server picks the driver from the identity the message carries.
        const identity = parsed.identity.profileName
          ? { profileName: parsed.identity.profileName }
          : { brand: parsed.identity.brand ?? '', model: parsed.identity.model ?? '' };
        const driver = driverForDevice(identity);
        expect(driver?.id).toBe(modelSpecs[meter.model].driverId);
        const decoded = driver?.decode(parsed.payload ?? Buffer.alloc(0), parsed.fPort ?? 0);
        if (!decoded?.ok) throw new Error(decoded?.error ?? 'no driver');
        expect(decoded.warnings).toEqual([]);
        const channels = Object.fromEntries(decoded.channels.map((channel) => [channel.name, channel.value]));
        expect(Object.keys(channels).sort()).toEqual(Object.keys(uplink.values).sort());
        for (const [name, value] of Object.entries(uplink.values)) {
          const allowed = (meter.model === 'decentlab-dl-pr26' ? (tolerance[name] ?? 0) : 0) + 1e-9;
          expect(
            Math.abs((channels[name] ?? Number.NaN) - value),
            `${name}: ${channels[name]} for ${value}`,
          ).toBeLessThan(allowed);
        }
      }
    },
  );

  it('keep The Things Stack conventions: upper-case DevEUI, zeros left out, the model in version_ids', () => {
    const meter = fleet.find((item) => item.format === 'tts' && item.model === 'milesight-em500-co2') as SimulatedMeter;
    const body = JSON.parse(buildUplink(meter, 60_000, 0).payload);
    expect(body.end_device_ids.dev_eui).toBe(meter.serial.toUpperCase());
    expect(body.uplink_message.f_cnt).toBeUndefined();
    expect(body.uplink_message.version_ids).toMatchObject({ brand_id: 'milesight-iot', model_id: 'em500-co2' });
    expect(buildUplink(meter, 60_000, 0).topic).toBe(`v3/olo-simulator@ttn/devices/${meter.deviceId}/up`);
    expect(parseTtsUplink(body).fCnt).toBe(0);
  });

  it('name the ChirpStack device profile and topic by DevEUI', () => {
    const meter = fleet.find(
      (item) => item.format === 'chirpstack' && item.model === 'elsys-ers-co2',
    ) as SimulatedMeter;
    const uplink = buildUplink(meter, 60_000, 5);
    const body = JSON.parse(uplink.payload);
    expect(body.deviceInfo).toMatchObject({ deviceProfileName: 'Elsys ERS CO2', devEui: meter.serial });
    expect(uplink.topic).toBe(`application/${meter.application.chirpstackId}/device/${meter.serial}/event/up`);
  });

  it('are the same message when a slot is built again, and frame counters and times rise slot by slot', () => {
    const meter = fleet[0] as SimulatedMeter;
    expect(buildUplink(meter, 60_000, 42)).toEqual(buildUplink(meter, 60_000, 42));
    const times = [100, 101, 102].map((slot) => buildUplink(meter, 60_000, slot));
    for (const uplink of times) expect(Number.isInteger(uplink.timeMs)).toBe(true);
    expect(times.map((uplink) => uplink.fCnt)).toEqual([100, 101, 102]);
    for (const [index, uplink] of times.entries()) {
      if (index === 0) continue;
      const gap = uplink.timeMs - (times[index - 1] as BuiltUplink).timeMs;
      expect(gap).toBeGreaterThan(59_000);
      expect(gap).toBeLessThan(61_000);
    }
  });
});

describe('simulated values', () => {
  const indoor = simulatedMeters({ count: 30, seed: 'values' }).filter((meter) => meter.model !== 'decentlab-dl-pr26');
  const pr26 = simulatedMeters({ count: 12, seed: 'values', models: ['decentlab-dl-pr26'] });
  const week = Array.from({ length: (7 * 24 * 60) / 10 }, (_, step) => tuesdayAt(0) + step * 10 * minute);

  it('stay in plausible indoor ranges over a week', () => {
    for (const meter of indoor) {
      for (const [slot, time] of week.entries()) {
        const values = meterValues(meter, time, slot);
        expect(values.temperature).toBeGreaterThanOrEqual(19);
        expect(values.temperature).toBeLessThanOrEqual(24);
        expect(values.humidity).toBeGreaterThanOrEqual(25);
        expect(values.humidity).toBeLessThanOrEqual(55);
        expect(values.co2).toBeGreaterThanOrEqual(400);
        expect(values.co2).toBeLessThanOrEqual(1400);
      }
    }
  });

  it('peak in CO2 during school hours on weekdays, not at night or on Sundays', () => {
    for (const meter of indoor) {
      const at = (time: number) => meterValues(meter, time, 0).co2 as number;
      expect(at(tuesdayAt(11, 0))).toBeGreaterThan(900);
      expect(at(tuesdayAt(4, 0))).toBeLessThan(500);
      expect(at(tuesdayAt(11, 0) + 5 * 24 * 3_600_000)).toBeLessThan(500);
      expect(localTime(tuesdayAt(11, 0)).minuteOfDay).toBe(11 * 60);
    }
  });

  it('drift smoothly from minute to minute', () => {
    for (const meter of indoor) {
      let previous = meterValues(meter, tuesdayAt(0), 0);
      for (let step = 1; step < 24 * 60; step++) {
        const values = meterValues(meter, tuesdayAt(0) + step * minute, step);
        expect(Math.abs((values.temperature as number) - (previous.temperature as number))).toBeLessThanOrEqual(0.25);
        expect(Math.abs((values.humidity as number) - (previous.humidity as number))).toBeLessThanOrEqual(1);
        expect(Math.abs((values.co2 as number) - (previous.co2 as number))).toBeLessThanOrEqual(40);
        previous = values;
      }
    }
  });

  it('give the DL-PR26 an underpressure of 5–40 Pa (its pressure channel is a pressure difference in Pa)', () => {
    for (const meter of pr26) {
      const pascals = week.map((time, slot) => meterValues(meter, time, slot).pressure as number);
      expect(Math.min(...pascals)).toBeGreaterThanOrEqual(-40);
      expect(Math.max(...pascals)).toBeLessThanOrEqual(-5);
      expect(Math.max(...pascals) - Math.min(...pascals)).toBeGreaterThan(3);
    }
  });
});

describe('simulated fleets', () => {
  it('derive the same meters from the same seed, growing without changing the first ones', () => {
    const small = simulatedMeters({ count: 10, seed: 'fleet' });
    expect(simulatedMeters({ count: 10, seed: 'fleet' })).toEqual(small);
    expect(simulatedMeters({ count: 50, seed: 'fleet' }).slice(0, 10)).toEqual(small);
    expect(simulatedMeters({ count: 10, seed: 'other' }).map((meter) => meter.serial)).not.toEqual(
      small.map((meter) => meter.serial),
    );
  });

  it('give every meter of a large fleet its own DevEUI with its vendor prefix', () => {
    const meters = simulatedMeters({ count: 20_000, seed: 'large' });
    expect(new Set(meters.map((meter) => meter.serial)).size).toBe(meters.length);
    for (const meter of meters) {
      expect(meter.serial).toMatch(/^[0-9a-f]{16}$/);
      expect(meter.serial.startsWith(modelSpecs[meter.model].euiPrefix)).toBe(true);
    }
  });
});
