import fs from 'node:fs';
import mqtt from 'mqtt';
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
