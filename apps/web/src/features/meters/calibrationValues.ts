import {
  createCalibrationInput,
  createConversionInput,
  expressionProblem,
  measurementTypes,
  updateCalibrationInput,
} from '@olo/shared';
import { formSchema } from '../forms/formSchema.ts';
import { fromDateTimeInput, toDateTimeInput } from '../project-edit/dateTimeInput.ts';

/**
 * Spec section 5 (docs/decisions/0015-calibration-overlap.md): a calibration change whose range starts more than a
 * minute in the past rewrites the stored series values; a younger one leaves them.
 */
export const recomputeAfterMs = 60_000;

/** Whether a change from `time` on recomputes stored values. */
export function recomputes(time: Date | string, now: number): boolean {
  return new Date(time).getTime() < now - recomputeAfterMs;
}

/** Measurement types a conversion may turn a channel into: every type but 'ignore', which is never shown. */
export const conversionTargets = measurementTypes.filter((type) => type !== 'ignore');

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/**
 * An instant as a datetime-local input shows it, to the minute: on the wall clock of `timeZone` (the meter page's,
 * decision 0090), or without one on the viewer's own.
 */
export function toLocalInput(time: Date | string | null | undefined, timeZone?: string): string {
  if (!time) return '';
  if (timeZone) return toDateTimeInput(typeof time === 'string' ? time : time.toISOString(), timeZone);
  const date = new Date(time);
  if (Number.isNaN(date.getTime())) return '';
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value (the wall clock of `timeZone`, or the viewer's) as an instant; null when empty or incomplete. */
export function fromLocalInput(value: string, timeZone?: string): Date | null {
  if (timeZone) return fromDateTimeInput(value, timeZone);
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const date = new Date(year, month - 1, day, hour, minute);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The problem of a typed expression as the user types it; nothing for an empty one, which only a save reports. */
export function typedExpressionProblem(expression: string): string | null {
  return expression.trim() ? expressionProblem(expression) : null;
}

export type ConversionValues = {
  expression: string;
  /** '' names the conversion after its channel. */
  name: string;
  /** '' keeps the channel's measurement type. */
  target: string;
};

export function conversionInput(meterId: number, channel: string, values: ConversionValues) {
  return {
    meterId,
    channel,
    expression: values.expression.trim(),
    name: values.name.trim() || null,
    target: values.target || null,
  };
}

export const conversionSchema = (meterId: number, channel: string) =>
  formSchema<ConversionValues>({
    schema: createConversionInput,
    toInput: (values) => conversionInput(meterId, channel, values),
  });

export type CalibrationValues = {
  expression: string;
  /** The viewer's wall clock, as a datetime-local input holds it. */
  startAt: string;
  /** '' for open-ended. */
  endAt: string;
};

export const newCalibrationSchema = (meterId: number, channel: string, timeZone?: string) =>
  formSchema<CalibrationValues>({
    schema: createCalibrationInput,
    toInput: (values) => ({
      meterId,
      channel,
      expression: values.expression,
      startAt: fromLocalInput(values.startAt, timeZone),
      endAt: fromLocalInput(values.endAt, timeZone),
    }),
  });

/** An edited calibration keeps a start: clearing it would not mean "now" as it does for a new one. */
export const editCalibrationSchema = (id: number, timeZone?: string) =>
  formSchema<CalibrationValues>({
    schema: updateCalibrationInput,
    toInput: (values) => ({
      id,
      expression: values.expression,
      startAt: fromLocalInput(values.startAt, timeZone) ?? undefined,
      endAt: fromLocalInput(values.endAt, timeZone),
    }),
    issues: (values) => (fromLocalInput(values.startAt, timeZone) ? [] : [{ message: 'Required', path: ['startAt'] }]),
  });

/**
 * What an edit changes: the inputs show times to the minute, so a time left as it was is sent as nothing rather
 * than as its minute, which would move a calibration that starts within one and recompute the values.
 */
export function calibrationUpdate(
  calibration: { id: number; expression: string; range: { start: string; end?: string | null } },
  initial: CalibrationValues,
  values: CalibrationValues,
  timeZone?: string,
) {
  const startAt = values.startAt === initial.startAt ? undefined : fromLocalInput(values.startAt, timeZone);
  const endAt = values.endAt === initial.endAt ? undefined : fromLocalInput(values.endAt, timeZone);
  const expression = values.expression.trim();
  return {
    id: calibration.id,
    ...(expression !== calibration.expression ? { expression } : {}),
    ...(startAt ? { startAt: startAt.toISOString() } : {}),
    ...(endAt !== undefined ? { endAt: endAt?.toISOString() ?? null } : {}),
  };
}
