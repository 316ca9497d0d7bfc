import { zoneOffsetMs } from '@olo/shared';

/**
 * `zoneOffsetMs` of @olo/shared, remembered by week: it builds an Intl formatter on every call
 * (about 0.2 ms), and filters need the wall clock of every slot, tens of thousands in a long view.
 * A week's offset is looked up at its two ends; when they differ, the change is found to the
 * minute. That assumes at most one offset change a week, which holds for every zone in use.
 */
const weekMs = 7 * 86_400_000;
const minuteMs = 60_000;

interface WeekOffsets {
  before: number;
  after: number;
  /** Epoch ms of the change to `after`; Infinity when the week has none. */
  changeAt: number;
}

const zones = new Map<string, { edges: Map<number, number>; weeks: Map<number, WeekOffsets> }>();

function zoneOf(timeZone: string) {
  let zone = zones.get(timeZone);
  if (!zone) {
    zone = { edges: new Map(), weeks: new Map() };
    zones.set(timeZone, zone);
  }
  return zone;
}

function weekOffsets(week: number, timeZone: string): WeekOffsets {
  const zone = zoneOf(timeZone);
  const cached = zone.weeks.get(week);
  if (cached) return cached;
  const edge = (index: number) => {
    let offset = zone.edges.get(index);
    if (offset === undefined) {
      offset = zoneOffsetMs(index * weekMs, timeZone);
      zone.edges.set(index, offset);
    }
    return offset;
  };
  const before = edge(week);
  const after = edge(week + 1);
  let changeAt = Number.POSITIVE_INFINITY;
  if (before !== after) {
    // Minutes into the week: the offset is `before` at `low` and `after` at `high`.
    let low = 0;
    let high = weekMs / minuteMs;
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2);
      if (zoneOffsetMs(week * weekMs + middle * minuteMs, timeZone) === before) low = middle;
      else high = middle;
    }
    changeAt = week * weekMs + high * minuteMs;
  }
  const offsets = { before, after, changeAt };
  zone.weeks.set(week, offsets);
  return offsets;
}

/** Milliseconds that the wall clock of `timeZone` is ahead of UTC at `instant` (epoch ms). */
export function cachedZoneOffsetMs(instant: number, timeZone: string): number {
  const offsets = weekOffsets(Math.floor(instant / weekMs), timeZone);
  return instant < offsets.changeAt ? offsets.before : offsets.after;
}
