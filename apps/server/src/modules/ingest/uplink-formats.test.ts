import { describe, expect, it } from 'vitest';
import { uplinkExample } from '../../testing/uplink-examples.ts';
import { parseChirpstackUplink, parseTtsUplink, providerOfTopic, UplinkFormatError } from './uplink-formats.ts';

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
});
