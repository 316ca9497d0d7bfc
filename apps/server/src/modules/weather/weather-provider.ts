import type { WeatherChannelKey, WeatherProvider } from '@olo/shared';

/** A place a provider reports the weather of: an FMI station, or an Open-Meteo grid point. */
export interface WeatherStation {
  provider: WeatherProvider;
  /** FMI's fmisid; for Open-Meteo "lat,lon" at two decimals. */
  stationKey: string;
  name: string;
  latitude: number;
  longitude: number;
}

/** One value of a channel, in the unit of the channel's measurement type (packages/shared weatherChannels). */
export interface WeatherObservation {
  channel: WeatherChannelKey;
  time: Date;
  value: number;
}

/**
 * A provider's answer could not be used: unreachable, timed out, an error status, or a body that is not what its
 * format says. Nothing of such an answer is stored; the message (English) is kept as the source's error.
 */
export class WeatherFetchError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'WeatherFetchError';
  }
}

export interface WeatherProviderClient {
  readonly provider: WeatherProvider;
  /** How often new observations appear, ms: the fetch interval of a source. */
  readonly intervalMs: number;
  /** The longest period one request may cover, ms: a backfill is fetched in pages of this. */
  readonly pageMs: number;
  /** The place whose weather a point gets (FMI: the nearest station within 50 km, else undefined). */
  locate(point: { latitude: number; longitude: number }): Promise<WeatherStation | undefined>;
  /**
   * Observations from `from` (inclusive) to `to` (exclusive), sorted by time then channel; missing values left out.
   * Absolute humidity is not among them (computed by the caller from temperature and humidity).
   */
  observations(station: WeatherStation, from: Date, to: Date): Promise<WeatherObservation[]>;
}
