import { z } from 'zod';
import { intId, optionalText, tenancyBounds } from './input-fields.ts';

/** Inputs, limits and messages of meters (their commands: meter-commands.ts). */

export const meterSerialsInput = z.object({
  serials: z
    .array(
      z
        .string()
        .trim()
        .transform((serial) => serial.replace(/[^0-9a-fA-F]/g, '').toLowerCase())
        .pipe(z.string().length(16, { message: 'A serial (DevEUI) has 16 hex digits' })),
    )
    .min(1, { message: 'Required' })
    .max(500, { message: 'Too many' }),
});

/** Battery history: days of one query, so that a range stays one cheap index scan of the meter's readings. */
export const meterBounds = {
  batteryHistoryMaxDays: 3 * 366,
} as const;

export const meterErrors = {
  batteryHistoryTooLong: 'Choose at most three years of battery history',
  unknownCommand: "This meter's driver has no such command",
  commandIntervalOutOfRange: 'Choose an interval the command accepts',
  commandOrPayload: 'Choose a command, or give a port and the payload as hex bytes',
  payloadHex: 'Give the payload as hex bytes and a port 1–223',
} as const;

export const updateMeterInput = z.object({
  id: intId,
  name: optionalText(tenancyBounds.nameMax),
  description: optionalText(tenancyBounds.descriptionMax),
  location: optionalText(tenancyBounds.nameMax),
  driver: z.string().trim().max(64).nullish(),
  active: z.boolean().optional(),
});
