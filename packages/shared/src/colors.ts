import { z } from 'zod';
import { limitErrors } from './error-messages.ts';
import { nameField, uuidSchema } from './input-fields.ts';

/**
 * Colours (spec §3 Color): named palette entries, global (organizationId null, site admins) or an
 * organization's (its admins). Spaces and series pick one by id; `type` says what a colour is for,
 * so that a picker offers the right ones first.
 */
export const colorTypes = ['chart', 'band', 'print'] as const;
export type ColorType = (typeof colorTypes)[number];

/** A CSS colour as `#rrggbb`, kept in lower case (the only form the gauges, uPlot and the PDF all read alike). */
export const hexColor = z
  .string({ message: limitErrors.invalidColor })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { message: limitErrors.invalidColor })
  .transform((value) => value.toLowerCase());

/** Sort position of a colour or a limit among its kind (spec §9: colours by order; limits by type, then order). */
export const orderField = z.number().int().min(-1_000_000).max(1_000_000);

const colorFields = {
  name: nameField,
  color: hexColor,
  type: z.enum(colorTypes),
  order: orderField.optional(),
};

/** organizationId null or absent: a global colour. */
export const createColorInput = z.object({ ...colorFields, organizationId: uuidSchema.nullish() });
export const updateColorInput = z.object({
  id: z.number().int().positive(),
  name: nameField.optional(),
  color: hexColor.optional(),
  type: z.enum(colorTypes).optional(),
  order: orderField.optional(),
});
export type CreateColorInput = z.infer<typeof createColorInput>;
export type UpdateColorInput = z.infer<typeof updateColorInput>;
