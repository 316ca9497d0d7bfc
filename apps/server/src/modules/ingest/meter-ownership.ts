import { ownedByOthers } from '../../mqtt/topic-access.ts';
import type { IntegrationRow } from '../integrations/integrations.repository.ts';
import type { MetersRepository } from '../meters/meters.repository.ts';
import { routeApplication } from './meter-routes.ts';
import type { Uplink } from './uplink-formats.ts';

/**
 * Whether a meter first heard in this uplink becomes the sending organization's. Not through the
 * site-wide credentials (the site admin allocates those), nor, where Olo's downlinks reach every
 * subscriber (MQTT_URL), on an application that the site's allocation gives only to others: the
 * meter's commands would go onto another tenant's application (decision 0145).
 */
export async function mayClaim(
  uplink: Uplink,
  sender: Pick<IntegrationRow, 'organizationId'>,
  deps: {
    meters: Pick<MetersRepository, 'organizationsOfApplication'>;
    downlinksReachEverySubscriber?: boolean;
  },
): Promise<boolean> {
  const organizationId = sender.organizationId;
  if (organizationId === null) return false;
  if (!deps.downlinksReachEverySubscriber) return true;
  const application = routeApplication(uplink.provider, uplink.route);
  if (application === undefined) return true;
  const owners = await deps.meters.organizationsOfApplication(uplink.provider, application);
  return !ownedByOthers(owners, organizationId);
}
