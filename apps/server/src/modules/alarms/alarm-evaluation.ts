/**
 * What an alarm rule makes of one series' readings, one at a time in time order (shared
 * ARCHITECTURE §5, decision 0041). Pure: the caller keeps the state (persisted, so that a restart
 * neither loses a pending duration nor repeats a notification) and turns the events into
 * AlarmsTriggered rows and notification jobs.
 */
import type { AlarmDuration } from '@olo/shared';

export type { AlarmDuration };

export interface AlarmBound {
  value: number;
  inclusive: boolean;
}

export interface AlarmRule {
  /** Either end may be absent: an open range. */
  start: AlarmBound | null;
  end: AlarmBound | null;
  /** true: the condition is the value inside the range; false: outside it. */
  inside: boolean;
  /** How long the condition must hold on every reading before the alarm triggers (null: at once). */
  duration: AlarmDuration | null;
  /** While the condition lasts, notify again this long after the last notification (null: never). */
  repeatAfter: AlarmDuration | null;
  /** The condition ends only once the value is back past the bound by this margin (null or 0: at the bound). */
  hysteresis: number | null;
}

/** Per alarm and series; times are epoch milliseconds. */
export interface AlarmState {
  /** The first reading of the current run of readings meeting the condition, before it triggered. */
  pendingSince: number | null;
  episode: AlarmEpisode | null;
}

export interface AlarmEpisode {
  startedAt: number;
  /** The reading that triggered it. */
  value: number;
  /** The value farthest past the range (outside alarms) or the highest one (inside alarms). */
  peak: number;
  lastNotifiedAt: number;
}

export const idleAlarmState: AlarmState = { pendingSince: null, episode: null };

export type AlarmEvent =
  | { kind: 'triggered'; time: number; value: number }
  | { kind: 'repeated'; time: number; value: number; startedAt: number }
  | { kind: 'ended'; time: number; value: number; startedAt: number; peak: number; lastedMs: number };

export interface Reading {
  /** Epoch milliseconds. */
  time: number;
  value: number;
}

/**
 * The time `duration` after `time` (epoch ms). Years and months are calendar steps in UTC (31
 * January + 1 month is the last day of February); days, hours, minutes and seconds are elapsed
 * time, so a day is 24 hours across a daylight-saving change.
 */
export function addAlarmDuration(time: number, duration: AlarmDuration): number {
  const elapsedMs = ((duration.days * 24 + duration.hours) * 60 + duration.minutes) * 60_000 + duration.seconds * 1000;
  // Run for every reading of an open episode: no calendar (and no Date) unless it is needed.
  if (duration.years === 0 && duration.months === 0) return time + elapsedMs;
  const date = new Date(time);
  const monthIndex = date.getUTCFullYear() * 12 + date.getUTCMonth() + duration.years * 12 + duration.months;
  const year = Math.floor(monthIndex / 12);
  const month = monthIndex - year * 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const shifted = Date.UTC(
    year,
    month,
    Math.min(date.getUTCDate(), lastDay),
    date.getUTCHours(),
    date.getUTCMinutes(),
    date.getUTCSeconds(),
    date.getUTCMilliseconds(),
  );
  return shifted + elapsedMs;
}

export const isZeroAlarmDuration = (duration: AlarmDuration | null) =>
  duration === null ||
  (duration.years === 0 &&
    duration.months === 0 &&
    duration.days === 0 &&
    duration.hours === 0 &&
    duration.minutes === 0 &&
    duration.seconds === 0);

/** ARCHITECTURE §5: start and end compared as given, each inclusive or not. */
export function inAlarmRange(value: number, start: AlarmBound | null, end: AlarmBound | null): boolean {
  const afterStart = start === null || value > start.value || (start.inclusive && value === start.value);
  const beforeEnd = end === null || value < end.value || (end.inclusive && value === end.value);
  return afterStart && beforeEnd;
}

/** Whether the condition holds; `open`: an episode is running, so the hysteresis margin applies. */
export function alarmConditionHolds(rule: AlarmRule, value: number, open: boolean): boolean {
  const margin = open ? Math.abs(rule.hysteresis ?? 0) : 0;
  // Inside alarms last until the value is outside the range widened by the margin; outside alarms
  // until it is inside the range narrowed by it. (Run for every watch of every value: no objects.)
  const widen = rule.inside ? margin : -margin;
  const { start, end } = rule;
  const afterStart =
    start === null || value > start.value - widen || (start.inclusive && value === start.value - widen);
  const beforeEnd = end === null || value < end.value + widen || (end.inclusive && value === end.value + widen);
  return rule.inside === (afterStart && beforeEnd);
}

/**
 * Values for which none of a series' idle alarms' conditions hold: low to high, each end inclusive
 * or not (empty when low > high). It may be narrower than all such values, never wider, so a batch
 * can pass over the series' idle watches for a value inside it (decision 0046).
 */
export interface QuietBand {
  low: number;
  lowInclusive: boolean;
  high: number;
  highInclusive: boolean;
}

const everything: QuietBand = {
  low: Number.NEGATIVE_INFINITY,
  lowInclusive: false,
  high: Number.POSITIVE_INFINITY,
  highInclusive: false,
};

export function inQuietBand(band: QuietBand, value: number): boolean {
  return (
    (value > band.low || (band.lowInclusive && value === band.low)) &&
    (value < band.high || (band.highInclusive && value === band.high))
  );
}

function intersect(a: QuietBand, b: QuietBand): QuietBand {
  const low = Math.max(a.low, b.low);
  const high = Math.min(a.high, b.high);
  return {
    low,
    lowInclusive: (a.low !== low || a.lowInclusive) && (b.low !== low || b.lowInclusive),
    high,
    highInclusive: (a.high !== high || a.highInclusive) && (b.high !== high || b.highInclusive),
  };
}

/** The quiet band of `rules` with no episode open (the condition as alarmConditionHolds without a margin). */
export function quietBand(rules: AlarmRule[]): QuietBand {
  let band = everything;
  for (const rule of rules) {
    // The range itself, where an outside alarm is quiet.
    const range: QuietBand = {
      low: rule.start?.value ?? Number.NEGATIVE_INFINITY,
      lowInclusive: rule.start?.inclusive ?? false,
      high: rule.end?.value ?? Number.POSITIVE_INFINITY,
      highInclusive: rule.end?.inclusive ?? false,
    };
    if (!rule.inside) {
      band = intersect(band, range);
      continue;
    }
    // An inside alarm is quiet below and above its range: of the two, the wider part of the band.
    const below = intersect(band, { ...everything, high: range.low, highInclusive: !range.lowInclusive });
    const above = intersect(band, { ...everything, low: range.high, lowInclusive: !range.highInclusive });
    if (rule.start === null) band = above;
    else if (rule.end === null) band = below;
    else band = above.high - above.low > below.high - below.low ? above : below;
  }
  return band;
}

/** Of two values in an episode, the one to report as its peak. */
function peakOf(rule: AlarmRule, peak: number, value: number): number {
  if (rule.inside) return Math.max(peak, value);
  return distancePast(rule, value) > distancePast(rule, peak) ? value : peak;
}

/** How far `value` lies outside the rule's range (0 inside it). */
function distancePast(rule: AlarmRule, value: number): number {
  return Math.max(
    rule.start && value < rule.start.value ? rule.start.value - value : 0,
    rule.end && value > rule.end.value ? value - rule.end.value : 0,
  );
}

/**
 * The next state after `reading` and what it sets off. Readings must come in time order; one
 * not after the previous of the same series is the caller's to skip.
 */
export function evaluateAlarm(
  rule: AlarmRule,
  state: AlarmState,
  reading: Reading,
): { state: AlarmState; events: AlarmEvent[] } {
  const { time, value } = reading;
  const episode = state.episode;
  if (episode) {
    if (!alarmConditionHolds(rule, value, true)) {
      return {
        state: idleAlarmState,
        events: [
          {
            kind: 'ended',
            time,
            value,
            startedAt: episode.startedAt,
            peak: episode.peak,
            lastedMs: time - episode.startedAt,
          },
        ],
      };
    }
    const peak = peakOf(rule, episode.peak, value);
    if (
      rule.repeatAfter &&
      !isZeroAlarmDuration(rule.repeatAfter) &&
      time >= addAlarmDuration(episode.lastNotifiedAt, rule.repeatAfter)
    ) {
      return {
        state: {
          pendingSince: null,
          episode: { startedAt: episode.startedAt, value: episode.value, peak, lastNotifiedAt: time },
        },
        events: [{ kind: 'repeated', time, value, startedAt: episode.startedAt }],
      };
    }
    // Run for every reading of an open episode: no spread, which costs several times a literal.
    const next = { startedAt: episode.startedAt, value: episode.value, peak, lastNotifiedAt: episode.lastNotifiedAt };
    return { state: { pendingSince: null, episode: next }, events: [] };
  }
  if (!alarmConditionHolds(rule, value, false)) return { state: idleAlarmState, events: [] };
  const pendingSince = state.pendingSince ?? time;
  const due = isZeroAlarmDuration(rule.duration)
    ? pendingSince
    : addAlarmDuration(pendingSince, rule.duration as AlarmDuration);
  if (time < due) return { state: { pendingSince, episode: null }, events: [] };
  return {
    state: { pendingSince: null, episode: { startedAt: time, value, peak: value, lastNotifiedAt: time } },
    events: [{ kind: 'triggered', time, value }],
  };
}

/**
 * A missing-data alarm at `now`: with no reading since `lastSeen` for `missingAfter`, an episode
 * opens dated when that time ran out (its value unused: NaN); an open one repeats every
 * `repeatAfter` from its last notification. All times epoch ms.
 */
export function evaluateMissingData(
  rule: { missingAfter: AlarmDuration; repeatAfter: AlarmDuration | null },
  state: AlarmState,
  lastSeen: number,
  now: number,
): { state: AlarmState; events: AlarmEvent[] } {
  const episode = state.episode;
  if (!episode) {
    const due = addAlarmDuration(lastSeen, rule.missingAfter);
    if (now < due) return { state, events: [] };
    return {
      state: { pendingSince: null, episode: { startedAt: due, value: 0, peak: 0, lastNotifiedAt: now } },
      events: [{ kind: 'triggered', time: due, value: Number.NaN }],
    };
  }
  if (
    rule.repeatAfter &&
    !isZeroAlarmDuration(rule.repeatAfter) &&
    now >= addAlarmDuration(episode.lastNotifiedAt, rule.repeatAfter)
  ) {
    return {
      state: { pendingSince: null, episode: { ...episode, lastNotifiedAt: now } },
      events: [{ kind: 'repeated', time: now, value: Number.NaN, startedAt: episode.startedAt }],
    };
  }
  return { state, events: [] };
}

/** A reading on a missing-data alarm's series ends its open episode (the reading is its peak). */
export function missingDataArrived(state: AlarmState, reading: Reading): { state: AlarmState; events: AlarmEvent[] } {
  const episode = state.episode;
  if (!episode) return { state: idleAlarmState, events: [] };
  return {
    state: idleAlarmState,
    events: [
      {
        kind: 'ended',
        time: reading.time,
        value: reading.value,
        startedAt: episode.startedAt,
        peak: reading.value,
        lastedMs: reading.time - episode.startedAt,
      },
    ],
  };
}
