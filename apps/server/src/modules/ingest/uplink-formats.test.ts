import { describe, expect, it } from 'vitest';
import { uplinkExample } from '../../testing/uplink-examples.ts';
import {
  parseChirpstackUplink,
  parseTtsUplink,
  parseUplink,
  providerOfTopic,
  type Uplink,
  UplinkFormatError,
} from './uplink-formats.ts';

const example = uplinkExample;

describe('uplink formats', () => {
  it('reads The Things Stack v3 uplinks: identity, time, counter, bytes, decoded object and the best gateway', () => {
    const { topic, payload } = example('tts-v3-mqtt-up.json');
    expect(providerOfTopic(topic)).toBe('tts');
    const uplink = parseTtsUplink(payload);
    expect(uplink).toMatchObject({
      provider: 'tts',
      serial: 'a81758fffe0312ab',
      time: new Date('2024-05-14T09:21:07.281Z'),
      fCnt: 1842,
      fPort: 1,
      decoded: { temperature: 22.6, humidity: 41, light: 39, motion: 6, co2: 776 },
      radio: { rssi: -97, snr: 7.25, spfact: 9, towers: 2 },
      route: { applicationId: 'building-sensors', deviceId: 'ers-co2-3f-201' },
    });
    expect(uplink.payload?.toString('hex')).toBe('0100e202290400270506060308');
  });

  it('reads ChirpStack v4 uplinks, with the device profile name as identity', () => {
    const { topic, payload } = example('chirpstack-v4-mqtt-up.json');
    expect(providerOfTopic(topic)).toBe('chirpstack');
    const uplink = parseChirpstackUplink(payload);
    expect(uplink).toMatchObject({
      provider: 'chirpstack',
      serial: '24e124126c172345',
      identity: { profileName: 'Milesight EM500-CO2' },
      fCnt: 913,
      fPort: 85,
      radio: { rssi: -88, snr: 9.5, spfact: 7, towers: 1 },
      route: { applicationId: '7c1e5e1a-9b2f-4d6e-8a41-2f3b9c0d1e77', devEui: '24e124126c172345' },
    });
    expect(uplink.time.toISOString()).toBe('2024-05-14T09:24:41.106Z');
    expect(uplink.payload?.toString('hex')).toBe('01755c0367340104686505' + '7d670406736827');
  });

  it("routes TTS downlinks to the uplink topic's application and tenant, or the webhook's tenant", () => {
    const { topic, payload } = example('tts-v3-mqtt-up.json');
    expect(parseTtsUplink(payload, { topic }).route.topicApplication).toBe('building-sensors@ttn');
    // An Open Source deployment has no tenants, and its topics say so.
    expect(parseTtsUplink(payload, { topic: 'v3/building-sensors/devices/ers-co2-3f-201/up' }).route).toEqual({
      applicationId: 'building-sensors',
      deviceId: 'ers-co2-3f-201',
      topicApplication: 'building-sensors',
    });
    expect(parseTtsUplink(payload, { tenant: 'facilities' }).route.topicApplication).toBe(
      'building-sensors@facilities',
    );
    // A webhook that names no tenant: the downlink topic falls back to the application id alone.
    expect(parseTtsUplink(payload).route.topicApplication).toBeUndefined();
  });

  it('takes left-out zero fields as zeros: frame counter 0 and snr 0 arrive missing', () => {
    const { payload } = example('tts-v3-mqtt-up.json');
    const message = structuredClone(payload) as { uplink_message: Record<string, unknown> };
    delete message.uplink_message.f_cnt;
    const gateways = message.uplink_message.rx_metadata as Array<Record<string, unknown>>;
    for (const gateway of gateways) delete gateway.snr;
    const uplink = parseTtsUplink(message);
    expect(uplink.fCnt).toBe(0);
    expect(uplink.radio.snr).toBe(0);
  });

  it('refuses bodies without a device identity, with the field named', () => {
    expect(() => parseTtsUplink({ uplink_message: {} })).toThrow(UplinkFormatError);
    expect(() => parseChirpstackUplink({ deviceInfo: { applicationId: 'a', devEui: 'xyz' } })).toThrow(
      'deviceInfo.devEui: DevEUI must be 16 hex digits',
    );
    expect(providerOfTopic('v3/app@ttn/devices/dev/join')).toBeNull();
  });

  /** The example of `provider` with the field at `path` (dotted) set to `value`. */
  function exampleWith(provider: 'tts' | 'chirpstack', path: string, value: unknown): Record<string, unknown> {
    const file = provider === 'tts' ? 'tts-v3-mqtt-up.json' : 'chirpstack-v4-mqtt-up.json';
    const body = structuredClone(example(file).payload);
    const keys = path.split('.');
    let node = body as Record<string, unknown>;
    for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
    node[keys.at(-1) as string] = value;
    return body;
  }

  /** The parsed uplink, or the refusal's message. */
  function parsedWith(provider: 'tts' | 'chirpstack', path: string, value: unknown): Uplink | string {
    const body = exampleWith(provider, path, value);
    try {
      return parseUplink(provider, body);
    } catch (error) {
      if (!(error instanceof UplinkFormatError)) throw error;
      return error.message;
    }
  }

  it('takes frame counters as unsigned 32 bits and integers only as far as their columns reach', () => {
    expect(parsedWith('tts', 'uplink_message.f_cnt', 2 ** 32 - 1)).toMatchObject({ fCnt: 2 ** 32 - 1 });
    expect(parsedWith('chirpstack', 'fCnt', 2 ** 31)).toMatchObject({ fCnt: 2 ** 31 });
    expect(parsedWith('tts', 'uplink_message.f_cnt', 2 ** 32)).toBe(
      'uplink_message.f_cnt: Too big: expected number to be <=4294967295',
    );
    expect(parsedWith('chirpstack', 'fCnt', 2 ** 32)).toMatch(/^fCnt: Too big/);
    expect(parsedWith('tts', 'uplink_message.settings.data_rate.lora.spreading_factor', 2 ** 40)).toMatch(
      /^uplink_message\.settings\.data_rate\.lora\.spreading_factor: Too big: expected number to be <=2147483647$/,
    );
    expect(parsedWith('chirpstack', 'txInfo.modulation.lora.spreadingFactor', 2 ** 31)).toMatch(
      /^txInfo\.modulation\.lora\.spreadingFactor: Too big/,
    );
    expect(parsedWith('chirpstack', 'rxInfo.0.location', { latitude: 91, longitude: 0 })).toMatch(
      /^rxInfo\.0\.location\.latitude: Too big/,
    );
  });

  it('refuses text that the database cannot hold: NUL characters, unpaired surrogates, over-long names', () => {
    expect(parsedWith('tts', 'end_device_ids.device_id', 'sensor\u0000')).toBe(
      'end_device_ids.device_id: contains a NUL character or an unpaired surrogate, which cannot be stored',
    );
    expect(parsedWith('tts', 'uplink_message.version_ids', { brand_id: 'elsys\ud800', model_id: 'ers-co2' })).toMatch(
      /^uplink_message\.version_ids\.brand_id: contains a NUL/,
    );
    expect(parsedWith('chirpstack', 'deviceInfo.deviceName', 'x'.repeat(256))).toMatch(
      /^deviceInfo\.deviceName: Too big/,
    );
    expect(parsedWith('chirpstack', 'deviceInfo.deviceProfileName', '\u0000')).toMatch(
      /^deviceInfo\.deviceProfileName: contains a NUL/,
    );
    // Deep in the network server's decoding, in a key or a value.
    expect(parsedWith('chirpstack', 'object', { nested: [{ 'k\u0000': 1 }] })).toMatch(/^object: contains a NUL/);
    expect(parsedWith('tts', 'uplink_message.decoded_payload.unit', '\udc00')).toMatch(
      /^uplink_message\.decoded_payload: contains a NUL/,
    );
    expect(parsedWith('tts', 'end_device_ids.device_id', `ä-🙂-${'x'.repeat(200)}`)).toMatchObject({
      route: { deviceId: `ä-🙂-${'x'.repeat(200)}` },
    });
  });

  it('refuses a reading dated before 2000 or more than a day ahead, naming the field, and takes one weeks late', () => {
    const refusal = (provider: 'tts' | 'chirpstack', time: string) => {
      const body = exampleWith(provider, provider === 'tts' ? 'uplink_message.settings.time' : 'time', time);
      try {
        parseUplink(provider, body);
        return undefined;
      } catch (error) {
        return error;
      }
    };
    const unset = refusal('tts', '0001-01-01T00:00:00Z');
    expect(unset).toBeInstanceOf(UplinkFormatError);
    expect(unset).toMatchObject({
      fault: 'reading-time',
      serial: 'a81758fffe0312ab',
      message:
        'uplink_message.settings.time: 0001-01-01T00:00:00Z is before 2000-01-01T00:00:00.000Z, the earliest time a reading may have (is the clock set?)',
    });
    for (const time of ['1999-12-31T23:59:59.999Z', '+200000-01-01T00:00:00Z', '-200000-01-01T00:00:00Z']) {
      expect(refusal('chirpstack', time)).toMatchObject({ fault: 'reading-time' });
    }
    const ahead = new Date(Date.now() + 24 * 3_600_000 + 60_000).toISOString();
    expect(refusal('chirpstack', ahead)).toMatchObject({
      message: `time: ${ahead} is more than 86400 s ahead of the server's clock`,
      serial: '24e124126c172345',
    });
    for (const time of [
      '2000-01-01T00:00:00Z',
      new Date(Date.now() - 35 * 86_400_000).toISOString(),
      new Date(Date.now() + 23 * 3_600_000).toISOString(),
    ]) {
      expect(refusal('tts', time)).toBeUndefined();
    }
    // The window is the server's to set (READING_TIME_MIN, READING_MAX_AHEAD).
    const body = structuredClone(example('chirpstack-v4-mqtt-up.json').payload);
    const window = { earliest: new Date('2024-06-01T00:00:00Z'), maxAheadMs: 0, now: () => Date.now() };
    expect(() => parseUplink('chirpstack', body, {}, window)).toThrow(
      /^time: 2024-05-14T09:24:41\.106325921\+00:00 is before 2024-06-01T00:00:00\.000Z/,
    );
  });
});
