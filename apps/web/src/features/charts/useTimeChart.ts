import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';
import type { TimeChartData, TimeChartOptions } from './timeChart.ts';

/**
 * uPlot draws on a canvas, which jsdom (the unit tests' DOM) does not have: there the chart is left out and the rest
 * of the page still works.
 */
export function canDrawCharts(): boolean {
  if (typeof window === 'undefined' || typeof navigator === 'undefined') return false;
  return !/jsdom/i.test(navigator.userAgent) && typeof HTMLCanvasElement !== 'undefined';
}

export interface UplotChartProps<Code> {
  /** Names everything the chart depends on (locale, units, lines): a change creates the chart again. */
  structure: string;
  /** Loads the chart's code (uPlot and the options) on demand, out of the screen's first chunk. */
  load: () => Promise<Code>;
  /** Draws the chart in `element` once its code has loaded; the newest render's, so it may close over props. */
  create: (code: Code, element: HTMLElement, size: { width: number; height: number }, data: uPlot.AlignedData) => uPlot;
  /** Fed to the same chart without creating it again (a live push, another range). */
  data: uPlot.AlignedData;
  height: number;
  /** A change paints the chart again, for drawing that plugins read at every paint (limit bands toggled). */
  repaint?: string;
}

/**
 * The one wrapper of uPlot in React: a chart in the returned element, created whenever `structure` changes, fed new
 * `data` without being rebuilt, resized with its container and destroyed with the component.
 */
export function useUplotChart<Code>({ structure, load, create, data, height, repaint }: UplotChartProps<Code>) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  // The chart is created after its code loads; it then starts from the newest data and options, not the first render's.
  const latest = useRef({ data, create });
  latest.current = { data, create };

  // biome-ignore lint/correctness/useExhaustiveDependencies: `structure` stands for the options, read through `latest`; `load` is the same code every render.
  useEffect(() => {
    const element = container.current;
    if (!element || !canDrawCharts()) return;
    let cancelled = false;
    void load().then((code) => {
      if (cancelled) return;
      chart.current?.destroy();
      const size = { width: element.clientWidth || 600, height };
      chart.current = latest.current.create(code, element, size, latest.current.data);
    });
    return () => {
      cancelled = true;
      chart.current?.destroy();
      chart.current = null;
    };
  }, [structure, height]);

  useEffect(() => {
    chart.current?.setData(data);
  }, [data]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `repaint` stands for what the plugins read at every paint.
  useEffect(() => {
    chart.current?.redraw(false);
  }, [repaint]);

  useEffect(() => {
    const element = container.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (element.clientWidth > 0) chart.current?.setSize({ width: element.clientWidth, height });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [height]);

  return container;
}

/**
 * A time chart (createTimeChart) in the returned element. `structure` names everything `options` depends on, so
 * that options built from the same structure draw the same chart.
 */
export function useTimeChart(
  structure: string,
  options: () => Omit<TimeChartOptions, 'width' | 'height'>,
  data: TimeChartData,
  height: number,
) {
  return useUplotChart({
    structure,
    load: () => import('./timeChart.ts'),
    create: ({ createTimeChart }, element, size, chartData) =>
      createTimeChart(element, { ...size, ...options() }, chartData as TimeChartData),
    data,
    height,
  });
}
