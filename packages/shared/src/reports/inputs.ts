import { z } from 'zod';
import { dataViewErrors } from '../data-views.ts';
import { intId, nameField } from '../input-fields.ts';
import { reportContentInput } from './content.ts';
import { reportDataslotsSchema } from './dataslots.ts';
import { reportPeriodSchema } from './periods.ts';

const range = {
  from: z.coerce.date({ message: 'Required' }),
  to: z.coerce.date({ message: 'Required' }),
};
const toAfterFrom = (input: { from?: Date; to?: Date }, context: z.RefinementCtx) => {
  if (input.from && input.to && input.to <= input.from) {
    context.addIssue({ code: 'custom', path: ['to'], message: dataViewErrors.toBeforeFrom });
  }
};

/** A new report: blank, or from a template of the project's organization (its content mapped onto this project). */
export const createReportInput = z
  .object({
    projectId: intId,
    name: nameField,
    ...range,
    templateId: intId.nullish(),
  })
  .strict()
  .superRefine(toAfterFrom);
export type CreateReportInput = z.output<typeof createReportInput>;

/**
 * Saves a report. `version` is the version the editor last read: a save over a newer one (another
 * tab, another user) is refused with `reportErrors.changedElsewhere` rather than losing their work.
 */
export const updateReportInput = z
  .object({
    id: intId,
    version: z.number().int().nonnegative().optional(),
    name: nameField.optional(),
    content: reportContentInput.optional(),
    dataslots: reportDataslotsSchema.optional(),
    from: range.from.optional(),
    to: range.to.optional(),
    /** Null returns to the fixed range from–to. */
    period: reportPeriodSchema.nullish(),
    landscape: z.boolean().optional(),
    coverId: intId.nullish(),
    printtemplateId: intId.nullish(),
    template: z.boolean().optional(),
    summary: z.boolean().optional(),
  })
  .strict()
  .superRefine(toAfterFrom);
export type UpdateReportInput = z.output<typeof updateReportInput>;

/** A copy of a report in the same project or another one the user edits reports of (series mapped by space name). */
export const cloneReportInput = z.object({ id: intId, projectId: intId, name: nameField.optional() }).strict();
export type CloneReportInput = z.output<typeof cloneReportInput>;
