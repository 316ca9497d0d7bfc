import { BatchLoader } from '../../shared/batch-loader.ts';
import type { LimitsService } from './limits.service.ts';

/** A request's loaders of limits (graphql/loaders.ts gathers every module's); limits are no viewer's secret. */
export function limitLoaders(services: { limits: LimitsService }) {
  return {
    /** The limit each series follows (olo_effective_limit_id), null where none. */
    effectiveLimit: new BatchLoader((seriesIds: number[]) => services.limits.effectiveOfSeries(seriesIds)),
    /** The limit each series would follow without its own choice. */
    defaultLimit: new BatchLoader((seriesIds: number[]) => services.limits.effectiveOfSeries(seriesIds, true)),
    organizationChainLimits: new BatchLoader((organizationIds: string[]) =>
      services.limits.forOrganizations(organizationIds),
    ),
  };
}
