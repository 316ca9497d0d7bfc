import type { Channel, TimedReading } from '@olo/drivers';
import type { ReadingToStore } from './readings.repository.ts';

/** History records dated before this (epoch ms, 2000-01-01) come from a device whose clock was not set. */
const earliestHistoryTime = Date.UTC(2000, 0, 1);
/** How much later than its uplink a history record may be dated (the device's clock running ahead). */
const historyFutureAllowanceMs = 86_400_000;

/** A driver's channels as a reading stores them: name → value with its type and unit. */
export function storedChannels(channels: readonly Channel[]): NonNullable<ReadingToStore['channels']> {
  return Object.fromEntries(channels.map((c) => [c.name, { value: c.value, type: c.type, unit: c.unit }]));
}

/**
 * The history records of an uplink sent at `sentAt` as readings at their own times. A time no
 * clock could have given (before 2000, or later than the uplink by more than a day: a device whose
 * clock was never set) is refused, with the system error that says so; days or weeks late are welcome.
 */
export function historyReadings(
  meterId: number,
  sentAt: Date,
  history: readonly TimedReading[],
): { readings: ReadingToStore[]; refusal: { name: string; type: string; data: Record<string, unknown> } | null } {
  const latest = sentAt.getTime() + historyFutureAllowanceMs;
  const plausible = (record: TimedReading) =>
    record.time.getTime() >= earliestHistoryTime && record.time.getTime() <= latest;
  const refused = history.filter((record) => !plausible(record));
  const readings = history.filter(plausible).map(
    (record): ReadingToStore => ({
      meterId,
      time: record.time,
      fCnt: null,
      fPort: null,
      payload: null,
      channels: storedChannels(record.channels),
      decodeError: null,
      rssi: null,
      snr: null,
      spfact: null,
      txpower: null,
      esp: null,
      towers: null,
      lat: null,
      lon: null,
      battery: null,
      vdd: null,
      fromHistory: true,
    }),
  );
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
