import type { Logger } from 'pino';
import { z } from 'zod';
import type { Transaction } from '../../db/sql.ts';
import type { EventBus } from '../../events/event-bus.ts';
import type { ViewerAccess } from '../access/access.policy.ts';
import {
  type MeterRouting,
  type ReadingToStore,
  type SeriesValue,
  valuesOnlyReading,
} from '../ingest/readings.repository.ts';
import { datasourceCovers, routeReadings } from '../ingest/series-routing.ts';
import { defineJob, type JobDefinition, type JobInfo, type JobQueue } from '../jobs/jobs.service.ts';
import type {
  Datasource,
  RecalculationReason,
  RecalculationRepository,
  RecalculationRow,
  RecalculationTasksRepository,
  StoredChannels,
  TimeBounds,
} from './recalculation.repository.ts';

/**
 * What to recompute: the series fed by one meter (one channel of it, or all) over a range of
 * reading times, both ends inclusive, null meaning unbounded.
 */
export interface RecomputeRequest extends TimeBounds {
  meterId: number;
  /** Omitted: every channel of the meter. */
  channel?: string | null;
  /**
   * The series to rewrite. Omitted: every series with a datasource of this meter (and channel)
   * whose range meets [from, to]. Give them when a datasource moved to another series or was
   * deleted: then the series that lost it is no longer found by its datasources.
   */
  seriesIds?: number[];
}

/** A request as recomputeOne runs it: `dropReadings` routes nothing (the readings are being deleted). */
type InternalRequest = RecomputeRequest & { dropReadings?: boolean };

export interface RecomputeResult {
  /** Series whose stored rows changed. */
  seriesIds: number[];
  /** Their projects, whose data id was renewed. */
  projectIds: number[];
  /** Readings routed again. */
  readings: number;
  deleted: number;
  inserted: number;
  /** Readings whose conversion or calibration failed (they reach no series, as on ingest). */
  problems: number;
  /** Latest values that moved, with the project of each series. */
  latest: Array<SeriesValue & { projectId: number }>;
}

/** What a request rewrites (RecalculationService.plan). */
interface Plan {
  channelsOf: Map<number, Set<string> | null>;
  own: MeterRouting;
  others: MeterRouting;
}

/** One page's work; `last` is the time of its last reading (the cursor), `full` whether more may follow. */
interface PageResult {
  readings: number;
  deleted: number;
  inserted: number;
  problems: number;
  seriesIds: number[];
  last: Date | null;
  full: boolean;
}

/** A datasource, or every datasource of a series, to recompute after it changed. */
export type DatasourceTarget = { datasourceId: number } | { seriesId: number };

/** Attempts of a background recomputation before it stays failed. */
const maxAttempts = 8;

/** Wait before a failed recomputation goes on: 5 s, 10 s, 20 s … up to 10 minutes. */
const defaultRetryDelayMs = (attempt: number) => Math.min(600_000, 5_000 * 2 ** (attempt - 1));

const recalculationPayload = z.object({ recalculationId: z.number().int().positive() });

/** The request a stored background recomputation runs. */
function requestOf(task: RecalculationRow): InternalRequest {
  return {
    meterId: task.meterId,
    channel: task.channel,
    from: task.from,
    to: task.to,
    ...(task.requestSeriesIds ? { seriesIds: task.requestSeriesIds } : {}),
    dropReadings: task.dropReadings,
  };
}

/** Readings per page: what one round of delete, route and insert holds in memory. */
const defaultPageSize = 2000;

const hourOf = (time: Date) => Math.floor(time.getTime() / 3_600_000) * 3_600_000;

function emptyResult(): RecomputeResult {
  return { seriesIds: [], projectIds: [], readings: 0, deleted: 0, inserted: 0, problems: 0, latest: [] };
}

/** routeReadings takes readings as the ingest stores them; recomputation has only time and channels. */
function asReadings(readings: StoredChannels[]): ReadingToStore[] {
  return readings.map((reading) => valuesOnlyReading(reading.meterId, reading.time, reading.channels));
}

/** Whether the datasource's range meets [from, to] at all (flags aside: a touching bound counts). */
function meetsBounds(datasource: Datasource, bounds: TimeBounds): boolean {
  const startsAfterRange = bounds.to && datasource.startAt && datasource.startAt.getTime() > bounds.to.getTime();
  const endsBeforeRange = bounds.from && datasource.endAt && datasource.endAt.getTime() < bounds.from.getTime();
  return !startsAfterRange && !endsBeforeRange;
}

/**
 * Rewrites stored series values from the raw readings (`meter_readings.channels`) after a
 * conversion, a calibration or a datasource changed, through the current datasources, conversion
 * and calibrations, exactly as the ingest routes new readings (routeReadings).
 *
 * Which rows are rewritten. `series_data` does not record where a value came from, so the rule
 * is: a row of series S at time t came from meter M's channel c when M has a stored, decoded
 * reading at exactly t that carries c. Recomputing (M, c) over [from, to], for each affected
 * series S:
 * 1. delete S's rows at the times of M's readings in [from, to] that carry c;
 * 2. route those readings through M's current datasources into S (conversion, then the
 *    calibration in force at each time) and insert the values;
 * 3. a deleted time that step 2 did not fill is routed again from S's other datasources (another
 *    meter, or another channel) that have a reading at exactly that time: a coincident reading of
 *    another source is not lost. When two sources have a reading at the same millisecond, the
 *    recomputed meter's value is kept.
 * Rows of S at other times (other meters' readings, other channels) are never touched. Then the
 * hourly rollup of every touched UTC hour is rebuilt from series_data (replaced, not added to),
 * each affected series' latest value is set to its newest row, and each affected project gets a
 * new data id. Everything happens in one transaction, page by page (`pageSize` readings and the
 * rows of their times in memory at once), so any range runs in bounded memory; 'project.updated'
 * and 'series.latest' are published after the commit.
 *
 * In the background (docs/decisions/0086): a change enqueues a recalculation record and its job in
 * its own transaction (`enqueue`); the job ('recalculation.run') rewrites one page per
 * transaction, moving the record's cursor and progress on in the same one, and finishes with the
 * latest values, new data ids and the events above. The ingest routes new readings through the
 * new configuration from the change's commit on, so only stored readings wait for the job.
 *
 * This service does not authorise its recomputations: its callers (conversions, calibrations,
 * datasources) do, each by its own right, before they call it. The progress lists do.
 */
export class RecalculationService {
  /** The background job; define it on the queue that `jobs` enqueues on. */
  readonly job: JobDefinition<typeof recalculationPayload>;

  constructor(
    private readonly deps: {
      repository: RecalculationRepository;
      events: EventBus;
      logger: Logger;
      pageSize?: number;
      /** For the background recomputations: their records and queue. */
      tasks?: RecalculationTasksRepository;
      jobs?: JobQueue;
      /** Tests run a queue of their own under another name. */
      jobName?: string;
      retryDelayMs?: (attempt: number) => number;
    },
  ) {
    this.job = defineJob({
      name: deps.jobName ?? 'recalculation.run',
      payload: recalculationPayload,
      maxAttempts,
      retryDelayMs: deps.retryDelayMs ?? defaultRetryDelayMs,
      handle: (payload, job) => this.run(payload.recalculationId, job),
    });
  }

  private get tasks(): RecalculationTasksRepository {
    if (!this.deps.tasks) throw new Error('background recomputation needs deps.tasks');
    return this.deps.tasks;
  }

  /**
   * Records a background recomputation of each request that affects a series (or deletes
   * readings) and enqueues its job, in `tx`: the change and its recomputation commit together or
   * not at all. Call `queued` after the commit. Returns the records' ids.
   *
   * A second change while one runs gets its own record (decision 0086): each page is recomputed
   * through the configuration current when the page runs, so the records may run in any order,
   * even at once, and still leave the values of the newest configuration.
   */
  async enqueue(
    tx: Transaction,
    requests: InternalRequest[],
    meta: { reason: RecalculationReason; userId: string | null },
  ): Promise<number[]> {
    const jobs = this.deps.jobs;
    if (!jobs) throw new Error('background recomputation needs deps.jobs');
    const ids: number[] = [];
    for (const request of requests) {
      const plan = await this.plan(tx, request);
      if (!plan && !request.dropReadings) continue;
      const seriesIds = plan ? [...plan.channelsOf.keys()].sort((a, b) => a - b) : [];
      const projectOf = await this.deps.repository.projectsOfSeries(tx, seriesIds);
      const id = await this.tasks.insert(tx, {
        meterId: request.meterId,
        channel: request.channel ?? null,
        requestSeriesIds: request.seriesIds ?? null,
        from: request.from,
        to: request.to,
        dropReadings: Boolean(request.dropReadings),
        reason: meta.reason,
        startedBy: meta.userId,
        seriesIds,
        projectIds: [...new Set(projectOf.values())].sort((a, b) => a - b),
      });
      await jobs.enqueue(this.job, [{ payload: { recalculationId: id }, key: `${this.job.name}:${id}` }], tx);
      ids.push(id);
    }
    return ids;
  }

  /**
   * Deletes a meter's readings in [from, to] in the background, with the series values they gave
   * (as deleteReadings). Resolves, once enqueued, with how many readings are being deleted.
   */
  async deleteReadingsInBackground(
    request: { meterId: number } & TimeBounds,
    userId: string | null,
  ): Promise<{ readingsDeleted: number }> {
    const readingsDeleted = await this.deps.repository.transaction(async (tx) => {
      await this.deps.repository.lockMeter(tx, request.meterId);
      const count = await this.tasks.countReadings(tx, request.meterId, request, false);
      if (count > 0) await this.enqueue(tx, [{ ...request, dropReadings: true }], { reason: 'delete', userId });
      return count;
    });
    this.queued();
    return { readingsDeleted };
  }

  /** After the commit of `enqueue`'s transaction: the queue looks for the new jobs now. */
  queued(): void {
    this.deps.jobs?.lookNow();
  }

  /** The meter's running and recent recomputations (meter.view). */
  async ofMeter(access: ViewerAccess, meterId: number): Promise<RecalculationRow[]> {
    await access.assertMeter('meter.view', meterId);
    return this.tasks.recentOfMeter(meterId);
  }

  /** The running and recent recomputations that rewrite series of the project (project.view). */
  async ofProject(access: ViewerAccess, projectId: number): Promise<RecalculationRow[]> {
    await access.assert('project.view', projectId);
    return this.tasks.recentOfProject(projectId);
  }

  /** The running and recent recomputations that rewrite the series (project.view on its project). */
  async ofSeries(access: ViewerAccess, series: { id: number; projectId: number }): Promise<RecalculationRow[]> {
    await access.assert('project.view', series.projectId);
    return this.tasks.recentOfSeries(series.id);
  }

  /**
   * The job: one page per transaction until the range is done, then the finish. Idempotent: a
   * page recomputes from raw readings, and the cursor commits with the page, so a rerun after a
   * worker died goes on after the last committed page.
   */
  private async run(id: number, job: JobInfo): Promise<void> {
    const { repository } = this.deps;
    const tasks = this.tasks;
    try {
      for (;;) {
        const step = await tasks.transaction(async (tx) => {
          const task = await tasks.lock(tx, id);
          if (!task || task.status === 'done') return 'gone' as const;
          await repository.lockMeter(tx, task.meterId);
          const request = requestOf(task);
          if (task.readingsTotal === null)
            await tasks.start(tx, id, await tasks.countReadings(tx, task.meterId, request));
          const plan = await this.plan(tx, request);
          if (!plan) return 'last' as const;
          const page = await this.recomputePage(tx, request, plan, task.cursor);
          if (page.readings > 0 && page.last) {
            await tasks.advance(tx, id, { cursor: page.last, readings: page.readings, touched: page.seriesIds });
          }
          return page.full ? ('more' as const) : ('last' as const);
        });
        if (step === 'gone') return;
        if (step === 'last') break;
      }
      const result = await tasks.transaction(async (tx) => {
        const task = await tasks.lock(tx, id);
        if (!task || task.status === 'done') return null;
        await repository.lockMeter(tx, task.meterId);
        const seriesIds = task.touchedSeriesIds;
        const projectOf = await repository.projectsOfSeries(tx, seriesIds);
        const latest = await repository.refreshLatest(tx, seriesIds);
        const projectIds = [...new Set(projectOf.values())].sort((a, b) => a - b);
        await repository.renewDataIds(tx, projectIds);
        if (task.dropReadings) await repository.deleteReadings(tx, task.meterId, task);
        await tasks.finish(tx, id);
        return {
          ...emptyResult(),
          seriesIds,
          projectIds,
          latest: latest.map((value) => ({ ...value, projectId: projectOf.get(value.seriesId) as number })),
        };
      });
      if (result) await this.publish(result);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      try {
        await tasks.fail(id, message, job.attempt >= maxAttempts);
      } catch (recordError) {
        this.deps.logger.error({ err: recordError, recalculationId: id }, 'recording a failed recomputation failed');
      }
      throw error;
    }
  }

  /** Recomputes in its own transaction and publishes the changes after the commit. */
  async recomputeSeries(request: RecomputeRequest): Promise<RecomputeResult> {
    const result = await this.deps.repository.transaction((tx) => this.recomputeWithin(tx, [request]));
    await this.publish(result);
    return result;
  }

  /**
   * Recomputes what a datasource feeds (or every datasource of a series) over `range` (default:
   * the datasource's own range; for a series, all time). After a datasource's range moved, pass
   * the union of its old and new range; after it moved to another series, recompute the old
   * series with recomputeSeries({ meterId, channel, seriesIds: [oldSeriesId], ... }) as well.
   */
  async recomputeDatasource(target: DatasourceTarget, range?: TimeBounds): Promise<RecomputeResult> {
    const result = await this.deps.repository.transaction(async (tx) => {
      const requests: RecomputeRequest[] = [];
      if ('datasourceId' in target) {
        const datasource = await this.deps.repository.findDatasource(tx, target.datasourceId);
        if (!datasource) return emptyResult();
        requests.push({
          meterId: datasource.meterId,
          channel: datasource.channel,
          from: range ? range.from : datasource.startAt,
          to: range ? range.to : datasource.endAt,
          seriesIds: [datasource.seriesId],
        });
      } else {
        const datasources = await this.deps.repository.datasourcesOfSeries(tx, [target.seriesId]);
        const sources = new Map(datasources.map((d) => [`${d.meterId}|${d.channel}`, d]));
        for (const datasource of sources.values()) {
          requests.push({
            meterId: datasource.meterId,
            channel: datasource.channel,
            from: range?.from ?? null,
            to: range?.to ?? null,
            seriesIds: [target.seriesId],
          });
        }
      }
      return this.recomputeWithin(tx, requests);
    });
    await this.publish(result);
    return result;
  }

  /**
   * Deletes a meter's stored readings in [from, to] together with the series values they gave
   * (same rule as recomputation: the affected series' rows at those readings' times, refilled
   * from the series' other sources), in one transaction. Recomputing after the readings are gone
   * would find no times to delete, so data deletion goes through here.
   */
  async deleteReadings(
    request: { meterId: number } & TimeBounds,
  ): Promise<RecomputeResult & { readingsDeleted: number }> {
    const result = await this.deps.repository.transaction(async (tx) => {
      const recomputed = await this.recomputeWithin(tx, [{ ...request, dropReadings: true }]);
      const readingsDeleted = await this.deps.repository.deleteReadings(tx, request.meterId, request);
      return { ...recomputed, readingsDeleted };
    });
    await this.publish(result);
    return result;
  }

  /**
   * Recomputes inside the caller's transaction (a conversion or calibration saved in the same
   * one), which must then call `publish` after its commit.
   */
  async recomputeWithin(tx: Transaction, requests: InternalRequest[]): Promise<RecomputeResult> {
    const total = emptyResult();
    const touchedSeries = new Set<number>();
    for (const meterId of [...new Set(requests.map((request) => request.meterId))].sort((a, b) => a - b)) {
      await this.deps.repository.lockMeter(tx, meterId);
    }
    for (const request of requests) {
      const part = await this.recomputeOne(tx, request);
      for (const seriesId of part.seriesIds) touchedSeries.add(seriesId);
      total.readings += part.readings;
      total.deleted += part.deleted;
      total.inserted += part.inserted;
      total.problems += part.problems;
    }
    const seriesIds = [...touchedSeries].sort((a, b) => a - b);
    const projectOf = await this.deps.repository.projectsOfSeries(tx, seriesIds);
    const latest = await this.deps.repository.refreshLatest(tx, seriesIds);
    const projectIds = [...new Set(projectOf.values())].sort((a, b) => a - b);
    await this.deps.repository.renewDataIds(tx, projectIds);
    return {
      ...total,
      seriesIds,
      projectIds,
      latest: latest.map((value) => ({ ...value, projectId: projectOf.get(value.seriesId) as number })),
    };
  }

  /** After the commit: projects refetch their data (new dataId), live views get the moved latest values. */
  async publish(result: RecomputeResult): Promise<void> {
    const byProject = new Map<number, Array<{ seriesId: number; time: string; value: number }>>();
    for (const value of result.latest) {
      byProject.set(value.projectId, [
        ...(byProject.get(value.projectId) ?? []),
        { seriesId: value.seriesId, time: value.time.toISOString(), value: value.value },
      ]);
    }
    try {
      await Promise.all([
        ...result.projectIds.map((projectId) => this.deps.events.publish('project.updated', { projectId })),
        ...[...byProject].map(([projectId, values]) =>
          this.deps.events.publish('series.latest', { projectId, values }),
        ),
      ]);
    } catch (error) {
      // The data is committed; live views catch up on their next query.
      this.deps.logger.warn({ err: error }, 'publishing recomputation events failed');
    }
  }

  private async recomputeOne(tx: Transaction, request: InternalRequest): Promise<RecomputeResult> {
    const result = emptyResult();
    const plan = await this.plan(tx, request);
    if (!plan) return result;
    const changed = new Set<number>();
    let after: Date | null = null;
    for (;;) {
      const page = await this.recomputePage(tx, request, plan, after);
      result.readings += page.readings;
      result.deleted += page.deleted;
      result.inserted += page.inserted;
      result.problems += page.problems;
      for (const seriesId of page.seriesIds) changed.add(seriesId);
      after = page.last;
      if (!page.full) break;
    }
    if (result.problems > 0) {
      this.deps.logger.info(
        { meterId: request.meterId, channel: request.channel ?? null, problems: result.problems },
        'recomputation: some readings gave no value',
      );
    }
    // A series counts as changed only when rows of it were rewritten.
    result.seriesIds = [...changed];
    return result;
  }

  /**
   * What a request rewrites, by the meter's current datasources, conversion and calibrations:
   * the affected series (each with the channels whose rows it gives up), the datasources that
   * route values into them, and their other sources. Undefined: no series is affected.
   */
  private async plan(tx: Transaction, request: InternalRequest): Promise<Plan | undefined> {
    const { repository } = this.deps;
    const channel = request.channel ?? null;
    const bounds: TimeBounds = { from: request.from, to: request.to };
    const routing = await repository.routing(tx, [request.meterId]);
    // A datasource function reads further channels too: a change of one of those rewrites its series.
    const ofChannel = routing.datasources.filter(
      (d) => channel === null || d.channel === channel || d.extraChannels.includes(channel),
    );

    // The affected series, each with the channels of the meter whose rows it gives up (null: any).
    const channelsOf = new Map<number, Set<string> | null>();
    if (request.seriesIds) {
      for (const seriesId of request.seriesIds) channelsOf.set(seriesId, channel === null ? null : new Set([channel]));
      for (const datasource of ofChannel) {
        const channels = channelsOf.get(datasource.seriesId);
        if (channels) channels.add(datasource.channel);
      }
    } else {
      for (const datasource of ofChannel.filter((d) => meetsBounds(d, bounds))) {
        const channels = channelsOf.get(datasource.seriesId) ?? new Set<string>();
        channels.add(datasource.channel);
        channelsOf.set(datasource.seriesId, channels);
      }
    }
    if (channelsOf.size === 0) return undefined;

    // Only the affected series' datasources of this meter (and channel) route values in step 2;
    // none when the readings are being deleted, and never in step 3.
    const ownDatasources = ofChannel.filter((d) => channelsOf.has(d.seriesId));
    const own: MeterRouting = { ...routing, datasources: request.dropReadings ? [] : ownDatasources };
    const ownIds = new Set(ownDatasources.map((d) => d.id));
    const others = await this.otherSources(tx, [...channelsOf.keys()], ownIds);
    return { channelsOf, own, others };
  }

  /** Steps 1 to 3 and the rollup for one page of readings after `after` (exclusive; null: from the start). */
  private async recomputePage(
    tx: Transaction,
    request: InternalRequest,
    plan: Plan,
    after: Date | null,
  ): Promise<PageResult> {
    const { repository } = this.deps;
    const { channelsOf, own, others } = plan;
    const bounds: TimeBounds = { from: request.from, to: request.to };
    const page = await repository.readingsPage(
      tx,
      request.meterId,
      bounds,
      after,
      this.deps.pageSize ?? defaultPageSize,
    );
    const result: PageResult = {
      readings: page.readings.length,
      deleted: 0,
      inserted: 0,
      problems: 0,
      seriesIds: [],
      last: page.readings.at(-1)?.time ?? after,
      full: page.full && page.readings.length > 0,
    };
    if (page.readings.length === 0) return result;

    const targets = new Map<string, { seriesId: number; time: Date }>();
    for (const reading of page.readings) {
      for (const [seriesId, channels] of channelsOf) {
        const carries = channels === null || Object.keys(reading.channels).some((name) => channels.has(name));
        if (carries) targets.set(`${seriesId}|${reading.time.getTime()}`, { seriesId, time: reading.time });
      }
    }
    const deleted = await repository.deleteSeriesRows(tx, [...targets.values()]);
    const routed = routeReadings(asReadings(page.readings), own);
    const inserted = await repository.insertSeriesRows(tx, routed.values);
    const filled = await this.fillFromOthers(tx, deleted, inserted, others);
    result.deleted = deleted.length;
    result.inserted = inserted.length + filled.length;
    result.problems = routed.problems.length;

    const changed = new Set<number>();
    const hours = new Map<string, { seriesId: number; hour: Date }>();
    for (const row of [...deleted, ...inserted, ...filled]) {
      changed.add(row.seriesId);
      const hour = hourOf(row.time);
      hours.set(`${row.seriesId}|${hour}`, { seriesId: row.seriesId, hour: new Date(hour) });
    }
    await repository.rebuildRollupHours(tx, [...hours.values()]);
    result.seriesIds = [...changed];
    return result;
  }

  /** The affected series' other datasources (not those being recomputed), with their meters' routing. */
  private async otherSources(tx: Transaction, seriesIds: number[], ownIds: Set<number>): Promise<MeterRouting> {
    const datasources = (await this.deps.repository.datasourcesOfSeries(tx, seriesIds)).filter(
      (d) => !ownIds.has(d.id),
    );
    if (datasources.length === 0) return { datasources: [], conversions: [], calibrations: [] };
    const routing = await this.deps.repository.routing(tx, [...new Set(datasources.map((d) => d.meterId))]);
    return { ...routing, datasources };
  }

  /** Step 3: deleted rows that the recomputed meter did not fill again, from the series' other sources. */
  private async fillFromOthers(
    tx: Transaction,
    deleted: SeriesValue[],
    inserted: SeriesValue[],
    others: MeterRouting,
  ): Promise<SeriesValue[]> {
    if (deleted.length === 0 || others.datasources.length === 0) return [];
    const refilled = new Set(inserted.map((row) => `${row.seriesId}|${row.time.getTime()}`));
    const gaps = deleted.filter((row) => !refilled.has(`${row.seriesId}|${row.time.getTime()}`));
    const gapKeys = new Set(gaps.map((row) => `${row.seriesId}|${row.time.getTime()}`));
    const candidates = others.datasources.filter((d) =>
      gaps.some((gap) => gap.seriesId === d.seriesId && datasourceCovers(d, gap.time)),
    );
    if (candidates.length === 0) return [];
    const times = [...new Map(gaps.map((gap) => [gap.time.getTime(), gap.time])).values()];
    const readings = await this.deps.repository.readingsAt(tx, [...new Set(candidates.map((d) => d.meterId))], times);
    const { values } = routeReadings(asReadings(readings), { ...others, datasources: candidates });
    return this.deps.repository.insertSeriesRows(
      tx,
      values.filter((value) => gapKeys.has(`${value.seriesId}|${value.time.getTime()}`)),
    );
  }
}
