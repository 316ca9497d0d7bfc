import { decentlabDownlinkCodec } from './decentlab-downlink.ts';

/** A downlink ready for the network server: the port and the application payload. */
export interface EncodedDownlink {
  fPort: number;
  bytes: Uint8Array;
}

/**
 * A command a meter's driver knows how to send. `id` is stable and shared across vendors for the
 * same intent ('reboot', 'reporting-interval'), so a bulk action over meters of several vendors can
 * offer what they have in common. `name` and `description` are English; the web translates by id.
 */
export interface DriverCommand {
  id: string;
  type: 'action' | 'interval';
  name: string;
  description: string;
  /** Accepted seconds, inclusive; interval commands only. */
  interval?: { min: number; max: number };
  /** Throws a RangeError for an interval command given no whole number of seconds in its range. */
  encode(seconds?: number): EncodedDownlink;
}

function checkedSeconds(command: Pick<DriverCommand, 'name' | 'interval'>, seconds: number | undefined): number {
  const range = command.interval;
  if (!range) throw new RangeError(`${command.name} takes no interval`);
  if (seconds === undefined || !Number.isInteger(seconds) || seconds < range.min || seconds > range.max) {
    throw new RangeError(
      `${command.name} needs a whole number of seconds from ${range.min} to ${range.max}, not ${seconds ?? 'none'}`,
    );
  }
  return seconds;
}

function intervalCommand(
  spec: Omit<DriverCommand, 'type' | 'encode' | 'interval'> & {
    interval: { min: number; max: number };
    write: (seconds: number) => EncodedDownlink;
  },
): DriverCommand {
  const { write, ...command } = spec;
  return { ...command, type: 'interval', encode: (seconds) => write(checkedSeconds(command, seconds)) };
}

/** Milesight's configuration downlinks all go to fPort 85 (their codecs' `fPort: 85`). */
export const milesightCommandPort = 85;

/** The same for every Milesight model Olo decodes: FF channel, then the command type. */
export const milesightCommands: readonly DriverCommand[] = [
  {
    id: 'reboot',
    type: 'action',
    name: 'Reboot',
    description: 'Restarts the device.',
    encode: () => ({ fPort: milesightCommandPort, bytes: Uint8Array.of(0xff, 0x10, 0xff) }),
  },
  intervalCommand({
    id: 'reporting-interval',
    name: 'Set reporting interval',
    description: 'How often the device sends readings.',
    // Milesight's encoders refuse anything outside 1–1080 minutes.
    interval: { min: 60, max: 64_800 },
    write: (seconds) => {
      const bytes = Uint8Array.of(0xff, 0x03, 0, 0);
      new DataView(bytes.buffer).setUint16(2, seconds, true);
      return { fPort: milesightCommandPort, bytes };
    },
  }),
];

/**
 * Decentlab's period is a uint16 of seconds; the 60 s floor is Olo's, so that one mistyped
 * value cannot make a meter spend its battery and the network's airtime in minutes.
 */
const decentlabPeriod = { min: 60, max: 0xffff };

export const decentlabCommands: readonly DriverCommand[] = [
  {
    id: 'reboot',
    type: 'action',
    name: 'Reboot',
    description: 'Restarts the device.',
    encode: () => decentlabDownlinkCodec.encode({ command: 'reset' }),
  },
  intervalCommand({
    id: 'reporting-interval',
    name: 'Set reporting interval',
    description: 'How often the device sends readings; kept after a restart.',
    interval: decentlabPeriod,
    write: (seconds) => decentlabDownlinkCodec.encode({ command: 'set period + save', parameter: seconds }),
  }),
  intervalCommand({
    id: 'reporting-interval-until-reboot',
    name: 'Set reporting interval until restart',
    description: 'How often the device sends readings, until it restarts: for trying a period out.',
    interval: decentlabPeriod,
    write: (seconds) => decentlabDownlinkCodec.encode({ command: 'set period', parameter: seconds }),
  }),
];
