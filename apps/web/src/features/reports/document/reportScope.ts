import type { DataFilter, DataMode, ReportContent, ReportCoverContent, ReportDataslot } from '@olo/shared';
import type { ClassificationFieldsFragment } from '../../../graphql/generated.ts';
import type { DrawnLimit } from '../../charts/gaugeDrawing.ts';

/**
 * What drawing a report takes, the same on the screen, at the public link and in the PDF: the
 * report, the facts of its project (`ReportContext` of the GraphQL schema) and where its values and
 * images come from. Element components get it as `scope`; they fetch values only through
 * `sources.dataPath` (the data API or the public report's copy of it), never another way.
 */
/** What a report is, as drawn and as edited: its name, element tree, data slots, period and orientation. */
export interface ReportBody {
  name: string;
  /** Already upgraded to the current version (the server parses stored content on reading). */
  content: ReportContent;
  dataslots: ReportDataslot[];
  /** Epoch ms, [from, to). */
  from: number;
  to: number;
  landscape: boolean;
}

export interface ReportModel extends ReportBody {
  cover: { name: string; cover: ReportCoverContent } | null;
  /** The printed page's margin (a CSS length, the print template's), which the screen's pages take too. */
  pageMargin?: string;
}

export interface ReportSpaceInfo {
  id: number;
  name: string;
  show: boolean;
  color: string | null;
  /** Space.weather*: the weather series the space shows beside its own (spaceWeatherSeries). */
  weather?: boolean;
  weatherId?: number | null;
  weatherDatatype?: string | null;
}

export interface ReportSeriesInfo {
  id: number;
  name: string;
  spaceId: number | null;
  dataType: string;
  dataUnit: string | null;
  /** The weather source of a weather series. */
  weatherId?: number | null;
  color: string | null;
  limit: (DrawnLimit & { normalMin: number | null; normalMax: number | null }) | null;
}

/** An alarm episode of a series in the report's widest range: `end` null while it is open. */
export interface ReportAlarmEpisode {
  id: string;
  alarmName: string;
  seriesId: number;
  /** Epoch ms. */
  start: number;
  end: number | null;
  /** The value furthest beyond the alarm's range during the episode, in the series unit; null when unknown. */
  peak: number | null;
}

export interface ReportContextInfo {
  projectId: number;
  projectName: string;
  projectCode: string | null;
  organizationName: string;
  timeZone: string;
  dataId: string;
  /** Epoch ms. */
  startAt: number | null;
  defaultSelect: number;
  /** The project's data slot defaults (`Project.defaults`). */
  defaults: { slot?: number | null; mode?: DataMode; nulls?: boolean; filters?: DataFilter[] };
  spaces: ReportSpaceInfo[];
  series: ReportSeriesInfo[];
  episodes: ReportAlarmEpisode[];
  /** The classification of each range the report's classification elements use (dataslotId null: the report's). */
  classifications?: Array<ClassificationFieldsFragment & { dataslotId?: string | null }>;
}

export interface ReportSources {
  /** The data API's path: `/api/data` for members, `/api/public-reports/{publicId}/data` at the public link. */
  dataPath: string;
  /** An image of an image tour or the cover's logo. */
  attachmentUrl: (attachmentId: string) => string;
}

/** What every element component receives. */
export interface ReportScope {
  report: ReportModel;
  context: ReportContextInfo;
  sources: ReportSources;
  /** The space a repeating container is drawing its children for, else null. */
  currentSpace: ReportSpaceInfo | null;
}
