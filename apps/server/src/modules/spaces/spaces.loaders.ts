import { BatchLoader } from '../../shared/batch-loader.ts';
import type { ViewerAccess } from '../access/access.policy.ts';
import type { SpacesService } from './spaces.service.ts';

/** A request's loaders of spaces (graphql/loaders.ts gathers every module's). */
export function spaceLoaders(services: { spaces: SpacesService }, access: ViewerAccess) {
  return {
    projectSpaces: new BatchLoader((projectIds: number[]) => services.spaces.listOfProjects(access, projectIds)),
  };
}
