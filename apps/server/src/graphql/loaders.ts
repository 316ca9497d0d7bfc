import type { ViewerAccess } from '../modules/access/access.policy.ts';
import type { UserRow } from '../modules/accounts/accounts.repository.ts';
import type { EpisodeQuery } from '../modules/reports/reports.service.ts';
import { BatchLoader, rowsByKey } from '../shared/batch-loader.ts';
import type { Services } from './context.ts';

/**
 * What the fields of listed objects load, each read once for all the objects of a request (one
 * query per field, not one per object). Made per request with the viewer's access, so nothing is
 * shared between viewers or requests; the services still decide who sees what.
 */
export function createLoaders(services: Services, access: ViewerAccess) {
  return {
    /** Whether each project is among the viewer's favourites. */
    favouriteProject: new BatchLoader((projectIds: number[]) => services.projects.favourites(access, projectIds)),
    /** Each project's unacknowledged triggered alarms (0 where the viewer may not see the alarms). */
    unacknowledgedAlarms: new BatchLoader((projectIds: number[]) =>
      services.alarmEpisodes.unacknowledgedCounts(access, projectIds),
    ),
    /** Each project's meters online and newest reading (ProjectState). */
    projectOnline: new BatchLoader((projectIds: number[]) => services.projects.onlineStates(projectIds)),
    /** Each project's last 24 hours of its main types, hourly. */
    projectTrends: new BatchLoader((projectIds: number[]) => services.projects.recentTrends(access, projectIds)),
    organization: new BatchLoader((ids: string[]) => services.organizations.byIds(access, ids)),
    projectSpaces: new BatchLoader((projectIds: number[]) => services.spaces.listOfProjects(access, projectIds)),
    /** A project's series; spaces, alarms and episodes each pick theirs from it. One statement for a dashboard's projects. */
    projectSeries: new BatchLoader((projectIds: number[]) => services.series.listOfProjects(access, projectIds)),
    /** The newest value of each series of a project (`Project.seriesLatests`, the status strips). */
    projectLatests: new BatchLoader((projectIds: number[]) => services.series.latestOfProjects(access, projectIds)),
    seriesDatasources: new BatchLoader(async (seriesIds: number[]) =>
      rowsByKey(seriesIds, await services.series.datasources(seriesIds), (row) => row.seriesId),
    ),
    alarm: new BatchLoader((alarmIds: string[]) => services.alarms.byIds(access, alarmIds)),
    alarmSeries: new BatchLoader((alarmIds: string[]) => services.alarms.seriesOfAlarms(alarmIds)),
    alarmActions: new BatchLoader((alarmIds: string[]) => services.alarms.actionsOfAlarms(alarmIds)),
    /** Whether an alarm episode of each series is open (false where the viewer may not see its alarms). */
    seriesAlarming: new BatchLoader((seriesIds: number[]) => services.alarmEpisodes.alarming(access, seriesIds)),
    /** Colours by id, for the colour a space or series of a shown project picked. */
    color: new BatchLoader((colorIds: number[]) => services.colors.byIds(colorIds)),
    /** The limit each series follows (olo_effective_limit_id), null where none. */
    effectiveLimit: new BatchLoader((seriesIds: number[]) => services.limits.effectiveOfSeries(seriesIds)),
    /** The limit each series would follow without its own choice. */
    defaultLimit: new BatchLoader((seriesIds: number[]) => services.limits.effectiveOfSeries(seriesIds, true)),
    /** What the projects of each organization may pick: global colours and the organization chain's. */
    organizationChainColors: new BatchLoader((organizationIds: string[]) =>
      services.colors.forOrganizations(organizationIds),
    ),
    organizationChainLimits: new BatchLoader((organizationIds: string[]) =>
      services.limits.forOrganizations(organizationIds),
    ),
    /** Reports' projects with their organization's name (the viewer was let read the reports). */
    reportProject: new BatchLoader((projectIds: number[]) => services.reports.projectsOf(projectIds)),
    /** Reports' spaces and series; a public report's context keeps only what its content references. */
    reportSpaces: new BatchLoader((projectIds: number[]) => services.reports.spacesOf(projectIds)),
    reportSeries: new BatchLoader((projectIds: number[]) => services.reports.seriesOf(projectIds)),
    /** Alarm episodes of reports' series and ranges, all in one statement. */
    reportEpisodes: new BatchLoader((queries: EpisodeQuery[]) => services.reports.episodesOf(queries)),
    reportCover: new BatchLoader((coverIds: number[]) => services.reports.coversByIds(coverIds)),
    /** The users alarm actions notify. */
    alarmUser: new BatchLoader((userIds: string[]) => services.alarms.usersOf(userIds)),
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
