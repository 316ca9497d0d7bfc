import type { DataSeries, DataSpace, ProjectDataBody, SlotAggregate } from './data-body.ts';
import { type DataFilter, slotPredicate } from './filters.ts';
import type { TimeRange } from './ranges.ts';

/** What one slot's value is made of: the mean of its readings, or the lowest or the highest. */
export const dataModes = ['avg', 'min', 'max'] as const;
export type DataMode = (typeof dataModes)[number];

/** Spec §8: shown for empty results (i18n keys). */
export const emptyMessages = {
  /** The project lists no series, or no slice answered: there is nothing to show at all. */
  noData: 'No data.',
  /** There are series, but no values in the range once filtered. */
  timespan: 'Timespan has no data.',
} as const;
export type EmptyMessage = (typeof emptyMessages)[keyof typeof emptyMessages];

export interface SeriesPoint {
  /** Slot start, epoch ms. */
  time: number;
  /** Null only for an empty slot when `nulls` is on. */
  value: number | null;
}

/** A table row: the readings of the kept slots, whatever the mode (the true lowest, mean and highest). */
export interface SeriesStats {
  min: number;
  avg: number;
  max: number;
  /** Readings. */
  count: number;
}

export interface SeriesResult {
  series: DataSeries;
  points: SeriesPoint[];
  /** Null when the series has no values in the kept slots. */
  stats: SeriesStats | null;
}

export interface AggregateResult {
  /** Starts of the slots in the range that pass the filters, epoch ms, ascending: the time axis. */
  times: number[];
  /** The end of each of those slots (the next slot's start), epoch ms: a day slot of a daylight-saving change is 23 or 25 hours. */
  slotEnds: number[];
  spaces: DataSpace[];
  series: SeriesResult[];
  empty: EmptyMessage | null;
}

export interface AggregateOptions {
  range: TimeRange;
  slotSeconds: number;
  filters: readonly DataFilter[];
  /** On: an empty slot is a null point (a gap in a line); off: it is left out. */
  nulls: boolean;
  mode: DataMode;
  timeZone: string;
}

function slotValue(aggregate: SlotAggregate, mode: DataMode): number {
  const [sum, min, max, count] = aggregate;
  if (mode === 'min') return min;
  if (mode === 'max') return max;
  return sum / count;
}

/** The lists of every slice, the latest period's first, since names and spaces change over time. */
function mergedLists(slices: readonly ProjectDataBody[]): { spaces: DataSpace[]; series: DataSeries[] } {
  const spaces = new Map<number, DataSpace>();
  const series = new Map<number, DataSeries>();
  for (const slice of [...slices].reverse()) {
    for (const space of slice.spaces) if (!spaces.has(space.id)) spaces.set(space.id, space);
    for (const item of slice.series) if (!series.has(item.id)) series.set(item.id, item);
  }
  return { spaces: [...spaces.values()], series: [...series.values()] };
}

/**
 * The view's values from fetched slices: the slots that overlap the range and pass the filters,
 * one value per series and slot by the mode, and a min/avg/max row per series. Slices of another
 * slot length are ignored; where slices overlap, the later period's slot wins.
 */
export function aggregate(slices: readonly ProjectDataBody[], options: AggregateOptions): AggregateResult {
  const usable = slices.filter((slice) => slice.slotSeconds === options.slotSeconds).sort((a, b) => a.from - b.from);
  const { spaces, series } = mergedLists(usable);
  if (series.length === 0) return { times: [], slotEnds: [], spaces, series: [], empty: emptyMessages.noData };

  // Slot start (epoch s) → its end (epoch s) and its aggregates by series id.
  const slots = new Map<number, { end: number; values: Record<string, SlotAggregate> }>();
  for (const slice of usable) {
    slice.slots.forEach((start, index) => {
      slots.set(start, { end: slice.slots[index + 1] ?? slice.to, values: slice.data[String(start)] ?? {} });
    });
  }
  const passes = slotPredicate(options.filters, options.timeZone);
  const kept = [...slots.entries()]
    .map(([start, slot]) => ({ start: start * 1000, end: slot.end * 1000, values: slot.values }))
    .filter((slot) => slot.start <= options.range.to && slot.end > options.range.from && passes(slot))
    .sort((a, b) => a.start - b.start);

  let anyValue = false;
  const results = series.map((item): SeriesResult => {
    const key = String(item.id);
    const points: SeriesPoint[] = [];
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    let sum = 0;
    let count = 0;
    for (const slot of kept) {
      const aggregate = slot.values[key];
      if (!aggregate || aggregate[3] <= 0) {
        if (options.nulls) points.push({ time: slot.start, value: null });
        continue;
      }
      points.push({ time: slot.start, value: slotValue(aggregate, options.mode) });
      sum += aggregate[0];
      min = Math.min(min, aggregate[1]);
      max = Math.max(max, aggregate[2]);
      count += aggregate[3];
    }
    if (count > 0) anyValue = true;
    return { series: item, points, stats: count > 0 ? { min, avg: sum / count, max, count } : null };
  });
  return {
    times: kept.map((slot) => slot.start),
    slotEnds: kept.map((slot) => slot.end),
    spaces,
    series: results,
    empty: anyValue ? null : emptyMessages.timespan,
  };
}
