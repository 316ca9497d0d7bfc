import {
  absoluteHumidity,
  defaultLanguage,
  distanceKm,
  measurementName,
  measurementUnits,
  type projectAddWeatherInput,
  type projectRemoveWeatherInput,
  providerChannels,
  tenancyErrors,
  type WeatherProvider,
  weatherErrors,
} from '@olo/shared';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { EventBus } from '../../events/event-bus.ts';
import { type Loaded, rowsByKey, settleEach } from '../../shared/batch-loader.ts';
import { AppError, invalidField } from '../../shared/errors.ts';
import type { RateLimiter } from '../../shared/rate-limits.ts';
import type { ViewerAccess } from '../access/access.policy.ts';
import type { ReadingsRepository } from '../ingest/readings.repository.ts';
import type { NewWeatherSeries, ProjectWeatherRow, WeatherRepository, WeatherRow } from './weather.repository.ts';
import {
  WeatherFetchError,
  type WeatherObservation,
  type WeatherProviderClient,
  type WeatherStation,
} from './weather-provider.ts';

/** The word a weather series' name starts with, in each language (spec section 1: "Weather - " names). */
const weatherWord: Record<string, string> = { fi: 'Sää', sv: 'Väder', en: 'Weather' };

export interface WeatherLatest {
  weatherId: number;
  channel: string;
  time: Date;
  value: number;
}

/** A new source's backfill reaches back at most this far, ms: a long project's older weather is not fetched. */
export const weatherBackfillMaxMs = 400 * 24 * 3_600_000;

/** What the weather jobs need to queue their next runs. */
export interface WeatherJobs {
  enqueueBackfill(projectId: number, weatherId: number): Promise<void>;
}

export interface WeatherServiceDeps {
  repository: WeatherRepository;
  readings: Pick<ReadingsRepository, 'insertSeriesValues' | 'ensureSeriesMonths' | 'renewDataIds'>;
  providers: Record<WeatherProvider, WeatherProviderClient>;
  events: EventBus;
  logger: Logger;
  jobs: WeatherJobs;
  rateLimits: RateLimiter;
  now?: () => Date;
}

/** Weather sources: adding them to projects, fetching their observations into the projects' weather series. */
export class WeatherService {
  private readonly now: () => Date;

  constructor(private readonly deps: WeatherServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /**
   * Adds the weather of a project's place: the nearest FMI station within 50 km, else (or when asked) Open-Meteo's grid
   * point. Its channels become the project's weather series, and the backfill of the project's range is queued.
   */
  async addToProject(
    access: ViewerAccess,
    input: z.output<typeof projectAddWeatherInput>,
  ): Promise<{ weather: WeatherRow; link: ProjectWeatherRow }> {
    access.requireUser();
    await access.assert('project.update', input.projectId);
    this.deps.rateLimits.take(['addWeatherPerAccount', access.user?.id]);
    const { repository } = this.deps;
    const project = await repository.projectPlace(input.projectId);
    if (!project) throw new AppError('FORBIDDEN', tenancyErrors.permissionDenied);
    if (project.latitude === null || project.longitude === null) {
      throw new AppError('BAD_USER_INPUT', weatherErrors.noLocation);
    }
    const point = { latitude: project.latitude, longitude: project.longitude };
    const station = await this.locate(point, input.provider);
    const weather = await repository.upsert(station);
    const series = weatherSeriesOf(station.provider, project.language ?? defaultLanguage);

    const now = this.now();
    const until = project.endAt && project.endAt < now ? project.endAt : now;
    const start = project.startAt ?? project.createdAt;
    const from = new Date(Math.max(start.getTime(), until.getTime() - weatherBackfillMaxMs));
    const link = {
      projectId: project.id,
      weatherId: weather.id,
      distanceKm: Math.round(distanceKm(point, station) * 10) / 10,
      backfillFrom: from,
      backfillUntil: until,
    };
    const added = await repository.transaction((tx) => repository.addToProject(tx, link, series));
    if (!added) throw new AppError('BAD_USER_INPUT', weatherErrors.alreadyAdded);
    await this.deps.jobs.enqueueBackfill(project.id, weather.id);
    await this.deps.events.publish('project.updated', { projectId: project.id });
    return { weather, link: { ...link, backfilledTo: from } };
  }

  async removeFromProject(access: ViewerAccess, input: z.output<typeof projectRemoveWeatherInput>): Promise<boolean> {
    access.requireUser();
    await access.assert('project.update', input.projectId);
    const removed = await this.deps.repository.removeFromProject(input.projectId, input.weatherId);
    if (removed) await this.deps.events.publish('project.updated', { projectId: input.projectId });
    return removed;
  }

  /** Each project's sources, to its viewers only. */
  async listOfProjects(access: ViewerAccess, projectIds: number[]): Promise<Array<Loaded<ProjectWeatherRow[]>>> {
    const links = rowsByKey(projectIds, await this.deps.repository.listOfProjects(projectIds), (row) => row.projectId);
    return settleEach(projectIds, async (projectId, index) => {
      await access.assert('project.view', projectId);
      return links[index] ?? [];
    });
  }

  /**
   * Whether the viewer may see a source: a site admin; a viewer of a project using it; anyone, when a public link shows
   * it in a shown space. Refused alike when the source does not exist, so that ids cannot be probed.
   */
  async assertViewable(access: ViewerAccess, weatherId: number): Promise<void> {
    if (access.isSiteAdmin) return;
    const projects = await this.deps.repository.projectsOf(weatherId);
    if (projects.some((project) => project.publiclyShown)) return;
    for (const project of projects) if (await access.can('project.view', project.projectId)) return;
    throw new AppError(access.user ? 'FORBIDDEN' : 'UNAUTHENTICATED', tenancyErrors.permissionDenied);
  }

  async findViewable(access: ViewerAccess, weatherId: number): Promise<WeatherRow> {
    await this.assertViewable(access, weatherId);
    const [weather] = await this.deps.repository.findByIds([weatherId]);
    if (!weather) throw new AppError('FORBIDDEN', tenancyErrors.permissionDenied);
    return weather;
  }

  /** Every source (site admins: their fetch states), else those of the projects the viewer sees. */
  async list(access: ViewerAccess): Promise<WeatherRow[]> {
    access.requireUser();
    if (access.isSiteAdmin) return this.deps.repository.listAll();
    const projectIds = await access.visibleProjectIds();
    const links = projectIds === null ? [] : await this.deps.repository.listOfProjects(projectIds);
    return this.deps.repository.findByIds([...new Set(links.map((link) => link.weatherId))]);
  }

  /** Throws a field error unless a space's weather source is one of its project's. */
  async assertSpaceChoice(projectId: number, choice: { weatherId?: number | null }): Promise<void> {
    if (choice.weatherId === null || choice.weatherId === undefined) return;
    if (!(await this.deps.repository.findOfProject(projectId, choice.weatherId))) {
      throw invalidField('weatherId', weatherErrors.notASource);
    }
  }

  /** Sources by id, for objects the viewer was already let see (a project's sources). */
  byIds(ids: number[]): Promise<Array<WeatherRow | undefined>> {
    return this.deps.repository.findByIds(ids).then((rows) => ids.map((id) => rows.find((row) => row.id === id)));
  }

  /** Each source's newest value of each channel. */
  async latestOf(ids: number[]): Promise<WeatherLatest[][]> {
    const rows = await this.deps.repository.latest(ids);
    return ids.map((id) => rows.filter((row) => row.weatherId === id));
  }

  private async locate(
    point: { latitude: number; longitude: number },
    provider: WeatherProvider | undefined,
  ): Promise<WeatherStation> {
    const { providers, logger } = this.deps;
    if (provider !== 'open-meteo') {
      try {
        const station = await providers.fmi.locate(point);
        if (station) return station;
        if (provider === 'fmi') throw new AppError('BAD_USER_INPUT', weatherErrors.unreachable);
      } catch (error) {
        if (!(error instanceof WeatherFetchError)) throw error;
        logger.warn({ err: error }, 'FMI station search failed');
        throw new AppError('BAD_USER_INPUT', weatherErrors.unreachable);
      }
    }
    const gridPoint = await providers['open-meteo'].locate(point);
    if (!gridPoint) throw new AppError('BAD_USER_INPUT', weatherErrors.unreachable);
    return gridPoint;
  }

  /**
   * Fetches a source's recent observations (since its newest stored one, at most a day back) into its projects' series.
   * A provider that fails is recorded as the source's error and tried again after the backoff; it never throws.
   */
  async fetchRecent(weather: WeatherRow): Promise<number> {
    const provider = this.deps.providers[weather.provider as WeatherProvider];
    const now = this.now();
    const dayAgo = now.getTime() - 24 * 3_600_000;
    // An hour back from the newest: a station's late 10-minute values arrive with the next answers.
    const from = new Date(Math.max(dayAgo, (weather.observedAt?.getTime() ?? dayAgo) - 3_600_000));
    try {
      const observations = withAbsoluteHumidity(await provider.observations(weather, from, now));
      await this.store(weather.id, observations, { from, to: now });
      await this.deps.repository.recordFetch(weather.id, now, newestOf(observations));
      return observations.length;
    } catch (error) {
      if (!(error instanceof WeatherFetchError)) throw error;
      await this.deps.repository.recordFailure(weather.id, now, error.message);
      this.deps.logger.warn({ weatherId: weather.id, err: error }, 'weather fetch failed');
      return 0;
    }
  }

  /**
   * One page of a project's backfill: the provider's page after what is done (asked of the provider only when no
   * project fetched that page before), copied into the project's series. False once the backfill is done.
   */
  async backfillPage(projectId: number, weatherId: number): Promise<boolean> {
    const { repository } = this.deps;
    const link = await repository.findOfProject(projectId, weatherId);
    const [weather] = await repository.findByIds([weatherId]);
    if (!link || !weather || !link.backfillFrom || !link.backfillUntil) return false;
    const done = link.backfilledTo ?? link.backfillFrom;
    if (done >= link.backfillUntil) return false;
    const provider = this.deps.providers[weather.provider as WeatherProvider];
    const pageStart = new Date(Math.floor(done.getTime() / provider.pageMs) * provider.pageMs);
    const pageEnd = new Date(pageStart.getTime() + provider.pageMs);
    const now = this.now();
    const complete = pageEnd <= now;
    if (!(complete && (await repository.pageFetched(weatherId, pageStart)))) {
      // Errors go to the job, which retries with its backoff; the source's error shows meanwhile.
      try {
        const observations = withAbsoluteHumidity(
          await provider.observations(weather, pageStart, complete ? pageEnd : now),
        );
        await repository.transaction(async (tx) => {
          await repository.insertObservations(tx, weatherId, observations);
          await repository.recordObserved(tx, weatherId, newestOf(observations));
          if (complete) await repository.recordPage(tx, weatherId, pageStart);
        });
      } catch (error) {
        if (error instanceof WeatherFetchError) await repository.recordFailure(weatherId, now, error.message);
        throw error;
      }
    }
    const to = new Date(Math.min(pageEnd.getTime(), link.backfillUntil.getTime()));
    await repository.transaction(async (tx) => {
      const values = await repository.seriesValues(tx, weatherId, { from: done, to, projectId });
      if (values.length > 0) {
        await this.deps.readings.ensureSeriesMonths(
          tx,
          values.map((value) => value.time),
        );
        await this.deps.readings.insertSeriesValues(tx, values);
      }
      await repository.advanceBackfill(tx, projectId, weatherId, to);
      // Older periods changed: cached answers of the project go stale.
      await this.deps.readings.renewDataIds(tx, [projectId]);
    });
    await this.deps.events.publish('project.updated', { projectId });
    return to < link.backfillUntil;
  }

  /** Stores observations and writes them to every project's weather series, then tells live views. */
  private async store(weatherId: number, observations: WeatherObservation[], range: { from: Date; to: Date }) {
    const { repository, readings } = this.deps;
    const latest = await repository.transaction(async (tx) => {
      await repository.insertObservations(tx, weatherId, observations);
      const values = await repository.seriesValues(tx, weatherId, range);
      if (values.length === 0) return [];
      await readings.ensureSeriesMonths(
        tx,
        values.map((value) => value.time),
      );
      const moved = await readings.insertSeriesValues(tx, values);
      const projectOf = new Map(values.map((value) => [value.seriesId, value.projectId]));
      return moved.map((value) => ({ ...value, projectId: projectOf.get(value.seriesId) as number }));
    });
    const byProject = new Map<number, Array<{ seriesId: number; time: string; value: number }>>();
    for (const value of latest) {
      const list = byProject.get(value.projectId) ?? [];
      list.push({ seriesId: value.seriesId, time: value.time.toISOString(), value: value.value });
      byProject.set(value.projectId, list);
    }
    try {
      for (const [projectId, values] of byProject) {
        await this.deps.events.publish('series.latest', { projectId, values, computerId: null });
      }
    } catch (error) {
      // Live views catch up on their next query; the values are stored.
      this.deps.logger.warn({ err: error }, 'publishing weather values failed');
    }
  }
}

function newestOf(observations: readonly WeatherObservation[]): Date | null {
  return observations.reduce<Date | null>((latest, o) => (!latest || o.time > latest ? o.time : latest), null);
}

/** A source's weather series for a project in `language` (decision 0167): "Sää - Ulkolämpötila" and so on. */
export function weatherSeriesOf(provider: WeatherProvider, language: string): NewWeatherSeries[] {
  const word = weatherWord[language] ?? weatherWord.fi;
  return providerChannels(provider).map((channel) => ({
    name: `${word} - ${measurementName(channel.dataType, language)}`,
    dataType: channel.dataType,
    dataUnit: measurementUnits[channel.dataType],
    dataName: `Weather - ${measurementName(channel.dataType, 'en')}`,
    channel: channel.key,
  }));
}

/** Adds absolute humidity (g/m³) wherever temperature and humidity share a time. */
export function withAbsoluteHumidity(observations: WeatherObservation[]): WeatherObservation[] {
  const temperatures = new Map<number, number>();
  for (const o of observations) if (o.channel === 'temperature') temperatures.set(o.time.getTime(), o.value);
  const computed: WeatherObservation[] = [];
  for (const o of observations) {
    if (o.channel !== 'humidity') continue;
    const temperature = temperatures.get(o.time.getTime());
    if (temperature === undefined) continue;
    const value = absoluteHumidity(o.value, temperature);
    if (value !== null)
      computed.push({ channel: 'absoluteHumidity', time: o.time, value: Math.round(value * 100) / 100 });
  }
  return computed.length === 0 ? observations : [...observations, ...computed];
}
