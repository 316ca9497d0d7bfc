import { z } from 'zod';
import { tenancyErrors } from './error-messages.ts';

/**
 * What the input schemas of organizations, projects and their parts share: limits and field
 * builders. Messages are i18n keys.
 */
export const tenancyBounds = {
  nameMax: 200,
  slugMax: 64,
  descriptionMax: 5000,
  codeMax: 64,
  pageContentMax: 100_000,
  iconMax: 64,
  defaultSelectMax: 3650,
  /** Bytes of one uploaded file. */
  attachmentMaxBytes: 5 * 1024 * 1024,
  invitationDays: 14,
} as const;

export const required = (field: z.ZodString) => field.min(1, { message: 'Required', abort: true });
export const nameField = required(z.string({ message: 'Required' }).trim()).max(tenancyBounds.nameMax, {
  message: 'Too long',
});
/** Absent stays absent (an update leaves the field alone); empty or null clears it. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: 'Too long' })
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null));

export const uuidSchema = z.string({ message: 'Required' }).trim().uuid({ message: 'Invalid id' });
export const intId = z.coerce
  .number({ message: 'Invalid id' })
  .int({ message: 'Invalid id' })
  .positive({ message: 'Invalid id' });

/** A period (a project's, a datasource's) whose end, when both are set, is not before its start. */
export const endNotBeforeStart = (input: { startAt?: Date | null; endAt?: Date | null }, context: z.RefinementCtx) => {
  if (input.startAt && input.endAt && input.endAt < input.startAt) {
    context.addIssue({ code: 'custom', path: ['endAt'], message: tenancyErrors.endBeforeStart });
  }
};
