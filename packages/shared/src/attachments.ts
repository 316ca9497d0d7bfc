import { z } from 'zod';
import { tenancyErrors } from './error-messages.ts';
import { intId, nameField, uuidSchema } from './input-fields.ts';

/** Content types an attachment may have; anything else is refused. */
export const attachmentContentTypes = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
  'application/pdf',
  'text/plain',
  'text/csv',
] as const;

/** The form fields of POST /api/attachments (multipart: the target's field, then the file, whose name and type these are). */
export const attachmentUploadInput = z.object({
  projectId: intId.nullish(),
  organizationId: uuidSchema.nullish(),
  name: nameField,
  contentType: z.enum(attachmentContentTypes, { message: tenancyErrors.attachmentType }),
});
/** Where the web app uploads a file (multipart/form-data, with the CSRF header). */
export const attachmentUploadPath = '/api/attachments';
