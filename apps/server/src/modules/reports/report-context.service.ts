import {
  type ReportContent,
  type ReportDataslot,
  reportDataslotInstants,
  reportReferencedSeries,
  walkReportElements,
} from '@olo/shared';
import type { BatchLoader } from '../../shared/batch-loader.ts';
import { AppError } from '../../shared/errors.ts';
import type { SeriesRepository, SeriesRow } from '../series/series.repository.ts';
import { sortSeries } from '../series/series.service.ts';
import type { SpaceRow, SpacesRepository } from '../spaces/spaces.repository.ts';
import type { ReportEpisode, ReportProjectRow, ReportsRepository } from './reports.repository.ts';

/** What ReportContext resolves from: a report's project and ranges; `referencedOnly` for its public link. */
export interface ReportContextSource {
  projectId: number;
  from: Date;
  to: Date;
  dataslots: readonly ReportDataslot[];
  content: ReportContent;
  referencedOnly: boolean;
}

/** The episodes of these series overlapping any of the ranges, each [from, to). */
export interface EpisodeQuery {
  seriesIds: number[];
  ranges: Array<{ from: Date; to: Date }>;
}

/** The request's loaders ReportContext reads through (reports.loaders.ts). */
export interface ReportContextLoaders {
  reportSpaces: BatchLoader<number, SpaceRow[]>;
  reportSeries: BatchLoader<number, SeriesRow[]>;
  reportEpisodes: BatchLoader<EpisodeQuery, ReportEpisode[]>;
}

const notFound = () => new AppError('NOT_FOUND', 'Not found');

/**
 * What a report's elements resolve against (ReportContext): its project's facts, spaces, series and the alarm
 * episodes of its ranges, read through the request's loaders for every report of a request at once. The reports
 * were already ones the viewer may read.
 */
export class ReportContextService {
  constructor(
    private readonly deps: { repository: ReportsRepository; spaces: SpacesRepository; series: SeriesRepository },
  ) {}

  /** The spaces and series a report's context lists: all of its project's, or only what it references. */
  async lists(
    source: ReportContextSource,
    loaders: ReportContextLoaders,
  ): Promise<{ spaces: SpaceRow[]; series: SeriesRow[] }> {
    const [spaces, series] = await Promise.all([
      loaders.reportSpaces.load(source.projectId),
      loaders.reportSeries.load(source.projectId),
    ]);
    if (!source.referencedOnly) return { spaces, series };
    const referenced = reportReferencedSeries(source.content, { spaces, series });
    const spaceIds = new Set(referenced.spaceIds);
    const seriesIds = new Set(referenced.seriesIds);
    return {
      spaces: spaces.filter((space) => spaceIds.has(space.id)),
      series: series.filter((item) => seriesIds.has(item.id)),
    };
  }

  /** Episodes of the context's series overlapping the report's range or any of its data slots'. */
  async episodes(source: ReportContextSource, loaders: ReportContextLoaders): Promise<ReportEpisode[]> {
    const { series } = await this.lists(source, loaders);
    // Relative slots lie inside the report's range whatever the zone: only fixed dates add to it.
    const ranges = [
      { from: source.from, to: source.to },
      ...source.dataslots.map((slot) => {
        const instants = reportDataslotInstants(slot.range, source, 'UTC');
        return { from: new Date(instants.from), to: new Date(instants.to) };
      }),
    ];
    return loaders.reportEpisodes.load({ seriesIds: series.map((item) => item.id), ranges });
  }

  /** The ranges (data slot ids; null the report's) the report's classification elements use, each once. */
  classificationSlots(source: ReportContextSource): Array<string | null> {
    const slots = new Set<string | null>();
    walkReportElements(source.content.elements, (element) => {
      if (element.kind !== 'classification') return;
      const id = element.data.dataslotId;
      slots.add(id !== null && source.dataslots.some((slot) => slot.id === id) ? id : null);
    });
    return [...slots];
  }

  /** The report's range, or that of one of its data slots (an unknown id: the report's). */
  rangeOf(source: ReportContextSource, dataslotId: string | null, timeZone: string): { from: Date; to: Date } {
    const slot = dataslotId === null ? undefined : source.dataslots.find((item) => item.id === dataslotId);
    if (!slot) return { from: source.from, to: source.to };
    const instants = reportDataslotInstants(slot.range, source, timeZone);
    return { from: new Date(instants.from), to: new Date(instants.to) };
  }

  /** For the loaders: projects, spaces and series of reports the viewer was already let read. */
  async projectsOf(projectIds: number[]): Promise<Array<ReportProjectRow | Error>> {
    const rows = new Map((await this.deps.repository.projectsWithOrganization(projectIds)).map((row) => [row.id, row]));
    return projectIds.map((id) => rows.get(id) ?? notFound());
  }

  async spacesOf(projectIds: number[]): Promise<SpaceRow[][]> {
    const rows = await this.deps.spaces.listByProjects(projectIds);
    return projectIds.map((id) => rows.filter((row) => row.projectId === id));
  }

  async seriesOf(projectIds: number[]): Promise<SeriesRow[][]> {
    const rows = await this.deps.series.listByProjects(projectIds);
    return projectIds.map((id) => sortSeries(rows.filter((row) => row.projectId === id)));
  }

  /** The episodes of several queries in one statement (their series together, over the span of all their ranges). */
  async episodesOf(queries: EpisodeQuery[]): Promise<ReportEpisode[][]> {
    const seriesIds = [...new Set(queries.flatMap((query) => query.seriesIds))];
    const ranges = queries.flatMap((query) => query.ranges);
    if (seriesIds.length === 0 || ranges.length === 0) return queries.map(() => []);
    const from = new Date(Math.min(...ranges.map((range) => range.from.getTime())));
    const to = new Date(Math.max(...ranges.map((range) => range.to.getTime())));
    const episodes = await this.deps.repository.episodes(seriesIds, from, to);
    return queries.map((query) => {
      const wanted = new Set(query.seriesIds);
      return episodes.filter(
        (episode) =>
          wanted.has(episode.seriesId) &&
          query.ranges.some(
            (range) => episode.time < range.to && (episode.endAt === null || episode.endAt > range.from),
          ),
      );
    });
  }
}
