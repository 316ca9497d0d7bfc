import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { numberArray, type Sql, textArray, transaction } from '../db/sql.ts';
import { alarms, alarmsSeries, alarmsTriggered, projects, series, spaces } from '../db/tables/index.ts';
import type { EventBus } from '../events/event-bus.ts';
import { type AlarmRule, type AlarmState, evaluateAlarm, idleAlarmState } from '../modules/alarms/alarm-evaluation.ts';
import { storedChannels } from '../modules/ingest/history-readings.ts';
import {
  ReadingsRepository,
  type ReadingToStore,
  type SeriesValue,
  valuesOnlyReading,
} from '../modules/ingest/readings.repository.ts';
import { routeReadings } from '../modules/ingest/series-routing.ts';
import { SeriesRepository } from '../modules/series/series.repository.ts';
import { durations, hashText, localTime, SmoothNoise } from '../simulator/signals.ts';
import { type DemoMeter, demoMeters } from '../simulator/simulation.ts';
import { driverOf, meterValues, modelSpecs } from '../simulator/uplinks.ts';
import { demoAlarm } from './demo-alarms.ts';
import { demoDryingProject, demoHistoryDays, demoProject } from './demo-data.ts';

/** The simulator sends the newest day itself, a reading a minute (simulation.ts); the history stops where it starts. */
const liveHistoryMs = durations.dayMs;
/** Minutes between two stored history readings: 15 keeps three months of the 13 demo series near 110,000 rows. */
const defaultStepMinutes = 15;
/** Values written per statement. */
const batchSize = 10_000;
/** Readings written per statement: the ingest's statement picks each reading's channels out of one JSON array. */
const readingBatchSize = 1_000;

/**
 * The drying project's RH probes in the slab, one per stairwell: no meter, values kept by hand (decision 0081). Of the
 * structure's own type, so they follow the shipped drying limit (decision 0154).
 */
export const demoStructureSeries = {
  name: 'Rakenteen kosteus',
  dataType: 'Structure humidity',
  dataUnit: '%RH',
} as const;
/** The slab's RH: from wet concrete's 97 % towards 78 %, at each stairwell's pace (days). */
const dryingCurves: Record<string, { from: number; to: number; days: number }> = {
  'Porras A': { from: 97, to: 78, days: 30 },
  'Porras B': { from: 96, to: 76, days: 75 },
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
 * bulk, in one transaction after the server listens: the meters' readings (payloads their drivers encode and decode)
 * and the series values the ingest's routing makes of them (decision 0099), so that a recomputation re-derives the
 * history as it does the live day; the slab's hand readings as series values. Runs once: a demo series with a value
 * older than the live day means done.
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
  const faultDay = ventilationFaultDay(now);
  const faultMeter = meters[0];
  const meterRows = await deps.sql<Array<{ id: number; serial: string }>>`
    select id, serial from meters where serial = any(${textArray(meters.map((meter) => meter.serial))}::text[])`;
  const meterIdOf = new Map(meterRows.map((row) => [row.serial, row.id]));
  const raw: ReadingToStore[] = [];
  for (const meter of meters) {
    const meterId = meterIdOf.get(meter.serial);
    if (meterId === undefined) continue;
    const driver = driverOf(meter.meter.model);
    const { fPort } = modelSpecs[meter.meter.model];
    let slot = 0;
    for (let time = start; time < historyEnd; time += stepMs, slot++) {
      const measured = meterValues(meter.meter, time, slot);
      if (meter === faultMeter && measured.co2 !== undefined) {
        measured.co2 = Math.round(measured.co2 + faultCo2(time, faultDay));
      }
      raw.push(demoReading(meterId, time, fPort, Buffer.from(driver.encode(measured)), driver));
    }
  }

  const readings = new ReadingsRepository(deps.sql);
  // Made before the transaction: it reads and writes through the pool, which the transaction may hold (PGlite: one).
  const structure = await structureHistory(deps.db, drying, start, now);
  const values: SeriesValue[] = [];
  await transaction(deps.sql, async (tx) => {
    // The ingest's own routing (datasources, conversions, calibrations) turns the readings into values,
    // as a recomputation does later: the history is derived from its readings like the live day.
    const routing = await readings.routing(tx, [...meterIdOf.values()]);
    for (let from = 0; from < raw.length; from += readingBatchSize) {
      const batch = raw.slice(from, from + readingBatchSize);
      await readings.insertReadings(tx, batch);
      values.push(...routeReadings(batch, routing).values);
    }
    values.push(...structure);
    for (let from = 0; from < values.length; from += batchSize) {
      const batch = values.slice(from, from + batchSize);
      await readings.ensureSeriesMonths(
        tx,
        batch.map((value) => value.time),
      );
      await readings.insertSeriesValues(tx, batch);
    }
    // Months a page may already have cached (empty) changed: a new data id tells its next query.
    await readings.renewDataIds(
      tx,
      [drying?.id, school?.id].flatMap((id) => (id === undefined ? [] : [id])),
    );
  });
  const episodes = school ? await recordAlarmEpisodes(deps.db, school.id, values) : 0;
  return { created: true, values: values.length, episodes };
}

/**
 * A history uplink as the ingest stores it: the payload the meter's driver encodes, decoded by the same driver into
 * its channels and health; no frame counter or radio (a bulk-stored past, not a received frame).
 */
function demoReading(
  meterId: number,
  time: number,
  fPort: number,
  payload: Buffer,
  driver: ReturnType<typeof driverOf>,
): ReadingToStore {
  const decoded = driver.decode(payload, fPort);
  const reading = valuesOnlyReading(meterId, new Date(time), decoded.ok ? storedChannels(decoded.channels) : null);
  if (!decoded.ok) return { ...reading, fPort, payload, decodeError: decoded.error };
  const { health } = decoded;
  return {
    ...reading,
    fPort,
    payload,
    battery: health.batteryVoltage ?? health.batteryPercent ?? null,
    vdd: health.vdd ?? null,
  };
}

/**
 * A stairwell's slab RH at `time` (%RH, one decimal): its drying curve from the project's start (`startMs`), with a
 * little smooth noise of the probe. The history and the later hand readings (continueDemoStructure) both use it, so
 * the curve goes on where the seed stopped. Null for a space without a curve.
 */
export function structureValue(space: string, startMs: number, time: number): number | null {
  const curve = dryingCurves[space];
  if (!curve) return null;
  const noise = new SmoothNoise(hashText(`drying:${space}`), 6 * durations.hourMs, 4 * durations.dayMs);
  const days = Math.max(0, time - startMs) / durations.dayMs;
  const value = curve.to + (curve.from - curve.to) * Math.exp(-days / curve.days) + 0.3 * noise.at(time);
  return Math.round(value * 10) / 10;
}

/** The drying project's slab RH series, each with its stairwell's name, made when missing. */
async function structureSeries(db: Db, projectId: number): Promise<Array<{ id: number; space: string }>> {
  const repository = new SeriesRepository(db);
  const found: Array<{ id: number; space: string }> = [];
  const stairwells = await db.select().from(spaces).where(eq(spaces.projectId, projectId));
  for (const space of stairwells) {
    if (!dryingCurves[space.name]) continue;
    const [existing] = await db
      .select()
      .from(series)
      .where(and(eq(series.spaceId, space.id), eq(series.name, demoStructureSeries.name)));
    const row = existing ?? (await repository.insert({ projectId, spaceId: space.id, ...demoStructureSeries }));
    // A demo made before the structure type had its slab as room humidity, under the comfort range's colours.
    if (existing?.dataType === 'Humidity') {
      await db.update(series).set({ dataType: demoStructureSeries.dataType }).where(eq(series.id, existing.id));
    }
    found.push({ id: row.id, space: space.name });
  }
  return found;
}

/** The slab RH series of the drying project's stairwells, made when missing, with values up to `now`. */
async function structureHistory(
  db: Db,
  project: { id: number; startAt: Date | null } | undefined,
  start: number,
  now: number,
): Promise<SeriesValue[]> {
  if (!project) return [];
  const origin = project.startAt?.getTime() ?? start;
  const values: SeriesValue[] = [];
  for (const row of await structureSeries(db, project.id)) {
    for (let time = start; time <= now; time += structureStepMs) {
      values.push({ seriesId: row.id, time: new Date(time), value: structureValue(row.space, origin, time) as number });
    }
  }
  return values;
}

/**
 * The slab's hand readings after the seed (decision 0099): every 3 hours since each series' newest value, up to `now`,
 * the next points of its stairwell's drying curve, stored as series values with their rollup and latest value and
 * pushed as 'series.latest' as the ingest's are, so that the live views and the dashboard move with them. Nothing
 * before the history is stored (a series without values is left to seedDemoHistory). Returns the values stored.
 */
export async function continueDemoStructure(
  deps: { db: Db; sql: Sql; events: EventBus },
  now = Date.now(),
): Promise<number> {
  const [drying] = await deps.db.select().from(projects).where(eq(projects.code, demoDryingProject.code));
  if (!drying) return 0;
  const rows = await structureSeries(deps.db, drying.id);
  const readings = new ReadingsRepository(deps.sql);
  const newest = new Map(
    (await new SeriesRepository(deps.db).latestOf(rows.map((row) => row.id))).map((latest) => [
      latest.seriesId,
      latest.time,
    ]),
  );
  const origin = drying.startAt?.getTime() ?? now;
  const values: SeriesValue[] = [];
  for (const row of rows) {
    const last = newest.get(row.id);
    if (!last) continue;
    for (let time = last.getTime() + structureStepMs; time <= now; time += structureStepMs) {
      values.push({ seriesId: row.id, time: new Date(time), value: structureValue(row.space, origin, time) as number });
    }
  }
  if (values.length === 0) return 0;
  const moved = await transaction(deps.sql, async (tx) => {
    await readings.ensureSeriesMonths(
      tx,
      values.map((value) => value.time),
    );
    return readings.insertSeriesValues(tx, values);
  });
  if (moved.length > 0) {
    await deps.events.publish('series.latest', {
      projectId: drying.id,
      values: moved.map((value) => ({ seriesId: value.seriesId, time: value.time.toISOString(), value: value.value })),
    });
  }
  return values.length;
}

/**
 * Keeps the slab's hand readings coming while the demo runs: once now (after a pause the curve catches up) and then
 * every `everyMs` (default an hour; a reading is due every 3 hours). Returns the stop function.
 */
export function startDemoStructureFeed(
  deps: { db: Db; sql: Sql; events: EventBus },
  onError: (error: unknown) => void,
  everyMs = durations.hourMs,
): () => void {
  const feed = () => void continueDemoStructure(deps).catch(onError);
  feed();
  const timer = setInterval(feed, everyMs);
  timer.unref();
  return () => clearInterval(timer);
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
