import { z } from 'zod';
import { endNotBeforeStart, intId, nameField, optionalText, required, tenancyBounds } from './input-fields.ts';
import { isMeasurementType } from './measurements.ts';

/** Inputs of a project's series and the datasources that feed them from meter channels. */

const dataTypeSchema = z.string().refine((value) => isMeasurementType(value), { message: 'Unknown measurement type' });

const seriesFields = {
  name: nameField,
  description: optionalText(tenancyBounds.descriptionMax),
  spaceId: intId.nullish(),
  dataType: dataTypeSchema,
  dataUnit: optionalText(20),
  dataName: optionalText(tenancyBounds.nameMax),
  colorId: z.number().int().nullish(),
  limitId: z.number().int().nullish(),
  locked: z.boolean().optional(),
};
export const createSeriesInput = z.object({ projectId: intId, ...seriesFields });
export const updateSeriesInput = z.object({
  id: intId,
  ...seriesFields,
  name: nameField.optional(),
  dataType: dataTypeSchema.optional(),
});

const datasourceBounds = {
  startAt: z.date().nullish(),
  startInclusive: z.boolean().optional(),
  endAt: z.date().nullish(),
  endInclusive: z.boolean().optional(),
};
/** A datasource function and the further channels it reads; null clears the function. */
const datasourceFunctionFields = {
  functionId: z.string().trim().max(64, { message: 'Too long' }).nullish(),
  extraChannels: z
    .array(required(z.string({ message: 'Required' }).trim()).max(64, { message: 'Too long' }))
    .max(4)
    .optional(),
};
export const createSeriesDatasourceInput = z
  .object({
    seriesId: intId,
    meterId: intId,
    channel: required(z.string({ message: 'Required' }).trim()).max(64, { message: 'Too long' }),
    ...datasourceBounds,
    ...datasourceFunctionFields,
  })
  .superRefine(endNotBeforeStart);
export const updateSeriesDatasourceInput = z
  .object({ id: intId, ...datasourceBounds, ...datasourceFunctionFields })
  .superRefine(endNotBeforeStart);
