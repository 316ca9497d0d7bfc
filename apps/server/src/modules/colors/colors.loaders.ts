import { BatchLoader } from '../../shared/batch-loader.ts';
import type { ColorsService } from './colors.service.ts';

/** A request's loaders of colours (graphql/loaders.ts gathers every module's); colours are no viewer's secret. */
export function colorLoaders(services: { colors: ColorsService }) {
  return {
    /** Colours by id, for the colour a space or series of a shown project picked. */
    color: new BatchLoader((colorIds: number[]) => services.colors.byIds(colorIds)),
    /** What the projects of each organization may pick: global colours and the organization chain's. */
    organizationChainColors: new BatchLoader((organizationIds: string[]) =>
      services.colors.forOrganizations(organizationIds),
    ),
  };
}
