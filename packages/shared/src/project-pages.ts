import { z } from 'zod';
import { intId, nameField, optionalText, tenancyBounds } from './input-fields.ts';

/** Inputs of a project's summary pages. */

const pageFields = {
  name: nameField,
  content: z.string().max(tenancyBounds.pageContentMax, { message: 'Too long' }).optional(),
  icon: optionalText(tenancyBounds.iconMax),
  order: z.number().int().min(-1_000_000).max(1_000_000).optional(),
  show: z.boolean().optional(),
  type: z.enum(['text', 'live', 'summary', 'alarms', 'reports']).optional(),
  internal: z.boolean().optional(),
};
export const createProjectPageInput = z.object({ projectId: intId, ...pageFields });
export const updateProjectPageInput = z.object({ id: intId, ...pageFields, name: nameField.optional() });
