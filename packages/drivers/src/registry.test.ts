import { describe, expect, it } from 'vitest';
import { genericJsonDriver } from './generic-json.ts';
import { profileNameMentions } from './identity.ts';
import { driverForDevice, drivers, findDriver, listDrivers } from './registry.ts';
import { readUplinkExample } from './testing/vectors.ts';
import type { DecodeResult } from './types.ts';

function channelValues(result: DecodeResult): Record<string, number> {
  if (!result.ok) throw new Error(result.error);
  return Object.fromEntries(result.channels.map((channel) => [channel.name, channel.value]));
}

describe('driver registry', () => {
  it('lists every driver once with its models', () => {
    const ids = listDrivers().map((driver) => driver.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([
      'elsys',
      'milesight-am103',
      'milesight-am107',
      'milesight-am307',
      'milesight-am319',
      'milesight-em300-th',
      'milesight-em500-co2',
      'milesight-ws202',
      'decentlab-dl-pr26',
      'decentlab-dl-lp8p',
      'decentlab-dl-pm',
      'decentlab-dl-dlr2-002',
      'decentlab-dl-sht35',
      'decentlab-dl-iam',
      'json',
    ]);
    for (const driver of listDrivers()) expect(driver.models.length).toBeGreaterThan(0);
  });

  it('finds drivers by id', () => {
    expect(findDriver('milesight-am307')?.models).toContain('AM307');
    expect(findDriver('json')).toBe(genericJsonDriver);
    expect(findDriver('nonexistent')).toBeUndefined();
  });

  it.each([
    ['elsys', 'ers-co2', 'elsys'],
    ['elsys', 'elt-2', 'elsys'],
    ['elsys', 'ems-desk', 'elsys'],
    ['milesight-iot', 'am103', 'milesight-am103'],
    ['milesight-iot', 'am107', 'milesight-am107'],
    ['milesight-iot', 'am307', 'milesight-am307'],
    ['milesight-iot', 'am319', 'milesight-am319'],
    ['milesight-iot', 'em300-th', 'milesight-em300-th'],
    ['milesight-iot', 'em500-co2', 'milesight-em500-co2'],
    ['milesight-iot', 'ws202', 'milesight-ws202'],
    ['Milesight-IoT', 'AM307', 'milesight-am307'],
    ['decentlab', 'dl-pr26', 'decentlab-dl-pr26'],
    ['decentlab', 'dl-lp8p', 'decentlab-dl-lp8p'],
    ['decentlab', 'dl-pm', 'decentlab-dl-pm'],
    ['decentlab', 'dl-dlr2-002', 'decentlab-dl-dlr2-002'],
    ['decentlab', 'dl-sht35', 'decentlab-dl-sht35'],
    ['decentlab', 'dl-iam', 'decentlab-dl-iam'],
  ])('maps The Things Stack brand %s model %s to %s', (brand, model, driverId) => {
    expect(driverForDevice({ brand, model })?.id).toBe(driverId);
  });

  it.each([
    ['Milesight EM500-CO2', 'milesight-em500-co2'],
    ['em500 co2 (EU868)', 'milesight-em500-co2'],
    ['MILESIGHT_AM307', 'milesight-am307'],
    ['AM319 office floor 3', 'milesight-am319'],
    ['Elsys ERS CO2', 'elsys'],
    ['elsys-ems-door', 'elsys'],
    ['Decentlab DL-PR26 tank', 'decentlab-dl-pr26'],
    ['DL-DLR2-002 pulse counter', 'decentlab-dl-dlr2-002'],
    ['Decentlab DL IAM', 'decentlab-dl-iam'],
  ])('maps the ChirpStack profile %j to %s', (profileName, driverId) => {
    expect(driverForDevice({ profileName })?.id).toBe(driverId);
  });

  it.each([
    [{ brand: 'milesight-iot', model: 'am308' }],
    [{ brand: 'decentlab', model: 'dl-dlr2-003' }],
    [{ brand: 'acme', model: 'am307' }],
    [{ profileName: 'AM3070' }],
    [{ profileName: 'ERS CO2 without its vendor' }],
    [{ profileName: 'DL-DLR2-003' }],
    [{ profileName: '' }],
  ])('knows no driver for %j', (identity) => {
    expect(driverForDevice(identity)).toBeUndefined();
  });

  it('gives every binary driver a device identity that selects it', () => {
    for (const driver of drivers.filter((item) => item.id !== 'json')) {
      const profileName = `${driver.vendor} ${driver.models[0]}`;
      expect(driverForDevice({ profileName })?.id, profileName).toBe(driver.id);
    }
  });
});

describe('profile name matching', () => {
  it('matches whole words however they are separated', () => {
    expect(profileNameMentions('Milesight EM500-CO2', 'em500-co2')).toBe(true);
    expect(profileNameMentions('milesight em500co2', 'em500-co2')).toBe(true);
    expect(profileNameMentions('EM500 CO2', 'em500-co2')).toBe(true);
    expect(profileNameMentions('EM500-CO2X', 'em500-co2')).toBe(false);
    expect(profileNameMentions('sensors', 'ers')).toBe(false);
    expect(profileNameMentions('anything', '')).toBe(false);
  });
});

describe('the shared uplink examples', () => {
  it('decodes the ChirpStack example by its device profile, agreeing with its object', () => {
    const example = readUplinkExample('chirpstack-v4-mqtt-up.json') as {
      payload: { deviceInfo: { deviceProfileName: string }; fPort: number; data: string; object: unknown };
    };
    const { deviceInfo, fPort, data, object } = example.payload;
    const driver = driverForDevice({ profileName: deviceInfo.deviceProfileName });
    expect(driver?.id).toBe('milesight-em500-co2');
    const fromBytes = channelValues(driver?.decode(Buffer.from(data, 'base64'), fPort) ?? { ok: false, error: '' });
    const fromObject = channelValues(genericJsonDriver.decodeObject(object));
    expect(fromBytes).toEqual({ battery: 92, temperature: 30.8, humidity: 50.5, co2: 1127, pressure: 1008.8 });
    expect(fromObject).toEqual(fromBytes);
  });

  it('decodes the TTS example bytes with Elsys, agreeing with its decoded_payload', () => {
    const example = readUplinkExample('tts-v3-mqtt-up.json') as {
      payload: { uplink_message: { f_port: number; frm_payload: string; decoded_payload: unknown } };
    };
    const { f_port, frm_payload, decoded_payload } = example.payload.uplink_message;
    const fromBytes = channelValues(
      findDriver('elsys')?.decode(Buffer.from(frm_payload, 'base64'), f_port) ?? {
        ok: false,
        error: '',
      },
    );
    expect(fromBytes).toEqual({ temperature: 22.6, humidity: 41, light: 39, motion: 6, co2: 776 });
    expect(channelValues(genericJsonDriver.decodeObject(decoded_payload))).toEqual(fromBytes);
  });
});
