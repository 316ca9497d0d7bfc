import { spaceWeatherSeries, weatherSeriesShownBy } from '@olo/shared';
import type { PublicProjectFacts, PublicProjectView, ViewerAccess } from '../access/access.policy.ts';
import type { SpaceRow, SpacesRepository } from '../spaces/spaces.repository.ts';
import type { SeriesRepository } from './series.repository.ts';
import { sortSeries } from './series.service.ts';

/**
 * A series as a public link shows it: what a gauge needs and its newest value, nothing of the meters and
 * datasources behind it (the member type `Serie` reaches those).
 */
export interface PublicSeries {
  id: number;
  /** Null for a weather series, which the spaces that show it name (PublicSpaceWithWeather.weatherSeriesId). */
  spaceId: number | null;
  name: string;
  dataType: string;
  dataUnit: string | null;
  colorId: number | null;
  latest: { seriesId: number; time: Date; value: number } | null;
  /** An alarm episode of it is open; always false while the project does not show alarms (showAlarm). */
  alarming: boolean;
}

/** A space as a public link shows it, with the weather series it shows beside its own (Space.weather), if any. */
export type PublicSpaceWithWeather = SpaceRow & { weatherSeriesId: number | null };

/** What a project's public link shows of its series: the access policy's public view decides which. */
export class PublicSeriesService {
  constructor(
    private readonly deps: {
      repository: SeriesRepository;
      spaces: SpacesRepository;
      /** The series of these that have an open alarm episode (the alarms module). */
      seriesWithOpenEpisodes: (seriesIds: number[]) => Promise<Array<{ seriesId: number }>>;
    },
  ) {}

  private get repository() {
    return this.deps.repository;
  }

  /**
   * The series that the public link shows live (the access policy decides: those of shown spaces while the project
   * shows live values), in display order, with their newest values.
   */
  async listPublic(access: ViewerAccess, project: PublicProjectFacts & { id: number }): Promise<PublicSeries[]> {
    const rows = await this.publicLiveRows(access, project);
    const ids = rows.map((row) => row.id);
    const [latestRows, alarmingRows] = await Promise.all([
      this.repository.latestOf(ids),
      access.policy.publicProject(project).alarms && ids.length > 0 ? this.deps.seriesWithOpenEpisodes(ids) : [],
    ]);
    const latest = new Map(latestRows.map((row) => [row.seriesId, row]));
    const alarming = new Set(alarmingRows.map((row) => row.seriesId));
    return rows.map((row) => ({
      id: row.id,
      spaceId: row.spaceId,
      name: row.name,
      dataType: row.dataType,
      dataUnit: row.dataUnit,
      colorId: row.colorId,
      latest: latest.get(row.id) ?? null,
      alarming: alarming.has(row.id),
    }));
  }

  /** The spaces a public link shows (the access policy decides which), each naming the weather series it shows. */
  async listPublicSpaces(
    access: ViewerAccess,
    project: PublicProjectFacts & { id: number },
  ): Promise<PublicSpaceWithWeather[]> {
    const view = access.policy.publicProject(project);
    if (!view.open) return [];
    const spaces = (await this.deps.spaces.listByProject(project.id)).filter((space) => view.space(space));
    const rows = spaces.some((space) => space.weather) ? await this.repository.listByProject(project.id) : [];
    return spaces.map((space) => ({ ...space, weatherSeriesId: spaceWeatherSeries(space, rows)?.id ?? null }));
  }

  /** Ids of the series that the public link shows live now; asked again for every pushed value. */
  async publicLiveSeriesIds(access: ViewerAccess, project: PublicProjectFacts & { id: number }): Promise<Set<number>> {
    return new Set((await this.publicLiveRows(access, project)).map((row) => row.id));
  }

  /**
   * The time of the newest value among the series of the public data (shown spaces, whether or not the project shows
   * live values: the public summary's default range ends there); null when none has a value.
   */
  async publicLatestDataTime(access: ViewerAccess, project: PublicProjectFacts & { id: number }): Promise<Date | null> {
    const view = access.policy.publicProject(project);
    if (!view.open) return null;
    return this.repository.newestTimeOf(await this.publicDataSeriesIds(view, project.id));
  }

  /** How many series of the public data have an open alarm episode; 0 unless the project shows alarms (showAlarm). */
  async publicAlarmingCount(access: ViewerAccess, project: PublicProjectFacts & { id: number }): Promise<number> {
    const view = access.policy.publicProject(project);
    if (!view.open || !view.alarms) return 0;
    const ids = await this.publicDataSeriesIds(view, project.id);
    return ids.length === 0 ? 0 : (await this.deps.seriesWithOpenEpisodes(ids)).length;
  }

  /** The series of the shown spaces (the public data's, live or not). */
  private async publicDataSeriesIds(view: PublicProjectView, projectId: number): Promise<number[]> {
    const spaces = await this.deps.spaces.listByProject(projectId);
    const shown = new Set(spaces.filter((space) => view.data(space)).map((space) => space.id));
    const rows = await this.repository.listByProject(projectId);
    return rows.filter((row) => row.spaceId !== null && shown.has(row.spaceId)).map((row) => row.id);
  }

  private async publicLiveRows(access: ViewerAccess, project: PublicProjectFacts & { id: number }) {
    const view = access.policy.publicProject(project);
    if (!view.live) return [];
    const spaces = new Map((await this.deps.spaces.listByProject(project.id)).map((space) => [space.id, space]));
    const rows = await this.repository.listByProject(project.id);
    // A weather series goes with the shown spaces that show it beside their own, which name it.
    const shownWeather = weatherSeriesShownBy(
      [...spaces.values()].filter((space) => view.space(space)),
      rows,
    );
    return sortSeries(
      rows.filter(
        (row) =>
          view.liveSeries(row, row.spaceId === null ? undefined : spaces.get(row.spaceId)) || shownWeather.has(row.id),
      ),
    );
  }
}
