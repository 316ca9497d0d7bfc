import { z } from 'zod';
import { intId } from './input-fields.ts';
import { meterErrors } from './meters.ts';

/** Inputs and limits of downlink commands to meters. */

export const meterCommandBounds = {
  nameMax: 200,
  /** Meters one bulk command reaches: a saved list of a large organization, not the whole site. */
  bulkMetersMax: 1000,
} as const;

const commandId = z
  .string({ message: 'Required' })
  .trim()
  .min(1, { message: 'Required' })
  .max(64, { message: 'Too long' });
/** Seconds; the command's own range is checked against the meter's driver. */
const commandInterval = z.number({ message: 'Invalid number' }).int({ message: meterErrors.commandIntervalOutOfRange });

/**
 * One command to one meter: a command of its driver by id (with seconds for an interval command),
 * or a raw downlink (port and hex bytes) under a name of the sender's choosing.
 */
export const sendMeterCommandInput = z
  .object({
    meterId: intId,
    commandId: commandId.nullish(),
    interval: commandInterval.nullish(),
    name: z.string().trim().max(meterCommandBounds.nameMax, { message: 'Too long' }).nullish(),
    fPort: z.number().nullish(),
    // People paste bytes with spaces or colons between them.
    payloadHex: z
      .string()
      .transform((value) => value.replace(/[\s:]/g, '').toLowerCase())
      .nullish(),
  })
  .superRefine((input, context) => {
    if (input.commandId) return;
    if (input.fPort == null && !input.payloadHex) {
      context.addIssue({ code: 'custom', path: ['commandId'], message: meterErrors.commandOrPayload });
      return;
    }
    const portOk = Number.isInteger(input.fPort) && (input.fPort as number) >= 1 && (input.fPort as number) <= 223;
    if (!portOk || !/^([0-9a-f]{2}){1,242}$/.test(input.payloadHex ?? '')) {
      context.addIssue({ code: 'custom', path: ['payloadHex'], message: meterErrors.payloadHex });
    }
    if (!input.name) context.addIssue({ code: 'custom', path: ['name'], message: 'Required' });
  });

/** The same command of their drivers to many meters (the `/meters` bulk action). */
export const sendMeterCommandsInput = z.object({
  meterIds: z
    .array(intId)
    .min(1, { message: 'Choose at least one meter' })
    .max(meterCommandBounds.bulkMetersMax, { message: 'Too many meters' })
    .transform((ids) => [...new Set(ids)]),
  commandId,
  interval: commandInterval.nullish(),
});
