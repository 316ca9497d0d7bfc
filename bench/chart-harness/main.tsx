import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import { aggregate, type ProjectDataBody, type TimeRange } from '@olo/data-engine';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { chartData, chartGroups } from '../../apps/web/src/features/data-slots/chartGroups.ts';
import { createSummaryChart } from '../../apps/web/src/features/data-slots/summaryChart.ts';
import { createI18n } from '../../apps/web/src/features/i18n/i18n.ts';
import { SummaryView } from '../../apps/web/src/features/summary/SummaryView.tsx';

/**
 * The chart benchmark's page (bench/chart.ts): the real summary view, read-only, on a project of a real Olo (its id
 * and dataId in the address); and, for the baseline, bare uPlot charts fed the same arrays.
 */
const params = new URLSearchParams(location.search);
const project = {
  projectId: Number(params.get('project')),
  dataId: params.get('dataId') as string,
  timeZone: 'Europe/Helsinki',
  startAt: null,
  latestDataTime: Number(params.get('latest')),
  defaultSelect: 30,
};

const root = document.getElementById('root') as HTMLElement;
const { i18n, ready } = createI18n('fi');
void ready.then(() =>
  createRoot(root).render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <SummaryView project={project} readOnly />
      </MantineProvider>
    </I18nextProvider>,
  ),
);

interface Timing {
  /** Until every chart's draw hook ran. */
  drawn: number;
  /** Until the frame after that. */
  frame: number;
}

/** Resolves when each of `charts` has drawn once more, with the time since `start`. */
function drawnAll(charts: readonly Element[], start: number): Promise<Timing> {
  return new Promise((resolve, reject) => {
    const pending = new Set(charts);
    const timer = setTimeout(() => reject(new Error(`${pending.size} of ${charts.length} charts not drawn`)), 10_000);
    const onDraw = (event: Event) => {
      pending.delete(event.target as Element);
      if (pending.size > 0) return;
      clearTimeout(timer);
      document.removeEventListener('summary-chart-draw', onDraw);
      const drawn = performance.now() - start;
      requestAnimationFrame(() => resolve({ drawn, frame: performance.now() - start }));
    };
    document.addEventListener('summary-chart-draw', onDraw);
  });
}

/** Types a day into the first period's From or To input, as a person picking a date does, and times the repaint. */
function changeDay(end: 'from' | 'to', day: string): Promise<Timing> {
  const input = document.querySelector<HTMLInputElement>(`[data-testid="summary-range-${end}"]`);
  if (!input) throw new Error('no range input');
  const charts = [...document.querySelectorAll('[data-testid="summary-chart"]')];
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  const start = performance.now();
  const done = drawnAll(charts, start);
  setValue?.call(input, day);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  return done;
}

/**
 * The baseline: the same groups' arrays, computed beforehand from the same answers, set into bare uPlot charts of
 * the same size and options; only setData and uPlot's drawing are timed.
 */
async function baseline(urls: string[][], ranges: TimeRange[], runs: number): Promise<Timing[]> {
  const labels = { typeLabel: (type: string) => type, noSpace: '-' };
  const datasets = await Promise.all(
    ranges.map(async (range, index) => {
      const bodies = await Promise.all(
        (urls[index] ?? []).map(async (url) => (await (await fetch(url)).json()) as ProjectDataBody),
      );
      const result = aggregate(bodies, {
        range,
        slotSeconds: 3600,
        filters: [],
        nulls: false,
        mode: 'avg',
        timeZone: project.timeZone,
      });
      return chartGroups(result, 'space', labels).map((group) => ({ group, data: chartData(result.times, group) }));
    }),
  );
  const target = document.getElementById('baseline') as HTMLElement;
  const first = datasets[0] ?? [];
  const charts = first.map(({ group, data }) => {
    const element = document.createElement('div');
    target.append(element);
    const chart = createSummaryChart(
      element,
      group,
      {
        width: 1200,
        height: 280,
        locale: 'fi',
        timeZone: project.timeZone,
        timeLabel: 'Aika',
        nulls: false,
        onDraw: () => element.dispatchEvent(new CustomEvent('summary-chart-draw', { bubbles: true })),
      },
      data,
    );
    return { element, chart };
  });
  const timings: Timing[] = [];
  for (let run = 0; run < runs; run++) {
    const next = datasets[(run + 1) % datasets.length] ?? [];
    const start = performance.now();
    const done = drawnAll(
      charts.map((item) => item.element),
      start,
    );
    charts.forEach((item, index) => {
      const data = next[index]?.data;
      if (data) item.chart.setData(data);
    });
    timings.push(await done);
  }
  for (const item of charts) item.chart.destroy();
  target.replaceChildren();
  return timings;
}

Object.assign(window, { oloBench: { changeDay, baseline } });
