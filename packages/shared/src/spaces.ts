import { z } from 'zod';
import { intId, nameField, optionalText, tenancyBounds } from './input-fields.ts';

/** Inputs of a project's spaces. */

const spaceFields = {
  name: nameField,
  description: optionalText(tenancyBounds.descriptionMax),
  show: z.boolean().optional(),
  weather: z.boolean().optional(),
  weatherDatatype: optionalText(tenancyBounds.nameMax),
  weatherLimit: z.number().int().nullish(),
  weatherId: z.number().int().nullish(),
  colorId: z.number().int().nullish(),
};
export const createSpaceInput = z.object({ projectId: intId, ...spaceFields });
export const updateSpaceInput = z.object({ id: intId, ...spaceFields, name: nameField.optional() });
