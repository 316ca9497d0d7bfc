import type { AlarmRuleInput, AlarmsActionInput } from '@olo/shared';
import { and, asc, desc, sql as drizzleSql, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { numberArray, type Sql } from '../../db/sql.ts';
import {
  alarmStates,
  alarms,
  alarmsActions,
  alarmsSeries,
  alarmsTriggered,
  series,
  users,
} from '../../db/tables/index.ts';

export type AlarmRow = typeof alarms.$inferSelect;
export type AlarmsActionRow = typeof alarmsActions.$inferSelect;
export type AlarmsTriggeredRow = typeof alarmsTriggered.$inferSelect;
export type AlarmsSeriesRow = typeof alarmsSeries.$inferSelect;

/** The table's columns of a rule as the editor gives it. */
function ruleColumns(rule: AlarmRuleInput) {
  return {
    name: rule.name,
    inside: rule.inside,
    dataType: rule.dataType,
    rangeStart: rule.start?.value ?? null,
    rangeStartInclusive: rule.start?.inclusive ?? true,
    rangeEnd: rule.end?.value ?? null,
    rangeEndInclusive: rule.end?.inclusive ?? true,
    duration: rule.duration,
    repeatAfter: rule.repeatAfter,
    hysteresis: rule.hysteresis,
    missingAfter: rule.missingAfter,
    activeLimit: rule.activeLimit,
  };
}

/**
 * SQL of alarms, the series they watch, their actions and episodes (AlarmsTriggered), as the API
 * reads and edits them. What the ingest evaluates is in alarm-engine.repository.ts.
 */
export class AlarmsRepository {
  constructor(
    private readonly sql: Sql,
    private readonly db: Db,
  ) {}

  // Alarms, their series and actions, as the API edits them.

  /** A project's alarms by name; `id` picks one; `acknowledged` keeps those with episodes in that state. */
  listByProject(
    projectId: number,
    filter: { id?: string | null; acknowledged?: boolean | null } = {},
  ): Promise<AlarmRow[]> {
    const conditions = [eq(alarms.projectId, projectId)];
    if (filter.id) conditions.push(eq(alarms.id, filter.id));
    if (filter.acknowledged !== undefined && filter.acknowledged !== null) {
      conditions.push(
        drizzleSql`exists (select 1 from ${alarmsTriggered} t where t.alarm_id = ${alarms.id} and t.acknowledged = ${filter.acknowledged})`,
      );
    }
    return this.db
      .select()
      .from(alarms)
      .where(and(...conditions))
      .orderBy(asc(drizzleSql`lower(${alarms.name})`), asc(alarms.id));
  }

  async findById(id: string): Promise<AlarmRow | undefined> {
    const [row] = await this.db.select().from(alarms).where(eq(alarms.id, id));
    return row;
  }

  findByIds(ids: string[]): Promise<AlarmRow[]> {
    return this.db.select().from(alarms).where(inArray(alarms.id, ids));
  }

  /** Creates an alarm with the series it watches and the actions it notifies from the start, in one transaction. */
  insert(
    projectId: number,
    rule: AlarmRuleInput,
    seriesIds: number[],
    actions: Array<Omit<AlarmsActionInput, 'alarmId'> & { secret: string | null }> = [],
  ): Promise<AlarmRow> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(alarms)
        .values({ projectId, ...ruleColumns(rule) })
        .returning();
      const alarm = row as AlarmRow;
      if (seriesIds.length > 0) {
        await tx
          .insert(alarmsSeries)
          .values([...new Set(seriesIds)].map((seriesId) => ({ alarmId: alarm.id, seriesId })));
      }
      if (actions.length > 0) {
        await tx.insert(alarmsActions).values(actions.map((action) => ({ ...action, alarmId: alarm.id })));
      }
      return alarm;
    });
  }

  /**
   * Replaces an alarm's rule. Pending durations start over under the new rule; open episodes stay
   * open until a reading breaks the new condition (decision 0043).
   */
  update(id: string, rule: AlarmRuleInput): Promise<AlarmRow> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(alarms)
        .set({ ...ruleColumns(rule), updatedAt: new Date() })
        .where(eq(alarms.id, id))
        .returning();
      await tx.update(alarmStates).set({ pendingSince: null }).where(eq(alarmStates.alarmId, id));
      return row as AlarmRow;
    });
  }

  async delete(id: string): Promise<void> {
    await this.db.delete(alarms).where(eq(alarms.id, id));
  }

  /** Series of the project among `ids` (an alarm watches only its own project's series). */
  async projectSeriesIds(projectId: number, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select({ id: series.id })
      .from(series)
      .where(and(eq(series.projectId, projectId), inArray(series.id, ids)));
    return rows.map((row) => row.id);
  }

  seriesOfAlarms(alarmIds: string[]): Promise<AlarmsSeriesRow[]> {
    if (alarmIds.length === 0) return Promise.resolve([]);
    return this.db.select().from(alarmsSeries).where(inArray(alarmsSeries.alarmId, alarmIds));
  }

  /** Links a series; linking it again changes nothing. */
  async addSeries(alarmId: string, seriesId: number): Promise<AlarmsSeriesRow> {
    await this.db.insert(alarmsSeries).values({ alarmId, seriesId }).onConflictDoNothing();
    return { alarmId, seriesId };
  }

  /** Unlinks a series: its state goes, and its open episode ends now (without a notification). */
  removeSeries(alarmId: string, seriesId: number): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const removed = await tx
        .delete(alarmsSeries)
        .where(and(eq(alarmsSeries.alarmId, alarmId), eq(alarmsSeries.seriesId, seriesId)))
        .returning();
      await tx.delete(alarmStates).where(and(eq(alarmStates.alarmId, alarmId), eq(alarmStates.seriesId, seriesId)));
      await tx
        .update(alarmsTriggered)
        .set({ endAt: new Date() })
        .where(
          and(
            eq(alarmsTriggered.alarmId, alarmId),
            eq(alarmsTriggered.seriesId, seriesId),
            drizzleSql`${alarmsTriggered.endAt} is null`,
          ),
        );
      return removed.length > 0;
    });
  }

  actionsOfAlarms(alarmIds: string[]): Promise<AlarmsActionRow[]> {
    if (alarmIds.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(alarmsActions)
      .where(inArray(alarmsActions.alarmId, alarmIds))
      .orderBy(asc(alarmsActions.createdAt), asc(alarmsActions.id));
  }

  /** Every action of a project's alarms (the actions page). */
  actionsOfProject(projectId: number): Promise<AlarmsActionRow[]> {
    return this.db
      .select({ action: alarmsActions })
      .from(alarmsActions)
      .innerJoin(alarms, eq(alarms.id, alarmsActions.alarmId))
      .where(eq(alarms.projectId, projectId))
      .orderBy(asc(drizzleSql`lower(${alarms.name})`), asc(alarmsActions.createdAt), asc(alarmsActions.id))
      .then((rows) => rows.map((row) => row.action));
  }

  async findAction(id: string): Promise<(AlarmsActionRow & { projectId: number }) | undefined> {
    const [row] = await this.db
      .select({ action: alarmsActions, projectId: alarms.projectId })
      .from(alarmsActions)
      .innerJoin(alarms, eq(alarms.id, alarmsActions.alarmId))
      .where(eq(alarmsActions.id, id));
    return row && { ...row.action, projectId: row.projectId };
  }

  /** The user an action notifies, as other members see them; undefined when unknown or deactivated. */
  async userOf(
    userId: string,
  ): Promise<{ id: string; username: string; name: string | null; company: string | null } | undefined> {
    const [row] = await this.db
      .select({ id: users.id, username: users.username, name: users.name, company: users.company })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.active, true)));
    return row;
  }

  /** The users actions notify, as other members see them; unknown or deactivated ones are left out. */
  usersOf(
    userIds: string[],
  ): Promise<Array<{ id: string; username: string; name: string | null; company: string | null }>> {
    return this.db
      .select({ id: users.id, username: users.username, name: users.name, company: users.company })
      .from(users)
      .where(and(inArray(users.id, userIds), eq(users.active, true)));
  }

  async insertAction(action: AlarmsActionInput & { secret: string | null }): Promise<AlarmsActionRow> {
    const [row] = await this.db.insert(alarmsActions).values(action).returning();
    return row as AlarmsActionRow;
  }

  /** Changing an action's target clears its delivery state, which was about the old one. */
  async updateAction(
    id: string,
    changes: Omit<AlarmsActionInput, 'alarmId'> & { secret: string | null },
    targetChanged: boolean,
  ): Promise<AlarmsActionRow> {
    const delivery = targetChanged ? { deliveryStatus: null, deliveryError: null, deliveryAt: null } : {};
    const [row] = await this.db
      .update(alarmsActions)
      .set({ ...changes, ...delivery, updatedAt: new Date() })
      .where(eq(alarmsActions.id, id))
      .returning();
    return row as AlarmsActionRow;
  }

  async deleteAction(id: string): Promise<void> {
    await this.db.delete(alarmsActions).where(eq(alarmsActions.id, id));
  }

  // Episodes (AlarmsTriggered).

  /** A project's episodes, unacknowledged first, then newest first (spec §4). */
  triggeredOfProject(
    projectId: number,
    filter: { acknowledged?: boolean | null; alarmId?: string | null; limit: number; offset: number },
  ): Promise<AlarmsTriggeredRow[]> {
    const conditions = [eq(alarmsTriggered.projectId, projectId)];
    if (filter.acknowledged !== undefined && filter.acknowledged !== null) {
      conditions.push(eq(alarmsTriggered.acknowledged, filter.acknowledged));
    }
    if (filter.alarmId) conditions.push(eq(alarmsTriggered.alarmId, filter.alarmId));
    return this.db
      .select()
      .from(alarmsTriggered)
      .where(and(...conditions))
      .orderBy(asc(alarmsTriggered.acknowledged), desc(alarmsTriggered.time), asc(alarmsTriggered.id))
      .limit(filter.limit)
      .offset(filter.offset);
  }

  async findTriggered(id: string): Promise<AlarmsTriggeredRow | undefined> {
    const [row] = await this.db.select().from(alarmsTriggered).where(eq(alarmsTriggered.id, id));
    return row;
  }

  /** One way: acknowledged rows stay so, with who, when and why. Returns the rows acknowledged now. */
  async acknowledge(
    projectId: number,
    ids: string[] | 'all',
    by: { userId: string; comment: string | null },
  ): Promise<AlarmsTriggeredRow[]> {
    const conditions = [eq(alarmsTriggered.projectId, projectId), eq(alarmsTriggered.acknowledged, false)];
    if (ids !== 'all') {
      if (ids.length === 0) return [];
      conditions.push(inArray(alarmsTriggered.id, ids));
    }
    return this.db
      .update(alarmsTriggered)
      .set({
        acknowledged: true,
        acknowledgedBy: by.userId,
        acknowledgedAt: drizzleSql`now()`,
        acknowledgementComment: by.comment,
      })
      .where(and(...conditions))
      .returning();
  }

  /**
   * The normal range of the limit each series follows (olo_effective_limit_id, migration 0015), for
   * an active-limit rule; a series with no limit has no entry, a limit without a range nulls.
   */
  async effectiveNormalRanges(
    seriesIds: number[],
  ): Promise<Map<number, { normalMin: number | null; normalMax: number | null }>> {
    if (seriesIds.length === 0) return new Map();
    const rows = await this.sql<Array<{ seriesId: number; normalMin: number | null; normalMax: number | null }>>`
      select se.id as "seriesId", l.normal_min as "normalMin", l.normal_max as "normalMax"
      from series se
      join projects p on p.id = se.project_id
      join limits l on l.id = olo_effective_limit_id(se.limit_id, p.organization_id, se.data_type)
      where se.id = any(${numberArray(seriesIds)}::int[])`;
    return new Map(rows.map(({ seriesId, ...range }) => [seriesId, range]));
  }

  /** A series' stored values from `since` in time order (the editor's preview). */
  async valuesSince(
    seriesIds: number[],
    since: Date,
  ): Promise<Array<{ seriesId: number; time: number; value: number }>> {
    if (seriesIds.length === 0) return [];
    return this.sql<Array<{ seriesId: number; time: number; value: number }>>`
      select series_id as "seriesId", (extract(epoch from time) * 1000)::float8 as time, value
      from series_data
      where series_id = any(${numberArray(seriesIds)}::int[]) and time >= ${since.toISOString()}
      order by series_id, time`;
  }

  /** Unacknowledged AlarmsTriggered rows per project, of the projects that have any. */
  async unacknowledgedCounts(): Promise<Map<number, number>> {
    const rows = await this.sql<Array<{ projectId: number; count: number }>>`
      select project_id as "projectId", count(*)::int as count
      from alarms_triggered where not acknowledged group by project_id`;
    return new Map(rows.map((row) => [row.projectId, row.count]));
  }

  /** Those of the series with an open episode (endAt null), with their projects. */
  async seriesWithOpenEpisodes(seriesIds: number[]): Promise<Array<{ seriesId: number; projectId: number }>> {
    return this.sql<Array<{ seriesId: number; projectId: number }>>`
      select distinct t.series_id as "seriesId", t.project_id as "projectId"
      from series s join alarms_triggered t on t.project_id = s.project_id and t.series_id = s.id
      where s.id = any(${numberArray(seriesIds)}::int[]) and t.end_at is null`;
  }
}
