import { BatchLoader } from '../../shared/batch-loader.ts';
import type { ViewerAccess } from '../access/access.policy.ts';
import type { MetersService } from './meters.service.ts';

/** A request's loaders of meters (graphql/loaders.ts gathers every module's). */
export function meterLoaders(services: { meters: MetersService }, access: ViewerAccess) {
  return {
    /** A meter by id when the viewer sees it, else null: one statement for all the datasources of a page. */
    visibleMeter: new BatchLoader((ids: number[]) => services.meters.visibleByIds(access, ids)),
  };
}
