import { type LimitScale, limitBands } from '@olo/shared';
import type { AggregateResult, SeriesResult } from './aggregate.ts';

/** What judging a value by a limit takes: its bands and its normal range. */
export type ShareScale = Pick<LimitScale, 'min' | 'max' | 'limits' | 'colors' | 'maxcolor' | 'normalMin' | 'normalMax'>;

/** One band of a limit with the share of the measured time the series' slot values spent in it. */
export interface BandShare {
  /** The band's ends on the scale; the first band also holds values below `from`, the last those above `to`. */
  from: number;
  to: number;
  color: string;
  /** 0..1 of `measuredMs`. */
  share: number;
}

export interface SeriesTimeShares {
  /** Length of the kept slots that have a value, ms: what the shares are of. */
  measuredMs: number;
  /** Every band of the limit, lowest first; an edge value belongs to the band above it (as `bandColor` colours it). */
  bands: BandShare[];
  /** Share of the measured time above the normal range's top, or null when the range has no top. */
  above: number | null;
  /** Share below the normal range's bottom, or null when the range has no bottom. */
  below: number | null;
}

/**
 * The share of time a series' values spent in each band of its limit and outside its normal range
 * (spec §3 Summary: "CO2 above 1200 ppm 3.2 % of school hours"). Judged by each kept slot's value
 * (by the view's mode) and weighted by the slot's length, so a 23-hour day counts less than a
 * 25-hour one; slots without a value are not measured time. Null when no slot has a value.
 */
export function seriesTimeShares(
  item: Pick<SeriesResult, 'points'>,
  slots: Pick<AggregateResult, 'times' | 'slotEnds'>,
  scale: ShareScale,
): SeriesTimeShares | null {
  const ends = new Map(slots.times.map((time, index) => [time, slots.slotEnds[index] ?? time]));
  const bands = limitBands(scale);
  const inBand = bands.map(() => 0);
  let measuredMs = 0;
  let aboveMs = 0;
  let belowMs = 0;
  for (const point of item.points) {
    if (point.value === null) continue;
    const length = (ends.get(point.time) ?? point.time) - point.time;
    if (length <= 0) continue;
    measuredMs += length;
    const edge = scale.limits.findIndex((limit) => (point.value as number) < limit);
    const band = edge === -1 ? bands.length - 1 : edge;
    inBand[band] = (inBand[band] ?? 0) + length;
    if (scale.normalMax !== null && point.value > scale.normalMax) aboveMs += length;
    if (scale.normalMin !== null && point.value < scale.normalMin) belowMs += length;
  }
  if (measuredMs === 0) return null;
  return {
    measuredMs,
    bands: bands.map((band, index) => ({ ...band, share: (inBand[index] ?? 0) / measuredMs })),
    above: scale.normalMax === null ? null : aboveMs / measuredMs,
    below: scale.normalMin === null ? null : belowMs / measuredMs,
  };
}

/** A row of a report's slot table: a kept slot and the value of each chosen series in it (null: none). */
export interface SlotRow {
  /** Epoch ms. */
  start: number;
  end: number;
  values: (number | null)[];
}

/**
 * A row per kept slot and a column per series of `seriesIds` (in that order; an id the result does
 * not hold is a column of nulls). A slot where none of them has a value is left out unless `nulls`
 * is on, as the graphs leave it out.
 */
export function slotRows(
  result: Pick<AggregateResult, 'times' | 'slotEnds' | 'series'>,
  seriesIds: readonly number[],
  nulls: boolean,
): SlotRow[] {
  const byId = new Map(result.series.map((item) => [item.series.id, item]));
  const index = new Map(result.times.map((time, position) => [time, position]));
  const columns = seriesIds.map((id) => {
    const values: (number | null)[] = new Array(result.times.length).fill(null);
    for (const point of byId.get(id)?.points ?? []) {
      const position = index.get(point.time);
      if (position !== undefined) values[position] = point.value;
    }
    return values;
  });
  const rows: SlotRow[] = [];
  result.times.forEach((start, position) => {
    const values = columns.map((column) => column[position] ?? null);
    if (!nulls && values.every((value) => value === null)) return;
    rows.push({ start, end: result.slotEnds[position] ?? start, values });
  });
  return rows;
}
