import { describe, expect, it } from 'vitest';
import { dryingForecast } from './drying-forecast.ts';

const hour = 3_600_000;
const day = 24 * hour;

/** A seeded normal noise (mulberry32 and Box–Muller), so that every run sees the same readings. */
function noise(seed: number, sigma: number): () => number {
  let state = seed >>> 0;
  const uniform = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
  return () => sigma * Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
}

/** Readings every `stepHours` over `days` days of y = c + (y0 − c)·exp(−t/τ) with noise. */
function curve({
  y0,
  c,
  tauDays,
  days,
  stepHours = 3,
  sigma = 0.3,
  seed = 1,
}: {
  y0: number;
  c: number;
  tauDays: number;
  days: number;
  stepHours?: number;
  sigma?: number;
  seed?: number;
}) {
  const random = noise(seed, sigma);
  const points: Array<{ time: number; value: number | null }> = [];
  for (let time = 0; time <= days * day; time += stepHours * hour) {
    points.push({ time, value: c + (y0 - c) * Math.exp(-time / (tauDays * day)) + random() });
  }
  return points;
}

/** When the noiseless curve reaches the target. */
const trueTime = (y0: number, c: number, tauDays: number, target: number) =>
  -tauDays * day * Math.log((target - c) / (y0 - c));

describe('dryingForecast', () => {
  it('recovers the date of a known curve within its interval, over several noise seeds', () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const params = { y0: 97, c: 74, tauDays: 40, days: 40, seed };
      const forecast = dryingForecast(curve(params), [85, 80]);
      const [at85, at80] = forecast.targets;
      expect(at85?.state).toBe('reached');
      expect(at80?.state).toBe('forecast');
      if (at80?.state !== 'forecast') continue;
      const truth = trueTime(97, 74, 40, 80);
      expect(at80.earliest).toBeLessThanOrEqual(truth);
      expect(at80.latest ?? Number.POSITIVE_INFINITY).toBeGreaterThanOrEqual(truth);
      expect(Math.abs(at80.at - truth)).toBeLessThan(10 * day);
      expect(at80.earliest).toBeLessThanOrEqual(at80.at);
    }
  });

  it('finds the equilibrium and time constant of a clean curve', () => {
    const forecast = dryingForecast(curve({ y0: 95, c: 70, tauDays: 10, days: 30, sigma: 0.05 }), [80]);
    expect(forecast.fit?.equilibrium).toBeCloseTo(70, 0);
    expect((forecast.fit?.timeConstantMs ?? 0) / day).toBeCloseTo(10, 0);
    // Reached in the data already: the reading from which it stayed under.
    expect(forecast.targets[0]).toMatchObject({ state: 'reached' });
  });

  it('draws the curve from the window’s start through the forecast’s interval', () => {
    const forecast = dryingForecast(curve({ y0: 97, c: 74, tauDays: 40, days: 40 }), [80]);
    const target = forecast.targets[0];
    const points = forecast.fit?.curve ?? [];
    expect(points[0]?.time).toBe(26 * day);
    if (target?.state !== 'forecast') throw new Error('no forecast');
    expect(points.at(-1)?.time).toBe(target.latest);
    for (const point of points) expect(point.low).toBeLessThan(point.value);
  });

  it('says not drying for a flat series', () => {
    const points = curve({ y0: 90, c: 90, tauDays: 10, days: 30 });
    expect(dryingForecast(points, [85, 80]).targets.map((target) => target.state)).toEqual(['notDrying', 'notDrying']);
  });

  it('says not drying for a rising series', () => {
    const points = curve({ y0: 84, c: 92, tauDays: 10, days: 30 });
    expect(dryingForecast(points, [85]).targets[0]?.state).toBe('notDrying');
  });

  it('says not drying when the curve levels off above the target', () => {
    const points = curve({ y0: 97, c: 88, tauDays: 5, days: 30, sigma: 0.1 });
    const forecast = dryingForecast(points, [85]);
    expect(forecast.targets[0]?.state).toBe('notDrying');
    expect(forecast.fit?.equilibrium).toBeGreaterThan(85);
  });

  it('fits across gaps in the readings', () => {
    const points = curve({ y0: 97, c: 74, tauDays: 40, days: 40 }).filter(
      (point) => point.time < 30 * day || point.time > 36 * day,
    );
    const forecast = dryingForecast(points, [80]);
    const target = forecast.targets[0];
    expect(target?.state).toBe('forecast');
    if (target?.state !== 'forecast') return;
    const truth = trueTime(97, 74, 40, 80);
    expect(target.earliest).toBeLessThanOrEqual(truth);
    expect(target.latest ?? Number.POSITIVE_INFINITY).toBeGreaterThanOrEqual(truth);
  });

  it('skips nulls and unsorted input', () => {
    const points = curve({ y0: 97, c: 74, tauDays: 40, days: 40 });
    const shuffled = [...points.filter((_, index) => index % 2 === 0), ...points.filter((_, index) => index % 2 === 1)];
    shuffled.push({ time: 41 * day, value: null });
    expect(dryingForecast(shuffled, [80]).targets).toEqual(dryingForecast(points, [80]).targets);
  });

  it('falls back to a line on short data, and says too little data on less', () => {
    const short = curve({ y0: 90, c: 70, tauDays: 20, days: 2, stepHours: 6, sigma: 0.1 });
    const forecast = dryingForecast(short, [85]);
    expect(forecast.fit?.method).toBe('linear');
    expect(forecast.targets[0]?.state).toBe('forecast');
    const two = curve({ y0: 90, c: 70, tauDays: 20, days: 1, stepHours: 24 });
    expect(dryingForecast(two, [85]).targets[0]?.state).toBe('tooLittleData');
    expect(dryingForecast([], [85])).toEqual({ targets: [{ target: 85, state: 'tooLittleData' }], fit: null });
    const hours = curve({ y0: 90, c: 70, tauDays: 20, days: 0.5, stepHours: 1 });
    expect(dryingForecast(hours, [85]).targets[0]?.state).toBe('tooLittleData');
  });

  it('fits only after a jump when the heater was switched off', () => {
    // Heated: fast drying to day 20, then the heater off: RH jumps 4 %RH and dries slower from there.
    const heated = curve({ y0: 97, c: 60, tauDays: 15, days: 20, sigma: 0.1 });
    const jump = 20 * day + 3 * hour;
    const after = curve({ y0: 88, c: 76, tauDays: 30, days: 10, sigma: 0.1, seed: 9 }).map((point) => ({
      time: jump + point.time,
      value: point.value,
    }));
    const forecast = dryingForecast([...heated, ...after], [80]);
    expect(forecast.fit?.jumpAt).toBe(jump);
    expect(forecast.fit?.from).toBe(jump);
    const target = forecast.targets[0];
    expect(target?.state).toBe('forecast');
    if (target?.state !== 'forecast') return;
    const truth = jump + trueTime(88, 76, 30, 80);
    expect(target.earliest).toBeLessThanOrEqual(truth);
    expect(target.latest ?? Number.POSITIVE_INFINITY).toBeGreaterThanOrEqual(truth);
  });

  it('uses only the chosen window', () => {
    const points = curve({ y0: 97, c: 74, tauDays: 40, days: 60 });
    expect(dryingForecast(points, [80], { windowDays: 7 }).fit?.from).toBe(53 * day);
    expect(dryingForecast(points, [80], { windowDays: 1000 }).fit?.from).toBe(0);
  });

  it('forecasts the demo slab’s real-looking readings (hand readings every 3 h, slow noise)', () => {
    // The demo's stairwell B: 96 %RH falling towards 76 % with a 75-day time constant, read for 91 days.
    const points = curve({ y0: 96, c: 76, tauDays: 75, days: 91, sigma: 0.3, seed: 42 });
    const forecast = dryingForecast(points, [85, 80]);
    expect(forecast.targets[0]?.state).toBe('reached');
    const target = forecast.targets[1];
    expect(target?.state).toBe('forecast');
    if (target?.state !== 'forecast') return;
    const truth = trueTime(96, 76, 75, 80);
    expect(target.at).toBeGreaterThan(91 * day);
    expect(target.earliest).toBeLessThanOrEqual(truth);
    expect(target.latest ?? Number.POSITIVE_INFINITY).toBeGreaterThanOrEqual(truth);
  });
});
