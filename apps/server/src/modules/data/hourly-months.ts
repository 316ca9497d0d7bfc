import { periodSettleMs } from '@olo/shared';

/**
 * One series' hourly rollup aggregates over a month of the project's time zone (whole UTC hours
 * [from, to)), ready to be joined into data answers: the answer for a month of one-hour slots is
 * these members laid out slot by slot, so a project's month is assembled without reading or
 * writing any aggregate again (decision 0040).
 */
export interface HourlyMonth {
  seriesId: number;
  /** Epoch seconds: the first hour. */
  from: number;
  /**
   * The rollup versions (series_rollup_versions; 0: never written) of the UTC months [from, to)
   * overlaps, joined by '.': the hours are exactly what the rollup held under them.
   */
  versions: string;
  /** Per hour from `from` (index 0), the member `"seriesId":[sum,min,max,count]`, if any. */
  hours: Array<string | undefined>;
  /** About the characters held. */
  bytes: number;
}

/** A series' month as DataRepository.hourlyMonths reads it: items `hourStart|member` joined by ';'. */
export function parseHourlyMonth(row: {
  seriesId: number;
  from: number;
  versions: string;
  hours: string;
}): HourlyMonth {
  const hours: Array<string | undefined> = [];
  if (row.hours !== '') {
    for (const item of row.hours.split(';')) {
      const bar = item.indexOf('|');
      hours[(Number(item.slice(0, bar)) - row.from) / 3600] = item.slice(bar + 1);
    }
  }
  return { seriesId: row.seriesId, from: row.from, versions: row.versions, hours, bytes: row.hours.length + 64 };
}

/**
 * How long after a UTC month's end it is kept as HourlyMonths: rollup rows of the last 47 hours
 * raise no version (the ingest's every batch, within periodSettleMs; migration 0010), so a month is
 * kept only a day after no such row can fall in it, when no transaction that wrote one can still
 * be running.
 */
export const hourlyMonthSettleSeconds = periodSettleMs / 1000 + 86_400;

/** The first instant (epoch seconds) of the UTC month after the one starting at `month`. */
export function nextUtcMonth(month: number): number {
  const date = new Date(month * 1000);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) / 1000;
}

/** The first instants (epoch seconds) of the UTC months that the hours of [from, to) fall in. */
export function utcMonthsOf(from: number, to: number): number[] {
  const months: number[] = [];
  const start = new Date(from * 1000);
  for (let month = Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), 1) / 1000; month < to; ) {
    months.push(month);
    month = nextUtcMonth(month);
  }
  return months;
}

/** Slots of this many seconds from the range's start make one chunk of a data answer. */
export const hourlyChunkSeconds = 86_400;

/**
 * The data answer's `data` for the one-hour slots of [from, to) (whole UTC hours), in chunks of
 * `hourlyChunkSeconds` from `from`: each chunk's slots as `"slotStart":{members}` joined by ',',
 * or '' when none of its slots has values. The members are those of the series with values, in the
 * order of `months` (by series id, ascending, as the database orders them), each series' month of
 * [from, to). `{` + the non-empty chunks joined by ',' + `}` is the JSON object. With `reuse`,
 * only the `changed` chunks are laid out; the others are taken from `reuse.chunks`.
 */
export function assembleHourlyChunks(
  from: number,
  to: number,
  months: HourlyMonth[],
  reuse?: { chunks: string[]; changed: Set<number> },
): string[] {
  const chunks: string[][] = Array.from({ length: Math.ceil((to - from) / hourlyChunkSeconds) }, () => []);
  for (let hour = from; hour < to; hour += 3600) {
    const chunk = Math.floor((hour - from) / hourlyChunkSeconds);
    if (reuse && !reuse.changed.has(chunk)) continue;
    const offset = (hour - from) / 3600;
    const members: string[] = [];
    for (const month of months) {
      const member = month.hours[offset];
      if (member !== undefined) members.push(member);
    }
    if (members.length > 0) chunks[chunk]?.push(`"${hour}":{${members.join(',')}}`);
  }
  return chunks.map((slots, chunk) =>
    reuse && !reuse.changed.has(chunk) ? (reuse.chunks[chunk] ?? '') : slots.join(','),
  );
}

/**
 * The chunks from `from` in which `after` differs from `before`, the same series' month read
 * under other versions: where a late value or a recomputation changed an hour's aggregate.
 */
export function changedHourlyChunks(before: HourlyMonth, after: HourlyMonth): number[] {
  const changed: number[] = [];
  for (let offset = 0; offset < Math.max(before.hours.length, after.hours.length); offset++) {
    if (before.hours[offset] !== after.hours[offset]) {
      changed.push(Math.floor((offset * 3600) / hourlyChunkSeconds));
    }
  }
  return changed;
}
