import { targetReached } from './drying.ts';

/**
 * The drying forecast of a structure's RH (decision 0190): the readings of a window (default the last 14 days) fitted
 * by an exponential approach to an equilibrium, y = c + a·exp(−(t − t0)/τ), the 1-D search over τ with c and a by
 * linear least squares; a straight line when the window is short. Where the fit meets each target is the forecast;
 * the interval is where the band meets it: the extremes over the τ whose least squares is within about two standard
 * errors of the best, each ± twice its prediction error (residual σ and the error of c and a).
 */

const hourMs = 3_600_000;
/** The F statistic the curve's extra parameter must pass to be chosen over the line (about p < 0.002). */
const curveFMin = 10;
const dayMs = 24 * hourMs;

export const dryingForecastDefaults = {
  windowDays: 14,
  /** Fewer readings or a shorter span in the window: a straight line instead of the curve. */
  curveMinPoints: 10,
  curveMinDays: 3,
  /** Fewer readings or a shorter span: no forecast at all. */
  minPoints: 3,
  minDays: 1,
  /** Forecasts further than this from the newest reading are not given: the structure is not drying in any sense. */
  horizonDays: 365,
  /** A rise between consecutive readings of at least this (in the series' unit) is a level shift, like a heater off. */
  jumpMin: 2,
} as const;

export const dryingForecastBounds = { windowDaysMin: 1, windowDaysMax: 365 } as const;

export type DryingTargetForecast =
  | { target: number; state: 'forecast'; at: number; earliest: number; latest: number | null }
  | { target: number; state: 'reached'; at: number }
  | { target: number; state: 'notDrying' }
  | { target: number; state: 'tooLittleData' };

/** A sample of the fitted curve with its band: the plausible fits ± twice their prediction error. */
export interface DryingCurvePoint {
  time: number;
  value: number;
  low: number;
  high: number;
}

export interface DryingFit {
  method: 'exponential' | 'linear';
  /** The first reading the fit used: the window's start, or the first after a level shift inside it. */
  from: number;
  /** The newest reading. */
  to: number;
  /** The time of the level shift the fit starts after, null without one. */
  jumpAt: number | null;
  /** The equilibrium c (null for a line) and the time constant τ in ms (null for a line). */
  equilibrium: number | null;
  timeConstantMs: number | null;
  /** The residuals' standard deviation. */
  sigma: number;
  /** The fit over the readings and on to the forecasts, for the dashed continuation and its band. */
  curve: DryingCurvePoint[];
}

export interface DryingForecast {
  targets: DryingTargetForecast[];
  /** Null when there was too little data to fit. */
  fit: DryingFit | null;
}

export interface DryingForecastOptions {
  windowDays?: number;
  /** The fit draws its curve no further than this many days past the newest reading (default: to the forecasts). */
  curveDays?: number;
}

interface Point {
  time: number;
  value: number;
}

/** A model linear in its two coefficients: y = b0 + b1·basis(t). */
interface LinearFit {
  b0: number;
  b1: number;
  sse: number;
  /** (XᵀX)⁻¹ of the two-column design, for the error of the fit at a time. */
  inverse: [number, number, number];
  basis: (time: number) => number;
}

function linearFit(points: readonly Point[], basis: (time: number) => number): LinearFit | null {
  let n = 0;
  let sx = 0;
  let sxx = 0;
  let sy = 0;
  let sxy = 0;
  for (const { time, value } of points) {
    const x = basis(time);
    n += 1;
    sx += x;
    sxx += x * x;
    sy += value;
    sxy += x * value;
  }
  const det = n * sxx - sx * sx;
  if (!(Math.abs(det) > 1e-12 * Math.max(1, n * sxx))) return null;
  const b1 = (n * sxy - sx * sy) / det;
  const b0 = (sy - b1 * sx) / n;
  let sse = 0;
  for (const { time, value } of points) sse += (value - b0 - b1 * basis(time)) ** 2;
  return { b0, b1, sse, inverse: [sxx / det, -sx / det, n / det], basis };
}

/** The fit's value at a time and its prediction error's standard deviation there (residual σ and coefficient error). */
function predict(fit: LinearFit, sigma: number, time: number, inflation: number): { value: number; error: number } {
  const x = fit.basis(time);
  const [i00, i01, i11] = fit.inverse;
  const leverage = Math.max(0, i00 + 2 * i01 * x + i11 * x * x);
  return { value: fit.b0 + fit.b1 * x, error: sigma * Math.sqrt(1 + leverage * inflation) };
}

/** The exponential fit: the τ (log-spaced search, then golden-section refinement) whose least squares is smallest. */
function exponentialFit(
  points: readonly Point[],
  t0: number,
  spanMs: number,
): { fit: LinearFit; tau: number; grid: LinearFit[] } | null {
  const fitFor = (tau: number) => linearFit(points, (time) => Math.exp(-(time - t0) / tau));
  const lo = Math.log(spanMs / 20);
  const hi = Math.log(spanMs * 50);
  const steps = 60;
  let bestIndex = -1;
  let bestSse = Number.POSITIVE_INFINITY;
  const grid: LinearFit[] = [];
  for (let index = 0; index <= steps; index += 1) {
    const found = fitFor(Math.exp(lo + ((hi - lo) * index) / steps));
    if (found && found.b1 > 0) grid.push(found);
    if (found && found.b1 > 0 && found.sse < bestSse) {
      bestSse = found.sse;
      bestIndex = index;
    }
  }
  if (bestIndex < 0) return null;
  const sseAt = (logTau: number) => {
    const found = fitFor(Math.exp(logTau));
    return found && found.b1 > 0 ? found.sse : Number.POSITIVE_INFINITY;
  };
  let a = lo + ((hi - lo) * Math.max(0, bestIndex - 1)) / steps;
  let b = lo + ((hi - lo) * Math.min(steps, bestIndex + 1)) / steps;
  const ratio = (Math.sqrt(5) - 1) / 2;
  for (let round = 0; round < 40; round += 1) {
    const c = b - ratio * (b - a);
    const d = a + ratio * (b - a);
    if (sseAt(c) < sseAt(d)) b = d;
    else a = c;
  }
  const tau = Math.exp((a + b) / 2);
  const fit = fitFor(tau);
  return fit && fit.b1 > 0 ? { fit, tau, grid } : null;
}

/**
 * How many independent readings the residuals are worth: n·(1 − ρ)/(1 + ρ) with ρ their lag-1 autocorrelation (an
 * AR(1) noise), since slow waves (weather, heating) make neighbouring readings alike. At least 4.
 */
function effectiveCount(points: readonly Point[], fit: LinearFit): number {
  const residuals = points.map(({ time, value }) => value - fit.b0 - fit.b1 * fit.basis(time));
  let lagged = 0;
  let squared = 0;
  residuals.forEach((residual, index) => {
    squared += residual * residual;
    if (index > 0) lagged += residual * (residuals[index - 1] as number);
  });
  const rho = squared > 0 ? Math.min(0.99, Math.max(0, lagged / squared)) : 0;
  return Math.max(4, (points.length * (1 - rho)) / (1 + rho));
}

/** The index of the first reading after the last upward level shift (0 without one). */
function afterLastJump(points: readonly Point[], jumpMin: number): number {
  for (let index = points.length - 1; index > 0; index -= 1) {
    if ((points[index] as Point).value - (points[index - 1] as Point).value >= jumpMin) return index;
  }
  return 0;
}

/** The first time from `start` (stepping by `step`, up to `end`) where `value(time)` is at or under `target`. */
function firstAtOrUnder(value: (time: number) => number, target: number, start: number, end: number, step: number) {
  let previous = start;
  if (value(start) <= target) return start;
  for (let time = start + step; time <= end + step / 2; time += step) {
    if (value(time) <= target) {
      // Bisect within the last step: minutes matter little, but the interval's ends should not jitter by steps.
      let low = previous;
      let high = time;
      for (let round = 0; round < 20; round += 1) {
        const middle = (low + high) / 2;
        if (value(middle) <= target) high = middle;
        else low = middle;
      }
      return Math.round(high);
    }
    previous = time;
  }
  return null;
}

/**
 * Forecasts when a drying series reaches each target: `points` ascending or not, nulls skipped; `targets` in the
 * series' unit. Per target `reached` (the values fell to it and stayed, as {@link targetReached}), `forecast` with the
 * time and the interval (`latest` null when the band's upper edge never reaches the target within a year),
 * `notDrying` (the fit does not fall significantly, or levels off above the target, or gets there only after a
 * year), or `tooLittleData`.
 */
export function dryingForecast(
  points: ReadonlyArray<{ time: number; value: number | null }>,
  targets: readonly number[],
  options: DryingForecastOptions = {},
): DryingForecast {
  const settings = dryingForecastDefaults;
  const windowDays = Math.min(
    dryingForecastBounds.windowDaysMax,
    Math.max(dryingForecastBounds.windowDaysMin, options.windowDays ?? settings.windowDays),
  );
  const valid = points
    .filter(
      (point): point is Point => point.value !== null && Number.isFinite(point.value) && Number.isFinite(point.time),
    )
    .slice()
    .sort((a, b) => a.time - b.time);
  const last = valid.at(-1);
  const inWindow = last ? valid.filter((point) => point.time >= last.time - windowDays * dayMs) : [];
  const used = inWindow.slice(afterLastJump(inWindow, settings.jumpMin));
  const jumpAt = used.length < inWindow.length ? ((used[0] as Point | undefined)?.time ?? null) : null;
  const reachedOf = (target: number): DryingTargetForecast | null => {
    const reached = targetReached(valid, target);
    return reached.state === 'reached' ? { target, state: 'reached', at: reached.at } : null;
  };
  const first = used[0];
  const spanMs = first && last ? last.time - first.time : 0;
  if (!first || !last || used.length < settings.minPoints || spanMs < settings.minDays * dayMs) {
    return { targets: targets.map((target) => reachedOf(target) ?? { target, state: 'tooLittleData' }), fit: null };
  }

  const t0 = first.time;
  const line = linearFit(used, (time) => (time - t0) / dayMs);
  if (!line) {
    return { targets: targets.map((target) => reachedOf(target) ?? { target, state: 'tooLittleData' }), fit: null };
  }
  const curveAllowed = used.length >= settings.curveMinPoints && spanMs >= settings.curveMinDays * dayMs;
  const curved = curveAllowed ? exponentialFit(used, t0, spanMs) : null;
  const count = effectiveCount(used, curved?.fit ?? line);
  // The curve only when it explains clearly more than the line (F test of its extra parameter, on the effective
  // count): a slow wave of the noise over a short window would otherwise pass for an equilibrium.
  const exponential =
    curved && (line.sse - curved.fit.sse) / (curved.fit.sse / Math.max(1, count - 3)) > curveFMin ? curved : null;
  const fit = exponential?.fit ?? line;
  const parameters = exponential ? 3 : 2;
  const sigma = Math.sqrt(fit.sse / Math.max(1, used.length - parameters));
  const inflation = used.length / count;
  // Falling at all: the straight line's slope is below zero by more than twice its standard error.
  const lineSigma = Math.sqrt(line.sse / Math.max(1, used.length - 2));
  const slopeError = lineSigma * Math.sqrt(line.inverse[2] * inflation);
  const falling = line.b1 < 0 && line.b1 + 2 * slopeError < 0;
  const equilibrium = exponential ? fit.b0 : null;
  // The curves the data cannot tell from the chosen one: least squares within about two standard errors of the
  // least, on the effective count. They and the chosen fit, each ± twice its prediction error, make the band.
  const best = curved ? Math.min(curved.fit.sse, fit.sse) : fit.sse;
  const bound = best + 4 * sigma * sigma * inflation;
  const plausible = [fit, ...(curved?.grid ?? []).filter((one) => one.sse <= bound)];
  if (line.sse <= bound) plausible.push(line);
  const at = (time: number) => {
    const { value } = predict(fit, sigma, time, inflation);
    let low = Number.POSITIVE_INFINITY;
    let high = Number.NEGATIVE_INFINITY;
    for (const one of plausible) {
      const predicted = predict(one, sigma, time, inflation);
      low = Math.min(low, predicted.value - 2 * predicted.error);
      high = Math.max(high, predicted.value + 2 * predicted.error);
    }
    return { value, low, high };
  };
  const horizon = last.time + settings.horizonDays * dayMs;
  const step = 3 * hourMs;
  const results = targets.map((target): DryingTargetForecast => {
    const reached = reachedOf(target);
    if (reached) return reached;
    if (!falling || (equilibrium !== null && equilibrium >= target)) return { target, state: 'notDrying' };
    const central = firstAtOrUnder((time) => at(time).value, target, last.time, horizon, step);
    if (central === null) return { target, state: 'notDrying' };
    const earliest = firstAtOrUnder((time) => at(time).low, target, last.time, central, step);
    const latest = firstAtOrUnder((time) => at(time).high, target, central, horizon, step);
    return { target, state: 'forecast', at: central, earliest: earliest ?? central, latest };
  });

  const forecastEnds = results.flatMap((result) =>
    result.state === 'forecast' ? [result.latest ?? Math.min(horizon, result.at + (result.at - result.earliest))] : [],
  );
  const until = Math.min(
    horizon,
    last.time + (options.curveDays ?? Number.POSITIVE_INFINITY) * dayMs,
    Math.max(last.time, ...forecastEnds),
  );
  const samples = 120;
  const curve: DryingCurvePoint[] = [];
  for (let index = 0; index <= samples; index += 1) {
    const time = Math.round(t0 + ((until - t0) * index) / samples);
    curve.push({ time, ...at(time) });
  }
  return {
    targets: results,
    fit: {
      method: exponential ? 'exponential' : 'linear',
      from: t0,
      to: last.time,
      jumpAt,
      equilibrium,
      timeConstantMs: exponential ? exponential.tau : null,
      sigma,
      curve,
    },
  };
}
