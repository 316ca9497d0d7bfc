import { z } from 'zod';
import { expressionBounds, expressionProblem } from './expressions.ts';
import { isMeasurementType } from './measurements.ts';

/**
 * Inputs of a meter's conversions and calibrations (../shared/ARCHITECTURE.md section 5), shared by
 * the GraphQL resolvers and the meter page's forms. Messages are i18n keys.
 */
export const calibrationErrors = {
  /** See docs/decisions/0015-calibration-overlap.md. */
  overlapsLater: 'Another calibration of this channel starts within this range',
  endNotAfterStart: 'The end must be after the start',
} as const;

export const calibrationBounds = {
  channelMax: 64,
  nameMax: 200,
  /** Readings testCalibration evaluates, newest first. */
  testReadings: 20,
} as const;

const intId = z.coerce
  .number({ message: 'Invalid id' })
  .int({ message: 'Invalid id' })
  .positive({ message: 'Invalid id' });

const channel = z
  .string({ message: 'Required' })
  .trim()
  .min(1, { message: 'Required', abort: true })
  .max(calibrationBounds.channelMax, { message: 'Too long' });

/** An arithmetic expression of `x`; the issue is the evaluator's own message (an i18n key). */
export const expressionSchema = z
  .string({ message: 'Required' })
  .trim()
  .superRefine((source, context) => {
    const problem = expressionProblem(source);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

export const createConversionInput = z.object({
  meterId: intId,
  channel,
  /** Defaults to the channel's name. */
  name: z
    .string()
    .trim()
    .max(calibrationBounds.nameMax, { message: 'Too long' })
    .nullish()
    .transform((value) => value || null),
  /** Measurement type of the converted value; null keeps the channel's own. */
  target: z
    .string()
    .nullish()
    .transform((value) => value || null)
    .refine((value) => value === null || isMeasurementType(value), { message: 'Unknown measurement type' }),
  expression: expressionSchema,
});

const endAfterStart = (input: { startAt?: Date | null; endAt?: Date | null }, context: z.RefinementCtx) => {
  if (input.startAt && input.endAt && input.endAt.getTime() <= input.startAt.getTime()) {
    context.addIssue({ code: 'custom', path: ['endAt'], message: calibrationErrors.endNotAfterStart });
  }
};

export const createCalibrationInput = z
  .object({
    meterId: intId,
    channel,
    expression: expressionSchema,
    /** Omitted: now. */
    startAt: z.date().nullish(),
    /** Exclusive; omitted or null: open-ended. */
    endAt: z.date().nullish(),
  })
  .superRefine(endAfterStart);

/** Omitted fields stay as they are; endAt null makes the calibration open-ended. */
export const updateCalibrationInput = z
  .object({
    id: intId,
    expression: expressionSchema.optional(),
    startAt: z.date().optional(),
    endAt: z.date().nullish(),
  })
  .superRefine(endAfterStart);

/** The expression is not validated here: testCalibration reports its problem on each result. */
export const testCalibrationInput = z.object({
  meterId: intId,
  channel,
  expression: z.string({ message: 'Required' }).max(expressionBounds.maxLength * 5, { message: 'Too long' }),
});
