import { type AlarmEvent, evaluateAlarm, evaluateMissingData, missingDataArrived } from './alarm-evaluation.ts';
import type { AlarmsRepository, AlarmWatch, Tx } from './alarms.repository.ts';

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
}

/**
 * Runs the alarms watching the series of a batch of stored values, in the transaction that
 * stores them: per alarm and series, the values in time order from its persisted state (values not
 * after the last one evaluated are skipped), then the episodes opened or ended and the new state
 * are written in that same transaction. (The ingest's wiring and the notifications build on this.)
 */
export async function evaluateAlarmsOnValues(
  repository: AlarmsRepository,
  tx: Tx,
  values: WatchedValue[],
): Promise<AlarmOutcome[]> {
  const bySeries = new Map<number, WatchedValue[]>();
  for (const value of values) {
    const list = bySeries.get(value.seriesId) ?? [];
    list.push(value);
    bySeries.set(value.seriesId, list);
  }
  for (const list of bySeries.values()) list.sort((a, b) => a.time.getTime() - b.time.getTime());
  const outcomes: AlarmOutcome[] = [];
  const changedWatches: AlarmWatch[] = [];
  for (const watch of await repository.watchesOf(tx, [...bySeries.keys()])) {
    if (watch.inert) continue;
    let changed = false;
    for (const { time, value } of bySeries.get(watch.seriesId) ?? []) {
      const at = time.getTime();
      if (watch.lastTime !== null && at <= watch.lastTime) continue;
      const result = watch.missingAfter
        ? missingDataArrived(watch.state, { time: at, value })
        : evaluateAlarm(watch.rule, watch.state, { time: at, value });
      watch.state = result.state;
      watch.lastTime = at;
      changed = true;
      for (const event of result.events) {
        if (event.kind === 'triggered') {
          watch.triggeredId = await repository.openEpisode(tx, { ...watch, time: event.time, value: event.value });
        }
        const triggeredId = watch.triggeredId as string;
        if (event.kind === 'ended') {
          await repository.endEpisode(tx, triggeredId, { time: event.time, peak: event.peak });
          watch.triggeredId = null;
        }
        outcomes.push({
          alarmId: watch.alarmId,
          projectId: watch.projectId,
          seriesId: watch.seriesId,
          triggeredId,
          event,
          missingData: watch.missingAfter !== null,
        });
      }
    }
    if (changed) changedWatches.push(watch);
  }
  await repository.saveStates(tx, changedWatches);
  return outcomes;
}

/**
 * Missing-data alarms at `now` (epoch ms): a series with no reading for the alarm's time opens an
 * episode dated when that time ran out, with no value; an open one repeats every repeatAfter.
 * It holds all alarm states meanwhile: ingest batches in flight finish first, new ones wait.
 */
export async function checkMissingData(repository: AlarmsRepository, tx: Tx, now: number): Promise<AlarmOutcome[]> {
  const outcomes: AlarmOutcome[] = [];
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
      watch.triggeredId = await repository.openEpisode(tx, { ...watch, time: event.time, value: null });
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
    });
  }
  await repository.saveStates(tx, changedWatches);
  return outcomes;
}
