import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Clock } from './clock.ts';
import type { ProjectDataBody } from './data-body.ts';
import { DataEngine, type DataProject, type DataResult, engineTimings } from './data-engine.ts';
import { localMidnight, quickRanges } from './ranges.ts';
import { bodyOf, steadyValues } from './testing/data-bodies.ts';
import { startDataServer, until } from './testing/data-server.ts';

const helsinki = 'Europe/Helsinki';
const at = (iso: string) => Date.parse(iso);
/** Wednesday 25 March 2026, 12:00 in Helsinki. */
const startTime = at('2026-03-25T10:00:00Z');
const firstDataId = '0b6c1f2e-0000-4000-8000-000000000001';
const secondDataId = '0b6c1f2e-0000-4000-8000-000000000002';

const projectA: DataProject = {
  projectId: 7,
  dataId: firstDataId,
  timeZone: helsinki,
  startAt: at('2025-06-01T00:00:00Z'),
  latestDataTime: at('2026-03-25T09:58:00Z'),
  defaultSelect: 7,
};
const projectB: DataProject = { ...projectA, projectId: 8 };
/** A project whose answers list no series, and one whose series have no values. */
const noSeriesProject: DataProject = { ...projectA, projectId: 9 };
const silentProject: DataProject = { ...projectA, projectId: 10 };

/** What the test server does: the current dataId of each project, and periods that hang or fail. */
const state = {
  dataIds: new Map<number, string>(),
  hang: new Set<string>(),
  fail: new Set<string>(),
  malformed: new Set<string>(),
};

/** Built once per address: building a body costs the shared time-zone helpers a few ms a day. */
const bodies = new Map<string, ProjectDataBody>();
function answerBody(request: { projectId: number; period: string; dataId: string; slotSeconds: number }) {
  const key = JSON.stringify(request);
  let body = bodies.get(key);
  if (!body) {
    body = bodyOf({
      ...request,
      timeZone: helsinki,
      ...(request.projectId === noSeriesProject.projectId ? { series: [] } : {}),
      values: request.projectId === silentProject.projectId ? () => null : steadyValues,
    });
    bodies.set(key, body);
  }
  return body;
}

const server = await startDataServer((request) => {
  if (state.hang.has(request.period)) return 'hang';
  if (state.fail.has(request.period)) return { status: 500, body: { error: 'Internal error' } };
  if (state.malformed.has(request.period)) return { status: 200, body: { slots: 'many' } };
  const current = state.dataIds.get(request.projectId) ?? firstDataId;
  if (request.dataId !== current) return { status: 409, body: { error: 'Stale data id', dataId: current } };
  return { status: 200, body: answerBody(request) };
});

let engine: DataEngine;
let results: DataResult[];
let logs: Array<{ message: string; url?: unknown; reason?: unknown }>;

const latest = () => results.at(-1) as DataResult;
const day = (period: string, dataId = firstDataId, slot = 600) => `/api/data/7/${period}/${dataId}/${slot}`;
const days = (first: number, last: number, dataId = firstDataId, slot = 600) =>
  Array.from({ length: last - first + 1 }, (_, index) =>
    day(`2026-03-${String(first + index).padStart(2, '0')}`, dataId, slot),
  );
const preloadMonths = (dataId = firstDataId, slot = 600, projectId = 7) =>
  ['2026-02', '2026-01', '2025-12'].map((month) => `/api/data/${projectId}/${month}/${dataId}/${slot}`);

/** Waits until no request is open, then lets the recompute delay pass. */
async function settle(): Promise<void> {
  await until(() => server.active === 0, 'a quiet network');
  await vi.advanceTimersByTimeAsync(engineTimings.recomputeDelayMs);
}

/** Requests made since `mark` (an earlier length of the request list), sorted. */
const since = (mark: number) => server.requests.slice(mark).sort();

beforeAll(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: startTime });
});

afterAll(async () => {
  vi.useRealTimers();
  await server.close();
});

beforeEach(() => {
  vi.setSystemTime(startTime);
  state.dataIds.clear();
  state.hang.clear();
  state.fail.clear();
  state.malformed.clear();
  server.requests.length = 0;
  server.calls.length = 0;
  results = [];
  logs = [];
  engine = new DataEngine({
    fetch: server.fetch,
    baseUrl: server.baseUrl,
    log: (message, details) => logs.push({ message, ...details }),
  });
  engine.subscribe((result) => results.push(result));
});

afterEach(async () => {
  engine.dispose();
  await vi.runOnlyPendingTimersAsync();
});

describe('DataEngine', () => {
  it('shows the default range by days of the current month, at its default slot, then preloads three months', async () => {
    engine.setProject(projectA);
    await settle();
    const rangeRequests = days(18, 25);
    expect(server.requests.slice(0, 8).sort()).toEqual(rangeRequests);
    expect(server.requests.slice(8).sort()).toEqual(preloadMonths().sort());
    expect(latest()).toMatchObject({
      projectId: 7,
      dataId: firstDataId,
      range: { from: at('2026-03-18T09:58:00Z'), to: at('2026-03-25T09:58:00Z') },
      slotSeconds: 600,
      mode: 'avg',
      nulls: false,
      loading: false,
      failedPeriods: [],
      empty: null,
    });
    // The slots that overlap the range: from the one that holds its start to the one that holds the latest reading.
    expect(latest().times[0]).toBe(at('2026-03-18T09:50:00Z'));
    expect(latest().times.at(-1)).toBe(at('2026-03-25T09:50:00Z'));
    expect(latest().times).toHaveLength(7 * 144 + 1);
    const temperature = latest().series[0];
    expect(temperature?.points[0]).toEqual({ time: at('2026-03-18T09:50:00Z'), value: 29 });
    expect(temperature?.stats).toMatchObject({ min: 19, max: 44 });
  });

  it('asks for months first, then days', async () => {
    engine.setView({ range: { from: localMidnight(2026, 1, 20, helsinki), to: at('2026-03-03T12:00:00Z') } });
    engine.setProject(projectA);
    await settle();
    const slot = 3600;
    expect(server.calls.slice(0, 16)).toEqual([
      `/api/data/7/2026-02/${firstDataId}/${slot}`,
      ...Array.from({ length: 12 }, (_, index) => day(`2026-01-${20 + index}`, firstDataId, slot)),
      ...days(1, 3, firstDataId, slot),
    ]);
    expect(latest()).toMatchObject({ slotSeconds: slot, loading: false, failedPeriods: [] });
  });

  it('recomputes at once after a quiet spell, then at most every 100 ms, without fetching, when only filters, nulls or mode change', async () => {
    engine.setProject(projectA);
    await settle();
    // A quiet spell: the last aggregation is more than 100 ms ago.
    await vi.advanceTimersByTimeAsync(engineTimings.recomputeDelayMs);
    const requestCount = server.requests.length;
    const resultCount = results.length;
    engine.setView({ mode: 'max' });
    engine.setView({ nulls: true });
    engine.setView({ filters: [{ type: 'removeday', day: '2026-03-20' }] });
    // Changes made together are aggregated together, at once: in the next task, not 100 ms later.
    expect(results).toHaveLength(resultCount);
    await vi.advanceTimersByTimeAsync(0);
    expect(results).toHaveLength(resultCount + 1);
    expect(latest()).toMatchObject({ mode: 'max', nulls: true, filters: [{ type: 'removeday', day: '2026-03-20' }] });
    expect(latest().times).toHaveLength(6 * 144 + 1);
    expect(latest().series[0]?.points[0]).toEqual({ time: at('2026-03-18T09:50:00Z'), value: 30 });

    const emittedAt: number[] = [];
    engine.subscribe(() => emittedAt.push(Date.now()));
    emittedAt.length = 0;
    for (let step = 0; step < 10; step++) {
      engine.setView({ mode: step % 2 === 0 ? 'min' : 'avg' });
      await vi.advanceTimersByTimeAsync(30);
    }
    await vi.advanceTimersByTimeAsync(engineTimings.recomputeDelayMs);
    expect(emittedAt.length).toBeLessThanOrEqual(4);
    for (let index = 1; index < emittedAt.length; index++) {
      expect((emittedAt[index] ?? 0) - (emittedAt[index - 1] ?? 0)).toBeGreaterThanOrEqual(100);
    }
    await until(() => true);
    expect(server.requests).toHaveLength(requestCount);
  });

  it('fetches again on a range change: the new periods and the unsettled ones, reusing settled slices', async () => {
    engine.setProject(projectA);
    await settle();
    const lastWeek = quickRanges(Date.now(), helsinki).find((quick) => quick.id === 'lastWeek')?.range;
    let mark = server.requests.length;
    engine.setView({ range: lastWeek ?? null });
    await settle();
    expect(since(mark)).toEqual(days(16, 17));
    expect(latest()).toMatchObject({ range: lastWeek, slotSeconds: 600, loading: false });
    expect(latest().times).toHaveLength(7 * 144);

    // Back to the default range: the last three days may still take late readings, so they come again.
    mark = server.requests.length;
    engine.setView({ range: null });
    await settle();
    expect(since(mark)).toEqual(days(23, 25));
  });

  it('does nothing when given the same project state again', async () => {
    engine.setProject(projectA);
    await settle();
    const requestCount = server.requests.length;
    const resultCount = results.length;
    engine.setProject({ ...projectA });
    await settle();
    expect(server.requests).toHaveLength(requestCount);
    expect(results).toHaveLength(resultCount);
  });

  it('fetches again on a slot change', async () => {
    engine.setProject(projectA);
    await settle();
    const mark = server.requests.length;
    engine.setView({ slotSeconds: 3600 });
    await settle();
    expect(since(mark)).toEqual([...days(18, 25, firstDataId, 3600), ...preloadMonths(firstDataId, 3600)].sort());
    expect(latest()).toMatchObject({ slotSeconds: 3600, loading: false });
    expect(latest().times).toHaveLength(7 * 24 + 1);
  });

  it('serves days from a cached whole month', async () => {
    engine.setProject(projectA);
    await settle();
    const mark = server.requests.length;
    const range = { from: localMidnight(2026, 2, 10, helsinki), to: localMidnight(2026, 2, 21, helsinki) - 1 };
    engine.setView({ range, slotSeconds: 600 });
    await settle();
    // Only the preload's new month: the days come from February's slice.
    expect(since(mark)).toEqual([`/api/data/7/2025-11/${firstDataId}/600`]);
    expect(latest()).toMatchObject({ range, loading: false, empty: null });
    expect(latest().times).toHaveLength(11 * 144);
  });

  it('logs a slice that times out after 8 s and goes on without it', async () => {
    state.hang.add('2026-03-20');
    engine.setProject(projectA);
    await until(() => server.active === 1, 'the hanging request');
    await vi.advanceTimersByTimeAsync(engineTimings.fetchTimeoutMs - 1);
    expect(logs).toEqual([]);
    expect(latest()).toMatchObject({ loading: true, failedPeriods: [] });
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(logs).toEqual([
      { message: 'Data fetch failed', url: server.baseUrl + day('2026-03-20'), reason: 'time-out after 8000 ms' },
    ]);
    expect(latest()).toMatchObject({ loading: false, failedPeriods: ['2026-03-20'], empty: null });
    expect(latest().times).toHaveLength(6 * 144 + 1);
    // The preload still ran.
    expect(server.requests.filter((path) => preloadMonths().includes(path))).toHaveLength(3);
  });

  it('logs a failed or malformed slice, goes on without it, and asks for it again on the next change', async () => {
    state.fail.add('2026-03-21');
    state.malformed.add('2026-03-22');
    engine.setProject(projectA);
    await settle();
    expect(logs.map((entry) => [entry.url, String(entry.reason).split('\n')[0]])).toEqual(
      expect.arrayContaining([[server.baseUrl + day('2026-03-21'), 'Error: HTTP 500']]),
    );
    expect(logs.map((entry) => entry.url)).toContain(server.baseUrl + day('2026-03-22'));
    expect(latest()).toMatchObject({ loading: false, failedPeriods: ['2026-03-21', '2026-03-22'] });
    expect(latest().times).toHaveLength(5 * 144 + 1);

    state.fail.clear();
    state.malformed.clear();
    const mark = server.requests.length;
    engine.setView({ range: { ...latest().range, to: latest().range.to + 1 } });
    await settle();
    expect(since(mark)).toEqual([...days(21, 22), ...days(23, 25)]);
    expect(latest()).toMatchObject({ failedPeriods: [] });
  });

  it('drops the cache and fetches everything again under a new dataId', async () => {
    engine.setProject(projectA);
    await settle();
    const mark = server.requests.length;
    state.dataIds.set(7, secondDataId);
    engine.setProject({ ...projectA, dataId: secondDataId });
    await settle();
    expect(since(mark)).toEqual([...days(18, 25, secondDataId), ...preloadMonths(secondDataId)].sort());
    expect(latest()).toMatchObject({ dataId: secondDataId, loading: false, empty: null });
  });

  it('takes the new dataId of a 409 answer, drops the old slices and fetches again', async () => {
    engine.setProject(projectA);
    await settle();
    state.dataIds.set(7, secondDataId);
    const mark = server.requests.length;
    engine.setView({ range: { ...latest().range, from: at('2026-03-17T09:58:00Z') }, slotSeconds: 600 });
    await settle();
    const asked = server.requests.slice(mark);
    // Some asked under the old id (one 409 cancels the others, which may not have arrived yet).
    expect(asked.some((path) => path.includes(firstDataId))).toBe(true);
    expect(asked.filter((path) => path.includes(secondDataId)).sort()).toEqual(
      [...days(17, 25, secondDataId), ...preloadMonths(secondDataId)].sort(),
    );
    expect(logs).toEqual([]);
    expect(latest()).toMatchObject({ dataId: secondDataId, loading: false, failedPeriods: [], empty: null });
    expect(latest().times).toHaveLength(8 * 144 + 1);
  });

  it('drops the cached data of other projects 2 s after preloading', async () => {
    const february = { from: localMidnight(2026, 2, 1, helsinki), to: localMidnight(2026, 3, 1, helsinki) - 1 };
    engine.setView({ range: february });
    engine.setProject(projectA);
    await settle();
    expect(server.requests.sort()).toEqual(
      ['2026-02', '2026-01', '2025-12', '2025-11'].map((month) => `/api/data/7/${month}/${firstDataId}/3600`).sort(),
    );

    engine.setProject(projectB);
    await settle();
    await vi.advanceTimersByTimeAsync(engineTimings.dropOtherProjectsMs - 200);
    let mark = server.requests.length;
    engine.setProject(projectA);
    await settle();
    expect(since(mark)).toEqual([]);
    expect(latest()).toMatchObject({ projectId: 7, loading: false, empty: null });

    engine.setProject(projectB);
    await settle();
    await vi.advanceTimersByTimeAsync(engineTimings.dropOtherProjectsMs);
    mark = server.requests.length;
    engine.setProject(projectA);
    await settle();
    expect(since(mark)).toContain(`/api/data/7/2026-02/${firstDataId}/3600`);
  });

  it('refreshes on a latest-reading push only when 4 minutes have passed since the last update', async () => {
    engine.setProject(projectA);
    await settle();
    await vi.advanceTimersByTimeAsync(60_000);
    const pushed = at('2026-03-25T10:01:00Z');
    let mark = server.requests.length;
    engine.latestReading(pushed);
    await until(() => true);
    expect(server.requests).toHaveLength(mark);

    // The push waits for the 4 minutes since the refresh at the start.
    await vi.advanceTimersByTimeAsync(startTime + engineTimings.latestUpdateIntervalMs - Date.now() - 1);
    expect(server.active).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    // Only today is still open; the default range follows the reading.
    expect(since(mark)).toEqual(days(25, 25));
    expect(latest().range).toEqual({ from: at('2026-03-18T10:01:00Z'), to: pushed });

    // Four minutes after that refresh, a push refreshes at once.
    await vi.advanceTimersByTimeAsync(engineTimings.latestUpdateIntervalMs);
    mark = server.requests.length;
    engine.latestReading(at('2026-03-25T10:08:00Z'));
    await settle();
    expect(since(mark)).toEqual(days(25, 25));
    expect(latest().range.to).toBe(at('2026-03-25T10:08:00Z'));
  });

  it("says 'No data.' for a project without series and 'Timespan has no data.' for an empty range", async () => {
    engine.setProject(noSeriesProject);
    await settle();
    expect(latest()).toMatchObject({ projectId: 9, series: [], empty: 'No data.', loading: false });

    engine.setProject(silentProject);
    await settle();
    expect(latest()).toMatchObject({ projectId: 10, empty: 'Timespan has no data.', loading: false });
    expect(latest().series.map((item) => item.stats)).toEqual([null, null]);

    const mark = server.requests.length;
    engine.setProject(projectA);
    engine.setView({ range: { from: at('2026-04-01T00:00:00Z'), to: at('2026-04-02T00:00:00Z') } });
    await settle();
    expect(latest()).toMatchObject({ projectId: 7, times: [], empty: 'Timespan has no data.' });
    expect(since(mark).filter((path) => path.includes('2026-04'))).toEqual([]);
  });

  it('keeps time by an injected clock', () => {
    const timers: Array<{ callback: () => void; ms: number }> = [];
    const clock: Clock = {
      now: () => startTime,
      setTimeout: (callback, ms) => timers.push({ callback, ms }),
      clearTimeout: () => {},
    };
    const own = new DataEngine({ fetch: server.fetch, baseUrl: server.baseUrl, clock });
    const seen: DataResult[] = [];
    own.subscribe((result) => seen.push(result));
    own.setView({ range: { from: at('2026-04-01T00:00:00Z'), to: at('2026-04-02T00:00:00Z') } });
    own.setProject(projectA);
    // Nothing was aggregated before: the first aggregation waits for no delay, only for the next task.
    expect(timers.map((timer) => timer.ms)).toEqual([0]);
    timers[0]?.callback();
    expect(seen).toMatchObject([{ slotSeconds: 120, times: [], empty: 'Timespan has no data.', loading: false }]);
    own.dispose();
  });

  it("reads a published report's data from the report's own path, and only its range when not preloading", async () => {
    // This server answers only /api/data: every request to the report's path is a 404, logged nowhere here.
    const own = new DataEngine({
      fetch: server.fetch,
      baseUrl: server.baseUrl,
      dataPath: '/api/public-reports/p1/data',
      preload: false,
      log: () => {},
    });
    const mark = server.requests.length;
    // A week: slots long enough that the engine would preload the three months before it.
    own.setView({ range: { from: at('2026-03-15T22:00:00Z'), to: at('2026-03-22T22:00:00Z') } });
    own.setProject(projectA);
    await settle();
    const asked = since(mark);
    expect(asked.length).toBe(8);
    expect(asked.every((path) => path.startsWith('/api/public-reports/p1/data/7/2026-03-'))).toBe(true);
    own.dispose();
  });

  it('stops its requests and timers when disposed', async () => {
    state.hang.add('2026-03-18');
    engine.setProject(projectA);
    await until(() => server.active === 1, 'the hanging request');
    const resultCount = results.length;
    engine.dispose();
    await until(() => server.active === 0, 'the aborted request');
    await vi.advanceTimersByTimeAsync(engineTimings.fetchTimeoutMs);
    expect(logs).toEqual([]);
    expect(results).toHaveLength(resultCount);
  });
});
