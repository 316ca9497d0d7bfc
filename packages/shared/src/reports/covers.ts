import { z } from 'zod';
import { intId, nameField, uuidSchema } from '../input-fields.ts';
import { reportBounds, reportErrors } from './bounds.ts';
import { jsonDepth, reportContentVersion } from './content.ts';
import { checkReportTree, reportElementSchema, walkReportElements } from './elements.ts';

/**
 * A cover's designed page: the organization's logo (an attachment of the organization, or none)
 * above texts and rich texts with variables.
 */
export const reportCoverContentSchema = z
  .object({
    version: z.literal(reportContentVersion),
    logoAttachmentId: uuidSchema.nullable().default(null),
    elements: z.array(reportElementSchema).max(50, { message: 'Too many' }).default([]),
  })
  .strict()
  .superRefine((cover, context) => {
    checkReportTree(cover.elements, context);
    let other = false;
    walkReportElements(cover.elements, (element) => {
      if (element.kind !== 'text' && element.kind !== 'richText') other = true;
    });
    if (other) context.addIssue({ code: 'custom', message: reportErrors.coverElements, path: ['elements'] });
  });
export type ReportCoverContent = z.output<typeof reportCoverContentSchema>;

export const emptyReportCoverContent: ReportCoverContent = {
  version: reportContentVersion,
  logoAttachmentId: null,
  elements: [],
};

const coverField = z.unknown().transform((value, context) => {
  if (
    JSON.stringify(value ?? null).length > reportBounds.contentBytesMax ||
    jsonDepth(value) > reportBounds.jsonDepthMax
  ) {
    context.addIssue({ code: 'custom', message: reportErrors.tooLarge });
    return z.NEVER;
  }
  const parsed = reportCoverContentSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  context.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'Invalid cover' });
  return z.NEVER;
});

export const createReportCoverInput = z
  .object({ organizationId: uuidSchema, name: nameField, cover: coverField.optional() })
  .strict();
export const updateReportCoverInput = z
  .object({ id: intId, name: nameField.optional(), cover: coverField.optional() })
  .strict();
export type CreateReportCoverInput = z.output<typeof createReportCoverInput>;
export type UpdateReportCoverInput = z.output<typeof updateReportCoverInput>;
