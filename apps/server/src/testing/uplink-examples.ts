import fs from 'node:fs';
import { vectorsDirectory } from '../../../../packages/drivers/src/testing/vectors.ts';

export type UplinkExampleFile = 'tts-v3-mqtt-up.json' | 'chirpstack-v4-mqtt-up.json';

/** A real uplink message of ../shared/vectors/uplinks: its MQTT topic and JSON payload. */
export function uplinkExample(file: UplinkExampleFile) {
  const text = fs.readFileSync(`${vectorsDirectory}/uplinks/${file}`, 'utf8');
  return JSON.parse(text) as { topic: string; payload: Record<string, unknown> };
}

/**
 * The real ChirpStack example as a device of another application: its own DevEUI, application
 * id (topic and body say the same, as ChirpStack publishes) and frame counter, timed now.
 */
export function chirpstackUplinkOf(application: string, serial: string, fCnt: number) {
  const { payload } = uplinkExample('chirpstack-v4-mqtt-up.json');
  const body = structuredClone(payload) as Record<string, unknown> & {
    deviceInfo: { devEui: string; applicationId: string };
  };
  body.deviceInfo.devEui = serial;
  body.deviceInfo.applicationId = application;
  body.fCnt = fCnt;
  body.time = new Date().toISOString();
  return { topic: `application/${application}/device/${serial}/event/up`, body };
}
