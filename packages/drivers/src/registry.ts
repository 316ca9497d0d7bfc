import type { DriverCommand } from './commands.ts';
import { decentlabDrivers } from './decentlab.ts';
import { elsysDriver } from './elsys.ts';
import { genericJsonDriver } from './generic-json.ts';
import { milesightDrivers } from './milesight.ts';
import type { DeviceIdentity, Driver } from './types.ts';

/** Every driver, binary ones first; the generic JSON driver matches no device identity. */
export const drivers: readonly Driver[] = [elsysDriver, ...milesightDrivers, ...decentlabDrivers, genericJsonDriver];

const driversById = new Map(drivers.map((driver) => [driver.id, driver]));

export function findDriver(id: string): Driver | undefined {
  return driversById.get(id);
}

/**
 * The driver for a device as its network server names it: The Things Stack `version_ids`
 * (brand_id and model_id) or a ChirpStack device profile name. Undefined when none is known; the
 * meter's readings are then kept raw until an admin sets a driver.
 */
export function driverForDevice(identity: DeviceIdentity): Driver | undefined {
  return drivers.find((driver) => driver.matches?.(identity) === true);
}

export interface DriverSummary {
  id: string;
  vendor: string;
  models: readonly string[];
}

/** For pickers and documentation: every driver with the models it decodes. */
export function listDrivers(): DriverSummary[] {
  return drivers.map(({ id, vendor, models }) => ({ id, vendor, models }));
}

/** The commands a meter with this driver can be sent by id; none for an unknown or missing driver. */
export function commandsOf(driverId: string | null | undefined): readonly DriverCommand[] {
  return (driverId ? findDriver(driverId)?.commands : undefined) ?? [];
}
