import { DataEngine, type DataProject, type DataResult } from '@olo/data-engine';
import {
  type ReportElementData,
  type ReportElementView,
  type ReportSeriesSelection,
  resolveReportElementView,
  resolveReportSeries,
} from '@olo/shared';
import { useEffect, useMemo, useState } from 'react';
import { browserFetch } from '../../data-slots/useDataEngine.ts';
import { spaceWeatherMap } from '../../weather/chartWeather.ts';
import type { ReportScope } from './reportScope.ts';

/** What an element draws from: the engine's result with only its series, and whether it is complete. */
export interface ReportData {
  /** Null until the first aggregation; its `series` holds only the element's series. */
  result: DataResult | null;
  /** Every slice of the view has answered (or failed), or the element has no series to fetch. */
  ready: boolean;
}

interface SharedEngine {
  engine: DataEngine;
  users: number;
  dropTimer: ReturnType<typeof setTimeout> | null;
}

/**
 * Engines shared by the elements of the documents on the page, one per data path, project and view: the elements
 * over the report's range (most of them) fetch its slices once and are aggregated once.
 */
const sharedEngines = new Map<string, SharedEngine>();

/** An engine no element uses any more lives this long (ms): StrictMode's remount and an edit's redraw keep it. */
const unusedEngineMs = 5000;

function acquireEngine(key: string, project: DataProject, view: ReportElementView, dataPath: string): DataEngine {
  let shared = sharedEngines.get(key);
  if (!shared) {
    // The range stays put: nothing before it is preloaded, and the report is not moved by new readings.
    const engine = new DataEngine({ fetch: browserFetch, dataPath, preload: false });
    engine.setView({
      // The engine's range ends inclusive, the view's exclusive.
      range: { from: view.from, to: view.to - 1 },
      slotSeconds: view.slotSeconds,
      mode: view.mode,
      nulls: view.nulls,
      filters: view.filters,
    });
    engine.setProject(project);
    shared = { engine, users: 0, dropTimer: null };
    sharedEngines.set(key, shared);
  }
  if (shared.dropTimer !== null) clearTimeout(shared.dropTimer);
  shared.dropTimer = null;
  shared.users += 1;
  return shared.engine;
}

function releaseEngine(key: string): void {
  const shared = sharedEngines.get(key);
  if (!shared) return;
  shared.users -= 1;
  if (shared.users > 0) return;
  shared.dropTimer = setTimeout(() => {
    sharedEngines.delete(key);
    shared.engine.dispose();
  }, unusedEngineMs);
}

/** Forgets every shared engine and its values at once (the print page, before its next report). */
export function dropReportEngines(): void {
  for (const shared of sharedEngines.values()) {
    if (shared.dropTimer !== null) clearTimeout(shared.dropTimer);
    shared.engine.dispose();
  }
  sharedEngines.clear();
}

/** Only the chosen series of a result, in the data API's order. */
function withSeries(result: DataResult, seriesIds: readonly number[]): DataResult {
  const chosen = new Set(seriesIds);
  return { ...result, series: result.series.filter((item) => chosen.has(item.series.id)) };
}

/**
 * The values of a report element: the shared data engine on the report's data path (`/api/data`, or the public
 * report's copy of it), over the element's view, so a report reads exactly the numbers the summary view shows. With
 * no series chosen nothing is fetched and the element is ready at once.
 */
export function useReportData(scope: ReportScope, view: ReportElementView, seriesIds: number[]): ReportData {
  const { context, sources } = scope;
  const [result, setResult] = useState<DataResult | null>(null);
  const idsKey = seriesIds.join(',');
  const project = useMemo<DataProject>(
    () => ({
      projectId: context.projectId,
      dataId: context.dataId,
      timeZone: context.timeZone,
      startAt: context.startAt,
      latestDataTime: null,
      defaultSelect: context.defaultSelect,
    }),
    [context.projectId, context.dataId, context.timeZone, context.startAt, context.defaultSelect],
  );
  const viewKey = JSON.stringify([view.from, view.to, view.slotSeconds, view.mode, view.nulls, view.filters]);
  const engineKey = JSON.stringify([sources.dataPath, project, viewKey]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `engineKey` stands for the project, path and view.
  useEffect(() => {
    if (idsKey === '') {
      setResult(null);
      return;
    }
    setResult(null);
    const engine = acquireEngine(engineKey, project, view, sources.dataPath);
    const ids = idsKey.split(',').map(Number);
    const unsubscribe = engine.subscribe((next) => setResult(withSeries(next, ids)));
    return () => {
      unsubscribe();
      releaseEngine(engineKey);
    };
  }, [engineKey, idsKey]);

  const ready = idsKey === '' || (result !== null && !result.loading);
  return { result: idsKey === '' ? null : result, ready };
}

/** What an element of the data kinds says of its values: where they come from and which series. */
interface DataElement {
  series?: readonly ReportSeriesSelection[];
  data: ReportElementData;
}

/** The element's view (its range or data slot with its overrides) and the series its selections take in this scope. */
export function useElementView(
  scope: ReportScope,
  element: DataElement,
): { view: ReportElementView; seriesIds: number[] } {
  const { report, context, currentSpace } = scope;
  const dataKey = JSON.stringify(element.data);
  const selectionKey = JSON.stringify(element.series ?? []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the keys stand for the element's data and selections.
  const view = useMemo(
    () => resolveReportElementView(report, element.data, context.defaults, context.timeZone),
    [report.from, report.to, report.dataslots, dataKey, context.defaults, context.timeZone],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the selections.
  const seriesIds = useMemo(() => {
    const chosen = resolveReportSeries(
      element.series ?? [],
      { spaces: context.spaces, series: context.series },
      currentSpace?.id ?? null,
    );
    return withSpaceWeather(chosen, context);
  }, [selectionKey, context.spaces, context.series, currentSpace?.id]);
  return { view, seriesIds };
}

/** The chosen series and the weather series of their spaces, which their graphs and tables show beside them. */
function withSpaceWeather(chosen: number[], context: ReportScope['context']): number[] {
  const weather = spaceWeatherMap(context.spaces, context.series);
  if (weather.size === 0) return chosen;
  const spaceOf = new Map(context.series.map((series) => [series.id, series.spaceId]));
  const ids = new Set(chosen);
  for (const id of chosen) {
    const spaceId = spaceOf.get(id);
    const weatherId = spaceId == null ? undefined : weather.get(spaceId);
    if (weatherId !== undefined) ids.add(weatherId);
  }
  return [...ids];
}

/** Everything an element draws from: its view, its series and their values. */
export function useElementData(scope: ReportScope, element: DataElement) {
  const { view, seriesIds } = useElementView(scope, element);
  const data = useReportData(scope, view, seriesIds);
  return { view, seriesIds, ...data };
}
