import { type MeasurementType, measurementUnits } from '@olo/shared';
import type { Channel, DecodeFailure, DecodeResult, DeviceHealth } from './types.ts';

/** A channel of a spec measurement type; its unit is that type's unit. */
export function typedChannel(name: string, type: Exclude<MeasurementType, 'ignore'>, value: number): Channel {
  return { name, type, unit: measurementUnits[type], value };
}

/** A channel stored raw but never displayed: the quantity has no spec type. */
export function ignoredChannel(name: string, unit: string, value: number): Channel {
  return { name, type: 'ignore', unit, value };
}

/**
 * Channels of one uplink, by name. A repeated name replaces the earlier value but keeps its
 * place: the vendors' own codecs keep the last of a repeated record.
 */
export class ChannelList {
  readonly #byName = new Map<string, Channel>();

  add(channel: Channel): void {
    this.#byName.set(channel.name, channel);
  }

  has(name: string): boolean {
    return this.#byName.has(name);
  }

  get size(): number {
    return this.#byName.size;
  }

  toArray(): Channel[] {
    return [...this.#byName.values()];
  }
}

export function decodeFailure(error: string): DecodeFailure {
  return { ok: false, error };
}

/**
 * The one way a decoder returns success: every value must be a finite number, so that no NaN or
 * Infinity from arithmetic on odd input is ever stored as a reading.
 */
export function decodeSuccess(channels: Channel[], health: DeviceHealth, warnings: string[]): DecodeResult {
  for (const channel of channels) {
    if (!Number.isFinite(channel.value)) {
      return decodeFailure(`Channel ${channel.name} decoded to a non-finite number (${channel.value})`);
    }
  }
  for (const [field, value] of Object.entries(health)) {
    if (value !== undefined && !Number.isFinite(value)) {
      return decodeFailure(`Health field ${field} decoded to a non-finite number (${value})`);
    }
  }
  return { ok: true, channels, health, warnings };
}

/** Marks an internal bug; fuzz tests assert that no input ever reaches it. */
export const internalErrorPrefix = 'Internal decoder error';

/**
 * Runs a decoder so that it cannot throw: an exception is a bug in the decoder, reported as a
 * failed decode (and found by the fuzz tests) instead of crashing the ingest.
 */
export function decodeSafely(driverId: string, decode: () => DecodeResult): DecodeResult {
  try {
    return decode();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return decodeFailure(`${internalErrorPrefix} in driver ${driverId}: ${message}`);
  }
}

/** A byte as it appears in vendor documentation, e.g. 0x1C. */
export function hexByte(value: number): string {
  return `0x${value.toString(16).toUpperCase().padStart(2, '0')}`;
}

/** '1 byte', '3 bytes': for error messages. */
export function byteCount(count: number): string {
  return count === 1 ? '1 byte' : `${count} bytes`;
}

/** 'only 1 remains', 'only 0 remain': for error messages. */
export function onlyRemain(count: number): string {
  return `only ${count} ${count === 1 ? 'remains' : 'remain'}`;
}

/** Bytes remaining after `offset`, never negative. */
export function remaining(bytes: Uint8Array, offset: number): number {
  return Math.max(0, bytes.length - offset);
}

/** Rounds a value to an integer in [min, max] for encoding, or throws a RangeError naming it. */
export function toEncodedInteger(channel: string, value: number, divisor: number, min: number, max: number): number {
  if (!Number.isFinite(value)) {
    throw new RangeError(`Cannot encode ${channel}: ${value} is not a finite number`);
  }
  const raw = Math.round(value * divisor);
  if (raw < min || raw > max) {
    throw new RangeError(`Cannot encode ${channel}: ${value} is outside ${min / divisor}…${max / divisor}`);
  }
  return raw;
}
