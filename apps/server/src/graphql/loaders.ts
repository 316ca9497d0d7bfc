import type { ViewerAccess } from '../modules/access/access.policy.ts';
import type { UserRow } from '../modules/accounts/accounts.repository.ts';
import { alarmLoaders } from '../modules/alarms/alarms.loaders.ts';
import { colorLoaders } from '../modules/colors/colors.loaders.ts';
import { limitLoaders } from '../modules/limits/limits.loaders.ts';
import { meterLoaders } from '../modules/meters/meters.loaders.ts';
import { organizationLoaders } from '../modules/organizations/organizations.loaders.ts';
import { projectLoaders } from '../modules/projects/projects.loaders.ts';
import { reportCoverLoaders } from '../modules/report-covers/report-covers.loaders.ts';
import { reportLoaders } from '../modules/reports/reports.loaders.ts';
import { seriesLoaders } from '../modules/series/series.loaders.ts';
import { spaceLoaders } from '../modules/spaces/spaces.loaders.ts';
import { weatherLoaders } from '../modules/weather/weather.loaders.ts';
import type { Services } from '../wiring/services.ts';

/**
 * What the fields of listed objects load, each read once for all the objects of a request (one
 * query per field, not one per object): every module's loaders (its `*.loaders.ts`). Made per request
 * with the viewer's access, so nothing is shared between viewers or requests; the services still
 * decide who sees what.
 */
export function createLoaders(services: Services, access: ViewerAccess) {
  return {
    ...projectLoaders(services, access),
    ...organizationLoaders(services, access),
    ...spaceLoaders(services, access),
    ...seriesLoaders(services, access),
    ...meterLoaders(services, access),
    ...alarmLoaders(services, access),
    ...colorLoaders(services),
    ...limitLoaders(services),
    ...reportLoaders(services),
    ...reportCoverLoaders(services),
    ...weatherLoaders(services, access),
  };
}

export type RequestLoaders = ReturnType<typeof createLoaders>;

/** A viewer's access and loaders: per request, and again per event of a subscription, since rights change meanwhile. */
export function viewerScope(
  services: Services,
  user: UserRow | null,
): { access: ViewerAccess; loaders: RequestLoaders } {
  const access = services.access.forViewer(user);
  return { access, loaders: createLoaders(services, access) };
}
