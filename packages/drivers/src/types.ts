import type { MeasurementType } from '@olo/shared';
import type { DriverCommand } from './commands.ts';

/**
 * One decoded quantity of an uplink. `name` is the stable key a datasource binds to (the same
 * name for the same quantity across vendors: `temperature`, `humidity`, `co2`, `sound_peak`…).
 * Invariant: when `type` is not 'ignore', `unit` is the spec's unit of that type and `value` is
 * expressed in it; 'ignore' channels carry the device's own unit (or '' for plain numbers).
 */
export interface Channel {
  name: string;
  type: MeasurementType;
  unit: string;
  value: number;
}

/** Battery and supply readings of the latest uplink (spec section 3: battery, vdd). */
export interface DeviceHealth {
  /** Battery voltage in volts. */
  batteryVoltage?: number;
  /** Remaining battery in percent (0–100) as the device estimates it. */
  batteryPercent?: number;
  /** Supply voltage of the electronics in volts. */
  vdd?: number;
}

/**
 * Values the device measured at `time` and sends later (Milesight history records: resent after
 * a network outage, or read from the device's log), one reading each, with the same channel names
 * and units as live values.
 */
export interface TimedReading {
  time: Date;
  channels: Channel[];
}

export interface DecodeSuccess {
  ok: true;
  /** The live values, measured when the uplink was sent. */
  channels: Channel[];
  health: DeviceHealth;
  /**
   * Parts of the payload that were not turned into channels: an unknown record that ended
   * decoding, a record whose scaling is not published. The channels are still right; the ingest
   * may record these as meter notices.
   */
  warnings: string[];
  /** Earlier readings the payload carries, oldest first, one per time; absent when there are none. */
  history?: TimedReading[];
}

export interface DecodeFailure {
  ok: false;
  /** A clear English sentence naming what is wrong and where. */
  error: string;
}

export type DecodeResult = DecodeSuccess | DecodeFailure;

/**
 * How a network server names a device: The Things Stack `version_ids` (brand_id, model_id) or a
 * ChirpStack device profile name (free text).
 */
export type DeviceIdentity = { brand: string; model: string } | { profileName: string };

/** Channel values to encode, keyed by channel name, in the channel's unit. */
export type EncodableValues = Readonly<Record<string, number>>;

export interface Driver {
  /** Stable id stored on a meter, e.g. 'elsys', 'milesight-am307', 'decentlab-dl-pr26'. */
  id: string;
  vendor: string;
  /** Human-readable model names this driver decodes. */
  models: readonly string[];
  /** Channel names `encode` accepts. */
  encodableChannels: readonly string[];
  /** Never throws: malformed input gives `{ ok: false, error }`. */
  decode(bytes: Uint8Array, fPort: number): DecodeResult;
  /**
   * A valid uplink payload carrying the given values, rounded to the format's resolution (for the
   * simulator and tests). Throws a RangeError for a channel it cannot encode or a value out of the
   * format's range: that is a programming error of the caller, unlike a bad uplink.
   */
  encode(values: EncodableValues): Uint8Array;
  /** Whether this driver decodes the device a network server describes. */
  matches?(identity: DeviceIdentity): boolean;
  /** Commands to the device, for vendors whose downlink format Olo knows. */
  downlink?: DownlinkCodec;
  /** What a user may send the device by id (meter page and bulk commands). */
  commands?: readonly DriverCommand[];
}

/** A device command in the vendor codec's terms, e.g. `{ command: 'set period', parameter: 600 }`. */
export interface DownlinkCommand {
  command: string;
  parameter?: number;
}

export type DownlinkDecodeResult = { ok: true; command: DownlinkCommand } | DecodeFailure;

export interface DownlinkCodec {
  /** Throws a RangeError for an unknown command or a parameter out of range, like `encode`. */
  encode(command: DownlinkCommand): { fPort: number; bytes: Uint8Array };
  /** Never throws: a malformed downlink gives `{ ok: false, error }`. */
  decode(bytes: Uint8Array, fPort: number): DownlinkDecodeResult;
}
