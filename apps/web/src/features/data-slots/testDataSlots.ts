import type { AggregateResult, SeriesResult } from '@olo/data-engine';

/** Test-only: a series of a data API body. */
export function dataSeries(
  id: number,
  spaceId: number | null,
  name: string,
  dataType: string,
  fields: Partial<SeriesResult['series']> = {},
): SeriesResult['series'] {
  return { id, name, spaceId, dataType, dataUnit: null, dataName: null, colorId: null, limitId: null, ...fields };
}

/** Test-only: a result as the engine gives it, each series with values at the given times (epoch ms). */
export function resultOf(
  spaces: AggregateResult['spaces'],
  series: Array<{
    series: SeriesResult['series'];
    values: Record<number, number | null>;
    stats?: SeriesResult['stats'];
  }>,
  times: number[],
): AggregateResult {
  return {
    times,
    // Each slot ends where the next starts; the last is as long as the one before it (an hour when it is alone).
    slotEnds: times.map(
      (time, index) => times[index + 1] ?? time + (index > 0 ? time - (times[index - 1] as number) : 3_600_000),
    ),
    spaces,
    series: series.map((item) => ({
      series: item.series,
      points: Object.entries(item.values).map(([time, value]) => ({ time: Number(time), value })),
      stats: item.stats ?? null,
    })),
    empty: null,
  };
}
