import { compileExpression } from '@olo/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { numberArray, type Sql, textArray, transaction } from '../db/sql.ts';
import { alarms, alarmsSeries, alarmsTriggered, projects, series, spaces } from '../db/tables/index.ts';
import { type AlarmRule, type AlarmState, evaluateAlarm, idleAlarmState } from '../modules/alarms/alarm-evaluation.ts';
import { ReadingsRepository, type SeriesValue } from '../modules/ingest/readings.repository.ts';
import { SeriesRepository } from '../modules/series/series.repository.ts';
import { durations, hashText, localTime, SmoothNoise } from '../simulator/signals.ts';
import { type DemoMeter, demoMeters } from '../simulator/simulation.ts';
import { meterValues } from '../simulator/uplinks.ts';
import { demoAlarm } from './demo-alarms.ts';
import { demoDryingProject, demoHistoryDays, demoProject } from './demo-data.ts';

/** The simulator sends the newest day itself, a reading a minute (simulation.ts); the history stops where it starts. */
const liveHistoryMs = durations.dayMs;
/** Minutes between two stored history readings: 15 keeps three months of the 13 demo series near 110,000 rows. */
const defaultStepMinutes = 15;
/** Values written per statement. */
const batchSize = 10_000;

/** The drying project's RH probes in the slab, one per stairwell: no meter, values kept by hand (decision 0081). */
export const demoStructureSeries = { name: 'Rakenteen kosteus', dataType: 'Humidity', dataUnit: '%RH' } as const;
/** The slab's RH: from wet concrete's 97 % towards 78 %, at each stairwell's pace (days). */
const dryingCurves: Record<string, { from: number; to: number; days: number }> = {
  'Porras A': { from: 97, to: 78, days: 30 },
  'Porras B': { from: 96, to: 80, days: 42 },
};
const structureStepMs = 3 * durations.hourMs;

/** The demo alarm's rule as the alarm engine reads it from seedDemoAlarms' row: over 1,200 ppm for 15 minutes. */
const demoAlarmRule: AlarmRule = {
  start: null,
  end: { value: demoAlarm.end, inclusive: true },
  inside: false,
  duration: { years: 0, months: 0, days: 0, hours: 0, minutes: demoAlarm.minutes, seconds: 0 },
  repeatAfter: null,
  hysteresis: 50,
};

/** The school day whose ventilation failed: the Wednesday at least two weeks before `now`, local noon. */
export function ventilationFaultDay(now: number): number {
  let day = now - 14 * durations.dayMs;
  while (localTime(day).weekday !== 3) day -= durations.dayMs;
  const { midnightMs } = localTime(day);
  return midnightMs + 12 * durations.hourMs;
}

/** The afternoon the ventilation stood still, local minutes: from the first lesson after lunch to the last one's end. */
const fault = { from: 12 * 60 + 15, to: 15 * 60 + 15, ppm: 650, timeConstantMinutes: 35 } as const;

/**
 * Extra CO2 (ppm) in the fault's room on the fault day: what the stopped ventilation no longer carried away, built
 * up over the afternoon and aired out after it (first order, as the room's own build-up), so the alarm sees one
 * episode, not one per lesson.
 */
function faultCo2(timeMs: number, faultDay: number): number {
  if (Math.abs(timeMs - faultDay) > 12 * durations.hourMs) return 0;
  const { minuteOfDay } = localTime(timeMs);
  if (minuteOfDay < fault.from) return 0;
  const built = 1 - Math.exp(-(Math.min(minuteOfDay, fault.to) - fault.from) / fault.timeConstantMinutes);
  const after = Math.max(0, minuteOfDay - fault.to);
  return fault.ppm * built * Math.exp(-after / fault.timeConstantMinutes);
}

interface DemoSeriesRow {
  seriesId: number;
  serial: string;
  channel: string;
}

/**
 * Three months of demo history on a fresh database (DEMO_DATA; decision 0081): each demo meter's readings every
 * `stepMinutes` from the project start to a day ago (the simulator sends the newest day itself, through the
 * ingest), with the school's night and weekend setback, one afternoon of failed ventilation in Luokka 101 whose CO2
 * alarm episode the alarm engine's own evaluation finds, and the drying slab's RH falling over the weeks. Stored in
 * bulk as series values with their hourly rollup and latest value (ReadingsRepository.insertSeriesValues), not as
 * raw uplinks, so start-up stays fast. Runs once: a demo series with a value older than the live day means done.
 */
export async function seedDemoHistory(
  deps: { db: Db; sql: Sql },
  options: { now?: number; stepMinutes?: number; meters?: readonly DemoMeter[] } = {},
): Promise<{ created: boolean; values: number; episodes: number }> {
  const now = options.now ?? Date.now();
  const stepMs = (options.stepMinutes ?? defaultStepMinutes) * durations.minuteMs;
  const meters = options.meters ?? demoMeters;
  const historyEnd = now - liveHistoryMs;
  const rows = await deps.sql<DemoSeriesRow[]>`
    select d.series_id as "seriesId", m.serial, d.channel
    from series_datasources d join meters m on m.id = d.meter_id
    where m.serial = any(${textArray(meters.map((meter) => meter.serial))}::text[])`;
  if (rows.length === 0) return { created: false, values: 0, episodes: 0 };
  const seriesIds = rows.map((row) => row.seriesId);
  const [done] = await deps.sql`
    select 1 from series_data
    where series_id = any(${numberArray(seriesIds)}::int[]) and time < ${new Date(historyEnd - stepMs).toISOString()}::timestamptz
    limit 1`;
  if (done) return { created: false, values: 0, episodes: 0 };

  const [drying] = await deps.db.select().from(projects).where(eq(projects.code, demoDryingProject.code));
  const [school] = await deps.db.select().from(projects).where(eq(projects.code, demoProject.code));
  // Both projects start together (seedDemoData); the history never reaches before either start.
  const starts = [drying?.startAt, school?.startAt].flatMap((at) => (at ? [at.getTime()] : []));
  const start = Math.max(now - demoHistoryDays * durations.dayMs, ...starts);
  const values: SeriesValue[] = [];
  const faultDay = ventilationFaultDay(now);
  const faultMeter = meters[0];
  for (const meter of meters) {
    const channels = rows.filter((row) => row.serial === meter.serial);
    const conversions = new Map(
      meter.channels.map((channel) => [
        channel.channel,
        channel.conversion ? compileExpression(channel.conversion.expression) : null,
      ]),
    );
    let slot = 0;
    for (let time = start; time < historyEnd; time += stepMs, slot++) {
      const measured = meterValues(meter.meter, time, slot);
      for (const { seriesId, channel } of channels) {
        let value = measured[channel];
        if (value === undefined) continue;
        if (channel === 'co2' && meter === faultMeter) value = Math.round(value + faultCo2(time, faultDay));
        const conversion = conversions.get(channel);
        values.push({ seriesId, time: new Date(time), value: conversion ? conversion.apply(value) : value });
      }
    }
  }
  values.push(...(await structureHistory(deps.db, drying?.id, start, now)));

  const readings = new ReadingsRepository(deps.sql);
  await transaction(deps.sql, async (tx) => {
    for (let from = 0; from < values.length; from += batchSize) {
      const batch = values.slice(from, from + batchSize);
      await readings.ensureSeriesMonths(
        tx,
        batch.map((value) => value.time),
      );
      await readings.insertSeriesValues(tx, batch);
    }
  });
  const episodes = school ? await recordAlarmEpisodes(deps.db, school.id, values) : 0;
  return { created: true, values: values.length, episodes };
}

/** The slab RH series of the drying project's stairwells, made when missing, with values up to `now`. */
async function structureHistory(
  db: Db,
  projectId: number | undefined,
  start: number,
  now: number,
): Promise<SeriesValue[]> {
  if (projectId === undefined) return [];
  const repository = new SeriesRepository(db);
  const values: SeriesValue[] = [];
  const stairwells = await db.select().from(spaces).where(eq(spaces.projectId, projectId));
  for (const space of stairwells) {
    const curve = dryingCurves[space.name];
    if (!curve) continue;
    const [existing] = await db
      .select()
      .from(series)
      .where(and(eq(series.spaceId, space.id), eq(series.name, demoStructureSeries.name)));
    const row = existing ?? (await repository.insert({ projectId, spaceId: space.id, ...demoStructureSeries }));
    const noise = new SmoothNoise(hashText(`drying:${space.name}`), 6 * durations.hourMs, 4 * durations.dayMs);
    for (let time = start; time <= now; time += structureStepMs) {
      const days = (time - start) / durations.dayMs;
      const value = curve.to + (curve.from - curve.to) * Math.exp(-days / curve.days) + 0.3 * noise.at(time);
      values.push({ seriesId: row.id, time: new Date(time), value: Math.round(value * 10) / 10 });
    }
  }
  return values;
}

/**
 * The demo alarm's episodes in the history, found by the alarm engine's own evaluation (evaluateAlarm) over each
 * watched series' values in time order, stored as past, acknowledged episodes. An episode still open where the
 * history ends is left to the live engine.
 */
async function recordAlarmEpisodes(db: Db, projectId: number, values: SeriesValue[]): Promise<number> {
  const [alarm] = await db
    .select()
    .from(alarms)
    .where(and(eq(alarms.projectId, projectId), eq(alarms.name, demoAlarm.name)));
  if (!alarm) return 0;
  const watched = await db.select().from(alarmsSeries).where(eq(alarmsSeries.alarmId, alarm.id));
  const watchedIds = new Set(watched.map((row) => row.seriesId));
  const episodes: Array<typeof alarmsTriggered.$inferInsert> = [];
  for (const seriesId of watchedIds) {
    let state: AlarmState = idleAlarmState;
    let opened: { time: number; value: number } | null = null;
    for (const value of values) {
      if (value.seriesId !== seriesId) continue;
      const next = evaluateAlarm(demoAlarmRule, state, { time: value.time.getTime(), value: value.value });
      state = next.state;
      for (const event of next.events) {
        if (event.kind === 'triggered') opened = { time: event.time, value: event.value };
        if (event.kind === 'ended' && opened) {
          episodes.push({
            alarmId: alarm.id,
            seriesId,
            projectId,
            time: new Date(opened.time),
            data: opened.value,
            endAt: new Date(event.time),
            peak: event.peak,
            acknowledged: true,
          });
          opened = null;
        }
      }
    }
  }
  if (episodes.length > 0) await db.insert(alarmsTriggered).values(episodes);
  return episodes.length;
}
