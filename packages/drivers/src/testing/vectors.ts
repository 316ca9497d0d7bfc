import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findDriver } from '../registry.ts';
import type { DecodeResult } from '../types.ts';

/*
 * The shared decoder vectors live beside the repository, in ../shared/vectors (CI has that
 * folder too). Each file lists payloads from the vendors' public codec examples with the codec's
 * output as `expected`.
 */

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
/**
 * OLO_VECTORS_DIR when set; else ../shared/vectors beside the checkout; else the workplace's copy
 * (a clone elsewhere, as CI makes, has no sibling folder).
 */
export const vectorsDirectory =
  process.env.OLO_VECTORS_DIR ??
  [path.resolve(repositoryRoot, '..', 'shared', 'vectors'), '/work/shared/vectors'].find((candidate) =>
    fs.existsSync(candidate),
  ) ??
  path.resolve(repositoryRoot, '..', 'shared', 'vectors');

export interface UplinkVector {
  device: string;
  fPort: number;
  bytesHex: string;
  expected: Record<string, unknown>;
  description: string;
  verifiedByRepoCi: boolean;
  note?: string;
}

export interface VectorFile {
  vendor: string;
  vectors: UplinkVector[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toVector(value: unknown, where: string): UplinkVector {
  if (
    !isRecord(value) ||
    typeof value.device !== 'string' ||
    typeof value.fPort !== 'number' ||
    typeof value.bytesHex !== 'string' ||
    !isRecord(value.expected) ||
    typeof value.description !== 'string' ||
    typeof value.verifiedByRepoCi !== 'boolean'
  ) {
    throw new Error(`${where} is not an uplink vector`);
  }
  return {
    device: value.device,
    fPort: value.fPort,
    bytesHex: value.bytesHex,
    expected: value.expected,
    description: value.description,
    verifiedByRepoCi: value.verifiedByRepoCi,
    ...(typeof value.note === 'string' ? { note: value.note } : {}),
  };
}

export function readVectorFile(fileName: 'elsys.json' | 'milesight.json' | 'decentlab.json'): VectorFile {
  const parsed: unknown = JSON.parse(fs.readFileSync(path.join(vectorsDirectory, fileName), 'utf8'));
  if (!isRecord(parsed) || typeof parsed.vendor !== 'string' || !Array.isArray(parsed.vectors)) {
    throw new Error(`${fileName} is not a vector file`);
  }
  return {
    vendor: parsed.vendor,
    vectors: parsed.vectors.map((vector, index) => toVector(vector, `${fileName} vector ${index}`)),
  };
}

/** A vendor codec example of a downlink: encode `data` to bytes, or decode bytes to `data`. */
export type DownlinkVector =
  | {
      kind: 'encodeDownlink';
      description: string;
      input: { data: { command: string; parameter?: number } };
      output: { bytesHex: string; fPort: number };
    }
  | {
      kind: 'decodeDownlink';
      description: string;
      input: { bytesHex: string; fPort: number };
      output: { data: { command: string; parameter?: number } };
    };

function toDownlinkVector(value: unknown, where: string): DownlinkVector {
  const command = (data: unknown) =>
    isRecord(data) &&
    typeof data.command === 'string' &&
    (data.parameter === undefined || typeof data.parameter === 'number');
  const bytes = (side: unknown) =>
    isRecord(side) && typeof side.bytesHex === 'string' && typeof side.fPort === 'number';
  if (isRecord(value) && typeof value.description === 'string') {
    if (value.kind === 'encodeDownlink' && isRecord(value.input) && command(value.input.data) && bytes(value.output)) {
      return value as DownlinkVector;
    }
    if (value.kind === 'decodeDownlink' && bytes(value.input) && isRecord(value.output) && command(value.output.data)) {
      return value as DownlinkVector;
    }
  }
  throw new Error(`${where} is not a downlink vector`);
}

export function readDownlinkVectors(fileName: 'decentlab.json'): DownlinkVector[] {
  const parsed: unknown = JSON.parse(fs.readFileSync(path.join(vectorsDirectory, fileName), 'utf8'));
  if (!isRecord(parsed) || !Array.isArray(parsed.downlinkVectors)) {
    throw new Error(`${fileName} has no downlinkVectors`);
  }
  return parsed.downlinkVectors.map((vector, index) =>
    toDownlinkVector(vector, `${fileName} downlink vector ${index}`),
  );
}

export function readUplinkExample(fileName: 'tts-v3-mqtt-up.json' | 'chirpstack-v4-mqtt-up.json'): unknown {
  return JSON.parse(fs.readFileSync(path.join(vectorsDirectory, 'uplinks', fileName), 'utf8'));
}

export function bytesFromHex(hex: string): Uint8Array {
  if (hex.length % 2 !== 0 || /[^0-9a-f]/i.test(hex)) throw new Error(`Not hex: ${hex}`);
  return Uint8Array.from({ length: hex.length / 2 }, (_, index) =>
    Number.parseInt(hex.slice(index * 2, index * 2 + 2), 16),
  );
}

/** Equal up to 1e-9 relative to the size of the numbers (Decentlab conversions are doubles). */
export function closeTo(actual: number, expected: number): boolean {
  return Math.abs(actual - expected) <= 1e-9 * Math.max(1, Math.abs(expected));
}

/** The driver each vector's device uses. */
const driverIdByDevice: Record<string, string> = {
  'Elsys ERS': 'elsys',
  'Elsys ERS CO2': 'elsys',
  'Elsys ERS CO2 Lite': 'elsys',
  'Elsys ERS Sound': 'elsys',
  'Elsys ERS VOC': 'elsys',
  'Elsys ERS Lite': 'elsys',
  'Elsys ERS Eye': 'elsys',
  'Elsys EMS': 'elsys',
  'Elsys EMS Desk': 'elsys',
  'Elsys ELT-2': 'elsys',
  'Milesight AM103': 'milesight-am103',
  'Milesight AM107': 'milesight-am107',
  'Milesight AM307': 'milesight-am307',
  'Milesight AM319': 'milesight-am319',
  'Milesight EM300-TH': 'milesight-em300-th',
  'Milesight EM500-CO2': 'milesight-em500-co2',
  'Milesight WS202': 'milesight-ws202',
  'Decentlab DL-PR26': 'decentlab-dl-pr26',
  'Decentlab DL-LP8P': 'decentlab-dl-lp8p',
  'Decentlab DL-PM': 'decentlab-dl-pm',
  'Decentlab DL-DLR2-002': 'decentlab-dl-dlr2-002',
  'Decentlab DL-SHT35': 'decentlab-dl-sht35',
  'Decentlab DL-IAM': 'decentlab-dl-iam',
};

/** Decodes a vector with the driver its device names. */
export function decodeVector(vector: UplinkVector): DecodeResult {
  const driverId = driverIdByDevice[vector.device];
  if (driverId === undefined) throw new Error(`No driver is listed for ${vector.device}`);
  const driver = findDriver(driverId);
  if (driver === undefined) throw new Error(`No driver ${driverId}`);
  return driver.decode(bytesFromHex(vector.bytesHex), vector.fPort);
}
