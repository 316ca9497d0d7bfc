import { absoluteHumidity, dewPoint } from '@olo/shared';
import type { Sql } from '../db/sql.ts';
import { ReadingsRepository } from '../modules/ingest/readings.repository.ts';
import { WeatherRepository } from '../modules/weather/weather.repository.ts';
import { weatherSeriesOf } from '../modules/weather/weather.service.ts';
import type { WeatherObservation } from '../modules/weather/weather-provider.ts';
import { durations, hashText, SmoothNoise } from '../simulator/signals.ts';
import { demoDryingProject, demoHistoryDays, demoProject } from './demo-data.ts';

/**
 * The demo projects' place and weather source: both in central Helsinki, whose nearest FMI station is Kaisaniemi
 * (fmisid 100971). Where FMI can be reached the source goes on with its real observations.
 */
export const demoWeather = {
  station: {
    provider: 'fmi',
    stationKey: '100971',
    name: 'Helsinki Kaisaniemi',
    latitude: 60.17523,
    longitude: 24.94459,
  },
  places: {
    [demoProject.code]: { latitude: 60.1719, longitude: 24.9414, spaceType: 'ExternalTemperature' },
    [demoDryingProject.code]: { latitude: 60.1873, longitude: 24.9533, spaceType: 'Absolute humidity' },
  },
} as const;

/** Minutes between generated observations: 30 keeps three months of 12 channels near 53,000 rows. */
const stepMinutes = 30;
const batchSize = 5_000;

const temperatureNoise = new SmoothNoise(
  hashText('demo-weather-temperature'),
  6 * durations.hourMs,
  6 * durations.dayMs,
);
const humidityNoise = new SmoothNoise(hashText('demo-weather-humidity'), 4 * durations.hourMs, 3 * durations.dayMs);
const windNoise = new SmoothNoise(hashText('demo-weather-wind'), 2 * durations.hourMs, 2 * durations.dayMs);
const cloudNoise = new SmoothNoise(hashText('demo-weather-clouds'), 5 * durations.hourMs, 4 * durations.dayMs);
/** To a step of 1, 0.1 or 0.01, as FMI gives them: divided by a whole number, so -2.9 stays -2.9, never -2.9000000000000004. */
const round = (value: number, step: number) => {
  const perUnit = Math.round(1 / step);
  return Math.round(value * perUnit) / perUnit;
};

/**
 * Helsinki's outdoor weather at `time` as the demo has it: the season's mean (coldest in late January), a daily
 * swing and passing weather systems; humidity high in the cold months; rain when clouds are thick.
 */
export function demoWeatherAt(time: number): WeatherObservation[] {
  const at = new Date(time);
  const dayOfYear = (time - Date.UTC(at.getUTCFullYear(), 0, 1)) / durations.dayMs;
  const seasonal = 6 - 11 * Math.cos((2 * Math.PI * (dayOfYear - 25)) / 365);
  const hour = (at.getUTCHours() + 2) % 24;
  const daily = -2.5 * Math.cos((2 * Math.PI * (hour - 3)) / 24);
  const temperature = round(seasonal + daily + 5 * temperatureNoise.at(time), 0.1);
  const humidity = round(
    Math.min(100, 82 - 8 * Math.sin((2 * Math.PI * (dayOfYear - 100)) / 365) + 10 * humidityNoise.at(time)),
    1,
  );
  const clouds = Math.max(0, Math.min(8, Math.round(5 + 4 * cloudNoise.at(time))));
  const wind = round(Math.max(0.2, 4.5 + 3 * windNoise.at(time)), 0.1);
  const rain =
    clouds >= 8 && humidityNoise.at(time) > 0.3 ? round(0.2 + 2 * humidityNoise.at(time + durations.hourMs), 0.1) : 0;
  const values: Array<[WeatherObservation['channel'], number | null]> = [
    ['temperature', temperature],
    ['humidity', humidity],
    ['dewPoint', dewPoint(humidity, temperature)],
    ['absoluteHumidity', absoluteHumidity(humidity, temperature)],
    ['pressure', round(1012 + 14 * windNoise.at(time + 3 * durations.hourMs), 0.1)],
    ['cloudiness', clouds * 12.5],
    ['windSpeed', wind],
    ['windDirection', round((230 + 90 * windNoise.at(time + durations.dayMs) + 360) % 360, 1)],
    ['gusts', round(wind * 1.6 + 1, 0.1)],
    ['rain', rain],
    ['snowDepth', temperature < -1 && dayOfYear < 100 ? round(10 + 8 * cloudNoise.at(time / 7), 1) : 0],
  ];
  return values.flatMap(([channel, value]) =>
    value === null
      ? []
      : [
          {
            channel,
            time: at,
            value: channel === 'dewPoint' || channel === 'absoluteHumidity' ? round(value, 0.01) : value,
          },
        ],
  );
}

/**
 * The demo projects' weather (DEMO_DATA=true): their location, the Kaisaniemi source with its weather series, three
 * months of generated outdoor history (stored as FMI observations would be, so the data API, summaries and reports
 * show it), and their spaces showing it. Idempotent: a project that has the source is left alone.
 */
export async function seedDemoWeather(
  deps: { sql: Sql },
  options: { now?: number } = {},
): Promise<{ created: boolean }> {
  const now = options.now ?? Date.now();
  const weather = new WeatherRepository(deps.sql);
  const readings = new ReadingsRepository(deps.sql);
  const source = await weather.upsert(demoWeather.station);
  const projects = await deps.sql<Array<{ id: number; code: string; language: string; startAt: string | null }>>`
    select id, code, language, start_at as "startAt" from projects
    where code = any(${`{${Object.keys(demoWeather.places).join(',')}}`}::text[])`;
  const added: number[] = [];
  for (const project of projects) {
    const place = demoWeather.places[project.code as keyof typeof demoWeather.places];
    if (await weather.findOfProject(project.id, source.id)) continue;
    const from = new Date(
      Math.max(now - demoHistoryDays * durations.dayMs, project.startAt ? Date.parse(project.startAt) : 0),
    );
    await deps.sql`update projects set latitude = ${place.latitude}, longitude = ${place.longitude} where id = ${project.id}`;
    await weather.transaction((tx) =>
      weather.addToProject(
        tx,
        { projectId: project.id, weatherId: source.id, distanceKm: 0.5, backfillFrom: from, backfillUntil: from },
        weatherSeriesOf('fmi', project.language),
      ),
    );
    await deps.sql`update spaces set weather = true, weather_id = ${source.id}, weather_datatype = ${place.spaceType}
      where project_id = ${project.id} and weather_id is null`;
    added.push(project.id);
  }
  if (added.length === 0) return { created: false };

  const stepMs = stepMinutes * durations.minuteMs;
  const start = Math.ceil((now - demoHistoryDays * durations.dayMs) / stepMs) * stepMs;
  let batch: WeatherObservation[] = [];
  const flush = async (until: number) => {
    const from = batch[0]?.time;
    if (!from) return;
    const observations = batch;
    batch = [];
    await weather.transaction(async (tx) => {
      await weather.insertObservations(tx, source.id, observations);
      await weather.recordObserved(tx, source.id, observations.at(-1)?.time ?? null);
      for (const projectId of added) {
        const values = await weather.seriesValues(tx, source.id, { from, to: new Date(until), projectId });
        if (values.length === 0) continue;
        await readings.ensureSeriesMonths(
          tx,
          values.map((value) => value.time),
        );
        await readings.insertSeriesValues(tx, values);
      }
    });
  };
  for (let time = start; time <= now; time += stepMs) {
    batch.push(...demoWeatherAt(time));
    if (batch.length >= batchSize) await flush(time + 1);
  }
  await flush(now + 1);
  return { created: true };
}
