import { BatchLoader } from '../../shared/batch-loader.ts';
import type { EpisodeQuery, ReportContextService } from './report-context.service.ts';

/** A request's loaders of reports' contexts (graphql/loaders.ts gathers every module's); the reports were let read. */
export function reportLoaders(services: { reportContext: ReportContextService }) {
  return {
    /** Reports' projects with their organization's name (the viewer was let read the reports). */
    reportProject: new BatchLoader((projectIds: number[]) => services.reportContext.projectsOf(projectIds)),
    /** Reports' spaces and series; a public report's context keeps only what its content references. */
    reportSpaces: new BatchLoader((projectIds: number[]) => services.reportContext.spacesOf(projectIds)),
    reportSeries: new BatchLoader((projectIds: number[]) => services.reportContext.seriesOf(projectIds)),
    /** Alarm episodes of reports' series and ranges, all in one statement. */
    reportEpisodes: new BatchLoader((queries: EpisodeQuery[]) => services.reportContext.episodesOf(queries)),
  };
}
