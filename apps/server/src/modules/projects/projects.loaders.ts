import { BatchLoader } from '../../shared/batch-loader.ts';
import type { ViewerAccess } from '../access/access.policy.ts';
import type { ProjectsService } from './projects.service.ts';

/** A request's loaders of projects' own facts (graphql/loaders.ts gathers every module's). */
export function projectLoaders(services: { projects: ProjectsService }, access: ViewerAccess) {
  return {
    /** Whether each project is among the viewer's favourites. */
    favouriteProject: new BatchLoader((projectIds: number[]) => services.projects.favourites(access, projectIds)),
    /** Each project's meters online and newest reading (ProjectState). */
    projectOnline: new BatchLoader((projectIds: number[]) => services.projects.onlineStates(projectIds)),
    /** Each project's last 24 hours of its main types, hourly. */
    projectTrends: new BatchLoader((projectIds: number[]) => services.projects.recentTrends(access, projectIds)),
  };
}
