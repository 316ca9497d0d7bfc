import { BatchLoader } from '../../shared/batch-loader.ts';
import type { ViewerAccess } from '../access/access.policy.ts';
import type { AlarmEpisodesService } from './alarm-episodes.service.ts';
import type { AlarmsService } from './alarms.service.ts';

/** A request's loaders of alarms and their episodes (graphql/loaders.ts gathers every module's). */
export function alarmLoaders(
  services: { alarms: AlarmsService; alarmEpisodes: AlarmEpisodesService },
  access: ViewerAccess,
) {
  return {
    /** Each project's unacknowledged triggered alarms (0 where the viewer may not see the alarms). */
    unacknowledgedAlarms: new BatchLoader((projectIds: number[]) =>
      services.alarmEpisodes.unacknowledgedCounts(access, projectIds),
    ),
    alarm: new BatchLoader((alarmIds: string[]) => services.alarms.byIds(access, alarmIds)),
    alarmSeries: new BatchLoader((alarmIds: string[]) => services.alarms.seriesOfAlarms(alarmIds)),
    alarmActions: new BatchLoader((alarmIds: string[]) => services.alarms.actionsOfAlarms(alarmIds)),
    /** Whether an alarm episode of each series is open (false where the viewer may not see its alarms). */
    seriesAlarming: new BatchLoader((seriesIds: number[]) => services.alarmEpisodes.alarming(access, seriesIds)),
    /** The users alarm actions notify. */
    alarmUser: new BatchLoader((userIds: string[]) => services.alarms.usersOf(userIds)),
  };
}
