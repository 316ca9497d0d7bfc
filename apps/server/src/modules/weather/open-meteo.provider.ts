import { providerChannels, type WeatherChannelKey, weatherChannels } from '@olo/shared';
import { z } from 'zod';
import { getProviderAnswer, type ProviderClientOptions, providerClientSettings } from './provider-http.ts';
import {
  WeatherFetchError,
  type WeatherObservation,
  type WeatherProviderClient,
  type WeatherStation,
} from './weather-provider.ts';

const provider = 'Open-Meteo';
const dayMs = 24 * 3_600_000;

/**
 * Days that started this long before now come from the archive API (reanalysis, final), later ones from the forecast
 * API (its recent past is the model's analysis). The archive lags some five days behind.
 */
export const openMeteoArchiveLagMs = 5 * dayMs;

const openMeteoChannels = providerChannels('open-meteo').flatMap((channel) =>
  channel.openMeteo
    ? [
        {
          key: channel.key as WeatherChannelKey,
          variable: channel.openMeteo.variable,
          scale: channel.openMeteo.scale ?? 1,
        },
      ]
    : [],
);
/** The archive API (ERA5) has no UV index; asking for a variable it lacks fails the whole request. */
const archiveChannels = openMeteoChannels.filter((channel) => channel.variable !== 'uv_index');
const channelOrder = new Map<string, number>(weatherChannels.map((channel, index) => [channel.key, index]));

/** An `hourly` answer with `timeformat=unixtime`: epoch seconds and, beside them, a column per variable. */
const hourlyAnswer = z.object({
  hourly: z.object({ time: z.array(z.number().int()) }).catchall(z.array(z.number().nullable())),
});
const errorAnswer = z.object({ error: z.literal(true), reason: z.string() });

/** A grid point's key: two decimals is about 1 km, finer than the model grids, so nearby projects share one. */
function gridPoint(point: { latitude: number; longitude: number }): { latitude: number; longitude: number } {
  return { latitude: Number(point.latitude.toFixed(2)), longitude: Number(point.longitude.toFixed(2)) };
}

function utcDate(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

function startOfUtcDay(time: number): number {
  return Math.floor(time / dayMs) * dayMs;
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    throw new WeatherFetchError(`${provider}'s answer is not JSON`);
  }
}

/** The observations of an answer within [from, to), in the channels' units; nulls left out. */
export function parseOpenMeteoHourly(
  body: string,
  channels: readonly { key: WeatherChannelKey; variable: string; scale: number }[],
  from: number,
  to: number,
): WeatherObservation[] {
  const parsed = hourlyAnswer.safeParse(parseJson(body));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new WeatherFetchError(
      `${provider}'s answer is not hourly data: ${issue?.path.join('.') || 'the answer'}: ${issue?.message}`,
    );
  }
  const { time, ...columns } = parsed.data.hourly;
  const observations: WeatherObservation[] = [];
  for (const channel of channels) {
    const column = columns[channel.variable];
    // A variable the answer lacks has no values; its other columns are still good.
    if (column === undefined) continue;
    if (column.length !== time.length) {
      throw new WeatherFetchError(
        `${provider}'s hourly ${channel.variable} has ${column.length} values for ${time.length} times`,
      );
    }
    column.forEach((value, index) => {
      const at = (time[index] as number) * 1000;
      if (value === null || at < from || at >= to) return;
      observations.push({ channel: channel.key, time: new Date(at), value: value * channel.scale });
    });
  }
  return observations.sort(
    (a, b) =>
      a.time.getTime() - b.time.getTime() || (channelOrder.get(a.channel) ?? 0) - (channelOrder.get(b.channel) ?? 0),
  );
}

/**
 * Open-Meteo (https://open-meteo.com): modelled hourly weather at the grid point of any place. Past days come from the
 * archive API, recent ones from the forecast API; hours after now, forecasts, are never returned.
 */
export function createOpenMeteoProvider(
  options: { forecastUrl: string; archiveUrl: string } & ProviderClientOptions,
): WeatherProviderClient {
  const { request, now } = providerClientSettings(provider, options);

  /** One request for the UTC days of [from, to), which are all in one API's range. */
  async function fetchDays(
    baseUrl: string,
    channels: typeof openMeteoChannels,
    station: WeatherStation,
    from: number,
    to: number,
  ): Promise<WeatherObservation[]> {
    const url = new URL(baseUrl);
    url.searchParams.set('latitude', String(station.latitude));
    url.searchParams.set('longitude', String(station.longitude));
    url.searchParams.set('hourly', channels.map((channel) => channel.variable).join(','));
    url.searchParams.set('wind_speed_unit', 'ms');
    url.searchParams.set('timeformat', 'unixtime');
    url.searchParams.set('start_date', utcDate(from));
    url.searchParams.set('end_date', utcDate(to - 1));
    const answer = await getProviderAnswer(url, request);
    if (answer.status < 200 || answer.status >= 300) {
      let reason: string | undefined;
      try {
        reason = errorAnswer.safeParse(JSON.parse(answer.body)).data?.reason;
      } catch {
        // Not Open-Meteo's error JSON (a proxy's page): the status alone says it.
      }
      throw new WeatherFetchError(
        reason ? `${provider} answered ${answer.status}: ${reason}` : `${provider} answered ${answer.status}`,
      );
    }
    return parseOpenMeteoHourly(answer.body, channels, from, to);
  }

  return {
    provider: 'open-meteo',
    intervalMs: 3_600_000,
    pageMs: 31 * dayMs,

    async locate(point) {
      const { latitude, longitude } = gridPoint(point);
      return {
        provider: 'open-meteo',
        stationKey: `${latitude.toFixed(2)},${longitude.toFixed(2)}`,
        name: `Open-Meteo ${latitude.toFixed(2)}, ${longitude.toFixed(2)}`,
        latitude,
        longitude,
      };
    },

    async observations(station, fromDate, toDate) {
      const current = now().getTime();
      const from = fromDate.getTime();
      // Hours after now are forecasts: never stored as observations.
      const to = Math.min(toDate.getTime(), current + 1);
      if (to <= from) return [];
      const archiveEnd = startOfUtcDay(current - openMeteoArchiveLagMs);
      const parts: Promise<WeatherObservation[]>[] = [];
      if (from < archiveEnd) {
        parts.push(fetchDays(options.archiveUrl, archiveChannels, station, from, Math.min(to, archiveEnd)));
      }
      if (to > archiveEnd) {
        parts.push(fetchDays(options.forecastUrl, openMeteoChannels, station, Math.max(from, archiveEnd), to));
      }
      return (await Promise.all(parts)).flat();
    },
  };
}
