import { DataEngine, type DataProject, type DataResult, type DataView as EngineView } from '@olo/data-engine';
import { useEffect, useRef, useState } from 'react';

/** The browser's fetch, looked up when called: tests stub the global after this module loads. */
export const browserFetch: ConstructorParameters<typeof DataEngine>[0]['fetch'] = (url, init) =>
  globalThis.fetch(url, { ...init, credentials: 'same-origin' });

/**
 * The engine aggregates at once after a change, before a new range's data has come: until some has, the values
 * shown stay (marked loading), so that the graphs are not torn down and built again for an empty moment.
 */
export function keptWhileLoading(shown: DataResult | null, next: DataResult): DataResult {
  if (!(next.loading && next.empty) || !shown || shown.empty) return next;
  return { ...shown, range: next.range, slotSeconds: next.slotSeconds, loading: true };
}

/**
 * One data engine for one data slot: it gets the project and the view on every change and decides itself what to
 * fetch (a range or slot change) and what only to recompute (filters, nulls, mode). `latestReading` is the newest
 * pushed reading time, which moves a view on the default range.
 */
export function useDataEngine(project: DataProject, view: EngineView, latestReading: number | null): DataResult | null {
  const [engine, setEngine] = useState<DataEngine | null>(null);
  const [result, setResult] = useState<DataResult | null>(null);
  const latest = useRef({ project, view });
  latest.current = { project, view };

  // Made in an effect, not in render: StrictMode's extra mount would otherwise leave a disposed engine behind.
  useEffect(() => {
    const created = new DataEngine({ fetch: browserFetch });
    created.setProject(latest.current.project);
    created.setView(latest.current.view);
    const unsubscribe = created.subscribe((next) => setResult((shown) => keptWhileLoading(shown, next)));
    setEngine(created);
    return () => {
      unsubscribe();
      created.dispose();
    };
  }, []);

  // The engine compares with what it has: the same project or view again changes nothing.
  useEffect(() => {
    engine?.setProject(project);
  }, [engine, project]);
  useEffect(() => {
    engine?.setView(view);
  }, [engine, view]);
  useEffect(() => {
    if (latestReading !== null) engine?.latestReading(latestReading);
  }, [engine, latestReading]);

  return result;
}
