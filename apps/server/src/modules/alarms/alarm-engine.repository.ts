import type { AlarmDuration } from '@olo/shared';
import { numberArray, type Sql, type Transaction, type Tx, transaction } from '../../db/sql.ts';
import { type AlarmRule, type AlarmState, type QuietBand, quietBand } from './alarm-evaluation.ts';

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
  /** Set: a missing-data alarm; any reading ends its episode. */
  missingAfter: AlarmDuration | null;
  /** An active-limit alarm on a series without a normal band: it watches nothing there. */
  inert: boolean;
  /** Its active actions (to notify of triggers and repeats; of ends, those with triggerAtEnd). */
  actions: Array<{ id: string; triggerAtEnd: boolean }>;
}

/** An alarm's rule on one series, as the ingest caches it. */
export type AlarmWatchRule = Pick<
  AlarmWatch,
  'alarmId' | 'projectId' | 'seriesId' | 'rule' | 'missingAfter' | 'inert' | 'actions'
>;

/** A series' watches as the ingest caches them, with the values that meet none of their conditions while idle. */
export interface SeriesWatches {
  watches: AlarmWatchRule[];
  quiet: QuietBand;
}

/** An episode a batch opened (its id made by the caller), possibly ended in the same batch. Times epoch ms. */
export interface NewEpisode {
  id: string;
  alarmId: string;
  seriesId: number;
  projectId: number;
  time: number;
  /** Null for a missing-data episode. */
  value: number | null;
  endAt?: number;
  peak?: number;
}

/** What an evaluation changed (AlarmEngineRepository.writeEvaluation); a part left out is empty. */
export interface AlarmChanges {
  opened?: NewEpisode[];
  ended?: EndedEpisode[];
  saved?: SavedState[];
  cleared?: Array<{ alarmId: string; seriesId: number }>;
}

/** A watch's state as it is written. */
export type SavedState = Pick<AlarmWatch, 'alarmId' | 'seriesId' | 'state' | 'triggeredId' | 'lastTime'>;

export interface EndedEpisode {
  id: string;
  endAt: number;
  peak: number;
}

/** What a batch reads before its values are stored (AlarmEngineRepository.readBeforeBatch). */
export interface AlarmBatchTimes {
  version: number;
  /** Each series' newest stored value's time before the batch (epoch ms). */
  latest: Map<number, number>;
}

interface StateRow {
  alarmId: string;
  seriesId: number;
  pendingSince: number | null;
  triggeredId: string | null;
  startedAt: number | null;
  value: number | null;
  peak: number | null;
  lastNotifiedAt: number | null;
}

function stateOf(row: Omit<StateRow, 'alarmId' | 'seriesId' | 'triggeredId'>): AlarmState {
  return {
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
  };
}

/** A watch with its series' state, as one query reads them. */
interface WatchRow extends StateRow {
  projectId: number;
  inside: boolean;
  rangeStart: number | null;
  rangeStartInclusive: boolean;
  rangeEnd: number | null;
  rangeEndInclusive: boolean;
  duration: AlarmDuration | null;
  repeatAfter: AlarmDuration | null;
  hysteresis: number | null;
  missingAfter: AlarmDuration | null;
  activeLimit: boolean;
  lastTime: number | null;
  lastSeen: number;
  actions: Array<{ id: string; triggerAtEnd: boolean }>;
}

function toWatch(row: WatchRow): AlarmWatch {
  return {
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
    state: stateOf(row),
    triggeredId: row.triggeredId,
    lastTime: row.lastTime,
    missingAfter: row.missingAfter,
    inert: row.activeLimit && row.missingAfter === null && row.rangeStart === null && row.rangeEnd === null,
    actions: row.actions,
  };
}

/**
 * Advisory lock key (ALL, 0) of all alarm states: every ingest batch holds it shared, the
 * missing-data check exclusively. A batch's series are serialized by their series_latest rows.
 */
export const alarmStatesLockNamespace = 0x414c4c;

const iso = (time: number | null) => (time === null ? null : new Date(time).toISOString());

/**
 * SQL of the alarm engine (alarm-engine.ts): the watches, states and episodes that the ingest reads
 * and writes inside its storing transaction, and the minute's missing-data check. Raw SQL, on the
 * ingest's hot path (decisions 0044, 0062).
 */
export class AlarmEngineRepository {
  /** The ingest's rules by series, valid for one rules version. */
  private rules: { version: number; bySeries: Map<number, SeriesWatches> } = { version: -1, bySeries: new Map() };

  constructor(private readonly sql: Sql) {}

  transaction<T>(run: (tx: Transaction) => Promise<T>): Promise<T> {
    return transaction(this.sql, run);
  }

  /**
   * What a batch of values on `seriesIds` needs before they are stored: the rules' version and each
   * series' newest stored time, as of before the batch (the writer sends this before it stores the
   * values). Also holds all alarm states shared, which the missing-data check takes exclusively.
   */
  readBeforeBatch(tx: Tx, seriesIds: number[]): Promise<AlarmBatchTimes> {
    const ids = numberArray(seriesIds);
    return Promise.all([
      tx`select pg_advisory_xact_lock_shared(${alarmStatesLockNamespace}::int, 0)`.execute(),
      tx<Array<{ version: number }>>`select version::float8 as version from alarm_rules_version where id = 1`.execute(),
      tx<Array<{ seriesId: number; time: number }>>`
        select series_id as "seriesId", (extract(epoch from time) * 1000)::float8 as time
        from series_latest where series_id = any(${ids}::int[])`.execute(),
    ]).then(([, [version], latest]) => ({
      version: version?.version ?? 0,
      latest: new Map(latest.map((row) => [row.seriesId, row.time])),
    }));
  }

  /**
   * The non-idle states of the alarms on `seriesIds` (idle ones have no row). Sent once the batch's
   * upsert of series_latest is: that upsert holds each series' row (or, for a series' first
   * value, its key) until commit, so writers of one series (two meters, two instances) read and
   * write its alarm states in turn.
   */
  readStates(
    tx: Tx,
    seriesIds: number[],
  ): Promise<Map<number, Map<string, { state: AlarmState; triggeredId: string | null }>>> {
    return tx<StateRow[]>`
      select alarm_id as "alarmId", series_id as "seriesId",
             (extract(epoch from pending_since) * 1000)::float8 as "pendingSince", triggered_id as "triggeredId",
             (extract(epoch from started_at) * 1000)::float8 as "startedAt", value, peak,
             (extract(epoch from last_notified_at) * 1000)::float8 as "lastNotifiedAt"
      from alarm_states where series_id = any(${numberArray(seriesIds)}::int[])`
      .execute()
      .then((rows) => {
        // By series, then alarm: most series of a batch have no state at all.
        const bySeries = new Map<number, Map<string, { state: AlarmState; triggeredId: string | null }>>();
        for (const row of rows) {
          let ofSeries = bySeries.get(row.seriesId);
          if (!ofSeries) {
            ofSeries = new Map();
            bySeries.set(row.seriesId, ofSeries);
          }
          ofSeries.set(row.alarmId, { state: stateOf(row), triggeredId: row.triggeredId });
        }
        return bySeries;
      });
  }

  /**
   * The rules watching each of `seriesIds`, from this instance's cache while the rules' version
   * (raised by triggers on every change, migration 0013) is the one it was filled under.
   */
  async rulesFor(tx: Tx, seriesIds: number[], version: number): Promise<ReadonlyMap<number, SeriesWatches>> {
    if (this.rules.version !== version) this.rules = { version, bySeries: new Map() };
    const cache = this.rules.bySeries;
    const missing = seriesIds.filter((id) => !cache.has(id));
    if (missing.length > 0) {
      const rows = await tx<WatchRow[]>`
        ${this.watchSelect(tx)}
        where s.series_id = any(${numberArray(missing)}::int[])
        order by s.alarm_id, s.series_id`;
      const watchesOf = new Map<number, AlarmWatchRule[]>(missing.map((id) => [id, []]));
      for (const row of rows) {
        const { alarmId, projectId, seriesId, rule, missingAfter, inert, actions } = toWatch(row);
        watchesOf.get(seriesId)?.push({ alarmId, projectId, seriesId, rule, missingAfter, inert, actions });
      }
      for (const [seriesId, watches] of watchesOf) {
        // Inert and missing-data watches never wake on a value with no state row: not in the band.
        const idleRules = watches.filter((watch) => !watch.inert && watch.missingAfter === null);
        cache.set(seriesId, { watches, quiet: quietBand(idleRules.map((watch) => watch.rule)) });
      }
    }
    // The cache itself: a copy for the batch's series would be made on every batch.
    return cache;
  }

  /**
   * Missing-data alarms' watches with when their series was last heard of (epoch ms: the newest
   * reading, else when the alarm was made).
   */
  async missingDataWatches(tx: Tx): Promise<Array<AlarmWatch & { lastSeen: number }>> {
    // Without any missing-data alarm, the ingest is not held up at all.
    const [any] = await tx<Array<{ any: boolean }>>`
      select exists (select 1 from alarms where missing_after is not null) as any`;
    if (!any?.any) return [];
    // All alarm states, exclusively: batches in flight finish first, new ones wait (a moment a minute).
    await tx`select pg_advisory_xact_lock(${alarmStatesLockNamespace}::int, 0)`;
    const rows = await tx<WatchRow[]>`
      ${this.watchSelect(tx)}
      where a.missing_after is not null
      order by s.alarm_id, s.series_id`;
    return rows.map((row) => ({ ...toWatch(row), lastSeen: row.lastSeen }));
  }

  private watchSelect(tx: Tx) {
    return tx`
      -- Times as epoch milliseconds (float8, which the driver gives as numbers).
      -- An active-limit alarm's condition is the value outside its series' effective limit's normal
      -- range (bounds included as normal, an open end unbounded), whatever the alarm's own range and inside.
      select a.id as "alarmId", a.project_id as "projectId", s.series_id as "seriesId",
             a.inside and not a.active_limit as inside,
             case when a.active_limit then l.normal_min else a.range_start end as "rangeStart",
             a.active_limit or a.range_start_inclusive as "rangeStartInclusive",
             case when a.active_limit then l.normal_max else a.range_end end as "rangeEnd",
             a.active_limit or a.range_end_inclusive as "rangeEndInclusive",
             a.duration, a.repeat_after as "repeatAfter", a.hysteresis,
             a.missing_after as "missingAfter", a.active_limit as "activeLimit",
             (extract(epoch from st.last_time) * 1000)::float8 as "lastTime", (extract(epoch from st.pending_since) * 1000)::float8 as "pendingSince",
             st.triggered_id as "triggeredId", (extract(epoch from st.started_at) * 1000)::float8 as "startedAt", st.value, st.peak,
             (extract(epoch from st.last_notified_at) * 1000)::float8 as "lastNotifiedAt",
             (extract(epoch from coalesce(greatest(st.last_time, sl.time), a.created_at)) * 1000)::float8 as "lastSeen",
             coalesce((select json_agg(json_build_object('id', x.id, 'triggerAtEnd', x.trigger_at_end) order by x.created_at, x.id)
                       from alarms_actions x where x.alarm_id = a.id and x.active), '[]') as "actions"
      from alarms_series s
      join alarms a on a.id = s.alarm_id
      left join alarm_states st on st.alarm_id = s.alarm_id and st.series_id = s.series_id
      left join series se on a.active_limit and se.id = s.series_id
      left join projects p on p.id = se.project_id
      -- Read on every rules version: a limit's edit, or a change of what a series follows, bumps it (migrations 0013, 0015).
      left join limits l on a.active_limit and l.id = olo_effective_limit_id(se.limit_id, p.organization_id, se.data_type)
      left join series_latest sl on a.missing_after is not null and sl.series_id = s.series_id`;
  }

  /**
   * Writes what an evaluation changed in one statement: the new episodes (AlarmsTriggered rows,
   * some already ended), the ends of earlier ones, the watches' changed states and the states of
   * watches that became idle (an idle watch has no row). One statement rather than four: on a busy
   * ingest each statement is a write to the database's socket. The states may refer to the new
   * episodes, since foreign keys are checked at the end of the statement.
   */
  async writeEvaluation(tx: Tx, changes: AlarmChanges): Promise<void> {
    const { opened = [], ended = [], saved = [], cleared = [] } = changes;
    if (opened.length + ended.length + saved.length + cleared.length === 0) return;
    const openedRows = opened.map((episode) => ({
      id: episode.id,
      alarm_id: episode.alarmId,
      series_id: episode.seriesId,
      project_id: episode.projectId,
      time: iso(episode.time),
      data: episode.value,
      end_at: iso(episode.endAt ?? null),
      peak: episode.peak ?? null,
    }));
    const endedRows = ended.map((episode) => ({ id: episode.id, end_at: iso(episode.endAt), peak: episode.peak }));
    const savedRows = saved.map((watch) => {
      const episode = watch.state.episode;
      return {
        alarm_id: watch.alarmId,
        series_id: watch.seriesId,
        last_time: iso(watch.lastTime),
        pending_since: iso(watch.state.pendingSince),
        triggered_id: watch.triggeredId,
        started_at: iso(episode?.startedAt ?? null),
        value: episode?.value ?? null,
        peak: episode?.peak ?? null,
        last_notified_at: iso(episode?.lastNotifiedAt ?? null),
      };
    });
    const clearedRows = cleared.map((watch) => ({ alarm_id: watch.alarmId, series_id: watch.seriesId }));
    await tx`
      with opened as (
        insert into alarms_triggered (id, alarm_id, series_id, project_id, time, data, end_at, peak)
        select * from jsonb_to_recordset(${JSON.stringify(openedRows)}::jsonb) as r(
          id uuid, alarm_id uuid, series_id int, project_id int, time timestamptz, data float8, end_at timestamptz,
          peak float8)
      ), ended as (
        update alarms_triggered t set end_at = r.end_at, peak = r.peak
        from jsonb_to_recordset(${JSON.stringify(endedRows)}::jsonb) as r(id uuid, end_at timestamptz, peak float8)
        where t.id = r.id
      ), saved as (
        insert into alarm_states (alarm_id, series_id, last_time, pending_since, triggered_id, started_at, value, peak,
                                  last_notified_at)
        select * from jsonb_to_recordset(${JSON.stringify(savedRows)}::jsonb) as r(
          alarm_id uuid, series_id int, last_time timestamptz, pending_since timestamptz, triggered_id uuid,
          started_at timestamptz, value float8, peak float8, last_notified_at timestamptz)
        on conflict (alarm_id, series_id) do update set
          last_time = excluded.last_time, pending_since = excluded.pending_since, triggered_id = excluded.triggered_id,
          started_at = excluded.started_at, value = excluded.value, peak = excluded.peak,
          last_notified_at = excluded.last_notified_at
      ), cleared as (
        delete from alarm_states st
        using jsonb_to_recordset(${JSON.stringify(clearedRows)}::jsonb) as r(alarm_id uuid, series_id int)
        where st.alarm_id = r.alarm_id and st.series_id = r.series_id
      )
      select 1`;
  }
}
