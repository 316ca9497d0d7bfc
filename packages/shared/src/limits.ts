import { z } from 'zod';
import { hexColor, orderField } from './colors.ts';
import { limitErrors } from './error-messages.ts';
import { nameField, uuidSchema } from './input-fields.ts';
import { measurementTypes } from './measurements.ts';

/**
 * Limits (spec §3 Limit): a banded scale of one measurement type. The scale runs `min`..`max`;
 * `limits` are the band edges, ascending, and `colors[i]` colours the band that ends at `limits[i]`
 * (the first starts at `min`); `maxcolor` colours the band above the last edge (the only band when
 * there are no edges). `normalMin`..`normalMax` (bounds included, either may be open) is the
 * acceptable range an alarm with `activeLimit` watches. `opacity` (0..1) is how strongly the bands
 * are drawn behind graphs; `split` whether a gauge's arc shows the bands.
 */
export const limitBounds = {
  /** Band edges of one limit: 12 bands are more than a reader can tell apart. */
  edgesMax: 11,
  /** Any value of any type fits well inside (Pa, ppm, lux): an end beyond is a typing slip. */
  valueAbsMax: 1_000_000_000,
} as const;

const scaleValue = z
  .number({ message: 'Required' })
  .finite()
  .min(-limitBounds.valueAbsMax, { message: 'Too small' })
  .max(limitBounds.valueAbsMax, { message: 'Too large' });

const limitScaleFields = {
  min: scaleValue,
  max: scaleValue,
  limits: z.array(scaleValue).max(limitBounds.edgesMax, { message: limitErrors.tooManyBands }),
  colors: z.array(hexColor).max(limitBounds.edgesMax, { message: limitErrors.tooManyBands }),
  maxcolor: hexColor,
  normalMin: scaleValue.nullable(),
  normalMax: scaleValue.nullable(),
  split: z.boolean(),
  opacity: z.number().min(0).max(1),
};

/** What draws and judges a value: a limit without its name, type and owner. */
export interface LimitScale {
  min: number;
  max: number;
  limits: number[];
  colors: string[];
  maxcolor: string;
  normalMin: number | null;
  normalMax: number | null;
  split: boolean;
  opacity: number;
}

/** The rules between a scale's fields: edges ascending strictly inside min..max, a colour per band, a normal range in order. */
export function checkLimitScale(scale: LimitScale, context: z.RefinementCtx): void {
  if (!(scale.max > scale.min)) {
    context.addIssue({ code: 'custom', path: ['max'], message: limitErrors.maxNotAboveMin });
    return;
  }
  scale.limits.forEach((edge, index) => {
    if (edge <= scale.min || edge >= scale.max) {
      context.addIssue({ code: 'custom', path: ['limits', index], message: limitErrors.edgeOutsideScale });
    } else if (index > 0 && edge <= (scale.limits[index - 1] as number)) {
      context.addIssue({ code: 'custom', path: ['limits', index], message: limitErrors.edgesNotAscending });
    }
  });
  if (scale.colors.length !== scale.limits.length) {
    context.addIssue({ code: 'custom', path: ['colors'], message: limitErrors.colorPerBand });
  }
  if (scale.normalMin !== null && scale.normalMax !== null && scale.normalMax < scale.normalMin) {
    context.addIssue({ code: 'custom', path: ['normalMax'], message: limitErrors.normalMaxBelowMin });
  }
}

/** A whole scale, checked: what the service checks again after merging an update into the stored limit. */
export const limitScale = z.object(limitScaleFields).superRefine(checkLimitScale);

const limitOwnFields = {
  name: nameField,
  dataType: z.enum(measurementTypes as [string, ...string[]], { message: 'Unknown measurement type' }),
  order: orderField,
};

/** organizationId null or absent: a global limit (site admins). */
export const createLimitInput = z
  .object({ ...limitOwnFields, ...limitScaleFields, organizationId: uuidSchema.nullish() })
  .superRefine(checkLimitScale);

/** Fields left out stay as they are; the merged limit must pass `limitScale`. */
export const updateLimitInput = z
  .object({ ...limitOwnFields, ...limitScaleFields })
  .partial()
  .extend({ id: z.number().int().positive() });

export type CreateLimitInput = z.infer<typeof createLimitInput>;
export type UpdateLimitInput = z.infer<typeof updateLimitInput>;
