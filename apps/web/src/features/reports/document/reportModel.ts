import { parseReportContent, parseStoredDataslots, reportCoverContentSchema } from '@olo/shared';
import type {
  PublicReportFieldsFragment,
  ReportContextFieldsFragment,
  ReportCoverFieldsFragment,
  ReportFieldsFragment,
} from '../../../graphql/generated.ts';
import { initialDataSlot } from '../../data-slots/dataSlots.ts';
import type { ReportContextInfo, ReportModel, ReportSources } from './reportScope.ts';

export type ReportModelResult = { success: true; model: ReportModel } | { success: false; message: string };

/** A cover as stored; one that does not parse is left out (the report opens without its first page). */
export function reportCoverOf(cover: ReportCoverFieldsFragment | null | undefined): ReportModel['cover'] {
  if (!cover) return null;
  const parsed = reportCoverContentSchema.safeParse(cover.cover);
  return parsed.success ? { name: cover.name, cover: parsed.data } : null;
}

/**
 * A report as the server answers it, ready to draw. Its content comes upgraded to the current version; it is
 * parsed again here for the schema's defaults and types, and a report this code cannot read (saved by a newer
 * version of Olo) says so (`message`, an i18n key).
 */
export function reportModelOf(report: ReportFieldsFragment | PublicReportFieldsFragment): ReportModelResult {
  const content = parseReportContent(report.content);
  if (!content.success) return { success: false, message: content.message };
  return {
    success: true,
    model: {
      name: report.name,
      content: content.data,
      dataslots: parseStoredDataslots(report.dataslots),
      from: Date.parse(report.from),
      to: Date.parse(report.to),
      landscape: report.landscape,
      cover: reportCoverOf(report.cover),
      pageMargin: report.pageMargin,
    },
  };
}

const epoch = (value: string | null | undefined) => (value ? Date.parse(value) : null);

/** The facts of a report's project as the elements take them (times in epoch ms, the defaults checked). */
export function reportContextOf(context: ReportContextFieldsFragment): ReportContextInfo {
  // The summary view's reading of `Project.defaults`, so that a report's range shows what the summary shows.
  const { slotSeconds, mode, nulls, filters } = initialDataSlot(context.defaults);
  return {
    projectId: context.projectId,
    projectName: context.projectName,
    projectCode: context.projectCode ?? null,
    organizationName: context.organizationName,
    timeZone: context.timeZone,
    dataId: context.dataId,
    startAt: epoch(context.startAt),
    defaultSelect: context.defaultSelect,
    defaults: { slot: slotSeconds, mode, nulls, filters },
    spaces: context.spaces.map((space) => ({
      id: space.id,
      name: space.name,
      show: space.show,
      color: space.color ?? null,
      weather: space.weather ?? false,
      weatherId: space.weatherId ?? null,
      weatherDatatype: space.weatherDatatype ?? null,
      weatherLimit: space.weatherLimit ?? null,
    })),
    series: context.series.map((series) => ({
      id: series.id,
      name: series.name,
      spaceId: series.spaceId ?? null,
      dataType: series.dataType,
      dataUnit: series.dataUnit ?? null,
      weatherId: series.weatherId ?? null,
      color: series.color ?? null,
      limit: series.limit
        ? {
            min: series.limit.min,
            max: series.limit.max,
            limits: series.limit.limits,
            colors: series.limit.colors,
            maxcolor: series.limit.maxcolor,
            split: series.limit.split,
            opacity: series.limit.opacity,
            normalMin: series.limit.normalMin ?? null,
            normalMax: series.limit.normalMax ?? null,
          }
        : null,
    })),
    episodes: context.alarmEpisodes.map((episode) => ({
      id: episode.id,
      alarmName: episode.alarmName,
      seriesId: episode.seriesId,
      start: Date.parse(episode.time),
      end: epoch(episode.endAt),
      peak: episode.peak ?? null,
    })),
    classifications: context.classifications ?? [],
  };
}

/** Where a member's report reads its values and images: the data API and the attachments route. */
export const memberReportSources: ReportSources = {
  dataPath: '/api/data',
  attachmentUrl: (attachmentId) => `/api/attachments/${encodeURIComponent(attachmentId)}`,
};

/** Where a published report reads them: its own copies, which serve only what the report shows. */
export function publicReportSources(publicId: string): ReportSources {
  const base = `/api/public-reports/${encodeURIComponent(publicId)}`;
  return {
    dataPath: `${base}/data`,
    attachmentUrl: (attachmentId) => `${base}/attachments/${encodeURIComponent(attachmentId)}`,
  };
}
