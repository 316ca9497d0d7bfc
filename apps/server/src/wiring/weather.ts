import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { JobQueue } from '../modules/jobs/jobs.service.ts';
import { createFmiProvider } from '../modules/weather/fmi.provider.ts';
import { createOpenMeteoProvider } from '../modules/weather/open-meteo.provider.ts';
import { weatherJobs } from '../modules/weather/weather.jobs.ts';
import { WeatherService } from '../modules/weather/weather.service.ts';
import { WeatherDataService } from '../modules/weather/weather-data.ts';
import type { RateLimiter } from '../shared/rate-limits.ts';
import { lateBound } from './late-bound.ts';
import type { Repositories } from './repositories.ts';

/** A weather provider's answer is waited for this long, ms: its job holds nothing else up meanwhile. */
const weatherTimeoutMs = 20_000;

/**
 * The weather: its providers at their configured addresses, its jobs (which run the service, made after them) and the
 * services of GraphQL and `GET /api/weather`.
 */
export function createWeather(deps: {
  config: Config;
  repositories: Repositories;
  jobs: JobQueue;
  events: EventBus;
  logger: Logger;
  rateLimits: RateLimiter;
}) {
  const { config, repositories } = deps;
  const providers = {
    fmi: createFmiProvider({ baseUrl: config.weather.fmiUrl, timeoutMs: weatherTimeoutMs }),
    'open-meteo': createOpenMeteoProvider({
      forecastUrl: config.weather.openMeteoUrl,
      archiveUrl: config.weather.openMeteoArchiveUrl,
      timeoutMs: weatherTimeoutMs,
    }),
  };
  const later = lateBound<WeatherService>('the weather service');
  const work = weatherJobs({
    queue: deps.jobs,
    repository: repositories.weather,
    providers,
    service: () => later.get(),
  });
  const weather = new WeatherService({
    repository: repositories.weather,
    readings: repositories.readings,
    providers,
    events: deps.events,
    logger: deps.logger,
    jobs: work.jobs,
    rateLimits: deps.rateLimits,
  });
  later.set(weather);
  return {
    weather,
    weatherData: new WeatherDataService({ repository: repositories.weather, service: weather }),
    weatherJobs: work,
  };
}
