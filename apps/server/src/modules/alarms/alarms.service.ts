import {
  type AlarmDuration,
  alarmBounds,
  alarmErrors,
  type alarmPreviewInput,
  type alarmsSeriesInput,
  type createAlarmInput,
  type createAlarmsActionInput,
  tenancyErrors,
  type updateAlarmInput,
  type updateAlarmsActionInput,
} from '@olo/shared';
import type { z } from 'zod';
import type { EventBus } from '../../events/event-bus.ts';
import { type Loaded, rowsByKey, settleEach } from '../../shared/batch-loader.ts';
import { AppError } from '../../shared/errors.ts';
import type { RateLimiter } from '../../shared/rate-limits.ts';
import type { ViewerAccess } from '../access/access.policy.ts';
import type { MemberUser } from '../organizations/organizations.repository.ts';
import { atActionIndex, newWebhookSecret, targetOf } from './alarm-action-targets.ts';
import {
  type AlarmEvent,
  type AlarmRule,
  type AlarmState,
  evaluateAlarm,
  evaluateMissingData,
  idleAlarmState,
  missingDataArrived,
} from './alarm-evaluation.ts';
import type { AlarmRow, AlarmsActionRow, AlarmsRepository, AlarmsSeriesRow } from './alarms.repository.ts';

/** When a rule would have fired on a series over the preview's days. */
export interface AlarmPreviewEpisode {
  seriesId: number;
  time: Date;
  /** The triggering value; null for missing data. */
  data: number | null;
  endAt: Date | null;
  peak: number | null;
}

export interface AlarmsServiceDeps {
  repository: AlarmsRepository;
  events: EventBus;
  /** The project's members, by name. */
  projectMembers: (projectId: number) => Promise<MemberUser[]>;
  /** Why a webhook target may not be used (private addresses unless allowed), or null. */
  webhookTargetProblem?: (url: string) => Promise<string | null>;
  /** Sends a test notification through the action now and records its delivery state. */
  sendTest?: (actionId: string) => Promise<void>;
  /** Counts test sends per account. */
  rateLimits?: RateLimiter;
  now?: () => number;
}

/** Alarms of projects: rules, the series they watch and their actions (spec §3, §4); episodes: AlarmEpisodesService. */
export class AlarmsService {
  private readonly repository: AlarmsRepository;

  constructor(private readonly deps: AlarmsServiceDeps) {
    this.repository = deps.repository;
  }

  async list(
    access: ViewerAccess,
    projectId: number,
    filter: { id?: string | null; acknowledged?: boolean | null } = {},
  ): Promise<AlarmRow[]> {
    await access.assert('project.viewAlarms', projectId);
    return this.repository.listByProject(projectId, filter);
  }

  /** The series each alarm watches (of alarms the viewer was shown). */
  async seriesOfAlarms(alarmIds: string[]): Promise<AlarmsSeriesRow[][]> {
    return rowsByKey(alarmIds, await this.repository.seriesOfAlarms(alarmIds), (link) => link.alarmId);
  }

  /** The actions of each alarm (of alarms the viewer was shown). */
  async actionsOfAlarms(alarmIds: string[]): Promise<AlarmsActionRow[][]> {
    return rowsByKey(alarmIds, await this.repository.actionsOfAlarms(alarmIds), (action) => action.alarmId);
  }

  async actionsOfProject(access: ViewerAccess, projectId: number): Promise<AlarmsActionRow[]> {
    await access.assert('project.viewAlarms', projectId);
    return this.repository.actionsOfProject(projectId);
  }

  /** Alarms by id, for the fields that point to one (an action's, an episode's): each to viewers of its alarms only. */
  async byIds(access: ViewerAccess, alarmIds: string[]): Promise<Array<Loaded<AlarmRow>>> {
    const found = new Map((await this.repository.findByIds(alarmIds)).map((alarm) => [alarm.id, alarm]));
    return settleEach(alarmIds, async (alarmId) => {
      const alarm = found.get(alarmId);
      if (!alarm) throw new AppError('NOT_FOUND', 'Not found');
      await access.assert('project.viewAlarms', alarm.projectId);
      return alarm;
    });
  }

  /** The members a user action may notify, for its editor: those who may view the project's alarms. */
  async alarmRecipients(access: ViewerAccess, projectId: number) {
    await access.assert('project.adminAlarms', projectId);
    const members = await this.deps.projectMembers(projectId);
    const allowed = await Promise.all(members.map((member) => access.policy.mayReceiveAlarms(member.id, projectId)));
    return members.filter((_member, index) => allowed[index]);
  }

  /** The users actions notify, as members see them (null: unknown or deactivated). */
  async usersOf(userIds: string[]) {
    const found = new Map((await this.repository.usersOf(userIds)).map((user) => [user.id, user]));
    return userIds.map((userId) => found.get(userId) ?? null);
  }

  async create(access: ViewerAccess, input: z.output<typeof createAlarmInput>): Promise<AlarmRow> {
    await access.assert('project.adminAlarms', input.projectId);
    await this.assertProjectSeries(input.projectId, input.seriesIds);
    for (const [index, action] of input.actions.entries()) {
      await atActionIndex(index, async () => {
        await this.assertWebhookTarget(action);
        await this.assertUserTarget(access, input.projectId, action);
      });
    }
    const actions = input.actions.map((action) => ({
      ...action,
      ...targetOf(action),
      secret: action.type === 'webhook' ? newWebhookSecret() : null,
    }));
    return this.repository.insert(input.projectId, input.rule, input.seriesIds, actions);
  }

  async update(access: ViewerAccess, input: z.output<typeof updateAlarmInput>): Promise<AlarmRow> {
    await this.editable(access, input.id);
    return this.repository.update(input.id, input.rule);
  }

  /** Deletes the alarm with its episodes, states and actions. */
  async delete(access: ViewerAccess, id: string): Promise<boolean> {
    const alarm = await this.editable(access, id);
    await this.repository.delete(id);
    await this.deps.events.publish('project.updated', { projectId: alarm.projectId });
    return true;
  }

  async addSeries(access: ViewerAccess, input: z.output<typeof alarmsSeriesInput>): Promise<AlarmsSeriesRow> {
    const alarm = await this.editable(access, input.alarmId);
    await this.assertProjectSeries(alarm.projectId, [input.seriesId]);
    return this.repository.addSeries(input.alarmId, input.seriesId);
  }

  async removeSeries(access: ViewerAccess, input: z.output<typeof alarmsSeriesInput>): Promise<boolean> {
    const alarm = await this.editable(access, input.alarmId);
    const removed = await this.repository.removeSeries(input.alarmId, input.seriesId);
    if (removed) await this.deps.events.publish('project.updated', { projectId: alarm.projectId });
    return removed;
  }

  async createAction(access: ViewerAccess, input: z.output<typeof createAlarmsActionInput>): Promise<AlarmsActionRow> {
    const alarm = await this.editable(access, input.alarmId);
    await this.assertWebhookTarget(input);
    await this.assertUserTarget(access, alarm.projectId, input);
    const secret = input.type === 'webhook' ? newWebhookSecret() : null;
    return this.repository.insertAction({ ...input, ...targetOf(input), secret });
  }

  async updateAction(access: ViewerAccess, input: z.output<typeof updateAlarmsActionInput>): Promise<AlarmsActionRow> {
    const current = await this.editableAction(access, input.id);
    await this.assertWebhookTarget(input);
    await this.assertUserTarget(access, current.projectId, input);
    const { id, ...changes } = input;
    const target = targetOf(changes);
    const targetChanged =
      current.type !== changes.type ||
      current.email !== target.email ||
      current.sms !== target.sms ||
      current.webhook !== target.webhook ||
      current.userId !== target.userId;
    // A webhook keeps its secret (receivers hold it); one that becomes a webhook gets one.
    const secret = changes.type === 'webhook' ? (current.secret ?? newWebhookSecret()) : null;
    return this.repository.updateAction(id, { ...changes, ...target, secret }, targetChanged);
  }

  async deleteAction(access: ViewerAccess, id: string): Promise<boolean> {
    await this.editableAction(access, id);
    await this.repository.deleteAction(id);
    return true;
  }

  /** The action, for its editor (and for sending a test). */
  async editableAction(access: ViewerAccess, id: string): Promise<AlarmsActionRow & { projectId: number }> {
    access.requireUser();
    const action = await this.repository.findAction(id);
    if (!action) throw new AppError('FORBIDDEN', tenancyErrors.permissionDenied);
    await access.assert('project.adminAlarms', action.projectId);
    return action;
  }

  /** A test notification through the action; its delivery state says how it went. */
  async sendTest(access: ViewerAccess, id: string): Promise<AlarmsActionRow> {
    await this.editableAction(access, id);
    this.deps.rateLimits?.take(['testAlarmsActionPerAccount', access.requireUser().id]);
    if (!this.deps.sendTest) throw new Error('alarm notifications are not wired');
    await this.deps.sendTest(id);
    return (await this.repository.findAction(id)) as AlarmsActionRow;
  }

  /**
   * When the rule would have fired over the last `alarmBounds.previewDays` days of the series'
   * stored values: the same evaluation as the ingest's, from an idle state. Saves nothing.
   */
  async preview(access: ViewerAccess, input: z.output<typeof alarmPreviewInput>): Promise<AlarmPreviewEpisode[]> {
    await access.assert('project.viewAlarms', input.projectId);
    await this.assertProjectSeries(input.projectId, input.seriesIds);
    const now = this.deps.now?.() ?? Date.now();
    const since = now - alarmBounds.previewDays * 86_400_000;
    const values = await this.repository.valuesSince(input.seriesIds, new Date(since));
    const { rule } = input;
    const ruleOf = await this.previewRules(rule, input.seriesIds);
    const episodes: AlarmPreviewEpisode[] = [];
    const open = new Map<number, AlarmPreviewEpisode>();
    const states = new Map<number, AlarmState>();
    const lastSeen = new Map<number, number>();
    const take = (seriesId: number, events: AlarmEvent[]) => {
      for (const event of events) {
        if (event.kind === 'triggered') {
          const data = Number.isFinite(event.value) ? event.value : null;
          const episode = { seriesId, time: new Date(event.time), data, endAt: null, peak: null };
          open.set(seriesId, episode);
          episodes.push(episode);
        } else if (event.kind === 'ended') {
          const episode = open.get(seriesId);
          if (episode)
            Object.assign(episode, { endAt: new Date(event.time), peak: rule.missingAfter ? null : event.peak });
          open.delete(seriesId);
        }
      }
    };
    // The ingest's own rules (decision 0041; missing data as the minute check sees it at each reading).
    const missing = (seriesId: number, at: number) => {
      const result = evaluateMissingData(
        { missingAfter: rule.missingAfter as AlarmDuration, repeatAfter: null },
        states.get(seriesId) ?? idleAlarmState,
        lastSeen.get(seriesId) ?? since,
        at,
      );
      states.set(seriesId, result.state);
      take(seriesId, result.events);
    };
    for (const { seriesId, time, value } of values) {
      const state = states.get(seriesId) ?? idleAlarmState;
      if (rule.missingAfter) {
        missing(seriesId, time);
        const result = missingDataArrived(states.get(seriesId) ?? idleAlarmState, { time, value });
        states.set(seriesId, result.state);
        lastSeen.set(seriesId, time);
        take(seriesId, result.events);
      } else {
        const conditionRule = ruleOf(seriesId);
        // An active-limit alarm on a series whose limit has no normal range watches nothing there.
        if (!conditionRule) continue;
        const result = evaluateAlarm(conditionRule, state, { time, value });
        states.set(seriesId, result.state);
        take(seriesId, result.events);
      }
    }
    if (rule.missingAfter) for (const seriesId of input.seriesIds) missing(seriesId, now);
    return episodes.sort((a, b) => b.time.getTime() - a.time.getTime());
  }

  /**
   * The condition the preview evaluates on each series, as the ingest's (AlarmEngineRepository's
   * watches): an active-limit rule is the value outside the series' effective limit's normal range,
   * bounds included as normal; null where that limit has no range.
   */
  private async previewRules(
    rule: z.output<typeof alarmPreviewInput>['rule'],
    seriesIds: number[],
  ): Promise<(seriesId: number) => AlarmRule | null> {
    const own: AlarmRule = { ...rule, repeatAfter: null };
    if (!rule.activeLimit || rule.missingAfter) return () => own;
    const ranges = await this.repository.effectiveNormalRanges(seriesIds);
    return (seriesId) => {
      const range = ranges.get(seriesId);
      if (!range || (range.normalMin === null && range.normalMax === null)) return null;
      return {
        ...own,
        start: range.normalMin === null ? null : { value: range.normalMin, inclusive: true },
        end: range.normalMax === null ? null : { value: range.normalMax, inclusive: true },
        inside: false,
      };
    };
  }

  private async editable(access: ViewerAccess, id: string): Promise<AlarmRow> {
    access.requireUser();
    const alarm = await this.repository.findById(id);
    if (!alarm) throw new AppError('FORBIDDEN', tenancyErrors.permissionDenied);
    await access.assert('project.adminAlarms', alarm.projectId);
    return alarm;
  }

  private async assertProjectSeries(projectId: number, seriesIds: number[]): Promise<void> {
    const unique = [...new Set(seriesIds)];
    const found = await this.repository.projectSeriesIds(projectId, unique);
    if (found.length !== unique.length) {
      throw new AppError('BAD_USER_INPUT', 'Invalid input', [{ path: 'seriesIds', message: 'Unknown series' }]);
    }
  }

  /** A user action notifies only a member who may view the project's alarms (AccessPolicy.mayReceiveAlarms). */
  private async assertUserTarget(
    access: ViewerAccess,
    projectId: number,
    input: { type: string; userId: string | null },
  ): Promise<void> {
    if (input.type !== 'user' || !input.userId) return;
    const refuse = (message: string) => new AppError('BAD_USER_INPUT', 'Invalid input', [{ path: 'userId', message }]);
    if (!(await this.repository.userOf(input.userId))) throw refuse(alarmErrors.userRequired);
    if (!(await access.policy.mayReceiveAlarms(input.userId, projectId)))
      throw refuse(alarmErrors.userMayNotViewAlarms);
  }

  private async assertWebhookTarget(input: { type: string; webhook: string | null }): Promise<void> {
    if (input.type !== 'webhook' || !input.webhook || !this.deps.webhookTargetProblem) return;
    const problem = await this.deps.webhookTargetProblem(input.webhook);
    if (problem) throw new AppError('BAD_USER_INPUT', 'Invalid input', [{ path: 'webhook', message: problem }]);
  }
}
