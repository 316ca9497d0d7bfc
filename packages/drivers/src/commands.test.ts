import { describe, expect, it } from 'vitest';
import { decentlabDrivers } from './decentlab.ts';
import { milesightDrivers } from './milesight.ts';
import { commandsOf, drivers } from './registry.ts';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/**
 * Expected bytes come from the vendors: Milesight's encoders (`writeUInt8(0xff); writeUInt8(0x10);
 * writeUInt8(0xff)` for reboot, `ff 03` + uint16 LE for the interval; 1200 s → ff03b004) and the
 * Decentlab downlink vectors of ../shared/vectors/decentlab.json.
 */
const encodings: Array<{ drivers: readonly string[]; id: string; seconds?: number; fPort: number; bytes: string }> = [
  { drivers: milesightDrivers.map((d) => d.id), id: 'reboot', fPort: 85, bytes: 'ff10ff' },
  { drivers: milesightDrivers.map((d) => d.id), id: 'reporting-interval', seconds: 1200, fPort: 85, bytes: 'ff03b004' },
  { drivers: milesightDrivers.map((d) => d.id), id: 'reporting-interval', seconds: 60, fPort: 85, bytes: 'ff033c00' },
  {
    drivers: milesightDrivers.map((d) => d.id),
    id: 'reporting-interval',
    seconds: 64_800,
    fPort: 85,
    bytes: 'ff0320fd',
  },
  // "Reset" vector: FEFE00003C50.
  { drivers: decentlabDrivers.map((d) => d.id), id: 'reboot', fPort: 1, bytes: 'fefe00003c50' },
  // "Set period 3600 seconds and save" vector: 00020E1048A4.
  {
    drivers: decentlabDrivers.map((d) => d.id),
    id: 'reporting-interval',
    seconds: 3600,
    fPort: 1,
    bytes: '00020e1048a4',
  },
  // "Set period 600 seconds" vector: 000102587E51.
  {
    drivers: decentlabDrivers.map((d) => d.id),
    id: 'reporting-interval-until-reboot',
    seconds: 600,
    fPort: 1,
    bytes: '000102587e51',
  },
];

describe('driver commands', () => {
  it.each(encodings)('$id ($seconds s) is $bytes on fPort $fPort for every driver of the vendor', (row) => {
    for (const driverId of row.drivers) {
      const command = commandsOf(driverId).find((candidate) => candidate.id === row.id);
      expect(command, `${driverId} has ${row.id}`).toBeDefined();
      const encoded = command?.encode(row.seconds);
      expect({ driverId, fPort: encoded?.fPort, bytes: encoded && hex(encoded.bytes) }).toEqual({
        driverId,
        fPort: row.fPort,
        bytes: row.bytes,
      });
    }
  });

  it('offers each vendor its commands, interval commands with their range, and none without a known format', () => {
    expect(commandsOf('milesight-am307').map(({ id, type, interval }) => ({ id, type, interval }))).toEqual([
      { id: 'reboot', type: 'action', interval: undefined },
      { id: 'reporting-interval', type: 'interval', interval: { min: 60, max: 64_800 } },
    ]);
    expect(commandsOf('decentlab-dl-iam').map(({ id, interval }) => ({ id, interval }))).toEqual([
      { id: 'reboot', interval: undefined },
      { id: 'reporting-interval', interval: { min: 60, max: 65_535 } },
      { id: 'reporting-interval-until-reboot', interval: { min: 60, max: 65_535 } },
    ]);
    // Elsys's downlink format is not confirmed from the vendor: raw commands only.
    expect(commandsOf('elsys')).toEqual([]);
    expect(commandsOf('json')).toEqual([]);
    expect(commandsOf('no-such-driver')).toEqual([]);
    expect(commandsOf(null)).toEqual([]);
  });

  it('gives every command an English name and description, and unique ids per driver', () => {
    for (const driver of drivers) {
      const ids = commandsOf(driver.id).map((command) => command.id);
      expect(new Set(ids).size, driver.id).toBe(ids.length);
      for (const command of commandsOf(driver.id)) {
        expect(command.name.length, command.id).toBeGreaterThan(0);
        expect(command.description.length, command.id).toBeGreaterThan(0);
        expect(command.type === 'interval', command.id).toBe(command.interval !== undefined);
      }
    }
  });

  const outOfRange: Array<{ driverId: string; id: string; seconds: number | undefined; message: string }> = [
    {
      driverId: 'milesight-em500-co2',
      id: 'reporting-interval',
      seconds: 59,
      message: 'Set reporting interval needs a whole number of seconds from 60 to 64800, not 59',
    },
    {
      driverId: 'milesight-em500-co2',
      id: 'reporting-interval',
      seconds: 64_801,
      message: 'Set reporting interval needs a whole number of seconds from 60 to 64800, not 64801',
    },
    {
      driverId: 'milesight-ws202',
      id: 'reporting-interval',
      seconds: 600.5,
      message: 'Set reporting interval needs a whole number of seconds from 60 to 64800, not 600.5',
    },
    {
      driverId: 'milesight-ws202',
      id: 'reporting-interval',
      seconds: undefined,
      message: 'Set reporting interval needs a whole number of seconds from 60 to 64800, not none',
    },
    {
      driverId: 'decentlab-dl-pr26',
      id: 'reporting-interval',
      seconds: 65_536,
      message: 'Set reporting interval needs a whole number of seconds from 60 to 65535, not 65536',
    },
    {
      driverId: 'decentlab-dl-pr26',
      id: 'reporting-interval-until-reboot',
      seconds: 0,
      message: 'Set reporting interval until restart needs a whole number of seconds from 60 to 65535, not 0',
    },
  ];

  it.each(outOfRange)('refuses $seconds s for $id of $driverId', ({ driverId, id, seconds, message }) => {
    const command = commandsOf(driverId).find((candidate) => candidate.id === id);
    expect(() => command?.encode(seconds)).toThrow(new RangeError(message));
  });
});
