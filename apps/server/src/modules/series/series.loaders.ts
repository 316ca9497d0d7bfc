import { BatchLoader, rowsByKey } from '../../shared/batch-loader.ts';
import type { ViewerAccess } from '../access/access.policy.ts';
import type { SeriesService } from './series.service.ts';

/** A request's loaders of series (graphql/loaders.ts gathers every module's). */
export function seriesLoaders(services: { series: SeriesService }, access: ViewerAccess) {
  return {
    /** A project's series; spaces, alarms and episodes each pick theirs from it. One statement for a dashboard's projects. */
    projectSeries: new BatchLoader((projectIds: number[]) => services.series.listOfProjects(access, projectIds)),
    /** The newest value of each series of a project (`Project.seriesLatests`, the status strips). */
    projectLatests: new BatchLoader((projectIds: number[]) => services.series.latestOfProjects(access, projectIds)),
    seriesDatasources: new BatchLoader(async (seriesIds: number[]) =>
      rowsByKey(seriesIds, await services.series.datasources(seriesIds), (row) => row.seriesId),
    ),
  };
}
