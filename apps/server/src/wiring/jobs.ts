import type { Logger } from 'pino';
import { housekeepingBatch, housekeepingSchedule, recalculationsKeptDays } from '../modules/jobs/housekeeping.ts';
import { purgeDoneJobsSchedule } from '../modules/jobs/jobs.service.ts';
import type { Repositories } from './repositories.ts';
import type { Services } from './services.ts';

/** The queue's jobs and daily schedules, defined before it starts. */
export function defineJobs(services: Services, repositories: Repositories, logger: Logger): void {
  const { jobs, alarmNotifications, meterErrors, alarmEpisodes } = services;
  jobs.define(alarmNotifications.notifyJob, alarmNotifications.deliverJob);
  jobs.define(meterErrors.mailJob);
  jobs.define(services.recalculation.job);
  jobs.define(services.backgroundExports.job);
  jobs.schedule(meterErrors.schedule);
  jobs.define(services.reportSchedules.sendJob);
  jobs.schedule(services.reportSchedules.tickSchedule);
  jobs.schedule(purgeDoneJobsSchedule(repositories.jobs));
  jobs.schedule(alarmEpisodes.missingDataSchedule);
  jobs.define(services.weatherJobs.fetch, services.weatherJobs.backfill);
  jobs.schedule(services.weatherJobs.pollSchedule);
  jobs.schedule(
    housekeepingSchedule(
      {
        'expired data exports': () => services.backgroundExports.deleteExpired(),
        'old recalculations': () =>
          repositories.recalculationTasks.purgeFinished(recalculationsKeptDays, housekeepingBatch),
      },
      logger,
    ),
  );
}
