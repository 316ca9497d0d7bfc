// Late readings still land in a period for periodSettleMs after its end without a dataId change (the
// data API serves it `no-cache` until then, decision 0029), so such a slice is fetched again on a refresh.
import { type DataPeriod, formatDataPeriod, isValidSlotSeconds, periodEnded, periodSettleMs } from '@olo/shared';
import { type AggregateResult, aggregate, type DataMode, emptyMessages } from './aggregate.ts';
import { type Clock, systemClock } from './clock.ts';
import {
  dataUrl,
  defaultDataPath,
  type ProjectDataBody,
  projectDataBodySchema,
  staleDataIdBodySchema,
} from './data-body.ts';
import { monthOf, planFetches, preloadPeriods } from './fetch-plan.ts';
import type { DataFilter } from './filters.ts';
import { defaultRange, defaultSlotSeconds, type TimeRange } from './ranges.ts';

/** Spec §4 and §9. */
export const engineTimings = {
  fetchTimeoutMs: 8000,
  /**
   * Aggregation runs at most once in this time: a change after a quiet spell is aggregated at once (in the next
   * task, so that changes made together are aggregated together), later ones join one aggregation this long after
   * the last.
   */
  recomputeDelayMs: 100,
  /** Cached slices of other projects are dropped this long after the current project's preload. */
  dropOtherProjectsMs: 2000,
  /** A latest-reading push refreshes the view only this long after its last refresh. */
  latestUpdateIntervalMs: 4 * 60_000,
} as const;

/** Requests at once: a browser queues more than six per host anyway, and a queued one would eat its own time-out. */
export const maxParallelFetches = 6;

/** The subset of `fetch` the engine uses: the global one fits. */
export type FetchLike = (
  url: string,
  init: { signal: AbortSignal; headers: Record<string, string> },
) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;

export interface DataEngineOptions {
  fetch: FetchLike;
  /** Prefix of `/api/data/…`; empty (the page's origin) in the browser. */
  baseUrl?: string;
  /**
   * The data API's path, `/api/data` by default; a published report reads its own copy of it
   * (`/api/public-reports/{publicId}/data`), which answers the same bodies for its series only.
   */
  dataPath?: string;
  /** Fetch the months before the range once it is shown (spec §9), on by default; a report's range stays put, so it does not. */
  preload?: boolean;
  clock?: Clock;
  /** Failed slices (spec §8); the console by default. */
  log?: (message: string, details: Record<string, unknown>) => void;
}

/** What the engine needs to know of a project (GraphQL gives it). Times are epoch ms. */
export interface DataProject {
  projectId: number;
  dataId: string;
  timeZone: string;
  startAt: number | null;
  latestDataTime: number | null;
  /** Days the default range spans. */
  defaultSelect: number;
}

export interface DataView {
  /** Null: the default range, which follows the latest data. */
  range: TimeRange | null;
  /** Null: the default slot length of the range. */
  slotSeconds: number | null;
  /** With the default slot: at most this many slots (by the graph's width), else as many as the spec's slot gives. */
  maxSlots?: number | null;
  filters: readonly DataFilter[];
  nulls: boolean;
  mode: DataMode;
}

export interface DataResult extends AggregateResult {
  projectId: number;
  dataId: string;
  /** The view as resolved: the default range and slot filled in. */
  range: TimeRange;
  slotSeconds: number;
  filters: readonly DataFilter[];
  nulls: boolean;
  mode: DataMode;
  /** Slices of the range are still being fetched; more values may come. */
  loading: boolean;
  /** Periods (YYYY-MM or YYYY-MM-DD) that failed or timed out: the view goes on without them. */
  failedPeriods: string[];
}

export type DataListener = (result: DataResult) => void;

interface CachedSlice {
  projectId: number;
  dataId: string;
  slotSeconds: number;
  period: DataPeriod;
  body: ProjectDataBody;
}

interface SliceRequest {
  projectId: number;
  dataId: string;
  slotSeconds: number;
  period: DataPeriod;
}

interface Plan {
  generation: number;
  range: TimeRange;
  slotSeconds: number;
  periods: DataPeriod[];
  failed: Set<string>;
}

/** Why a request was aborted: a time-out is a failure to log, a cancellation is not. */
const timedOut = Symbol('timed out');
const cancelled = Symbol('cancelled');

function sliceKey(request: SliceRequest): string {
  return `${request.projectId}/${request.dataId}/${request.slotSeconds}/${formatDataPeriod(request.period)}`;
}

const defaultView: DataView = { range: null, slotSeconds: null, filters: [], nulls: false, mode: 'avg' };

/**
 * The client data engine (spec §4, §8, §9): fetches a project's data by months and days, caches
 * the slices, and emits the view's aggregated values to subscribers. One engine can serve many
 * views over time; it keeps the slices of the project on view and drops the others once that
 * project's preload is done.
 */
export class DataEngine {
  private readonly request: FetchLike;
  private readonly baseUrl: string;
  private readonly dataPath: string;
  private readonly preloading: boolean;
  private readonly clock: Clock;
  private readonly log: (message: string, details: Record<string, unknown>) => void;

  private project: DataProject | null = null;
  private view: DataView = defaultView;
  private plan: Plan | null = null;
  private generation = 0;
  private readonly cache = new Map<string, CachedSlice>();
  private readonly inFlight = new Map<
    string,
    { request: SliceRequest; controller: AbortController; done: Promise<void> }
  >();
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly listeners = new Set<DataListener>();
  private computeTimer: unknown = null;
  /** Clock times (epoch ms) of the last aggregation and of the one pending. */
  private lastComputeAt = Number.NEGATIVE_INFINITY;
  private computeDue = Number.NEGATIVE_INFINITY;
  private dropTimer: unknown = null;
  private latestTimer: unknown = null;
  /** Clock time of the last refresh (epoch ms), for the latest-reading rule. */
  private lastRefreshAt = 0;
  /** The newest latest-reading time pushed and not yet applied (epoch ms). */
  private pendingLatest: number | null = null;
  private lastResult: DataResult | null = null;
  private disposed = false;

  constructor(options: DataEngineOptions) {
    this.request = options.fetch;
    this.baseUrl = options.baseUrl ?? '';
    this.dataPath = options.dataPath ?? defaultDataPath;
    this.preloading = options.preload ?? true;
    this.clock = options.clock ?? systemClock;
    this.log = options.log ?? ((message, details) => console.warn(message, details));
  }

  /** The listener gets every result from now on (and the last one at once, if any). Returns the unsubscribe. */
  subscribe(listener: DataListener): () => void {
    this.listeners.add(listener);
    if (this.lastResult) listener(this.lastResult);
    return () => this.listeners.delete(listener);
  }

  get result(): DataResult | null {
    return this.lastResult;
  }

  /**
   * Shows a project, or takes its new state: another project starts afresh (the old one's slices
   * stay until this one's preload is done), a new dataId drops what was cached under the old one.
   */
  setProject(project: DataProject): void {
    if (this.disposed) return;
    const previous = this.project;
    // Views pass their project on every render: the same state again changes nothing.
    if (previous && sameProject(previous, project)) return;
    this.project = { ...project };
    if (previous?.projectId !== project.projectId) {
      this.clock.clearTimeout(this.dropTimer);
      this.dropTimer = null;
      this.clock.clearTimeout(this.latestTimer);
      this.latestTimer = null;
      this.pendingLatest = null;
      this.lastResult = null;
      this.abortWhere((request) => request.projectId !== project.projectId);
    } else if (previous.dataId !== project.dataId) {
      this.dropProjectSlices(project.projectId, project.dataId);
    }
    this.refresh();
  }

  /** A change of range or slot fetches what the new view needs; filters, nulls or mode only recompute. */
  setView(change: Partial<DataView>): void {
    if (this.disposed) return;
    const before = this.project ? this.resolve() : null;
    this.view = { ...this.view, ...change };
    const after = this.project ? this.resolve() : null;
    const refetch =
      before === null ||
      after === null ||
      before.slotSeconds !== after.slotSeconds ||
      before.range.from !== after.range.from ||
      before.range.to !== after.range.to;
    if (refetch) this.refresh();
    else this.scheduleCompute();
  }

  /**
   * A latest reading of the project was pushed (epoch ms). Once 4 minutes have passed since the
   * last refresh, the view is refreshed: the slices of periods still open (where a new reading
   * lands) are fetched again and the default range moves to the reading. A push before then waits
   * for that moment, so that the last reading still shows.
   */
  latestReading(time: number): void {
    if (this.disposed || !this.project) return;
    this.pendingLatest = Math.max(this.pendingLatest ?? time, time);
    const wait = this.lastRefreshAt + engineTimings.latestUpdateIntervalMs - this.clock.now();
    if (wait <= 0) {
      this.refresh(this.clock.now());
      return;
    }
    if (this.latestTimer === null) {
      this.latestTimer = this.clock.setTimeout(() => {
        this.latestTimer = null;
        this.refresh(this.clock.now());
      }, wait);
    }
  }

  /** Stops every timer and request; the engine does nothing after this. */
  dispose(): void {
    this.disposed = true;
    for (const timer of [this.computeTimer, this.dropTimer, this.latestTimer]) this.clock.clearTimeout(timer);
    this.abortWhere(() => true);
    this.listeners.clear();
    this.cache.clear();
  }

  private resolve(): { range: TimeRange; slotSeconds: number } {
    const project = this.project as DataProject;
    const range = this.view.range ?? defaultRange({ ...project, now: this.clock.now() });
    const chosen = this.view.slotSeconds;
    const slotSeconds =
      chosen !== null && isValidSlotSeconds(chosen) ? chosen : defaultSlotSeconds(range, this.view.maxSlots);
    return { range, slotSeconds };
  }

  /**
   * Plans the view's slices and fetches the missing ones, then the preload. Cached slices of
   * periods that may still change are fetched again: those still open at `changingAfter` (epoch ms).
   */
  private refresh(changingAfter = this.clock.now() - periodSettleMs): void {
    if (!this.project) return;
    this.clock.clearTimeout(this.latestTimer);
    this.latestTimer = null;
    const pushed = this.pendingLatest;
    if (pushed !== null) {
      const known = this.project.latestDataTime;
      this.project = { ...this.project, latestDataTime: known === null ? pushed : Math.max(known, pushed) };
      this.pendingLatest = null;
    }
    const project = this.project;
    const now = this.clock.now();
    this.lastRefreshAt = now;
    for (const [key, slice] of this.cache) {
      const changing = !periodEnded(slice.period, project.timeZone, changingAfter);
      if (slice.projectId === project.projectId && changing) this.cache.delete(key);
    }
    const { range, slotSeconds } = this.resolve();
    const generation = ++this.generation;
    const plan: Plan = {
      generation,
      range,
      slotSeconds,
      periods: planFetches(range, project.timeZone, now),
      failed: new Set(),
    };
    this.plan = plan;
    const base = { projectId: project.projectId, dataId: project.dataId, slotSeconds };
    const fetches = plan.periods
      .filter((period) => !this.cachedSlice({ ...base, period }))
      .map((period) => this.fetchSlice({ ...base, period }));
    void Promise.all(fetches).then(() => this.preload(generation));
    // With nothing of the range at hand, the first slice to come is aggregated at once; only if none comes within
    // 100 ms is a loading result given meanwhile.
    const nothingCached = fetches.length > 0 && fetches.length === plan.periods.length;
    this.scheduleCompute(nothingCached ? now + engineTimings.recomputeDelayMs : undefined);
  }

  private async preload(generation: number): Promise<void> {
    const project = this.project;
    const plan = this.plan;
    if (!project || !plan || generation !== this.generation) return;
    const base = { projectId: project.projectId, dataId: project.dataId, slotSeconds: plan.slotSeconds };
    const months = !this.preloading
      ? []
      : preloadPeriods(plan.range, plan.slotSeconds, project.timeZone, this.clock.now(), project.startAt);
    await Promise.all(
      months
        .filter((period) => !this.cache.has(sliceKey({ ...base, period })))
        .map((period) => this.fetchSlice({ ...base, period })),
    );
    if (generation !== this.generation || this.disposed) return;
    this.clock.clearTimeout(this.dropTimer);
    this.dropTimer = this.clock.setTimeout(() => {
      this.dropTimer = null;
      const current = this.project?.projectId;
      for (const [key, slice] of this.cache) if (slice.projectId !== current) this.cache.delete(key);
    }, engineTimings.dropOtherProjectsMs);
  }

  /** A slice of the cache for the request: its own, or the slice of its whole month. */
  private cachedSlice(request: SliceRequest): CachedSlice | undefined {
    return (
      this.cache.get(sliceKey(request)) ??
      (request.period.day === null
        ? undefined
        : this.cache.get(sliceKey({ ...request, period: monthOf(request.period) })))
    );
  }

  /** Fetches one slice into the cache; never rejects: a failure is logged and the view goes on without it. */
  private fetchSlice(request: SliceRequest): Promise<void> {
    const key = sliceKey(request);
    const running = this.inFlight.get(key);
    if (running) return running.done;
    const controller = new AbortController();
    const done = this.inTurn(() => this.load(request, controller)).finally(() => {
      this.inFlight.delete(key);
      this.scheduleCompute();
    });
    this.inFlight.set(key, { request, controller, done });
    return done;
  }

  /** Runs `task` when fewer than `maxParallelFetches` are running. */
  private async inTurn(task: () => Promise<void>): Promise<void> {
    if (this.running >= maxParallelFetches) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    try {
      await task();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }

  private async load(request: SliceRequest, controller: AbortController): Promise<void> {
    const signal = controller.signal;
    if (signal.aborted) return;
    const period = formatDataPeriod(request.period);
    const url = dataUrl({ ...request, period, baseUrl: this.baseUrl, dataPath: this.dataPath });
    const timer = this.clock.setTimeout(() => controller.abort(timedOut), engineTimings.fetchTimeoutMs);
    try {
      // Called unbound: a browser's fetch refuses a `this` other than the window.
      const fetchData = this.request;
      const response = await fetchData(url, { signal, headers: { accept: 'application/json' } });
      if (response.status === 409) {
        const stale = staleDataIdBodySchema.safeParse(await response.json());
        if (stale.success && stale.data.dataId !== request.dataId) {
          this.staleDataId(request, stale.data.dataId);
          return;
        }
        throw new Error('HTTP 409 without a new data id');
      }
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const body = projectDataBodySchema.parse(await response.json());
      const project = this.project;
      // A slice of a project or dataId no longer shown would only be dropped again.
      if (project?.projectId === request.projectId && project.dataId === request.dataId) {
        this.cache.set(sliceKey(request), { ...request, body });
      }
    } catch (error) {
      if (signal.reason === cancelled) return;
      const reason = signal.reason === timedOut ? `time-out after ${engineTimings.fetchTimeoutMs} ms` : String(error);
      this.log('Data fetch failed', { url, reason });
      const plan = this.plan;
      if (
        plan &&
        plan.slotSeconds === request.slotSeconds &&
        plan.periods.some((item) => sameDay(item, request.period))
      ) {
        plan.failed.add(period);
      }
    } finally {
      this.clock.clearTimeout(timer);
    }
  }

  /** A 409: the project's data changed. Everything cached under the old id goes, and the view is fetched again. */
  private staleDataId(request: SliceRequest, dataId: string): void {
    const project = this.project;
    if (project?.projectId !== request.projectId || project.dataId !== request.dataId) return;
    this.setProject({ ...project, dataId });
  }

  private dropProjectSlices(projectId: number, keepDataId: string): void {
    for (const [key, slice] of this.cache) {
      if (slice.projectId === projectId && slice.dataId !== keepDataId) this.cache.delete(key);
    }
    this.abortWhere((request) => request.projectId === projectId && request.dataId !== keepDataId);
  }

  private abortWhere(test: (request: SliceRequest) => boolean): void {
    for (const { request, controller } of this.inFlight.values()) {
      if (test(request)) controller.abort(cancelled);
    }
  }

  /**
   * Aggregates as soon as the 100 ms since the last aggregation allow, or at `notBefore` (epoch ms) if later; an
   * earlier call moves a later pending aggregation forward.
   */
  private scheduleCompute(notBefore = Number.NEGATIVE_INFINITY): void {
    if (this.disposed) return;
    const now = this.clock.now();
    const due = Math.max(now, notBefore, this.lastComputeAt + engineTimings.recomputeDelayMs);
    if (this.computeTimer !== null) {
      if (this.computeDue <= due) return;
      this.clock.clearTimeout(this.computeTimer);
    }
    this.computeDue = due;
    this.computeTimer = this.clock.setTimeout(() => {
      this.computeTimer = null;
      this.compute();
    }, due - now);
  }

  private compute(): void {
    const project = this.project;
    const plan = this.plan;
    if (!project || !plan) return;
    this.lastComputeAt = this.clock.now();
    const base = { projectId: project.projectId, dataId: project.dataId, slotSeconds: plan.slotSeconds };
    const slices = new Set<ProjectDataBody>();
    let loading = false;
    for (const period of plan.periods) {
      const slice = this.cachedSlice({ ...base, period });
      if (slice) slices.add(slice.body);
      else if (this.inFlight.has(sliceKey({ ...base, period }))) loading = true;
    }
    const view = this.view;
    const aggregated = aggregate([...slices], {
      range: plan.range,
      slotSeconds: plan.slotSeconds,
      filters: view.filters,
      nulls: view.nulls,
      mode: view.mode,
      timeZone: project.timeZone,
    });
    // A range wholly in the future asks for nothing: its timespan is what has no data.
    const empty = plan.periods.length === 0 ? emptyMessages.timespan : aggregated.empty;
    const result: DataResult = {
      ...aggregated,
      empty,
      projectId: project.projectId,
      dataId: project.dataId,
      range: plan.range,
      slotSeconds: plan.slotSeconds,
      filters: view.filters,
      nulls: view.nulls,
      mode: view.mode,
      loading,
      failedPeriods: plan.periods.map(formatDataPeriod).filter((period) => plan.failed.has(period)),
    };
    this.lastResult = result;
    for (const listener of this.listeners) listener(result);
  }
}

function sameProject(a: DataProject, b: DataProject): boolean {
  return (
    a.projectId === b.projectId &&
    a.dataId === b.dataId &&
    a.timeZone === b.timeZone &&
    a.startAt === b.startAt &&
    a.latestDataTime === b.latestDataTime &&
    a.defaultSelect === b.defaultSelect
  );
}

function sameDay(a: DataPeriod, b: DataPeriod): boolean {
  return a.year === b.year && a.month === b.month && a.day === b.day;
}
