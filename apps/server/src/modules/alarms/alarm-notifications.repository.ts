import type { AlarmActionType, AlarmDeliveryStatus } from '@olo/shared';
import { type Sql, textArray } from '../../db/sql.ts';

/** An action with what its notification tells: the alarm, project, series and, for an episode, its row. */
export interface ActionContext {
  actionId: string;
  type: AlarmActionType;
  active: boolean;
  triggerAtEnd: boolean;
  email: string | null;
  sms: string | null;
  webhook: string | null;
  secret: string | null;
  alarmId: string;
  alarmName: string;
  projectId: number;
  projectName: string;
  timeZone: string;
  /** The episode's series; without an episode (a test), the alarm's first series, if any. */
  seriesId: number | null;
  seriesName: string | null;
  dataType: string | null;
  unit: string | null;
  spaceId: number | null;
  spaceName: string | null;
  /** An active-limit alarm's: the limit the series follows, whose normal range the value left. */
  limit: AlarmLimitRange | null;
  /** The series' latest value (what a test notification shows). */
  latestValue: number | null;
  /** Type user: the user, their primary address and language, and whether the account is active. */
  userId: string | null;
  userEmail: string | null;
  userLanguage: string | null;
  userActive: boolean | null;
  /** Type email: the language of the user who has that address, if anybody does. */
  addressLanguage: string | null;
}

/** A limit's name and normal range (either end may be open). */
export interface AlarmLimitRange {
  name: string;
  nameKey?: string | null;
  normalMin: number | null;
  normalMax: number | null;
}

/** How long an action's unchanged delivery state goes without being written again, s. */
export const deliveryRecordRefreshSeconds = 60;

/** SQL of alarm notifications: whom an alarm notifies, what they are told, how delivery went. */
export class AlarmNotificationsRepository {
  constructor(private readonly sql: Sql) {}

  /**
   * Each action with its notification's context, in the order asked (undefined for an action that
   * is gone); with a `triggeredId`, the series is that episode's.
   */
  async actionContexts(
    asked: Array<{ actionId: string; triggeredId: string | null }>,
  ): Promise<Array<ActionContext | undefined>> {
    if (asked.length === 0) return [];
    const rows = await this.sql<Array<ActionContext & { n: string | number }>>`
      select r.n, c.*
      from unnest(
        ${textArray(asked.map((item) => item.actionId))}::uuid[],
        ${textArray(asked.map((item) => item.triggeredId))}::uuid[]
      ) with ordinality as r(action_id, triggered_id, n)
      join lateral (
        select a.id as "actionId", a.type, a.active, a.trigger_at_end as "triggerAtEnd", a.email, a.sms,
               a.webhook, a.secret, al.id as "alarmId", al.name as "alarmName", p.id as "projectId",
               p.name as "projectName", p.time_zone as "timeZone", s.id as "seriesId", s.name as "seriesName",
               s.data_type as "dataType", s.data_unit as unit, sp.id as "spaceId", sp.name as "spaceName",
               sl.value as "latestValue",
               (select json_build_object('name', l.name, 'nameKey', l.name_key, 'normalMin', l.normal_min, 'normalMax', l.normal_max)
                from limits l
                where al.active_limit and al.missing_after is null
                  and l.id = olo_effective_limit_id(s.limit_id, p.organization_id, s.data_type)) as "limit",
               a.user_id as "userId", ue.email as "userEmail", u.language as "userLanguage",
               u.active as "userActive",
               (select au.language from user_emails ae join users au on au.id = ae.user_id
                where ae.email = lower(a.email) limit 1) as "addressLanguage"
        from alarms_actions a
        join alarms al on al.id = a.alarm_id
        join projects p on p.id = al.project_id
        -- The episode by its key (an alarm's episodes pile up over the years); else the alarm's first series.
        left join series s on s.id = coalesce(
          (select t.series_id from alarms_triggered t where t.id = r.triggered_id and t.alarm_id = al.id),
          (select min(series_id) from alarms_series where alarm_id = al.id))
        left join spaces sp on sp.id = s.space_id
        left join series_latest sl on sl.series_id = s.id
        left join users u on u.id = a.user_id
        left join user_emails ue on ue.user_id = u.id and ue.is_primary
        where a.id = r.action_id
        -- One row per delivery asked for, found by keys. The limit keeps it so: joined flat, the
        -- planner hashed every action and every series for a few dozen rows (2.6 ms for 50).
        limit 1
      ) c on true`;
    const contexts: Array<ActionContext | undefined> = asked.map(() => undefined);
    for (const { n, ...context } of rows) contexts[Number(n) - 1] = context;
    return contexts;
  }

  /**
   * Each action's latest delivery: its state, the error (null once sent) and when. One row per
   * action. A state that stays the same is written again at most once a minute
   * (`deliveryRecordRefreshSeconds`): in an alarm storm an action is notified many times a minute,
   * and rewriting its row for each cost the database more than finding what the notification says.
   * `evenIfUnchanged` writes it anyway (a test notification, which the user watches for).
   * The rows are locked in id order: notification batches handled at once record overlapping
   * actions, and in the order given two of them deadlocked.
   */
  async recordDeliveries(
    deliveries: Array<{ actionId: string; status: AlarmDeliveryStatus; error: string | null }>,
    { evenIfUnchanged = false } = {},
  ): Promise<void> {
    if (deliveries.length === 0) return;
    const ids = textArray(deliveries.map((delivery) => delivery.actionId));
    // `a.id = any(ids)` twice: without it the planner read all of a storm's 10,000 actions twice
    // (1.2 ms) rather than look up a few dozen by key (0.3 ms).
    await this.sql`
      with u as (
        select * from unnest(
          ${ids}::uuid[],
          ${textArray(deliveries.map((delivery) => delivery.status))}::text[],
          ${textArray(deliveries.map((delivery) => delivery.error?.slice(0, 2000)))}::text[]
        ) as u(id, status, error)
      ), locked as materialized (
        select a.id, u.status, u.error from alarms_actions a join u on u.id = a.id
        where a.id = any(${ids}::uuid[])
          and (${evenIfUnchanged} or a.delivery_status is distinct from u.status
            or a.delivery_error is distinct from u.error or a.delivery_at is null
            or a.delivery_at < now() - make_interval(secs => ${deliveryRecordRefreshSeconds}))
        order by a.id for update of a
      )
      update alarms_actions a
      set delivery_status = l.status, delivery_error = l.error, delivery_at = now()
      from locked l
      where a.id = any(${ids}::uuid[]) and a.id = l.id`;
  }
}
