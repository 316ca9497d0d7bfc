import fs from 'node:fs';
import mqtt, { type MqttClient } from 'mqtt';
import { vectorsDirectory } from '../../packages/drivers/src/testing/vectors.ts';
import { e2eIngestToken, e2eMqttPort } from './environment.ts';

const example = JSON.parse(fs.readFileSync(`${vectorsDirectory}/uplinks/chirpstack-v4-mqtt-up.json`, 'utf8')) as {
  topic: string;
  payload: Record<string, unknown> & { deviceInfo: Record<string, unknown> };
};

/** The ChirpStack example (a Milesight EM500-CO2) as meter `serial`, with the given frame counter and CO2 in ppm. */
export function co2Uplink(serial: string, fCnt: number, co2: number) {
  const message = structuredClone(example.payload);
  message.deviceInfo.devEui = serial;
  message.fCnt = fCnt;
  message.time = new Date().toISOString();
  const bytes = Buffer.from('01755c03673401046865057d670406736827', 'hex');
  // Channel 05/7D holds CO2 as uint16, little-endian, from byte 12.
  bytes.writeUInt16LE(co2, 12);
  message.data = bytes.toString('base64');
  delete message.object;
  return { topic: example.topic.replace('24e124126c172345', serial), body: JSON.stringify(message) };
}

/** A client of the test server's embedded broker with the site-wide ingest credentials, as a network server would be. */
export function connectToBroker() {
  return mqtt.connectAsync(`mqtt://127.0.0.1:${e2eMqttPort}`, { username: 'olo', password: e2eIngestToken });
}

/**
 * Publishes the reading `uplink(attempt)` (attempt 0, 1, …) until `shown` passes, waiting `perAttemptMs` each time.
 * The browser's subscribe frame, which `subscribedTo` waits for, reaches the server a moment before the server
 * listens; a reading stored in between reaches nobody, as a reading stored just before a page opens would. A page
 * whose subscription never delivers still fails: every attempt is a reading that must appear without a reload.
 */
export async function publishUntilShown(
  broker: MqttClient,
  uplink: (attempt: number) => { topic: string; body: string },
  shown: (timeout: number) => Promise<void>,
  { attempts = 3, perAttemptMs = 4000 } = {},
): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const { topic, body } = uplink(attempt);
    await broker.publishAsync(topic, body, { qos: 1 });
    try {
      await shown(perAttemptMs);
      return;
    } catch (error) {
      if (attempt + 1 >= attempts) throw error;
    }
  }
}
