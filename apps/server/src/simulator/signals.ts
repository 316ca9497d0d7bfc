/*
 * Deterministic building blocks of simulated readings: seeded random numbers, smooth noise and a
 * school day's occupancy. Every value is a pure function of (seed, time), so a restarted
 * simulator continues the same curves and a re-sent uplink carries the very same values.
 */

const twoPi = 2 * Math.PI;
const minuteMs = 60_000;
const hourMs = 60 * minuteMs;
const dayMs = 24 * hourMs;

/** FNV-1a, 32 bits: a stable number for a text (seeds are texts such as 'olo-demo:3'). */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Mulberry32: a small seeded generator of numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One number in [0, 1) for (seed, index), e.g. a meter's jitter on its k-th uplink. */
export function unitNoise(seed: number, index: number): number {
  return seededRandom((seed ^ Math.imul(index | 0, 0x9e3779b1)) >>> 0)();
}

/**
 * Noise that drifts smoothly over time, roughly within [-1, 1]: a sum of sines with seeded
 * periods (between `minPeriodMs` and `maxPeriodMs`) and phases. Cheap, and continuous across restarts.
 */
export class SmoothNoise {
  private readonly parts: Array<{ amplitude: number; angularPerMs: number; phase: number }> = [];

  constructor(seed: number, minPeriodMs: number, maxPeriodMs: number, components = 3) {
    const random = seededRandom(seed);
    let total = 0;
    for (let index = 0; index < components; index++) {
      const period = minPeriodMs * (maxPeriodMs / minPeriodMs) ** random();
      const amplitude = 0.5 + random();
      total += amplitude;
      this.parts.push({ amplitude, angularPerMs: twoPi / period, phase: twoPi * random() });
    }
    // Sines rarely peak together, so the sum is scaled to reach about ±1 in practice, not only in theory.
    for (const part of this.parts) part.amplitude /= total * 0.7;
  }

  at(timeMs: number): number {
    let sum = 0;
    for (const part of this.parts) sum += part.amplitude * Math.sin(part.angularPerMs * timeMs + part.phase);
    return Math.max(-1, Math.min(1, sum));
  }
}

/** The simulated buildings are in Finland; school hours follow local time. */
export const simulatedTimeZone = 'Europe/Helsinki';

const offsetFormat = new Intl.DateTimeFormat('en-US', { timeZone: simulatedTimeZone, timeZoneName: 'longOffset' });
const offsetByHour = new Map<number, number>();

/** Minutes the simulated time zone is ahead of UTC at `timeMs` (cached per hour: Intl is slow). */
export function utcOffsetMinutes(timeMs: number): number {
  const hour = Math.floor(timeMs / hourMs);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    const name = offsetFormat.formatToParts(hour * hourMs).find((part) => part.type === 'timeZoneName')?.value ?? '';
    const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
    offset = match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
    if (offsetByHour.size > 10_000) offsetByHour.clear();
    offsetByHour.set(hour, offset);
  }
  return offset;
}

/** Local wall-clock time: minutes since local midnight (0–1439) and weekday (0 Sunday … 6 Saturday). */
export function localTime(timeMs: number): { minuteOfDay: number; weekday: number; midnightMs: number } {
  const offsetMs = utcOffsetMinutes(timeMs) * minuteMs;
  const local = timeMs + offsetMs;
  const localMidnight = Math.floor(local / dayMs) * dayMs;
  return {
    minuteOfDay: (local - localMidnight) / minuteMs,
    weekday: new Date(localMidnight).getUTCDay(),
    midnightMs: localMidnight - offsetMs,
  };
}

/** Lessons of a school day, local minutes since midnight: 8:15–9:45, 10:00–11:15, 12:15–13:45, 14:00–15:15. */
const lessons: ReadonlyArray<readonly [number, number]> = [
  [8 * 60 + 15, 9 * 60 + 45],
  [10 * 60, 11 * 60 + 15],
  [12 * 60 + 15, 13 * 60 + 45],
  [14 * 60, 15 * 60 + 15],
];

/** Time constant of a classroom's air, minutes: how fast CO2 (and warmth) builds up and airs out. */
const airTimeConstantMinutes = 35;

export interface Occupancy {
  /** Whether people are in the room right now. */
  present: boolean;
  /**
   * How much of the saturated build-up of an occupied room is in the air, 0–1: a first-order
   * response to the lessons (rises during a lesson, airs out during breaks and after school).
   */
  load: number;
}

/**
 * A classroom on school days (Monday to Friday). `attendance` (0–1) scales the build-up: a room
 * in use every lesson with a full class has 1.
 */
export function classroomOccupancy(timeMs: number, attendance = 1): Occupancy {
  const { minuteOfDay, weekday } = localTime(timeMs);
  if (weekday === 0 || weekday === 6) return { present: false, load: 0 };
  let load = 0;
  let present = false;
  // A linear first-order system: the response to several lessons is the sum of each one's response.
  for (const [start, end] of lessons) {
    if (minuteOfDay < start) continue;
    const inside = Math.min(minuteOfDay, end) - start;
    const built = 1 - Math.exp(-inside / airTimeConstantMinutes);
    const after = Math.max(0, minuteOfDay - end);
    load += built * Math.exp(-after / airTimeConstantMinutes);
    if (minuteOfDay < end) present = true;
  }
  return { present, load: Math.min(1, load) * attendance };
}

/** Daylight indoors, 0–1: half a sine from 7:00 to 19:00 local time, peaking at 13:00; zero at night. */
export function daylight(timeMs: number): number {
  const { minuteOfDay } = localTime(timeMs);
  const sunrise = 7 * 60;
  const sunset = 19 * 60;
  if (minuteOfDay <= sunrise || minuteOfDay >= sunset) return 0;
  return Math.sin((Math.PI * (minuteOfDay - sunrise)) / (sunset - sunrise));
}

/** Heating runs at full on school days 6:00–22:00 local time; otherwise it is set back. */
function heatingOff(timeMs: number): boolean {
  const { minuteOfDay, weekday } = localTime(timeMs);
  return weekday === 0 || weekday === 6 || minuteOfDay < 6 * 60 || minuteOfDay >= 22 * 60;
}

/** Minutes the room takes to follow a switch of the heating (the mean of this window's states). */
const setbackWindowMinutes = 120;
const setbackStepMinutes = 10;

/**
 * How far the heating is set back, 0 (full heat) to 1 (set back): nights 22–6 and weekends, eased over the two
 * hours after each switch, as a room's air cools and warms slowly rather than in a step.
 */
export function heatingSetback(timeMs: number): number {
  let off = 0;
  const steps = setbackWindowMinutes / setbackStepMinutes;
  for (let step = 0; step < steps; step++) {
    if (heatingOff(timeMs - step * setbackStepMinutes * minuteMs)) off++;
  }
  return off / steps;
}

export function clamp(value: number, min: number, max: number): number {
  return Math.max(min, Math.min(max, value));
}

export const durations = { minuteMs, hourMs, dayMs } as const;
