import { BatchLoader } from '../../shared/batch-loader.ts';
import type { ViewerAccess } from '../access/access.policy.ts';
import type { WeatherService } from './weather.service.ts';

/** A request's loaders of weather sources (graphql/loaders.ts gathers every module's). */
export function weatherLoaders(services: { weather: WeatherService }, access: ViewerAccess) {
  return {
    projectWeathers: new BatchLoader((projectIds: number[]) => services.weather.listOfProjects(access, projectIds)),
    weatherById: new BatchLoader((ids: number[]) => services.weather.byIds(ids)),
    weatherLatest: new BatchLoader((ids: number[]) => services.weather.latestOf(ids)),
  };
}
