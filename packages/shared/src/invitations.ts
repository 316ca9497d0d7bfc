import { z } from 'zod';
import { emailSchema, usernameSchema } from './accounts.ts';
import { tenancyErrors } from './error-messages.ts';
import { intId, uuidSchema } from './input-fields.ts';

/** Inputs of invitations to organizations and projects. */

export const inviteInput = z
  .object({
    organizationId: uuidSchema.nullish(),
    projectId: intId.nullish(),
    email: z
      .string()
      .trim()
      .nullish()
      .transform((value) => (value ? value : null))
      .pipe(emailSchema.nullable()),
    username: z
      .string()
      .trim()
      .nullish()
      .transform((value) => (value ? value : null))
      .pipe(usernameSchema.nullable()),
  })
  .superRefine((input, context) => {
    if (Boolean(input.organizationId) === Boolean(input.projectId)) {
      context.addIssue({ code: 'custom', path: ['organizationId'], message: tenancyErrors.invitationTargetRequired });
    }
    if (!input.email && !input.username) {
      context.addIssue({ code: 'custom', path: ['email'], message: tenancyErrors.inviteeRequired });
    }
  });

export const acceptInvitationInput = z.object({
  invitationId: uuidSchema,
  code: z.string().trim().max(200, { message: 'Too long' }).nullish(),
});
