import type { AlarmDuration } from '@olo/shared';
import type postgres from 'postgres';
import type { AlarmRule, AlarmState } from './alarm-evaluation.ts';

export type Tx = postgres.TransactionSql | postgres.Sql;

/** An alarm watching a series, with where it stands on it. */
export interface AlarmWatch {
  alarmId: string;
  projectId: number;
  seriesId: number;
  rule: AlarmRule;
  state: AlarmState;
  /** The open episode's AlarmsTriggered row. */
  triggeredId: string | null;
  /** The latest reading evaluated (epoch ms), or null before the first. */
  lastTime: number | null;
}

const iso = (time: number | null) => (time === null ? null : new Date(time).toISOString());

/** SQL of alarms, the series they watch, their episodes (AlarmsTriggered) and their states. */
export class AlarmsRepository {
  constructor(private readonly sql: postgres.Sql) {}

  /** The alarms watching any of `seriesIds`, each with its state on the series, locked for the caller's transaction. */
  async watchesOf(tx: Tx, seriesIds: number[]): Promise<AlarmWatch[]> {
    if (seriesIds.length === 0) return [];
    const rows = await tx<
      Array<{
        alarmId: string;
        projectId: number;
        seriesId: number;
        inside: boolean;
        rangeStart: number | null;
        rangeStartInclusive: boolean;
        rangeEnd: number | null;
        rangeEndInclusive: boolean;
        duration: AlarmDuration | null;
        repeatAfter: AlarmDuration | null;
        hysteresis: number | null;
        lastTime: number | null;
        pendingSince: number | null;
        triggeredId: string | null;
        startedAt: number | null;
        value: number | null;
        peak: number | null;
        lastNotifiedAt: number | null;
      }>
    >`
      -- Times as epoch milliseconds (float8, which the driver gives as numbers).
      select a.id as "alarmId", a.project_id as "projectId", s.series_id as "seriesId", a.inside,
             a.range_start as "rangeStart", a.range_start_inclusive as "rangeStartInclusive",
             a.range_end as "rangeEnd", a.range_end_inclusive as "rangeEndInclusive",
             a.duration, a.repeat_after as "repeatAfter", a.hysteresis,
             (extract(epoch from st.last_time) * 1000)::float8 as "lastTime", (extract(epoch from st.pending_since) * 1000)::float8 as "pendingSince",
             st.triggered_id as "triggeredId", (extract(epoch from st.started_at) * 1000)::float8 as "startedAt", st.value, st.peak,
             (extract(epoch from st.last_notified_at) * 1000)::float8 as "lastNotifiedAt"
      from alarms_series s
      join alarms a on a.id = s.alarm_id
      left join alarm_states st on st.alarm_id = s.alarm_id and st.series_id = s.series_id
      -- An array literal: cheaper than the driver's per-element escaping on the ingest's every batch.
      where s.series_id = any(${`{${seriesIds.join(',')}}`}::int[])
      order by s.alarm_id, s.series_id
      -- Two writers of one series (fed by two meters) take its alarm states in turn, in key order.
      for update of s`;
    return rows.map((row) => ({
      alarmId: row.alarmId,
      projectId: row.projectId,
      seriesId: row.seriesId,
      rule: {
        start: row.rangeStart === null ? null : { value: row.rangeStart, inclusive: row.rangeStartInclusive },
        end: row.rangeEnd === null ? null : { value: row.rangeEnd, inclusive: row.rangeEndInclusive },
        inside: row.inside,
        duration: row.duration,
        repeatAfter: row.repeatAfter,
        hysteresis: row.hysteresis,
      },
      state: {
        pendingSince: row.pendingSince,
        episode:
          row.startedAt === null
            ? null
            : {
                startedAt: row.startedAt,
                value: row.value ?? 0,
                peak: row.peak ?? row.value ?? 0,
                lastNotifiedAt: row.lastNotifiedAt ?? row.startedAt,
              },
      },
      triggeredId: row.triggeredId,
      lastTime: row.lastTime,
    }));
  }

  /** Opens an episode: its AlarmsTriggered row. */
  async openEpisode(
    tx: Tx,
    episode: { alarmId: string; seriesId: number; projectId: number; time: number; value: number },
  ): Promise<string> {
    const [row] = await tx<Array<{ id: string }>>`
      insert into alarms_triggered (alarm_id, series_id, project_id, time, data)
      values (${episode.alarmId}, ${episode.seriesId}, ${episode.projectId}, ${iso(episode.time)}, ${episode.value})
      returning id`;
    return row?.id as string;
  }

  async endEpisode(tx: Tx, triggeredId: string, end: { time: number; peak: number }): Promise<void> {
    await tx`update alarms_triggered set end_at = ${iso(end.time)}, peak = ${end.peak} where id = ${triggeredId}`;
  }

  async saveState(tx: Tx, watch: AlarmWatch): Promise<void> {
    const episode = watch.state.episode;
    await tx`
      insert into alarm_states (alarm_id, series_id, last_time, pending_since, triggered_id, started_at, value, peak, last_notified_at)
      values (${watch.alarmId}, ${watch.seriesId}, ${iso(watch.lastTime)}, ${iso(watch.state.pendingSince)},
              ${watch.triggeredId}, ${iso(episode?.startedAt ?? null)}, ${episode?.value ?? null},
              ${episode?.peak ?? null}, ${iso(episode?.lastNotifiedAt ?? null)})
      on conflict (alarm_id, series_id) do update set
        last_time = excluded.last_time, pending_since = excluded.pending_since, triggered_id = excluded.triggered_id,
        started_at = excluded.started_at, value = excluded.value, peak = excluded.peak,
        last_notified_at = excluded.last_notified_at`;
  }

  /** Unacknowledged AlarmsTriggered rows per project, of the projects that have any. */
  async unacknowledgedCounts(): Promise<Map<number, number>> {
    const rows = await this.sql<Array<{ projectId: number; count: number }>>`
      select project_id as "projectId", count(*)::int as count
      from alarms_triggered where not acknowledged group by project_id`;
    return new Map(rows.map((row) => [row.projectId, row.count]));
  }
}
