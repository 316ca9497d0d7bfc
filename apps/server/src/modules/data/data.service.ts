import crypto from 'node:crypto';
import { formatDataPeriod, periodEnded, periodSettleMs, periodSlots } from '@olo/shared';
import { AppError } from '../../shared/errors.ts';
import type { PublicProjectView, ViewerAccess } from '../access/access.policy.ts';
import type { SeriesRepository } from '../series/series.repository.ts';
import { sortSeries } from '../series/series.service.ts';
import type { SpacesRepository } from '../spaces/spaces.repository.ts';
import { compress } from './data.encoding.ts';
import type { DataRepository, ProjectDataFacts } from './data.repository.ts';
import type { DataRequest, ProjectDataBody } from './data.schema.ts';

export interface ProjectDataAnswer {
  /** ProjectDataBody as JSON text. */
  body: string;
  etag: string;
  /** Settled periods never change under their dataId; `shared`: the same for every viewer. */
  caching: { immutable: boolean; shared: boolean };
  /** The body compressed, per coding, made when first asked for: a settled answer keeps them. */
  compressed: Partial<Record<'br' | 'gzip', Promise<Buffer>>>;
}

/** The body of `answer` compressed with `coding`, made once per answer. */
export function compressedBody(answer: ProjectDataAnswer, coding: 'br' | 'gzip'): Promise<Buffer> {
  let compressed = answer.compressed[coding];
  if (!compressed) {
    compressed = compress(answer.body, coding);
    answer.compressed[coding] = compressed;
    // A failure is not kept: the next request tries again.
    compressed.catch(() => {
      if (answer.compressed[coding] === compressed) delete answer.compressed[coding];
    });
  }
  return compressed;
}

export class StaleDataIdError extends AppError {
  constructor(readonly currentDataId: string) {
    super('CONFLICT', 'Stale data id');
  }
}

/**
 * Answers of settled periods, which never change under their dataId: the same month asked again
 * (by another member, after a reload) is sent without reading the database, and compressed once.
 * Least recently used ones go first beyond `maxBytes`. An answer counts its body and half as much
 * again for its compressed copies (each about a third of it).
 */
class SettledAnswers {
  private readonly answers = new Map<string, ProjectDataAnswer>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): ProjectDataAnswer | undefined {
    const answer = this.answers.get(key);
    if (answer) {
      this.answers.delete(key);
      this.answers.set(key, answer);
    }
    return answer;
  }

  set(key: string, answer: ProjectDataAnswer): void {
    const size = (item: ProjectDataAnswer) => Math.ceil(item.body.length * 1.5);
    if (size(answer) > this.maxBytes / 4) return;
    const replaced = this.answers.get(key);
    if (replaced) this.bytes -= size(replaced);
    this.answers.set(key, answer);
    this.bytes += size(answer);
    for (const [oldest, old] of this.answers) {
      if (this.bytes <= this.maxBytes) break;
      this.answers.delete(oldest);
      this.bytes -= size(old);
    }
  }
}

export class DataService {
  private readonly settled: SettledAnswers;

  constructor(
    private readonly deps: {
      repository: DataRepository;
      spaces: SpacesRepository;
      series: SeriesRepository;
      now?: () => number;
      /** Characters of settled answers kept in memory (about bytes: the bodies are mostly ASCII). */
      cacheBytes?: number;
    },
  ) {
    this.settled = new SettledAnswers(deps.cacheBytes ?? 64 * 1024 * 1024);
  }

  /**
   * The project, and the spaces and series a viewer gets of it, as projectData lists them: for
   * callers that build on the data API (the export) and must check access and size first.
   * 'Not found', 'Not signed in' or 'Permission denied' as projectData answers them.
   */
  async viewerLists(
    viewer: ViewerAccess,
    projectId: number,
  ): Promise<{ project: ProjectDataFacts; member: boolean } & Pick<ProjectDataBody, 'spaces' | 'series'>> {
    const { project, member, publicView } = await this.viewable(viewer, projectId);
    return { project, member, ...(await this.lists(project, member, publicView)) };
  }

  private async viewable(viewer: ViewerAccess, projectId: number) {
    const project = await this.deps.repository.project(projectId);
    if (!project) throw new AppError('NOT_FOUND', 'Not found');
    const member = await viewer.can('project.view', project.id);
    const publicView = viewer.policy.publicProject(project);
    if (!member && !publicView.open) await viewer.assert('project.view', project.id);
    return { project, member, publicView };
  }

  /** Members (and whoever sees the project) get every series; others the series of the spaces a public link shows. */
  private async lists(
    project: ProjectDataFacts,
    member: boolean,
    publicView: PublicProjectView,
  ): Promise<Pick<ProjectDataBody, 'spaces' | 'series'>> {
    const [allSpaces, allSeries] = await Promise.all([
      this.deps.spaces.listByProject(project.id),
      this.deps.series.listByProject(project.id),
    ]);
    const spaces: ProjectDataBody['spaces'] = allSpaces
      .filter((space) => member || publicView.data(space))
      .map(({ id, name, show }) => ({ id, name, show }));
    const shownSpaceIds = new Set(spaces.map((space) => space.id));
    const series: ProjectDataBody['series'] = sortSeries(allSeries)
      .filter((item) => member || (item.spaceId !== null && shownSpaceIds.has(item.spaceId)))
      .map(({ id, name, spaceId, dataType, dataUnit, dataName, colorId, limitId }) => ({
        id,
        name,
        spaceId,
        dataType,
        dataUnit,
        dataName,
        colorId,
        limitId,
      }));
    return { spaces, series };
  }

  /**
   * A project's series aggregated into the slots of a month or a day of its time zone. Members
   * (and whoever sees the project) get every series; anybody else, while the project has a public
   * link, the series of the spaces the public view shows.
   */
  async projectData(viewer: ViewerAccess, request: DataRequest): Promise<ProjectDataAnswer> {
    const { project, member, publicView } = await this.viewable(viewer, request.projectId);
    if (request.dataId !== project.dataId) throw new StaleDataIdError(project.dataId);
    const { spaces, series } = await this.lists(project, member, publicView);
    // Values of a settled period change only with the dataId; the lists (a renamed series, a space
    // hidden) may change without it, so they are part of the key.
    const listsHash = crypto
      .createHash('sha256')
      .update(JSON.stringify([spaces, series]))
      .digest('base64url');
    const cacheKey = `${project.id}|${formatDataPeriod(request.period)}|${project.dataId}|${request.slotSeconds}|${member ? 'members' : 'public'}|${listsHash}`;
    const cached = this.settled.get(cacheKey);
    if (cached) return cached;

    const slots = periodSlots(request.period, project.timeZone, request.slotSeconds);
    const boundaries = [...slots.starts, slots.to];
    const source = request.slotSeconds % 3600 === 0 && slots.hourAligned ? 'rollup' : 'raw';
    const data = await this.deps.repository.aggregateJson(
      series.map((item) => item.id),
      boundaries,
      source,
    );
    const head: Omit<ProjectDataBody, 'data'> = {
      projectId: project.id,
      period: formatDataPeriod(request.period),
      dataId: project.dataId,
      slotSeconds: request.slotSeconds,
      timeZone: project.timeZone,
      from: slots.from,
      to: slots.to,
      slots: slots.starts,
      spaces,
      series,
    };
    // The database wrote `data` as JSON already; it is joined in as text.
    const body = `${JSON.stringify(head).slice(0, -1)},"data":${data}}`;
    const now = this.deps.now?.() ?? Date.now();
    const settled = periodEnded(request.period, project.timeZone, now - periodSettleMs);
    const answer: ProjectDataAnswer = {
      body,
      etag: `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`,
      caching: { immutable: settled, shared: !member },
      compressed: {},
    };
    if (settled) this.settled.set(cacheKey, answer);
    return answer;
  }
}
