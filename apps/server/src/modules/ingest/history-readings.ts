import type { Channel, TimedReading } from '@olo/drivers';
import { storableText } from '../../shared/storable.ts';
import { type ReadingToStore, valuesOnlyReading } from './readings.repository.ts';
import { defaultReadingTimeWindow, type ReadingTimeWindow } from './uplink-formats.ts';

/**
 * A driver's channels as a reading stores them: name → value with its type and unit. Names and
 * units may come from the payload (a JSON one); a value that is not finite has no column.
 */
export function storedChannels(channels: readonly Channel[]): NonNullable<ReadingToStore['channels']> {
  return Object.fromEntries(
    channels
      .filter((c) => Number.isFinite(c.value))
      .map((c) => [storableText(c.name, 255), { value: c.value, type: c.type, unit: storableText(c.unit, 255) }]),
  );
}

/**
 * The history records of an uplink sent at `sentAt` as readings at their own times. A time no
 * clock could have given (before the window's earliest, by default 2000, or later than the uplink
 * by more than the window allows ahead: a device whose clock was never set) is refused, with the
 * system error that says so; days or weeks late are welcome.
 */
export function historyReadings(
  meterId: number,
  sentAt: Date,
  history: readonly TimedReading[],
  window: ReadingTimeWindow = defaultReadingTimeWindow,
): { readings: ReadingToStore[]; refusal: { name: string; type: string; data: Record<string, unknown> } | null } {
  const earliest = window.earliest.getTime();
  const latest = sentAt.getTime() + window.maxAheadMs;
  const plausible = (record: TimedReading) => record.time.getTime() >= earliest && record.time.getTime() <= latest;
  const refused = history.filter((record) => !plausible(record));
  const readings = history
    .filter(plausible)
    .map((record) => valuesOnlyReading(meterId, record.time, storedChannels(record.channels), true));
  const refusal =
    refused.length === 0
      ? null
      : {
          name: `History records refused: ${refused.length} with a time no clock could have given (${refused[0]?.time.toISOString()})`,
          type: 'meter.history-time',
          data: { times: refused.map((record) => record.time.toISOString()), uplinkTime: sentAt.toISOString() },
        };
  return { readings, refusal };
}
