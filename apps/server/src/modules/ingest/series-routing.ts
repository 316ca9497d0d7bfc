import { type CompiledExpression, compileExpression, ExpressionError } from '@olo/shared';
import type { MeterRouting, ReadingToStore, SeriesValue } from './readings.repository.ts';

type Datasource = MeterRouting['datasources'][number];

/** Whether a reading at `time` flows through the datasource (bounds with their inclusive flags). */
export function datasourceCovers(
  datasource: Pick<Datasource, 'startAt' | 'startInclusive' | 'endAt' | 'endInclusive'>,
  time: Date,
): boolean {
  const t = time.getTime();
  const start = datasource.startAt?.getTime();
  const end = datasource.endAt?.getTime();
  const afterStart = start === undefined || t > start || (datasource.startInclusive && t === start);
  const beforeEnd = end === undefined || t < end || (datasource.endInclusive && t === end);
  return afterStart && beforeEnd;
}

const compiled = new Map<string, CompiledExpression>();

/** Expressions are compiled once per source text; the cache is bounded by what admins write. */
function expression(source: string): CompiledExpression {
  let found = compiled.get(source);
  if (!found) {
    found = compileExpression(source);
    if (compiled.size > 10_000) compiled.clear();
    compiled.set(source, found);
  }
  return found;
}

export interface RoutedValues {
  values: SeriesValue[];
  /** Readings whose conversion or calibration failed; they reach no series (the raw reading is kept). */
  problems: Array<{ meterId: number; channel: string; message: string }>;
}

/**
 * The series values of stored readings: for each channel, each datasource that covers the
 * reading's time gets conversion(x), then the calibration in force at that time.
 */
export function routeReadings(readings: ReadingToStore[], routing: MeterRouting): RoutedValues {
  const byChannel = new Map<string, Datasource[]>();
  for (const datasource of routing.datasources) {
    const channelKey = `${datasource.meterId}|${datasource.channel}`;
    byChannel.set(channelKey, [...(byChannel.get(channelKey) ?? []), datasource]);
  }
  const conversions = new Map(routing.conversions.map((c) => [`${c.meterId}|${c.channel}`, c.expression]));
  const result: RoutedValues = { values: [], problems: [] };
  for (const reading of readings) {
    if (!reading.channels) continue;
    for (const [channel, { value }] of Object.entries(reading.channels)) {
      const channelKey = `${reading.meterId}|${channel}`;
      const targets = (byChannel.get(channelKey) ?? []).filter((datasource) =>
        datasourceCovers(datasource, reading.time),
      );
      if (targets.length === 0) continue;
      try {
        const converted = conversions.has(channelKey)
          ? expression(conversions.get(channelKey) as string).apply(value)
          : value;
        const calibration = routing.calibrations.findLast(
          (c) =>
            c.meterId === reading.meterId &&
            c.channel === channel &&
            c.startAt.getTime() <= reading.time.getTime() &&
            (c.endAt === null || reading.time.getTime() < c.endAt.getTime()),
        );
        const calibrated = calibration ? expression(calibration.expression).apply(converted) : converted;
        for (const target of targets)
          result.values.push({ seriesId: target.seriesId, time: reading.time, value: calibrated });
      } catch (error) {
        if (!(error instanceof ExpressionError)) throw error;
        result.problems.push({ meterId: reading.meterId, channel, message: error.message });
      }
    }
  }
  return result;
}
