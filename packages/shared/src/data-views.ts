import { z } from 'zod';
import { isValidSlotSeconds } from './data-slots.ts';

/**
 * A user's saved date ranges and data view options of a project (spec section 3, "Data view
 * options"), shared by the GraphQL resolvers, the web forms and the client data engine.
 * Messages are i18n keys.
 */
export const dataViewLimits = {
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

const isoWeekday = z.number().int().min(1).max(7);
const hour = z.number().int().min(0).max(24);

/**
 * Filters drop slots from what a view shows, by the wall clock of the project's time zone:
 * - weekrange: keeps only the allowed hours of each ISO weekday (1 = Monday); a weekday
 *   without an entry is dropped altogether; `to` is exclusive (9 to 17 keeps 9:00–16:59);
 * - removeday: drops a calendar day;
 * - removerange: drops everything from `from` up to `to`.
 */
export const dataFilterSchema = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('weekrange'),
      allowed: z
        .array(
          z
            .object({ weekday: isoWeekday, from: hour, to: hour })
            .refine((range) => range.from < range.to, { message: dataViewErrors.toBeforeFrom }),
        )
        .max(7 * 24),
    })
    .strict(),
  z
    .object({ type: z.literal('removeday'), day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Invalid date' }) })
    .strict(),
  z
    .object({ type: z.literal('removerange'), from: z.coerce.date(), to: z.coerce.date() })
    .strict()
    .refine((range) => range.from < range.to, { message: dataViewErrors.toBeforeFrom, path: ['to'] }),
]);
export type DataFilter = z.output<typeof dataFilterSchema>;

const name = z
  .string({ message: 'Required' })
  .trim()
  .min(1, { message: 'Required' })
  .max(dataViewLimits.nameMax, { message: 'Too long' });

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
    filters: z.array(dataFilterSchema).max(dataViewLimits.filtersMax, { message: 'Too many' }).default([]),
    /** Whether empty slots show as gaps (true) or are left out. */
    nulls: z.boolean().default(false),
    mode: z.enum(dataModes).default('avg'),
    slot: z.number().refine(isValidSlotSeconds, { message: dataViewErrors.invalidSlot }),
  })
  .strict()
  .superRefine(fromBeforeTo);
