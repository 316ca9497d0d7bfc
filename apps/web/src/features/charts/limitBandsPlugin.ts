import { type LimitScale, limitBands } from '@olo/shared';
import type uPlot from 'uplot';

/** A limit's bands on one y scale of a graph. */
export interface LimitBandSet {
  /** The uPlot scale the bands follow (`y0`, `y1`, ...). */
  scaleKey: string;
  scale: Pick<LimitScale, 'min' | 'max' | 'limits' | 'colors' | 'maxcolor' | 'opacity'>;
  /** Drying targets drawn as dashed lines over the graph, highest first (`seriesDryingTargets`; decision 0155). */
  targets?: readonly number[];
}

/** Target lines: dark enough for 3:1 on every band's tint and on paper, dashed so they never pass for a series. */
const targetLineColor = '#343a40';
const targetLabelFont = '12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/** A band as drawn: a full-width rectangle from `top`, in the pixels `valToPos` gives. */
export interface BandRect {
  top: number;
  height: number;
  color: string;
  opacity: number;
}

/**
 * The rectangles of a limit's bands inside a plot area. The end bands reach past the scale's ends to the plot's
 * edges, as a value beyond an end takes that end's band (`bandColor`); a band outside the plot is left out.
 * `valToPos` maps a value to a pixel row that grows downwards.
 */
export function bandRects(
  set: LimitBandSet,
  valToPos: (value: number) => number,
  plot: { top: number; height: number },
): BandRect[] {
  const bottom = plot.top + plot.height;
  const bands = limitBands(set.scale);
  const rects: BandRect[] = [];
  bands.forEach((band, index) => {
    const lower = index === 0 ? bottom : valToPos(band.from);
    const upper = index === bands.length - 1 ? plot.top : valToPos(band.to);
    const top = Math.max(plot.top, Math.min(lower, upper));
    const end = Math.min(bottom, Math.max(lower, upper));
    if (Number.isFinite(top) && Number.isFinite(end) && end > top) {
      rects.push({ top, height: end - top, color: band.color, opacity: set.scale.opacity });
    }
  });
  return rects;
}

/**
 * Dashed horizontal lines at the sets' targets, over the series, each labelled with its value at the plot's right end
 * (`label` formats it). The targets drawn (inside the plot) are written to the chart's root as `data-target-lines`,
 * comma-separated, for the browser tests.
 */
function drawTargetLines(
  chart: uPlot,
  sets: readonly LimitBandSet[],
  label: (value: number, scaleKey: string) => string,
): void {
  const { ctx, bbox } = chart;
  const drawn: number[] = [];
  // bbox and the canvas are in device pixels; uPlot scales by the device pixel ratio.
  const ratio = globalThis.devicePixelRatio || 1;
  ctx.save();
  ctx.strokeStyle = targetLineColor;
  ctx.fillStyle = targetLineColor;
  ctx.lineWidth = 1.5 * ratio;
  ctx.setLineDash([6 * ratio, 4 * ratio]);
  ctx.font = targetLabelFont.replace('12px', `${Math.round(12 * ratio)}px`);
  ctx.textAlign = 'right';
  ctx.textBaseline = 'bottom';
  for (const set of sets) {
    const range = chart.scales[set.scaleKey];
    if (range?.min == null || range.max == null) continue;
    for (const target of set.targets ?? []) {
      const y = chart.valToPos(target, set.scaleKey, true);
      if (!Number.isFinite(y) || y < bbox.top || y > bbox.top + bbox.height) continue;
      ctx.beginPath();
      ctx.moveTo(bbox.left, y);
      ctx.lineTo(bbox.left + bbox.width, y);
      ctx.stroke();
      ctx.fillText(label(target, set.scaleKey), bbox.left + bbox.width - 4 * ratio, y - 2 * ratio);
      drawn.push(target);
    }
  }
  ctx.restore();
  chart.root.dataset.targetLines = drawn.join(',');
}

/**
 * A uPlot plugin that paints limits' bands behind the grid and the lines (on `drawClear`), each at its limit's
 * opacity, and a set's drying targets as dashed lines over them (on `draw`). `bandSets` is read at every paint, so a
 * toggle takes effect with `redraw()`. The number of bands painted is written to the chart's root as
 * `data-limit-bands`, which the browser tests read (a canvas shows no elements).
 */
export function limitBandsPlugin(
  bandSets: () => readonly LimitBandSet[],
  targetLabel: (value: number, scaleKey: string) => string = String,
): uPlot.Plugin {
  return {
    hooks: {
      drawClear: (chart: uPlot) => {
        const { ctx, bbox } = chart;
        let painted = 0;
        ctx.save();
        for (const set of bandSets()) {
          const range = chart.scales[set.scaleKey];
          if (range?.min == null || range.max == null) continue;
          const rects = bandRects(set, (value) => chart.valToPos(value, set.scaleKey, true), bbox);
          for (const rect of rects) {
            ctx.globalAlpha = rect.opacity;
            ctx.fillStyle = rect.color;
            ctx.fillRect(bbox.left, rect.top, bbox.width, rect.height);
            painted++;
          }
        }
        ctx.restore();
        chart.root.dataset.limitBands = String(painted);
      },
      draw: (chart: uPlot) => drawTargetLines(chart, bandSets(), targetLabel),
    },
  };
}
