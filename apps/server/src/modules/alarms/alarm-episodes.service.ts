import { alarmBounds, tenancyErrors } from '@olo/shared';
import { z } from 'zod';
import type { Tx } from '../../db/sql.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { AppError } from '../../shared/errors.ts';
import type { ViewerAccess } from '../access/access.policy.ts';
import { defineJob, type JobSchedule } from '../jobs/jobs.service.ts';
import type { AlarmEngineRepository } from './alarm-engine.repository.ts';
import { type AlarmOutcome, checkMissingData } from './alarm-engine.ts';
import type { AlarmsRepository, AlarmsTriggeredRow } from './alarms.repository.ts';

export interface AlarmEpisodesServiceDeps {
  repository: AlarmsRepository;
  /** The alarm engine's SQL, for the minute's missing-data check. */
  engine: AlarmEngineRepository;
  events: EventBus;
  /** Queues the notifications of episodes opened, repeated or ended, in the transaction that wrote them. */
  enqueueNotifications?: (tx: Tx, outcomes: AlarmOutcome[]) => Promise<unknown>;
  /** Runs queued notifications now (after that transaction committed). */
  notificationsQueued?: () => void;
  now?: () => number;
}

/** Alarms' episodes: those open and unacknowledged, acknowledging them, and the minute's missing-data check. */
export class AlarmEpisodesService {
  private readonly repository: AlarmsRepository;

  /** Missing-data alarms: idempotent, since an episode opens only where none is open (rows locked). */
  readonly missingDataJob = defineJob({
    name: 'alarms.missing-data',
    payload: z.object({}),
    maxAttempts: 3,
    handle: async () => {
      await this.checkMissingData();
    },
  });

  /** Every minute, on the minute (once across instances: the run time is the job's key). */
  readonly missingDataSchedule: JobSchedule = {
    job: this.missingDataJob,
    next: (after) => new Date(Math.floor(after.getTime() / 60_000) * 60_000 + 60_000),
    payload: () => ({}),
  };

  constructor(private readonly deps: AlarmEpisodesServiceDeps) {
    this.repository = deps.repository;
  }

  /**
   * Each project's unacknowledged triggered alarms, for viewers who may see its alarms (0 for
   * others). The counts of all projects are one query, so a list of projects costs one.
   */
  async unacknowledgedCounts(access: ViewerAccess, projectIds: number[]): Promise<number[]> {
    const visible = await Promise.all(projectIds.map((projectId) => access.can('project.viewAlarms', projectId)));
    if (!visible.includes(true)) return projectIds.map(() => 0);
    const counts = await this.repository.unacknowledgedCounts();
    return projectIds.map((projectId, index) => (visible[index] ? (counts.get(projectId) ?? 0) : 0));
  }

  /** Whether an episode of each series is open; false where the viewer may not see the project's alarms. */
  async alarming(access: ViewerAccess, seriesIds: number[]): Promise<boolean[]> {
    const open = new Map(
      (await this.repository.seriesWithOpenEpisodes(seriesIds)).map((row) => [row.seriesId, row.projectId]),
    );
    return Promise.all(
      seriesIds.map(async (seriesId) => {
        const projectId = open.get(seriesId);
        return projectId !== undefined && (await access.can('project.viewAlarms', projectId));
      }),
    );
  }

  /** Episodes of a project, unacknowledged first, then newest first. */
  async triggered(
    access: ViewerAccess,
    projectId: number,
    filter: { acknowledged?: boolean | null; alarmId?: string | null; limit?: number | null; offset?: number | null },
  ): Promise<AlarmsTriggeredRow[]> {
    await access.assert('project.viewAlarms', projectId);
    return this.repository.triggeredOfProject(projectId, {
      acknowledged: filter.acknowledged,
      alarmId: filter.alarmId,
      limit: Math.min(Math.max(filter.limit ?? alarmBounds.triggeredPage, 1), alarmBounds.triggeredPage),
      offset: Math.max(filter.offset ?? 0, 0),
    });
  }

  /** Acknowledges one episode (one way: acknowledging it again changes nothing). */
  async acknowledge(access: ViewerAccess, id: string, comment: string | null = null): Promise<AlarmsTriggeredRow> {
    access.requireUser();
    const triggered = await this.repository.findTriggered(id);
    if (!triggered) throw new AppError('FORBIDDEN', tenancyErrors.permissionDenied);
    await access.assert('project.acknowledgeAlarms', triggered.projectId);
    const by = { userId: access.requireUser().id, comment };
    const [acknowledged] = await this.repository.acknowledge(triggered.projectId, [id], by);
    if (acknowledged) await this.deps.events.publish('project.updated', { projectId: triggered.projectId });
    return acknowledged ?? triggered;
  }

  /** Acknowledges every unacknowledged episode of a project; returns how many. */
  async acknowledgeAll(access: ViewerAccess, projectId: number, comment: string | null = null): Promise<number> {
    await access.assert('project.acknowledgeAlarms', projectId);
    const by = { userId: access.requireUser().id, comment };
    const acknowledged = await this.repository.acknowledge(projectId, 'all', by);
    if (acknowledged.length > 0) await this.deps.events.publish('project.updated', { projectId });
    return acknowledged.length;
  }

  /** Opens (or repeats) missing-data episodes due now, with their notifications, in one transaction. */
  async checkMissingData(): Promise<AlarmOutcome[]> {
    const now = this.deps.now?.() ?? Date.now();
    const outcomes = await this.deps.engine.transaction(async (tx) => {
      const found = await checkMissingData(this.deps.engine, tx, now);
      const notified = found.filter((outcome) => outcome.actionIds.length > 0);
      if (notified.length > 0) await this.deps.enqueueNotifications?.(tx, notified);
      return found;
    });
    if (outcomes.length > 0) {
      if (outcomes.some((outcome) => outcome.actionIds.length > 0)) this.deps.notificationsQueued?.();
      const projectIds = new Set(outcomes.filter((o) => o.event.kind === 'triggered').map((o) => o.projectId));
      await Promise.all([...projectIds].map((projectId) => this.deps.events.publish('project.updated', { projectId })));
    }
    return outcomes;
  }
}
