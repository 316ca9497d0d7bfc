import { aggregate, planFetches } from '@olo/data-engine';
import {
  type DataSeries,
  type DataSpace,
  formatDataPeriod,
  type Language,
  matchWeather,
  measurementDecimals,
  measurementUnits,
  type ProjectDataBody,
  roundToDecimals,
  unitLabel,
  wallDateIn,
} from '@olo/shared';
import { AppError } from '../../shared/errors.ts';
import type { ViewerAccess } from '../access/access.policy.ts';
import { type DataService, StaleDataIdError } from '../data/data.service.ts';
import { type ExportTable, writeCsv, writeXlsx } from './data-export.files.ts';
import {
  type DataExportRequest,
  dataExportBounds,
  dataExportTooLarge,
  dataExportTooLong,
} from './data-export.schema.ts';

export interface ExportFile {
  body: Buffer;
  contentType: string;
  /** `<project name>-<first day>-<last day>.<format>`, days of the project's time zone. */
  filename: string;
}

/** Content types of the export's formats. */
export const exportContentTypes = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/**
 * "space / series (unit)", the unit of the series or else of its type, in `language` (kpl is st in Swedish); without
 * a space, the series alone.
 */
export function seriesHeading(series: DataSeries, spaces: readonly DataSpace[], language: Language): string {
  const space = spaces.find((item) => item.id === series.spaceId);
  const typeUnit = Object.hasOwn(measurementUnits, series.dataType)
    ? measurementUnits[series.dataType as keyof typeof measurementUnits]
    : '';
  const unit = unitLabel(series.dataUnit || typeUnit, language);
  const name = space ? `${space.name} / ${series.name}` : series.name;
  return unit ? `${name} (${unit})` : name;
}

/**
 * CSV and XLSX files of what a summary view shows (issue 5). The numbers are the browser's: the
 * same data API slices (DataService, with its access rules and cache) aggregated by the same
 * `aggregate()` of @olo/data-engine, rounded by the shared display rules.
 */
export class DataExportService {
  constructor(private readonly deps: { data: DataService; now?: () => number }) {}

  async exportFile(viewer: ViewerAccess, request: DataExportRequest): Promise<ExportFile> {
    const { table, filename } = await this.build(viewer, request);
    const body =
      request.format === 'csv' ? writeCsv(table, request.query.lang) : await writeXlsx(table, request.query.lang);
    return { body, contentType: exportContentTypes[request.format], filename };
  }

  /**
   * The table of the export and the file's name, read as `viewer` (the data API's access rules and
   * bounds); what the synchronous download and the background export (data-export.background.ts)
   * both write.
   */
  async build(viewer: ViewerAccess, request: DataExportRequest): Promise<{ table: ExportTable; filename: string }> {
    let table: { table: ExportTable; projectName: string };
    try {
      table = await this.table(viewer, request);
    } catch (error) {
      // The data were rewritten while we read them: once more, all under the new data id.
      if (!(error instanceof StaleDataIdError)) throw error;
      table = await this.table(viewer, request);
    }
    const { query } = request;
    const day = (instant: number) => {
      const date = wallDateIn(new Date(instant), table.table.timeZone);
      return formatDataPeriod(date);
    };
    return {
      table: table.table,
      // A long name is cut (by characters, not code units): file systems take 255 bytes.
      filename: `${Array.from(table.projectName).slice(0, 80).join('').trim()}-${day(query.from)}-${day(query.to)}.${request.format}`,
    };
  }

  /**
   * Access and the bounds of an export (values, range) before any data are read: what starting a
   * background export checks at once, so that a refused one never gets a record. Resolves the
   * estimated values (slots × series).
   */
  async check(viewer: ViewerAccess, { projectId, query }: DataExportRequest): Promise<number> {
    const lists = await this.deps.data.viewerLists(viewer, projectId);
    return this.assertBounds(query, lists.series.length);
  }

  private assertBounds(query: DataExportRequest['query'], seriesCount: number): number {
    // Slots that overlap [from, to], at most: one more for a range that starts inside a slot.
    const slotMs = query.slot * 1000;
    const slotCount = Math.ceil((query.to - query.from + 1) / slotMs) + 1;
    const cells = slotCount * Math.max(1, seriesCount);
    if (cells > dataExportBounds.maxCells) throw new AppError('BAD_USER_INPUT', dataExportTooLarge);
    if (query.to - query.from > dataExportBounds.maxRangeDays * 86_400_000) {
      throw new AppError('BAD_USER_INPUT', dataExportTooLong);
    }
    return cells;
  }

  /** Access (as the data API's), size, the slices the browser would fetch, and the view's aggregation. */
  private async table(
    viewer: ViewerAccess,
    { projectId, query }: DataExportRequest,
  ): Promise<{ table: ExportTable; projectName: string }> {
    const lists = await this.deps.data.viewerLists(viewer, projectId);
    const { project } = lists;
    this.assertBounds(query, lists.series.length);

    const now = this.deps.now?.() ?? Date.now();
    const periods = planFetches({ from: query.from, to: query.to }, project.timeZone, now);
    const slices: ProjectDataBody[] = [];
    for (let start = 0; start < periods.length; start += dataExportBounds.fetchConcurrency) {
      const answers = await Promise.all(
        periods.slice(start, start + dataExportBounds.fetchConcurrency).map((period) =>
          this.deps.data.projectData(viewer, {
            projectId,
            period,
            dataId: project.dataId,
            slotSeconds: query.slot,
          }),
        ),
      );
      for (const answer of answers) slices.push(JSON.parse(answer.body) as ProjectDataBody);
    }

    const result = aggregate(slices, {
      range: { from: query.from, to: query.to },
      slotSeconds: query.slot,
      filters: query.filters,
      nulls: query.nulls,
      mode: query.mode,
      timeZone: project.timeZone,
    });
    // Without slices (a range in the future) the view has no series; the file still names them.
    const series =
      result.series.length > 0
        ? result.series
        : lists.series.map((item) => ({ series: item, points: [], stats: null }));
    const spaces = result.spaces.length > 0 ? result.spaces : lists.spaces;
    const decimals = series.map((item) => measurementDecimals(item.series.dataType));
    const valueAt = series.map((item) => new Map(item.points.map((point) => [point.time, point.value])));
    // A weather column's empty slot takes the observation matched to it (spec section 9: within 2 h, not past the end).
    const weatherPoints = series.map((item) =>
      lists.weatherSeriesIds.has(item.series.id)
        ? item.points.flatMap((point) => (point.value === null ? [] : [{ time: point.time, value: point.value }]))
        : undefined,
    );
    const rows = result.times
      .map((time) => ({
        time,
        values: valueAt.map((values, index) => {
          const points = weatherPoints[index];
          const value = values.get(time) ?? (points && matchWeather(points, time, project.endMs)?.value);
          return value === undefined || value === null ? null : roundToDecimals(value, decimals[index] ?? 1);
        }),
      }))
      // Nulls off leaves empty slots out, as the view does: a row goes when no series has a value in it.
      .filter((row) => query.nulls || row.values.some((value) => value !== null));
    return {
      projectName: project.name,
      table: {
        timeZone: project.timeZone,
        headers: series.map((item) => seriesHeading(item.series, spaces, query.lang)),
        decimals,
        rows,
        stats: series.map((item, index) => {
          if (!item.stats) return null;
          const places = decimals[index] ?? 1;
          return {
            min: roundToDecimals(item.stats.min, places),
            avg: roundToDecimals(item.stats.avg, places),
            max: roundToDecimals(item.stats.max, places),
            count: item.stats.count,
          };
        }),
      },
    };
  }
}
