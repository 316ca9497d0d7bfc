import { randomUUID } from 'node:crypto';
import type { Tx } from '../../db/sql.ts';
import type {
  AlarmBatchTimes,
  AlarmEngineRepository,
  AlarmWatch,
  EndedEpisode,
  NewEpisode,
  SavedState,
} from './alarm-engine.repository.ts';
import {
  type AlarmEvent,
  type AlarmState,
  alarmConditionHolds,
  evaluateAlarm,
  evaluateMissingData,
  idleAlarmState,
  inQuietBand,
  missingDataArrived,
  type QuietBand,
} from './alarm-evaluation.ts';

/** A series value as the ingest stores it. */
export interface WatchedValue {
  seriesId: number;
  time: Date;
  value: number;
}

/** What a batch of values set off: each event of an alarm on a series, with its episode's row. */
export interface AlarmOutcome {
  alarmId: string;
  projectId: number;
  seriesId: number;
  triggeredId: string;
  event: AlarmEvent;
  /** A missing-data alarm: triggered means no reading for its time; ended, a reading came. */
  missingData: boolean;
  /** The alarm's active actions to notify of this event, as of the rules read (none: no notification). */
  actionIds: string[];
}

/** The actions to notify of an event: all active ones, of an end those with triggerAtEnd. */
function actionsFor(watch: { actions: Array<{ id: string; triggerAtEnd: boolean }> }, event: AlarmEvent): string[] {
  return watch.actions.filter((action) => event.kind !== 'ended' || action.triggerAtEnd).map((action) => action.id);
}

/** What a batch of values set off, with the statements that record it still on their way. */
export interface AlarmEvaluation {
  outcomes: AlarmOutcome[];
  /**
   * The episodes, states and queued notifications being written in the transaction: settles when
   * they are; the transaction must not commit before (ReadingsRepository.batchTransaction sends its
   * COMMIT with them). Its rejection is handled, so that a batch failing elsewhere leaves none loose.
   */
  written: Promise<unknown>;
}

/**
 * Runs the alarms watching the series of a batch of values in the transaction that stores them
 * (decision 0044), and waits until their episodes and states are written.
 */
export async function evaluateAlarmsOnValues(...args: Parameters<typeof evaluateAlarms>): Promise<AlarmOutcome[]> {
  const { outcomes, written } = await evaluateAlarms(...args);
  await written;
  return outcomes;
}

/**
 * The alarms watching the series of a batch of values, in the transaction that stores them
 * (decision 0044). The writer sends `before` (AlarmEngineRepository.readBeforeBatch) ahead of storing
 * the values, and calls this right after sending their upsert, whose locks the states are read
 * under. Per alarm and series: the values after the series' newest stored time from before the
 * batch, in time order, from the persisted state (older values are stored but not evaluated, and a
 * redelivered batch sets off nothing). The episodes opened or ended and the states that changed
 * are sent in a few statements, not awaited (see AlarmEvaluation.written); an idle watch keeps no
 * state row.
 */
export async function evaluateAlarms(
  repository: AlarmEngineRepository,
  tx: Tx,
  values: WatchedValue[],
  /** Read ahead of storing the values; when the caller stores none, read here. */
  before?: Promise<AlarmBatchTimes>,
  /**
   * Queues the notifications of the events that some action hears of (called only with some), in
   * `tx` and sent with the episodes' statements.
   */
  notify?: (outcomes: AlarmOutcome[]) => Promise<unknown>,
): Promise<AlarmEvaluation> {
  if (values.length === 0) return { outcomes: [], written: Promise.resolve() };
  // Most series have one value a batch, a meter catching up a few.
  const bySeries = new Map<number, WatchedValue[]>();
  for (const value of values) {
    const list = bySeries.get(value.seriesId);
    if (list) list.push(value);
    else bySeries.set(value.seriesId, [value]);
  }
  const seriesIds = [...bySeries.keys()];
  const timesBefore = before ?? repository.readBeforeBatch(tx, seriesIds);
  const states = repository.readStates(tx, seriesIds);
  // Both awaited together: a failure of one must not leave the other's rejection unhandled.
  const [times, statesRead] = await Promise.all([timesBefore, states]);
  const rules = await repository.rulesFor(tx, seriesIds, times.version);
  const outcomes: AlarmOutcome[] = [];
  const opened = new Map<string, NewEpisode>();
  const ended: EndedEpisode[] = [];
  const saved: SavedState[] = [];
  const cleared: Array<{ alarmId: string; seriesId: number }> = [];
  for (const [seriesId, ofSeries] of bySeries) {
    const watched = rules.get(seriesId);
    if (!watched || watched.watches.length === 0) continue;
    const newer = valuesAfter(ofSeries, times.latest.get(seriesId) ?? Number.NEGATIVE_INFINITY);
    if (newer.length === 0) continue;
    const statesOfSeries = statesRead.get(seriesId);
    // All its watches idle and every value in their quiet band: nothing to look at, and most series
    // of a batch are so. (Passing over them touches one object instead of each watch's.)
    if (statesOfSeries === undefined && allQuiet(watched.quiet, newer)) continue;
    for (const watch of watched.watches) {
      if (watch.inert) continue;
      const before = statesOfSeries?.get(watch.alarmId);
      // An idle watch (no state row) stays idle, and writes nothing, unless a value meets its
      // condition; a missing-data watch is idle while readings come. Most watches of a batch are so.
      if (before === undefined && (watch.missingAfter !== null || !anyMeetsCondition(watch.rule, newer))) continue;
      let state = before?.state ?? idleAlarmState;
      let triggeredId = before?.triggeredId ?? null;
      for (const { time, value } of newer) {
        if (state.episode === null && state.pendingSince === null && !alarmConditionHolds(watch.rule, value, false)) {
          continue;
        }
        const at = time.getTime();
        const result = watch.missingAfter
          ? missingDataArrived(state, { time: at, value })
          : evaluateAlarm(watch.rule, state, { time: at, value });
        state = result.state;
        for (const event of result.events) {
          if (event.kind === 'triggered') {
            // The id is made here, so that the batch's episodes are written in one statement.
            triggeredId = randomUUID();
            opened.set(triggeredId, {
              id: triggeredId,
              alarmId: watch.alarmId,
              seriesId,
              projectId: watch.projectId,
              time: event.time,
              value: event.value,
              endAt: undefined,
              peak: undefined,
            });
          }
          const episodeId = triggeredId as string;
          if (event.kind === 'ended') {
            const fresh = opened.get(episodeId);
            if (fresh) {
              fresh.endAt = event.time;
              fresh.peak = event.peak;
            } else ended.push({ id: episodeId, endAt: event.time, peak: event.peak });
            triggeredId = null;
          }
          outcomes.push({
            alarmId: watch.alarmId,
            projectId: watch.projectId,
            seriesId,
            triggeredId: episodeId,
            event,
            missingData: watch.missingAfter !== null,
            actionIds: actionsFor(watch, event),
          });
        }
      }
      if (state.pendingSince === null && state.episode === null) {
        if (before) cleared.push({ alarmId: watch.alarmId, seriesId });
      } else if (!before || before.triggeredId !== triggeredId || !sameAlarmState(before.state, state)) {
        const lastTime = (newer[newer.length - 1] as WatchedValue).time.getTime();
        saved.push({ alarmId: watch.alarmId, seriesId, state, triggeredId, lastTime });
      }
    }
  }
  const notified = outcomes.filter((outcome) => outcome.actionIds.length > 0);
  const written = Promise.all([
    repository.writeEvaluation(tx, { opened: [...opened.values()], ended, saved, cleared }),
    notified.length > 0 ? notify?.(notified) : undefined,
  ]);
  written.catch(() => undefined);
  return { outcomes, written };
}

/** The values after `storedUntil` (epoch ms), in time order; usually the series' one value of the batch. */
function valuesAfter(values: WatchedValue[], storedUntil: number): WatchedValue[] {
  if (values.length === 1) return (values[0] as WatchedValue).time.getTime() > storedUntil ? values : [];
  // A meter catching up sends a handful of readings, not always in time order: an insertion sort.
  const newer: WatchedValue[] = [];
  for (const value of values) {
    const time = value.time.getTime();
    if (time <= storedUntil) continue;
    let index = newer.length;
    while (index > 0 && (newer[index - 1] as WatchedValue).time.getTime() > time) {
      newer[index] = newer[index - 1] as WatchedValue;
      index--;
    }
    newer[index] = value;
  }
  return newer;
}

function allQuiet(band: QuietBand, values: WatchedValue[]): boolean {
  for (const { value } of values) if (!inQuietBand(band, value)) return false;
  return true;
}

/** Whether any of `values` meets the rule's condition with no episode open. */
function anyMeetsCondition(rule: AlarmWatch['rule'], values: WatchedValue[]): boolean {
  for (const { value } of values) if (alarmConditionHolds(rule, value, false)) return true;
  return false;
}

function sameAlarmState(a: AlarmState, b: AlarmState): boolean {
  if (a.pendingSince !== b.pendingSince) return false;
  if (a.episode === null || b.episode === null) return a.episode === b.episode;
  return (
    a.episode.startedAt === b.episode.startedAt &&
    a.episode.value === b.episode.value &&
    a.episode.peak === b.episode.peak &&
    a.episode.lastNotifiedAt === b.episode.lastNotifiedAt
  );
}

/**
 * Missing-data alarms at `now` (epoch ms): a series with no reading for the alarm's time opens an
 * episode dated when that time ran out, with no value; an open one repeats every repeatAfter.
 * It holds all alarm states meanwhile: ingest batches in flight finish first, new ones wait.
 */
export async function checkMissingData(
  repository: AlarmEngineRepository,
  tx: Tx,
  now: number,
): Promise<AlarmOutcome[]> {
  const outcomes: AlarmOutcome[] = [];
  const opened: NewEpisode[] = [];
  const changedWatches: AlarmWatch[] = [];
  for (const watch of await repository.missingDataWatches(tx)) {
    const missingAfter = watch.missingAfter;
    if (!missingAfter) continue;
    const result = evaluateMissingData(
      { missingAfter, repeatAfter: watch.rule.repeatAfter },
      watch.state,
      watch.lastSeen,
      now,
    );
    const event = result.events[0];
    if (!event) continue;
    watch.state = result.state;
    if (event.kind === 'triggered') {
      watch.triggeredId = randomUUID();
      opened.push({ ...watch, id: watch.triggeredId, time: event.time, value: null });
    }
    if (!watch.triggeredId) continue;
    // Readings not after the last one heard of cannot end the episode: they are older than its start.
    watch.lastTime = watch.lastTime ?? watch.lastSeen;
    changedWatches.push(watch);
    outcomes.push({
      alarmId: watch.alarmId,
      projectId: watch.projectId,
      seriesId: watch.seriesId,
      triggeredId: watch.triggeredId,
      event,
      missingData: true,
      actionIds: actionsFor(watch, event),
    });
  }
  await repository.writeEvaluation(tx, { opened, saved: changedWatches });
  return outcomes;
}
