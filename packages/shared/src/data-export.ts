import { z } from 'zod';
import { isValidSlotSeconds } from './data-slots.ts';
import { dataFilterSchema, dataModes } from './data-views.ts';
import { languages } from './languages.ts';

/**
 * The export of one data slot of a project (the summary view's export buttons):
 * `GET /api/export/{projectId}.{csv|xlsx}?from=<epoch ms>&to=<epoch ms>&slot=<seconds>&mode=<avg|min|max>&nulls=<0|1>&filters=<JSON of DataFilter[]>&lang=<fi|sv|en>`.
 */
export const exportFormats = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof exportFormats)[number];

const epochMs = z.coerce.number().int().nonnegative();

/** The query string of an export, as the server reads it (every value arrives as text). */
export const exportQuerySchema = z
  .object({
    from: epochMs,
    to: epochMs,
    slot: z.coerce.number().int().refine(isValidSlotSeconds, { message: 'Invalid slot' }),
    mode: z.enum(dataModes).default('avg'),
    nulls: z
      .enum(['0', '1'])
      .default('0')
      .transform((value) => value === '1'),
    filters: z
      .string()
      .default('[]')
      .transform((text, context) => {
        try {
          return JSON.parse(text) as unknown;
        } catch {
          context.addIssue({ code: 'custom', message: 'Invalid filters' });
          return z.NEVER;
        }
      })
      .pipe(z.array(dataFilterSchema)),
    lang: z.enum(languages).default('fi'),
  })
  .refine((query) => query.from <= query.to, { message: 'The end is before the start', path: ['to'] });
export type ExportQuery = z.output<typeof exportQuerySchema>;
export type ExportQueryInput = z.input<typeof exportQuerySchema>;

export interface ExportRequest {
  projectId: number;
  format: ExportFormat;
  from: number;
  to: number;
  slot: number;
  mode: (typeof dataModes)[number];
  nulls: boolean;
  filters: readonly z.input<typeof dataFilterSchema>[];
  lang: (typeof languages)[number];
  /** Prefix of `/api/export/…`; empty (the page's origin) in the browser. */
  baseUrl?: string;
}

/** The address of an export of one data slot. */
export function exportUrl(request: ExportRequest): string {
  // Built by hand: this package runs where neither the DOM's nor Node's URL types are declared.
  const query = Object.entries({
    from: String(request.from),
    to: String(request.to),
    slot: String(request.slot),
    mode: request.mode,
    nulls: request.nulls ? '1' : '0',
    filters: JSON.stringify(request.filters),
    lang: request.lang,
  })
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join('&');
  return `${request.baseUrl ?? ''}/api/export/${encodeURIComponent(String(request.projectId))}.${request.format}?${query}`;
}
