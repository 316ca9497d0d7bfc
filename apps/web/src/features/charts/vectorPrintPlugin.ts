import type uPlot from 'uplot';

/**
 * Prints a chart as vector paths instead of a bitmap. Chromium records a canvas for print as drawing commands only
 * when the whole canvas is painted again after `beforeprint` (otherwise it embeds a snapshot: a large image, slow to
 * compress, with unselectable text). uPlot clears the whole canvas on every paint, so painting at once (not on its
 * microtask) from `beforeprint` is enough. Serves the PDF renderer and a browser's own print alike.
 */
export function vectorPrintPlugin(): uPlot.Plugin {
  let repaint: (() => void) | null = null;
  return {
    hooks: {
      init: (chart) => {
        repaint = () => chart.batch(() => chart.redraw(false));
        window.addEventListener('beforeprint', repaint);
      },
      destroy: () => {
        if (repaint) window.removeEventListener('beforeprint', repaint);
        repaint = null;
      },
    },
  };
}
