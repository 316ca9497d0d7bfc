import { z } from 'zod';
import { intId } from './input-fields.ts';
import type { MeasurementType } from './measurements.ts';

/** Where a weather source's observations come from. */
export const weatherProviders = ['fmi', 'open-meteo'] as const;
export type WeatherProvider = (typeof weatherProviders)[number];

/**
 * A weather source's channels: what each becomes as a series (its measurement type, stored in that type's unit) and
 * where each provider has it. FMI codes are `fmi::observations::weather` parameters; Open-Meteo names are `hourly`
 * variables (requested with `wind_speed_unit=ms`); `scale` turns the provider's unit into the type's.
 */
export interface WeatherChannel {
  key: string;
  dataType: MeasurementType;
  fmi?: { code: string; scale?: number };
  openMeteo?: { variable: string; scale?: number };
}

export const weatherChannels = [
  {
    key: 'temperature',
    dataType: 'ExternalTemperature',
    fmi: { code: 't2m' },
    openMeteo: { variable: 'temperature_2m' },
  },
  { key: 'humidity', dataType: 'Humidity', fmi: { code: 'rh' }, openMeteo: { variable: 'relative_humidity_2m' } },
  { key: 'dewPoint', dataType: 'Dew point', fmi: { code: 'td' }, openMeteo: { variable: 'dew_point_2m' } },
  // Computed from temperature and humidity at each time (absoluteHumidity); neither provider reports it.
  { key: 'absoluteHumidity', dataType: 'Absolute humidity' },
  { key: 'pressure', dataType: 'Pressure', fmi: { code: 'p_sea' }, openMeteo: { variable: 'pressure_msl' } },
  // Oktas (0–8) as per cent of the sky; 9 (sky obscured) is no cloud amount and is dropped.
  {
    key: 'cloudiness',
    dataType: 'Cloudiness',
    fmi: { code: 'n_man', scale: 12.5 },
    openMeteo: { variable: 'cloud_cover' },
  },
  // FMI's weather observations have no UV; Open-Meteo's is the modelled index.
  { key: 'uvIndex', dataType: 'UV index', openMeteo: { variable: 'uv_index' } },
  { key: 'windSpeed', dataType: 'Wind speed', fmi: { code: 'ws_10min' }, openMeteo: { variable: 'wind_speed_10m' } },
  {
    key: 'windDirection',
    dataType: 'Wind direction',
    fmi: { code: 'wd_10min' },
    openMeteo: { variable: 'wind_direction_10m' },
  },
  { key: 'gusts', dataType: 'Wind gusts', fmi: { code: 'wg_10min' }, openMeteo: { variable: 'wind_gusts_10m' } },
  // Precipitation of the preceding hour, mm, which is its mean rate in mm/h.
  { key: 'rain', dataType: 'Rain', fmi: { code: 'r_1h' }, openMeteo: { variable: 'precipitation' } },
  // Snowfall of the preceding hour, cm → mm/h; FMI observes snow depth only (snowDepth).
  { key: 'snow', dataType: 'Snow', openMeteo: { variable: 'snowfall', scale: 10 } },
  // Depth on the ground, cm; only stations that measure it report it, Open-Meteo models it in metres.
  {
    key: 'snowDepth',
    dataType: 'Snow depth',
    fmi: { code: 'snow_aws' },
    openMeteo: { variable: 'snow_depth', scale: 100 },
  },
] as const satisfies readonly WeatherChannel[];

export type WeatherChannelKey = (typeof weatherChannels)[number]['key'];

export function findWeatherChannel(key: string | null | undefined): WeatherChannel | undefined {
  return weatherChannels.find((channel) => channel.key === key);
}

/** The channels a provider reports (absolute humidity, computed, is every provider's). */
export function providerChannels(provider: WeatherProvider): WeatherChannel[] {
  return weatherChannels.filter((channel) =>
    provider === 'fmi'
      ? 'fmi' in channel || channel.key === 'absoluteHumidity'
      : 'openMeteo' in channel || channel.key === 'absoluteHumidity',
  );
}

/** An FMI station farther than this from a project is no weather of its place: Open-Meteo's grid point is used instead. */
export const fmiStationMaxDistanceKm = 50;

/** Spec section 9: a weather value belongs to a reading within this of it. */
export const weatherMatchWindowMs = 2 * 3_600_000;

/** Great-circle distance between two WGS84 points, km. */
export function distanceKm(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const radians = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * radians;
  const dLon = (b.longitude - a.longitude) * radians;
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * radians) * Math.cos(b.latitude * radians) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A weather value at a time, epoch ms. */
export interface WeatherPoint {
  time: number;
  value: number;
}

/**
 * The weather value that belongs to a reading at `time` (spec section 9): the nearest one within two hours of it (the
 * earlier on a tie), none past the project's end. `points` are sorted by time.
 */
export function matchWeather(
  points: readonly WeatherPoint[],
  time: number,
  projectEnd: number | null = null,
): WeatherPoint | undefined {
  if (projectEnd !== null && time > projectEnd) return undefined;
  let low = 0;
  let high = points.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((points[middle] as WeatherPoint).time < time) low = middle + 1;
    else high = middle;
  }
  let best: WeatherPoint | undefined;
  for (const candidate of [points[low - 1], points[low]]) {
    if (!candidate) continue;
    if (projectEnd !== null && candidate.time > projectEnd) continue;
    const distance = Math.abs(candidate.time - time);
    if (distance > weatherMatchWindowMs) continue;
    if (!best || distance < Math.abs(best.time - time)) best = candidate;
  }
  return best;
}

const latitude = z
  .number({ message: 'Invalid coordinates' })
  .min(-90, 'Invalid coordinates')
  .max(90, 'Invalid coordinates');
const longitude = z
  .number({ message: 'Invalid coordinates' })
  .min(-180, 'Invalid coordinates')
  .max(180, 'Invalid coordinates');
export const coordinatesInput = z.object({ latitude, longitude });

/** `projectAddWeather`: the nearest FMI station (when one is within 50 km), else an Open-Meteo grid point. */
export const projectAddWeatherInput = z.object({
  projectId: intId,
  /** Force a provider; by default FMI where it has a station near, else Open-Meteo. */
  provider: z.enum(weatherProviders).optional(),
});
export const projectRemoveWeatherInput = z.object({ projectId: intId, weatherId: intId });

/** A weather source's data period in the REST call: a month or a day, like the data API's. */
export const weatherPeriodPattern = /^\d{4}-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?$/;

/** Messages of weather errors that the web app translates. */
export const weatherErrors = {
  noLocation: "Set the project's location first",
  alreadyAdded: 'The project already has this weather source',
  unreachable: 'The weather service could not be reached, try again later',
  notASource: 'Not a weather source of this project',
} as const;

/** The icons of the weather now: what the latest observations show, most telling first. */
export const weatherIcons = ['snow', 'rain', 'cloudy', 'partly-cloudy', 'clear'] as const;
export type WeatherIcon = (typeof weatherIcons)[number];

/**
 * The weather now as an icon, from the latest values by channel key: precipitation over 0.1 mm/h is rain (snow at or
 * below 0 °C), else the cloud cover decides; none without cloudiness or precipitation to go by.
 */
export function weatherIcon(latest: Partial<Record<WeatherChannelKey, number>>): WeatherIcon | null {
  const precipitation = Math.max(latest.rain ?? 0, latest.snow ?? 0);
  if (precipitation > 0.1) {
    return (latest.snow ?? 0) > (latest.rain ?? 0) || (latest.temperature ?? 1) <= 0 ? 'snow' : 'rain';
  }
  const cloudiness = latest.cloudiness;
  if (cloudiness === undefined) return latest.rain === undefined ? null : 'clear';
  if (cloudiness >= 75) return 'cloudy';
  if (cloudiness >= 25) return 'partly-cloudy';
  return 'clear';
}

/**
 * The weather series a space shows beside its own (spec Space.weather*): the project's series of the space's weather
 * source (weatherId) of the chosen type (weatherDatatype); none while the space shows no weather.
 */
export function spaceWeatherSeries<S extends { weatherId?: number | null; dataType: string }>(
  space: { weather?: boolean; weatherId?: number | null; weatherDatatype?: string | null },
  series: readonly S[],
): S | undefined {
  if (!space.weather || space.weatherId == null || !space.weatherDatatype) return undefined;
  return series.find((one) => one.weatherId === space.weatherId && one.dataType === space.weatherDatatype);
}

/**
 * Outdoor CO2 where no source measures it, ppm: the global background (NOAA's annual mean passed 420 ppm in 2023).
 * "CO2 above outdoor" is an indoor reading less this.
 */
export const outdoorCo2Ppm = 420;

/**
 * What an indoor type is compared with outdoors, and how the difference reads: the temperature difference across the
 * envelope, the moisture a drying structure still gives off (absolute humidity inside against outside), and CO2 above
 * outdoor air. `outdoor` null: against outdoorCo2Ppm.
 */
export const weatherComparisons = [
  { indoor: 'Temperature', outdoor: 'ExternalTemperature' },
  { indoor: 'Absolute humidity', outdoor: 'Absolute humidity' },
  { indoor: 'CO2', outdoor: null },
] as const satisfies ReadonlyArray<{ indoor: MeasurementType; outdoor: MeasurementType | null }>;

/** The indoor value less its outdoor counterpart matched to it (matchWeather), or undefined when none matched. */
export function indoorOutdoorDifference(
  indoor: { dataType: string; time: number; value: number },
  outdoor: readonly WeatherPoint[],
  projectEnd: number | null = null,
): number | undefined {
  if (indoor.dataType === 'CO2') return indoor.value - outdoorCo2Ppm;
  const matched = matchWeather(outdoor, indoor.time, projectEnd);
  return matched === undefined ? undefined : indoor.value - matched.value;
}

/** The weather series that these spaces show beside their own (spaceWeatherSeries), each with the first space showing it. */
export function weatherSeriesShownBy<S extends { id: number; weatherId?: number | null; dataType: string }>(
  spaces: ReadonlyArray<{ id: number; weather?: boolean; weatherId?: number | null; weatherDatatype?: string | null }>,
  series: readonly S[],
): Map<number, number> {
  const shownIn = new Map<number, number>();
  for (const space of spaces) {
    const shown = spaceWeatherSeries(space, series);
    if (shown && !shownIn.has(shown.id)) shownIn.set(shown.id, space.id);
  }
  return shownIn;
}
