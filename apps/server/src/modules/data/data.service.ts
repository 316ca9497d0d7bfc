import crypto from 'node:crypto';
import {
  type DataPeriod,
  formatDataPeriod,
  type PeriodSlots,
  periodEnded,
  periodSettleMs,
  periodSlots,
  weatherSeriesShownBy,
} from '@olo/shared';
import { ByteBoundedCache } from '../../shared/byte-bounded-cache.ts';
import { AppError } from '../../shared/errors.ts';
import type { PublicProjectView, ViewerAccess } from '../access/access.policy.ts';
import type { SeriesRepository } from '../series/series.repository.ts';
import { sortSeries } from '../series/series.service.ts';
import type { SpacesRepository } from '../spaces/spaces.repository.ts';
import {
  compress,
  concatPieces,
  type DeflatedPiece,
  deflatePiece,
  deflatePieceSync,
  joinGzip,
} from './data.encoding.ts';
import type { DataRepository, ProjectDataFacts } from './data.repository.ts';
import type { DataRequest, ProjectDataBody } from './data.schema.ts';
import {
  assembleHourlyChunks,
  changedHourlyChunks,
  type HourlyMonth,
  hourlyMonthSettleSeconds,
  nextUtcMonth,
  parseHourlyMonth,
  utcMonthsOf,
} from './hourly-months.ts';

/**
 * A month of one-hour slots' `data` for a set of series, as assembled from their HourlyMonths
 * under `versions` (each series' months' rollup versions), with `"data":…}`, the end of the body,
 * as gzip pieces: one per chunk of slots, so that a late value compresses only its chunk again.
 */
interface HourlyData {
  versions: string;
  /** The series' months it was assembled from, by series id, and its chunks. */
  months: Map<number, HourlyMonth>;
  chunks: string[];
  text: string;
  /** Per chunk index, the chunk as it stands in the body (with its leading comma) and its piece. */
  pieces: Map<number, { text: string; deflated: Promise<DeflatedPiece> }>;
  deflated: Promise<DeflatedPiece>;
}
/** The constant ends of `"data":{…}}`, compressed once. */
const dataOpening = deflatePieceSync('"data":{', false);
const dataClosing = deflatePieceSync('}}', true);

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('base64url');

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

/** A span of time, epoch seconds, [from, to). */
export interface TimeSpan {
  from: number;
  to: number;
}

/**
 * The runs of consecutive slots that overlap any of `spans`, each as its boundaries (epoch seconds,
 * ascending; slot i is [boundaries[i], boundaries[i + 1])), in order.
 */
export function slotRunsWithin(boundaries: readonly number[], spans: readonly TimeSpan[]): number[][] {
  const runs: number[][] = [];
  let run: number[] | undefined;
  for (let i = 0; i + 1 < boundaries.length; i++) {
    const start = boundaries[i] as number;
    const end = boundaries[i + 1] as number;
    if (!spans.some((span) => start < span.to && end > span.from)) {
      run = undefined;
      continue;
    }
    if (!run) {
      run = [start];
      runs.push(run);
    }
    run.push(end);
  }
  return runs;
}

/** A project's spaces and series as stored, before anything is picked for a reader. */
export interface ProjectLists {
  spaces: Awaited<ReturnType<SpacesRepository['listByProject']>>;
  series: Awaited<ReturnType<SeriesRepository['listByProject']>>;
}

/** Who an answer is for (part of the cache key) and which of the project's lists they get. */
interface DataReader {
  audience: 'members' | 'public' | 'selected';
  pick: (lists: ProjectLists) => Pick<ProjectDataBody, 'spaces' | 'series'>;
}

export class StaleDataIdError extends AppError {
  constructor(readonly currentDataId: string) {
    super('CONFLICT', 'Stale data id');
  }
}

export class DataService {
  /**
   * Answers of settled periods, which never change under their dataId: the same period asked
   * again (by another member, after a reload) is sent without reading the database, and
   * compressed once. An answer counts its body and half as much again for its compressed copies.
   */
  private readonly settled: ByteBoundedCache<ProjectDataAnswer>;
  /** Series' months of hourly aggregates, keyed `seriesId|from|to`, each under the versions it was read with. */
  private readonly hourlyMonths: ByteBoundedCache<HourlyMonth>;
  /** The latest assembled month of one-hour slots per range and set of series. */
  private readonly hourlyData: ByteBoundedCache<HourlyData>;
  /** Periods' slots per time zone and length: each local midnight is a search in the zone's rules. */
  private readonly slots = new ByteBoundedCache<PeriodSlots>(4 * 1024 * 1024);

  constructor(
    private readonly deps: {
      repository: DataRepository;
      spaces: SpacesRepository;
      series: SeriesRepository;
      now?: () => number;
      /**
       * Characters kept in memory by each of the three caches (settled answers, series' hourly
       * months, assembled months): about bytes, since the bodies are mostly ASCII.
       */
      cacheBytes?: number;
    },
  ) {
    const cacheBytes = deps.cacheBytes ?? 64 * 1024 * 1024;
    this.settled = new ByteBoundedCache(cacheBytes);
    this.hourlyMonths = new ByteBoundedCache(cacheBytes);
    this.hourlyData = new ByteBoundedCache(cacheBytes);
  }

  /**
   * The project, and the spaces and series a viewer gets of it, as projectData lists them: for
   * callers that build on the data API (the export) and must check access and size first.
   * 'Not found', 'Not signed in' or 'Permission denied' as projectData answers them.
   */
  async viewerLists(
    viewer: ViewerAccess,
    projectId: number,
  ): Promise<
    { project: ProjectDataFacts; member: boolean; weatherSeriesIds: Set<number> } & Pick<
      ProjectDataBody,
      'spaces' | 'series'
    >
  > {
    const { project, member, publicView, lists } = await this.viewable(viewer, projectId);
    const weatherSeriesIds = new Set(lists.series.filter((item) => item.weatherId !== null).map((item) => item.id));
    return { project, member, weatherSeriesIds, ...this.visibleLists(lists, member, publicView) };
  }

  private async viewable(viewer: ViewerAccess, projectId: number) {
    const project = await this.project(projectId);
    const [access, lists] = await Promise.all([this.access(viewer, project), this.readLists(project.id)]);
    return { project, ...access, lists };
  }

  private async project(projectId: number): Promise<ProjectDataFacts> {
    const project = await this.deps.repository.project(projectId);
    if (!project) throw new AppError('NOT_FOUND', 'Not found');
    return project;
  }

  /** Whether the viewer sees the project as a member, and its public view; throws when neither. */
  private async access(viewer: ViewerAccess, project: ProjectDataFacts) {
    // The organization's rights (which the project's need) load beside them: one round trip less.
    const [member] = await Promise.all([
      viewer.can('project.view', project.id),
      viewer.organization(project.organizationId),
    ]);
    const publicView = viewer.policy.publicProject(project);
    if (!member && !publicView.open) await viewer.assert('project.view', project.id);
    return { member, publicView };
  }

  private async readLists(projectId: number): Promise<ProjectLists> {
    const [spaces, series] = await Promise.all([
      this.deps.spaces.listByProject(projectId),
      this.deps.series.listByProject(projectId),
    ]);
    return { spaces, series };
  }

  /**
   * Members (and whoever sees the project) get every series; others the series of the spaces a public link shows, and
   * the weather series those spaces show.
   */
  private visibleLists(
    { spaces: allSpaces, series: allSeries }: ProjectLists,
    member: boolean,
    publicView: PublicProjectView | undefined,
  ): Pick<ProjectDataBody, 'spaces' | 'series'> {
    const spaces: ProjectDataBody['spaces'] = allSpaces
      .filter((space) => member || publicView?.data(space))
      .map(({ id, name, show }) => ({ id, name, show }));
    const shownSpaceIds = new Set(spaces.map((space) => space.id));
    // A weather series goes with the shown spaces that show it beside their own.
    const shownWeather = weatherSeriesShownBy(
      allSpaces.filter((space) => shownSpaceIds.has(space.id)),
      allSeries,
    );
    const series: ProjectDataBody['series'] = sortSeries(allSeries)
      .filter(
        (item) => member || (item.spaceId !== null && shownSpaceIds.has(item.spaceId)) || shownWeather.has(item.id),
      )
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
  async projectData(
    viewerAccess: ViewerAccess | Promise<ViewerAccess>,
    request: DataRequest,
  ): Promise<ProjectDataAnswer> {
    // The viewer (their session) may still be on its way: the project is read meanwhile.
    const [viewer, project] = await Promise.all([viewerAccess, this.project(request.projectId)]);
    return this.answer(project, request, async () => {
      const { member, publicView } = await this.access(viewer, project);
      return { audience: member ? 'members' : 'public', pick: (lists) => this.visibleLists(lists, member, publicView) };
    });
  }

  /**
   * The same answer restricted to the series and spaces `select` picks from the project's lists,
   * for a reader who is no member and needs no public link (a published report, which checked its
   * own publication first). The same for everyone who asks: cached as shared. Only slots that
   * overlap a span of `within` carry values; the rest of the period is answered empty.
   */
  async selectedProjectData(
    request: DataRequest,
    select: (lists: ProjectLists) => { seriesIds: readonly number[]; spaceIds: readonly number[] },
    within: readonly TimeSpan[],
  ): Promise<ProjectDataAnswer> {
    const project = await this.project(request.projectId);
    const reader: DataReader = {
      audience: 'selected',
      pick: (lists) => {
        const chosen = select(lists);
        const seriesIds = new Set(chosen.seriesIds);
        const spaceIds = new Set(chosen.spaceIds);
        // Every entry as a member gets it, then only those chosen.
        const all = this.visibleLists(lists, true, undefined);
        return {
          spaces: all.spaces.filter((space) => spaceIds.has(space.id)),
          series: all.series.filter((item) => seriesIds.has(item.id)),
        };
      },
    };
    return this.answer(project, request, async () => reader, within);
  }

  /** The answer to `request` for the lists `reader` picks (it may check access first: read meanwhile). */
  private async answer(
    project: ProjectDataFacts,
    request: DataRequest,
    reader: () => Promise<DataReader>,
    within?: readonly TimeSpan[],
  ): Promise<ProjectDataAnswer> {
    const slots = this.periodSlots(request.period, project.timeZone, request.slotSeconds);
    const now = this.deps.now?.() ?? Date.now();
    const months = utcMonthsOf(slots.from, slots.to);
    const boundaries = [...slots.starts, slots.to];
    // Undefined: every slot of the period.
    let runs: number[][] | undefined = within && slotRunsWithin(boundaries, within);
    if (runs?.length === 1 && runs[0]?.length === boundaries.length) runs = undefined;
    const hourly =
      runs === undefined &&
      request.period.day === null &&
      request.slotSeconds === 3600 &&
      slots.hourAligned &&
      nextUtcMonth(months.at(-1) as number) <= now / 1000 - hourlyMonthSettleSeconds;
    // Read at once; nothing is answered before access holds.
    const [{ audience, pick }, lists, versions] = await Promise.all([
      reader(),
      this.readLists(project.id),
      hourly ? this.deps.repository.rollupVersions(project.id, months) : undefined,
    ]);
    if (request.dataId !== project.dataId) throw new StaleDataIdError(project.dataId);
    const { spaces, series } = pick(lists);
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
    const caching = {
      immutable: periodEnded(request.period, project.timeZone, now - periodSettleMs),
      shared: audience !== 'members',
    };
    // `{…head…,` : the body is this, then `"data":…}`.
    const prefix = `${JSON.stringify(head).slice(0, -1)},`;
    const seriesIds = series.map((item) => item.id);

    if (versions) {
      const data = await this.hourlyMonthData(seriesIds, months, slots.from, slots.to, versions);
      const head = deflatePieceSync(prefix, false);
      const gzip = data.deflated.then((deflated) => joinGzip([head, deflated]));
      // Awaited only when a client asks for gzip; a failure then answers the body as it is.
      gzip.catch(() => undefined);
      return {
        body: `${prefix}"data":${data.text}}`,
        // The versions name the data exactly: every change of the rollup moves one.
        etag: `"${sha256(`${prefix}${data.versions}`).slice(0, 32)}"`,
        caching,
        compressed: { gzip },
      };
    }

    // Values of a settled period change only with the dataId; the lists (a renamed series, a space
    // hidden) may change without it, so they are part of the key.
    const kept = runs ? runs.map((run) => `${run[0]}-${run.at(-1)}`).join(',') : 'all';
    const cacheKey = `${project.id}|${head.period}|${project.dataId}|${request.slotSeconds}|${audience}|${kept}|${sha256(JSON.stringify([spaces, series]))}`;
    const cached = this.settled.get(cacheKey);
    if (cached) return cached;
    const source = request.slotSeconds % 3600 === 0 && slots.hourAligned ? 'rollup' : 'raw';
    const data = runs
      ? await this.runsJson(seriesIds, runs, source)
      : await this.deps.repository.aggregateJson(seriesIds, boundaries, source);
    // The database wrote `data` as JSON already; it is joined in as text.
    const body = `${prefix}"data":${data}}`;
    const answer: ProjectDataAnswer = {
      body,
      etag: `"${sha256(body).slice(0, 32)}"`,
      caching,
      compressed: {},
    };
    if (caching.immutable) this.settled.set(cacheKey, answer, Math.ceil(body.length * 1.5));
    return answer;
  }

  /** `data` of the slots of `runs` (each a run of consecutive boundaries) joined into one object. */
  private async runsJson(seriesIds: number[], runs: number[][], source: 'rollup' | 'raw'): Promise<string> {
    const parts = await Promise.all(runs.map((run) => this.deps.repository.aggregateJson(seriesIds, run, source)));
    const inner = parts.map((part) => part.slice(1, -1)).filter((part) => part !== '');
    return `{${inner.join(',')}}`;
  }

  private periodSlots(period: DataPeriod, timeZone: string, slotSeconds: number): PeriodSlots {
    const key = `${formatDataPeriod(period)}|${timeZone}|${slotSeconds}`;
    let slots = this.slots.get(key);
    if (!slots) {
      slots = periodSlots(period, timeZone, slotSeconds);
      this.slots.set(key, slots, slots.starts.length * 16 + 64);
    }
    return slots;
  }

  /**
   * The `data` of one-hour slots [from, to) (whole UTC hours of a month of the project's time zone,
   * in UTC `months`, one or two) for `seriesIds`, from the series' months: only those whose rollup
   * versions moved are read again, and only chunks of slots whose text changed are compressed again
   * (decision 0040). `versions`: the rollup versions, keyed `seriesId|month` (absent: 0).
   */
  private async hourlyMonthData(
    seriesIds: number[],
    months: number[],
    from: number,
    to: number,
    versions: Map<string, number>,
  ): Promise<HourlyData> {
    const ids = [...seriesIds].sort((a, b) => a - b);
    const versionsOf = (seriesId: number) => months.map((month) => versions.get(`${seriesId}|${month}`) ?? 0).join('.');
    const rangeKey = `${from}|${to}|${ids.join(',')}`;
    const latest = this.hourlyData.get(rangeKey);
    if (latest?.versions === ids.map((id) => `${id}:${versionsOf(id)}`).join(',')) return latest;

    const held = new Map<number, HourlyMonth>();
    const missing: number[] = [];
    for (const seriesId of ids) {
      const kept = this.hourlyMonths.get(`${seriesId}|${from}|${to}`);
      if (kept && kept.versions === versionsOf(seriesId)) held.set(seriesId, kept);
      else missing.push(seriesId);
    }
    for (const row of await this.deps.repository.hourlyMonths(missing, from, to, months)) {
      const month = parseHourlyMonth({ ...row, from });
      held.set(month.seriesId, month);
      this.hourlyMonths.set(`${month.seriesId}|${from}|${to}`, month, month.bytes);
    }
    const ordered = ids.map((id) => held.get(id) as HourlyMonth);
    // After a late value, only the chunks whose hours it changed are laid out again.
    let reuse: { chunks: string[]; changed: Set<number> } | undefined = latest && {
      chunks: latest.chunks,
      changed: new Set(),
    };
    for (const month of ordered) {
      const before = latest?.months.get(month.seriesId);
      if (!reuse || before === month) continue;
      if (!before) {
        reuse = undefined;
        break;
      }
      for (const chunk of changedHourlyChunks(before, month)) reuse.changed.add(chunk);
    }
    const chunks = assembleHourlyChunks(from, to, ordered, reuse);
    const pieces = new Map<number, { text: string; deflated: Promise<DeflatedPiece> }>();
    let first = true;
    for (const [index, chunk] of chunks.entries()) {
      if (chunk === '') continue;
      const text = first ? chunk : `,${chunk}`;
      first = false;
      const before = latest?.pieces.get(index);
      pieces.set(index, {
        text,
        deflated: before && before.text === text ? before.deflated : deflatePiece(text, false),
      });
    }
    const texts = [...pieces.values()];
    const data: HourlyData = {
      // What was read, which a write between the two reads may have moved past `versions`.
      versions: ordered.map((month) => `${month.seriesId}:${month.versions}`).join(','),
      months: held,
      chunks,
      // Joined with +, which V8 keeps as a rope: only a client without gzip makes it one flat string.
      text: `${texts.reduce((joined, piece) => joined + piece.text, '{')}}`,
      pieces,
      deflated: Promise.all(texts.map((piece) => piece.deflated)).then((deflated) =>
        concatPieces([dataOpening, ...deflated, dataClosing]),
      ),
    };
    // The text, its chunks, the months it was assembled from and a third of it compressed.
    this.hourlyData.set(rangeKey, data, Math.ceil(data.text.length * 3.4));
    data.deflated.catch(() => {
      if (this.hourlyData.get(rangeKey) === data) this.hourlyData.delete(rangeKey);
    });
    return data;
  }
}
