import fs from 'node:fs';
import { vectorsDirectory } from '../../../../packages/drivers/src/testing/vectors.ts';

export type UplinkExampleFile = 'tts-v3-mqtt-up.json' | 'chirpstack-v4-mqtt-up.json';

/** A real uplink message of ../shared/vectors/uplinks: its MQTT topic and JSON payload. */
export function uplinkExample(file: UplinkExampleFile) {
  const text = fs.readFileSync(`${vectorsDirectory}/uplinks/${file}`, 'utf8');
  return JSON.parse(text) as { topic: string; payload: Record<string, unknown> };
}
