import { useEffect, useRef } from 'react';
import type { TimeChart, TimeChartData, TimeChartOptions } from './uplotChart.ts';

/**
 * uPlot draws on a canvas, which jsdom (the unit tests' DOM) does not have: there the chart is left out and the rest
 * of the page still works.
 */
export function canDrawCharts(): boolean {
  if (typeof window === 'undefined' || typeof navigator === 'undefined') return false;
  return !/jsdom/i.test(navigator.userAgent) && typeof HTMLCanvasElement !== 'undefined';
}

/**
 * A uPlot time chart in the returned element: created (its code loaded on demand) whenever `structure` changes, fed
 * new `data` without being rebuilt, and resized with its container. `structure` names everything `options` depends
 * on (locale, units, series), so that options built from the same structure draw the same chart.
 */
export function useTimeChart(
  structure: string,
  options: () => Omit<TimeChartOptions, 'width' | 'height'>,
  data: TimeChartData,
  height: number,
) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<TimeChart | null>(null);
  // The chart is created after its code loads; it then starts from the newest data and options, not the first render's.
  const latest = useRef({ data, options });
  latest.current = { data, options };

  // biome-ignore lint/correctness/useExhaustiveDependencies: `structure` stands for the options, read through `latest`.
  useEffect(() => {
    const element = container.current;
    if (!element || !canDrawCharts()) return;
    let cancelled = false;
    void import('./uplotChart.ts').then(({ createTimeChart }) => {
      if (cancelled) return;
      chart.current?.destroy();
      chart.current = createTimeChart(
        element,
        { width: element.clientWidth || 600, height, ...latest.current.options() },
        latest.current.data,
      );
    });
    return () => {
      cancelled = true;
      chart.current?.destroy();
      chart.current = null;
    };
  }, [structure, height]);

  // New data (a live push, another range) redraws the same lines.
  useEffect(() => {
    chart.current?.setData(data);
  }, [data]);

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
