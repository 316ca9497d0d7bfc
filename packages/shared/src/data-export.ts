import { z } from 'zod';
import { isValidSlotSeconds } from './data-slots.ts';
import { type DataFilter, dataFilterSchema, dataModes, dataViewBounds } from './data-views.ts';
import { defaultLanguage, languages } from './languages.ts';

/**
 * `GET /api/export/{projectId}.{csv|xlsx}?from&to&slot&mode&nulls&filters&lang`: what a summary view
 * shows (series × slots, min/avg/max/count per series) as a file. The query is the view's own
 * options; messages are i18n keys (English sentences) that the server answers in `lang`.
 */
export const dataExportFormats = ['csv', 'xlsx'] as const;
export type DataExportFormat = (typeof dataExportFormats)[number];

export const dataExportErrors = {
  invalidTime: 'Invalid time: expected epoch milliseconds',
  toBeforeFrom: 'The end is before the start',
  invalidSlot: 'Invalid slot: seconds from 60 to 86400 that divide a day',
  invalidMode: 'Invalid mode: expected avg, min or max',
  invalidNulls: 'Invalid nulls: expected 0 or 1',
  invalidFilters: 'Invalid filters',
  invalidLanguage: 'Invalid language: expected fi, sv or en',
} as const;

const epochMs = z.coerce
  .number({ message: dataExportErrors.invalidTime })
  // Within what a Date holds.
  .refine((value) => Number.isInteger(value) && Math.abs(value) <= 8.64e15, { message: dataExportErrors.invalidTime });

/** Filters as JSON text of `DataFilter[]` (the data view's own schema); empty or absent is none. */
const filtersJson = z
  .string()
  .optional()
  .transform((text, context): DataFilter[] => {
    if (text === undefined || text.trim() === '') return [];
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      context.addIssue({ code: 'custom', message: dataExportErrors.invalidFilters });
      return z.NEVER;
    }
    const filters = z.array(dataFilterSchema).max(dataViewBounds.filtersMax).safeParse(parsed);
    if (!filters.success) {
      context.addIssue({ code: 'custom', message: dataExportErrors.invalidFilters });
      return z.NEVER;
    }
    return filters.data;
  });

/** The query string of an export (values as the URL carries them: text). */
export const dataExportQuerySchema = z
  .object({
    /** Epoch ms; the range is closed, `[from, to]`, as the data view's. */
    from: epochMs,
    to: epochMs,
    slot: z.coerce
      .number({ message: dataExportErrors.invalidSlot })
      .refine(isValidSlotSeconds, { message: dataExportErrors.invalidSlot }),
    mode: z.enum(dataModes, { message: dataExportErrors.invalidMode }).default('avg'),
    nulls: z
      .enum(['0', '1'], { message: dataExportErrors.invalidNulls })
      .default('0')
      .transform((value) => value === '1'),
    filters: filtersJson,
    lang: z.enum(languages, { message: dataExportErrors.invalidLanguage }).default(defaultLanguage),
  })
  .superRefine((query, context) => {
    if (query.to < query.from)
      context.addIssue({ code: 'custom', path: ['to'], message: dataExportErrors.toBeforeFrom });
  });

export type DataExportQuery = z.output<typeof dataExportQuerySchema>;

/** The address of an export; `baseUrl` for scripts (the web app links relative to its origin). */
export function exportUrl(
  request: DataExportQuery & { projectId: number; format: DataExportFormat; baseUrl?: string },
) {
  const query = [
    ['from', String(request.from)],
    ['to', String(request.to)],
    ['slot', String(request.slot)],
    ['mode', request.mode],
    ['nulls', request.nulls ? '1' : '0'],
    ['filters', JSON.stringify(request.filters)],
    ['lang', request.lang],
  ]
    .map(([name, value]) => `${name}=${encodeURIComponent(value as string)}`)
    .join('&');
  return `${request.baseUrl ?? ''}/api/export/${encodeURIComponent(String(request.projectId))}.${request.format}?${query}`;
}
