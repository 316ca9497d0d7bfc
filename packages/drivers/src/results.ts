import { type MeasurementType, measurementUnits } from '@olo/shared';
import type { Channel, DecodeFailure, DecodeResult, DeviceHealth, TimedReading } from './types.ts';

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
 * Readings of earlier times by time, oldest first: a second record of one time replaces the
 * first one's values of the same channels, as a repeated live record does.
 */
export class TimedReadings {
  readonly #byTime = new Map<number, ChannelList>();

  add(time: Date, channels: readonly Channel[]): void {
    let list = this.#byTime.get(time.getTime());
    if (!list) {
      list = new ChannelList();
      this.#byTime.set(time.getTime(), list);
    }
    for (const channel of channels) list.add(channel);
  }

  toArray(): TimedReading[] {
    return [...this.#byTime.entries()]
      .sort(([a], [b]) => a - b)
      .map(([ms, list]) => ({ time: new Date(ms), channels: list.toArray() }));
  }
}

function nonFiniteChannel(channels: readonly Channel[]): Channel | undefined {
  return channels.find((channel) => !Number.isFinite(channel.value));
}

/**
 * The one way a decoder returns success: every value must be a finite number, so that no NaN or
 * Infinity from arithmetic on odd input is ever stored as a reading; every earlier reading has a
 * valid time.
 */
export function decodeSuccess(
  channels: Channel[],
  health: DeviceHealth,
  warnings: string[],
  history: TimedReading[] = [],
): DecodeResult {
  const wrong = nonFiniteChannel(channels);
  if (wrong) return decodeFailure(`Channel ${wrong.name} decoded to a non-finite number (${wrong.value})`);
  for (const reading of history) {
    if (Number.isNaN(reading.time.getTime())) return decodeFailure('A history record has no valid time');
    const wrongEarlier = nonFiniteChannel(reading.channels);
    if (wrongEarlier) {
      return decodeFailure(
        `Channel ${wrongEarlier.name} of the history record at ${reading.time.toISOString()} decoded to a non-finite number (${wrongEarlier.value})`,
      );
    }
  }
  for (const [field, value] of Object.entries(health)) {
    if (value !== undefined && !Number.isFinite(value)) {
      return decodeFailure(`Health field ${field} decoded to a non-finite number (${value})`);
    }
  }
  return history.length > 0
    ? { ok: true, channels, health, warnings, history }
    : { ok: true, channels, health, warnings };
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
