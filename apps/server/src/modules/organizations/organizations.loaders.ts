import { BatchLoader } from '../../shared/batch-loader.ts';
import type { ViewerAccess } from '../access/access.policy.ts';
import type { OrganizationsService } from './organizations.service.ts';

/** A request's loaders of organizations (graphql/loaders.ts gathers every module's). */
export function organizationLoaders(services: { organizations: OrganizationsService }, access: ViewerAccess) {
  return {
    organization: new BatchLoader((ids: string[]) => services.organizations.byIds(access, ids)),
  };
}
