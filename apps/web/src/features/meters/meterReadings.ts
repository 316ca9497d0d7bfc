import { isMeasurementType, measurementSortRank, measurementUnits } from '@olo/shared';

/** One channel of a reading: the JSON of `latest.data` and of a reading's `channels` is name → {value, type, unit}. */
export interface MeterChannel {
  name: string;
  value: unknown;
  type: string;
  unit: string;
}

/** The channels of a reading's JSON that users see, priority types first (spec section 9), then by name. */
export function channelsOf(data: unknown): MeterChannel[] {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return [];
  const channels: MeterChannel[] = [];
  for (const [name, raw] of Object.entries(data as Record<string, unknown>)) {
    if (typeof raw !== 'object' || raw === null) continue;
    const { value, type, unit } = raw as Record<string, unknown>;
    const dataType = typeof type === 'string' ? type : '';
    // 'ignore' marks values that are stored but never shown.
    if (dataType === 'ignore') continue;
    const knownUnit = isMeasurementType(dataType) ? measurementUnits[dataType] : '';
    channels.push({ name, value, type: dataType, unit: typeof unit === 'string' ? unit : knownUnit });
  }
  return channels.sort(
    (a, b) => measurementSortRank(a.type) - measurementSortRank(b.type) || a.name.localeCompare(b.name),
  );
}

/** The measurement types among the channels, in sort order, each once. */
export function channelTypes(channels: readonly MeterChannel[]): string[] {
  const types = [...new Set(channels.map((channel) => channel.type).filter(Boolean))];
  return types.sort((a, b) => measurementSortRank(a) - measurementSortRank(b) || a.localeCompare(b));
}

const maxInt = 2 ** 31 - 1;

/** The meter id of the URL, or null when it cannot be one (the page then shows the permission message). */
export function parseMeterId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= maxInt ? id : null;
}

/** A stored reading as the chart needs it. */
export interface ChartReading {
  time: string;
  channels: unknown;
}

/** Readings oldest first, each time once: the queried range (newest first from the server) and those pushed since. */
export function mergeReadings(...lists: readonly (readonly ChartReading[])[]): ChartReading[] {
  const byTime = new Map<number, ChartReading>();
  for (const list of lists) {
    for (const reading of list) {
      const time = new Date(reading.time).getTime();
      if (!Number.isNaN(time)) byTime.set(time, reading);
    }
  }
  return [...byTime.entries()].sort(([a], [b]) => a - b).map(([, reading]) => reading);
}

export interface ChartSeriesData {
  /** Channel names of the type, one line each. */
  channels: string[];
  unit: string;
  /** Seconds, then the values of each channel; null where a reading lacks the channel. */
  data: [number[], ...(number | null)[][]];
}

/** The lines of one measurement type over readings that are oldest first. */
export function chartSeriesOf(readings: readonly ChartReading[], dataType: string): ChartSeriesData {
  const perReading = readings.map((reading) => ({
    time: new Date(reading.time).getTime() / 1000,
    channels: channelsOf(reading.channels).filter((channel) => channel.type === dataType),
  }));
  const names = [...new Set(perReading.flatMap((reading) => reading.channels.map((channel) => channel.name)))].sort();
  const unit = perReading.flatMap((reading) => reading.channels).find((channel) => channel.unit)?.unit ?? '';
  const withValues = perReading.filter((reading) => reading.channels.length > 0);
  const times = withValues.map((reading) => reading.time);
  const lines = names.map((name) =>
    withValues.map((reading) => {
      const value = reading.channels.find((channel) => channel.name === name)?.value;
      return typeof value === 'number' && Number.isFinite(value) ? value : null;
    }),
  );
  return { channels: names, unit, data: [times, ...lines] };
}
