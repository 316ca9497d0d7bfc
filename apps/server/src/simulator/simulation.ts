import type { MeasurementType } from '@olo/shared';
import type { IngestService } from '../modules/ingest/ingest.service.ts';
import { providerOfTopic } from '../modules/ingest/uplink-formats.ts';
import { type BuiltUplink, buildUplink, type SimulatedMeter, simulatedMeters, slotAt } from './uplinks.ts';

/** Publishes one uplink message; may resolve when the broker (or the ingest) acknowledged it. */
export type PublishUplink = (topic: string, payload: string) => Promise<void> | void;

export interface SimulationOptions {
  meters: readonly SimulatedMeter[];
  /** Seconds between two uplinks of a meter. */
  intervalSeconds: number;
  publish: PublishUplink;
  /**
   * Hours of past uplinks sent first, oldest first, so charts have a history at once. They are the
   * same uplinks each time (same times, frame counters and values), so the server stores a repeat once.
   */
  historyHours?: number;
  /** Publishes awaited at once; more wait their turn. */
  maxInFlight?: number;
  onError?: (error: unknown, uplink: BuiltUplink) => void;
  /** The clock, ms (tests pass their own). */
  now?: () => number;
}

export interface Simulation {
  /** Resolves when the history has been published (at once without one). */
  readonly historySent: Promise<void>;
  readonly stats: { published: number; failed: number };
  /** Stops sending and waits for publishes under way. */
  stop(): Promise<void>;
}

/** A meter's live uplinks are stamped at least this long ago, so no reading is in the server's future. */
const clockMarginMs = 1000;
/** Slots of a meter sent late after a short stall (a busy event loop); a longer pause skips to the newest. */
const maxCatchUpSlots = 3;

/**
 * Sends each meter's uplinks on its own schedule: slot k of a meter is at a fixed time (its phase
 * in the interval after fleetEpochMs, plus k intervals) with frame counter k, so a restarted
 * simulation continues the same meters, curves and counters.
 */
export function startSimulation(options: SimulationOptions): Simulation {
  const intervalMs = options.intervalSeconds * 1000;
  if (!(intervalMs >= 100)) throw new RangeError('The interval must be at least 0.1 seconds');
  const now = options.now ?? Date.now;
  const maxInFlight = options.maxInFlight ?? 200;
  const stats = { published: 0, failed: 0 };
  const lastSlot = new Map<SimulatedMeter, number>();
  /** Live slots that came due; the history (below) goes first. */
  const queue: Array<{ meter: SimulatedMeter; slot: number }> = [];
  let inFlight = 0;
  let onSettled: (() => void) | undefined;
  let stopped = false;
  let pumping: Promise<void> | undefined;
  let historyDone: () => void = () => {};
  const historySent = new Promise<void>((resolve) => {
    historyDone = resolve;
  });

  const send = (meter: SimulatedMeter, slot: number): Promise<void> => {
    const uplink = buildUplink(meter, intervalMs, slot);
    return Promise.resolve()
      .then(() => options.publish(uplink.topic, uplink.payload))
      .then(
        () => {
          stats.published++;
        },
        (error: unknown) => {
          stats.failed++;
          options.onError?.(error, uplink);
        },
      );
  };
  const settled = () => new Promise<void>((resolve) => (onSettled = resolve));

  // History first, oldest first: round r holds each meter's r-th slot after the start of the
  // history, meters in order of their phase, so times rise (up to the 0.9 s jitter). Generated as
  // it is sent: a long history of a large fleet would not fit in memory as a list.
  const startedAt = now() - clockMarginMs;
  const historyMs = (options.historyHours ?? 0) * 3_600_000;
  const byPhase = [...options.meters].sort((a, b) => a.phase - b.phase);
  const currentAtStart = new Map(byPhase.map((meter) => [meter, slotAt(meter, intervalMs, startedAt)]));
  for (const [meter, slot] of currentAtStart) lastSlot.set(meter, slot);
  function* historySlots(): Generator<{ meter: SimulatedMeter; slot: number }> {
    const rounds = historyMs > 0 ? Math.ceil(historyMs / intervalMs) + 1 : 1;
    for (let round = 0; round < rounds; round++) {
      for (const meter of byPhase) {
        const current = currentAtStart.get(meter) as number;
        const first = historyMs > 0 ? slotAt(meter, intervalMs, startedAt - historyMs) + 1 : current;
        const slot = first + round;
        if (slot <= current && slot >= 0) yield { meter, slot };
      }
    }
  }
  let history: Iterator<{ meter: SimulatedMeter; slot: number }> | undefined = historySlots();

  const nextSlot = () => {
    if (history) {
      const next = history.next();
      if (!next.done) return next.value;
      history = undefined;
    }
    return queue.shift();
  };
  const pump = async () => {
    for (let next = nextSlot(); next && !stopped; next = nextSlot()) {
      while (inFlight >= maxInFlight) await settled();
      inFlight++;
      void send(next.meter, next.slot).finally(() => {
        inFlight--;
        onSettled?.();
      });
    }
    while (inFlight > 0) await settled();
    if (!history) historyDone();
  };
  const kick = () => {
    pumping ??= pump().finally(() => {
      pumping = undefined;
      if (queue.length > 0 && !stopped) kick();
    });
  };
  kick();

  const tick = () => {
    const due = now() - clockMarginMs;
    for (const meter of options.meters) {
      const slot = slotAt(meter, intervalMs, due);
      const previous = lastSlot.get(meter) ?? slot - 1;
      if (slot <= previous) continue;
      // After a long pause only the newest slot is sent: a meter does not replay what it measured meanwhile.
      const first = slot - previous > maxCatchUpSlots ? slot : previous + 1;
      for (let next = first; next <= slot; next++) queue.push({ meter, slot: next });
      lastSlot.set(meter, slot);
    }
    kick();
  };
  const timer = setInterval(tick, Math.min(1000, Math.max(50, intervalMs / 10)));
  timer.unref?.();

  return {
    historySent,
    stats,
    async stop() {
      stopped = true;
      clearInterval(timer);
      queue.length = 0;
      await pumping;
      historyDone();
    },
  };
}

/** A demo series fed by a meter channel (names in Finnish, like the rest of the demo data). */
export interface DemoChannel {
  /** The driver's channel name, which the datasource binds. */
  channel: string;
  seriesName: string;
  dataType: MeasurementType;
  dataUnit: string;
  /** Meter conversion to create for the channel (from the driver's unit to the series' unit). */
  conversion?: { name: string; expression: string };
}

export interface DemoMeter {
  meter: SimulatedMeter;
  serial: string;
  /** Driver id to set on the meter. */
  driver: string;
  name: string;
  /** Code of the demo project (seed/demo-data.ts) whose space it measures. */
  projectCode: 'DEMO-1' | 'DEMO-2';
  space: string;
  channels: DemoChannel[];
}

const indoorChannels: DemoChannel[] = [
  { channel: 'temperature', seriesName: 'Lämpötila', dataType: 'Temperature', dataUnit: '°C' },
  { channel: 'humidity', seriesName: 'Kosteus', dataType: 'Humidity', dataUnit: '%RH' },
  { channel: 'co2', seriesName: 'Hiilidioksidi', dataType: 'CO2', dataUnit: 'ppm' },
];

const dryingChannels: DemoChannel[] = [
  {
    channel: 'pressure',
    seriesName: 'Paine-ero',
    dataType: 'Paine-ero',
    // The DL-PR26 driver gives the pressure difference in Pa already: no conversion.
    dataUnit: 'Pa',
  },
  { channel: 'temperature', seriesName: 'Lämpötila', dataType: 'Temperature', dataUnit: '°C' },
];

const schoolSpaces = ['Luokka 101', 'Luokka 102', 'Liikuntasali'];
/** The school sets its heating back 2.5 °C at night and over weekends; its ventilation keeps CO2 under 1,150 ppm. */
const schoolBuilding = { setbackC: 2.5, co2Ceiling: 1150 } as const;
const dryingSpaces = ['Porras A', 'Porras B'];

/**
 * The demo's meters: an Elsys ERS CO2 in each space of the school project (DEMO-1) and a DL-PR26
 * in each stairwell of the drying project (DEMO-2). Their DevEUIs never change (fixed seeds), so
 * demo data created once keeps receiving them; both network-server formats are represented.
 */
export const demoMeters: readonly DemoMeter[] = [
  ...simulatedMeters({
    count: schoolSpaces.length,
    seed: 'olo-demo-school',
    models: ['elsys-ers-co2'],
    names: ['ers-co2-luokka-101', 'ers-co2-luokka-102', 'ers-co2-liikuntasali'],
  }).map((meter, index) => ({
    meter: { ...meter, building: schoolBuilding },
    serial: meter.serial,
    driver: 'elsys',
    name: `ERS CO2 ${schoolSpaces[index]}`,
    projectCode: 'DEMO-1' as const,
    space: schoolSpaces[index] as string,
    channels: indoorChannels,
  })),
  ...simulatedMeters({
    count: dryingSpaces.length,
    seed: 'olo-demo-drying',
    models: ['decentlab-dl-pr26'],
    names: ['dl-pr26-porras-a', 'dl-pr26-porras-b'],
  }).map((meter, index) => ({
    meter,
    serial: meter.serial,
    driver: 'decentlab-dl-pr26',
    name: `DL-PR26 ${dryingSpaces[index]}`,
    projectCode: 'DEMO-2' as const,
    space: dryingSpaces[index] as string,
    channels: dryingChannels,
  })),
];

export interface DemoSimulationOptions {
  publish: PublishUplink;
  /** Default: every demo meter. */
  meters?: readonly DemoMeter[];
  /** Default 60 s. */
  intervalSeconds?: number;
  /** Default 24 h of history on start (repeats of stored uplinks are stored once). */
  historyHours?: number;
  onError?: (error: unknown, uplink: BuiltUplink) => void;
}

/** Live values for the demo: the demo meters' uplinks, published in process (see publishToIngest). */
export function startDemoSimulation(options: DemoSimulationOptions): Simulation {
  return startSimulation({
    meters: (options.meters ?? demoMeters).map((demo) => demo.meter),
    intervalSeconds: options.intervalSeconds ?? 60,
    historyHours: options.historyHours ?? 24,
    publish: options.publish,
    onError: options.onError,
  });
}

/**
 * A publish function that hands uplinks straight to the ingest, as the site-wide integration.
 * (Publishing into the embedded broker from the server itself would reach no ingest: Olo ingests
 * what clients publish, in Aedes' authorizePublish, which the broker's own publish skips.)
 */
export function publishToIngest(ingest: Pick<IngestService, 'acceptMessage'>): PublishUplink {
  const sender = { id: 'demo-simulation', organizationId: null };
  return async (topic, payload) => {
    const provider = providerOfTopic(topic);
    if (!provider) throw new Error(`Not an uplink topic: ${topic}`);
    const outcome = await ingest.acceptMessage(provider, Buffer.from(payload), sender, topic);
    if (outcome !== 'stored') throw new Error(`The demo uplink was ${outcome}`);
  };
}
