import { type DataExportFormat, type DataExportQuery, dataExportFormats, dataExportQuerySchema } from '@olo/shared';
import { z } from 'zod';

export const dataExportPathErrors = {
  invalidProject: 'Invalid project id',
  invalidFormat: 'Invalid format: expected csv or xlsx',
} as const;

/**
 * `GET /api/export/{projectId}.{csv|xlsx}`: the path's parts; the query is the shared
 * `dataExportQuerySchema` (packages/shared/src/data-export.ts), which the web app links with.
 */
export const dataExportPathSchema = z.object({
  projectId: z.coerce
    .number({ message: dataExportPathErrors.invalidProject })
    .int({ message: dataExportPathErrors.invalidProject })
    .positive({ message: dataExportPathErrors.invalidProject }),
  format: z.enum(dataExportFormats, { message: dataExportPathErrors.invalidFormat }),
});

/** `GET /api/exports/{exportId}`: a background export's id (no such export is "Not found"). */
export const exportIdSchema = z.object({
  exportId: z.coerce.number({ message: 'Not found' }).int({ message: 'Not found' }).positive({ message: 'Not found' }),
});

export type { DataExportFormat, DataExportQuery };
export { dataExportQuerySchema };

export const dataExportBounds = {
  /** Values (slots × series) in one file: about 6 MB of CSV, and what Excel opens without a wait. */
  maxCells: 200_000,
  /** Days in a range: ten years, about 130 slices of the data API to fetch. */
  maxRangeDays: 3660,
  /** Slices of the data API fetched at once. */
  fetchConcurrency: 4,
} as const;

export const dataExportTooLarge =
  'The export is too large: at most 200,000 values; choose a longer slot or a shorter range';

export const dataExportTooLong = 'The range is too long: at most ten years';

export interface DataExportRequest {
  projectId: number;
  format: DataExportFormat;
  query: DataExportQuery;
}
