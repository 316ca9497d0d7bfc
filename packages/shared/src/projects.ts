import { z } from 'zod';
import { languageSchema } from './accounts.ts';
import { usageScheduleSchema } from './classification.ts';
import { dataFilterSchema, dataViewBounds } from './data-views.ts';
import { tenancyErrors } from './error-messages.ts';
import { endNotBeforeStart, intId, nameField, optionalText, tenancyBounds, uuidSchema } from './input-fields.ts';
import { coordinatesInput } from './weather.ts';

/** Inputs of projects and their memberships. */

/** An IANA time zone the runtime knows. */
export const timeZoneSchema = z
  .string()
  .trim()
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, tenancyErrors.unknownTimeZone);

const dataSlotDefaults = z
  .object({
    nulls: z.boolean().optional(),
    mode: z.enum(['avg', 'min', 'max']).optional(),
    slot: z
      .number()
      .int()
      .positive()
      .max(31 * 24 * 3600)
      .optional(),
    filters: z.array(dataFilterSchema).max(dataViewBounds.filtersMax, { message: 'Too many' }).optional(),
  })
  .strict();

const projectFields = {
  name: nameField,
  description: optionalText(tenancyBounds.descriptionMax),
  code: optionalText(tenancyBounds.codeMax),
  startAt: z.date().nullish(),
  endAt: z.date().nullish(),
  timeZone: timeZoneSchema.optional(),
  /** Where the project is (its weather's station is the nearest one): both or neither. */
  latitude: coordinatesInput.shape.latitude.nullish(),
  longitude: coordinatesInput.shape.longitude.nullish(),
  /** The language of the names Olo gives the project's new series (decision 0167). */
  language: languageSchema.optional(),
  defaultSelect: z
    .number()
    .int({ message: 'Invalid number' })
    .min(1, { message: 'Too small' })
    .max(tenancyBounds.defaultSelectMax, { message: 'Too large' })
    .optional(),
  showLive: z.boolean().optional(),
  showReport: z.boolean().optional(),
  showAlarm: z.boolean().optional(),
  /** On: the project has a public link; off: the link stops working. */
  isPublic: z.boolean().optional(),
  defaults: dataSlotDefaults.optional(),
  /** When the spaces are in use: the occupied time of the indoor climate classification (decision 0193). */
  usageSchedule: usageScheduleSchema.optional(),
  pictureId: uuidSchema.nullish(),
  attachmentId: uuidSchema.nullish(),
};

/** Latitude and longitude are given together: a point needs both. */
const bothCoordinates = (input: { latitude?: number | null; longitude?: number | null }, context: z.RefinementCtx) => {
  if (input.latitude === undefined && input.longitude === undefined) return;
  if (((input.latitude ?? null) === null) !== ((input.longitude ?? null) === null)) {
    const path = [(input.latitude ?? null) === null ? 'latitude' : 'longitude'];
    context.addIssue({ code: 'custom', path, message: 'Give both coordinates' });
  }
};

export const createProjectInput = z
  .object({ organizationId: uuidSchema, ...projectFields })
  .superRefine(endNotBeforeStart)
  .superRefine(bothCoordinates);

export const updateProjectInput = z
  .object({ id: intId, ...projectFields, name: nameField.optional() })
  .superRefine(endNotBeforeStart)
  .superRefine(bothCoordinates);

/** Projects one live subscription (`projectsStatusUpdated`, a dashboard's cards) may follow. */
export const projectsFollowedMax = 100;

export const projectAdminActions = ['end', 'archive', 'unarchive', 'hide', 'unhide'] as const;
export type ProjectAdminAction = (typeof projectAdminActions)[number];

export const projectMemberFlags = z.object({
  isAdmin: z.boolean().optional(),
  canAdminAlarms: z.boolean().optional(),
  canAdminReports: z.boolean().optional(),
  canAdminSeries: z.boolean().optional(),
  canViewAlarms: z.boolean().optional(),
  canViewReports: z.boolean().optional(),
});

export const createProjectMembershipInput = projectMemberFlags.extend({ projectId: intId, userId: uuidSchema });
export const updateProjectMembershipInput = projectMemberFlags.extend({ id: uuidSchema });
