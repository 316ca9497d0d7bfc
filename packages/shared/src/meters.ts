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

/** Free-form meta of a meter (floor, wing, owner…): text keys and values, bounded. */
export const meterMetaBounds = { entriesMax: 20, keyMax: 64, valueMax: 200 } as const;

const meterMetaEntry = z.object({
  key: z.string().trim().min(1, { message: 'Required' }).max(meterMetaBounds.keyMax, { message: 'Too long' }),
  value: z.string().trim().max(meterMetaBounds.valueMax, { message: 'Too long' }),
});

/** Entries in order; stored as one object, so a key may come only once. */
export const meterMetaInput = z
  .array(meterMetaEntry)
  .max(meterMetaBounds.entriesMax, { message: 'Too many' })
  .superRefine((entries, context) => {
    const seen = new Set<string>();
    entries.forEach((entry, index) => {
      if (seen.has(entry.key))
        context.addIssue({ code: 'custom', path: [index, 'key'], message: 'Each key only once' });
      seen.add(entry.key);
    });
  })
  .transform((entries) => Object.fromEntries(entries.map((entry) => [entry.key, entry.value])));

export const updateMeterInput = z.object({
  id: intId,
  name: optionalText(tenancyBounds.nameMax),
  description: optionalText(tenancyBounds.descriptionMax),
  location: optionalText(tenancyBounds.nameMax),
  driver: z.string().trim().max(64).nullish(),
  active: z.boolean().optional(),
  /** Absent: left as it is; given: replaces the whole meta. */
  meta: meterMetaInput.optional(),
});
