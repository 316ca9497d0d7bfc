import { z } from 'zod';
import { isValidSlotSeconds, parseDataPeriod } from './data-slots.ts';

/**
 * A user's saved date ranges and data view options of a project (spec section 3, "Data view
 * options"), shared by the GraphQL resolvers, the web forms and the client data engine.
 * Messages are i18n keys.
 */
export const dataViewBounds = {
  /** Data view options per project and user: the summary compares at most this many. */
  viewsPerProject: 20,
  rangesPerProject: 50,
  nameMax: 200,
  filtersMax: 50,
} as const;

export const dataViewErrors = {
  tooManyViews: 'At most 20 data views per project',
  tooManyRanges: 'At most 50 saved date ranges per project',
  toBeforeFrom: 'The end is before the start',
  invalidSlot: 'Invalid slot: seconds from 60 to 86400 that divide a day',
} as const;

export const dataModes = ['avg', 'min', 'max'] as const;
export type DataMode = (typeof dataModes)[number];

/**
 * The filters of a data view. They act on whole slots by the project's wall clock (the server has
 * summed each slot already, so a slot is kept or dropped as one).
 */
export const weekRangeFilterSchema = z
  .object({
    type: z.literal('weekrange'),
    /**
     * The allowed hours of each ISO weekday (1 Monday … 7 Sunday), local time, `from` inclusive and
     * `to` exclusive: { weekday: 1, from: 8, to: 16 } is Monday 08:00–16:00. A weekday with no entry
     * has no allowed hours. A slot is kept when any part of it lies in allowed hours, so with day
     * slots an office-hours filter keeps working days rather than nothing.
     */
    hours: z
      .array(
        z
          .object({
            weekday: z.number().int().min(1).max(7),
            from: z.number().int().min(0).max(23),
            to: z.number().int().min(1).max(24),
          })
          .refine((window) => window.from < window.to, { message: dataViewErrors.toBeforeFrom, path: ['to'] }),
      )
      .max(7 * 24),
  })
  .strict();

export const removeDayFilterSchema = z
  .object({
    type: z.literal('removeday'),
    /** A local day, YYYY-MM-DD: every slot of it is dropped. */
    day: z.string().refine((day) => parseDataPeriod(day)?.day != null, { message: 'Invalid date' }),
  })
  .strict();

export const removeRangeFilterSchema = z
  .object({
    type: z.literal('removerange'),
    /** ISO date-times with an offset; every slot that overlaps [from, to) is dropped. */
    from: z.iso.datetime({ offset: true, message: 'Invalid date' }),
    to: z.iso.datetime({ offset: true, message: 'Invalid date' }),
  })
  .strict()
  .refine((filter) => Date.parse(filter.from) < Date.parse(filter.to), {
    message: dataViewErrors.toBeforeFrom,
    path: ['to'],
  });

export const dataFilterSchema = z.discriminatedUnion('type', [
  weekRangeFilterSchema,
  removeDayFilterSchema,
  removeRangeFilterSchema,
]);
export type DataFilter = z.output<typeof dataFilterSchema>;

const name = z
  .string({ message: 'Required' })
  .trim()
  .min(1, { message: 'Required' })
  .max(dataViewBounds.nameMax, { message: 'Too long' });

const range = { from: z.date({ message: 'Required' }), to: z.date({ message: 'Required' }) };
const fromBeforeTo = (input: { from: Date; to: Date }, context: z.RefinementCtx) => {
  if (input.to <= input.from) context.addIssue({ code: 'custom', path: ['to'], message: dataViewErrors.toBeforeFrom });
};

/** Saves a new range (no id) or renames and moves one of the viewer's own. */
export const saveDateRangeInput = z
  .object({ id: z.number().int().positive().optional(), projectId: z.number().int().positive(), name, ...range })
  .strict()
  .superRefine(fromBeforeTo);

/** A data view option: a period with how it is shown (filters, nulls, mode, slot length). */
export const saveDataViewInput = z
  .object({
    id: z.number().int().positive().optional(),
    projectId: z.number().int().positive(),
    name,
    ...range,
    filters: z.array(dataFilterSchema).max(dataViewBounds.filtersMax, { message: 'Too many' }).default([]),
    /** Whether empty slots show as gaps (true) or are left out. */
    nulls: z.boolean().default(false),
    mode: z.enum(dataModes).default('avg'),
    slot: z.number().refine(isValidSlotSeconds, { message: dataViewErrors.invalidSlot }),
  })
  .strict()
  .superRefine(fromBeforeTo);
