import { type CompiledExpression, compileExpression, ExpressionError, findDatasourceFunction } from '@olo/shared';
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
 * reading's time gets conversion(x), then the calibration in force at that time. A datasource
 * with a function gets the function of that value and of its further channels' values of the same
 * reading (each converted and calibrated alike); without all of them it gets nothing.
 */
export function routeReadings(readings: ReadingToStore[], routing: MeterRouting): RoutedValues {
  const byChannel = new Map<string, Datasource[]>();
  for (const datasource of routing.datasources) {
    const channelKey = `${datasource.meterId}|${datasource.channel}`;
    const list = byChannel.get(channelKey);
    if (list) list.push(datasource);
    else byChannel.set(channelKey, [datasource]);
  }
  const conversions = new Map(routing.conversions.map((c) => [`${c.meterId}|${c.channel}`, c.expression]));
  const result: RoutedValues = { values: [], problems: [] };
  for (const reading of readings) {
    if (!reading.channels) continue;
    const channels = reading.channels;
    const time = reading.time.getTime();
    /** A channel's value after its conversion and calibration; undefined when absent or failed. */
    const corrected = new Map<string, number | undefined>();
    const correctedValue = (channel: string): number | undefined => {
      if (corrected.has(channel)) return corrected.get(channel);
      const raw = channels[channel]?.value;
      let value: number | undefined;
      if (raw !== undefined) {
        const channelKey = `${reading.meterId}|${channel}`;
        try {
          const converted = conversions.has(channelKey)
            ? expression(conversions.get(channelKey) as string).apply(raw)
            : raw;
          const calibration = routing.calibrations.findLast(
            (c) =>
              c.meterId === reading.meterId &&
              c.channel === channel &&
              c.startAt.getTime() <= time &&
              (c.endAt === null || time < c.endAt.getTime()),
          );
          value = calibration ? expression(calibration.expression).apply(converted) : converted;
        } catch (error) {
          if (!(error instanceof ExpressionError)) throw error;
          result.problems.push({ meterId: reading.meterId, channel, message: error.message });
        }
      }
      corrected.set(channel, value);
      return value;
    };
    for (const channel of Object.keys(channels)) {
      const targets = (byChannel.get(`${reading.meterId}|${channel}`) ?? []).filter((datasource) =>
        datasourceCovers(datasource, reading.time),
      );
      if (targets.length === 0) continue;
      const value = correctedValue(channel);
      if (value === undefined) continue;
      for (const target of targets) {
        const fn = findDatasourceFunction(target.functionId);
        if (!target.functionId) {
          result.values.push({ seriesId: target.seriesId, time: reading.time, value });
          continue;
        }
        const extras = (target.extraChannels ?? []).map(correctedValue);
        if (!fn || extras.length < fn.extra.length || extras.some((extra) => extra === undefined)) continue;
        const computed = fn.compute(value, extras as number[]);
        if (computed !== null && Number.isFinite(computed)) {
          result.values.push({ seriesId: target.seriesId, time: reading.time, value: computed });
        }
      }
    }
  }
  return result;
}
