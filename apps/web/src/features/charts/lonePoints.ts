import type uPlot from 'uplot';

/**
 * The values a line cannot show: uPlot strokes a line between values and nothing for a value with no neighbour to
 * join. With `spanGaps` a line crosses empty slots, so only a series' one value is alone; without, a value whose
 * slots on both sides are empty is.
 */
export function loneValueIndexes(values: ArrayLike<number | null | undefined>, spanGaps: boolean): number[] {
  const present = (index: number) => index >= 0 && index < values.length && values[index] != null;
  const lone: number[] = [];
  for (let index = 0; index < values.length; index++) {
    if (!present(index)) continue;
    if (spanGaps) {
      if (lone.length > 0) return [];
      lone.push(index);
    } else if (!present(index - 1) && !present(index + 1)) {
      lone.push(index);
    }
  }
  return lone;
}

/** A series' points option: no dots on lines, a dot for each value the line cannot show (loneValueIndexes). */
export function lonePoints(spanGaps: boolean): uPlot.Series.Points {
  return {
    show: false,
    size: 7,
    filter: (chart, seriesIndex) => {
      const lone = loneValueIndexes(chart.data[seriesIndex] ?? [], spanGaps);
      return lone.length > 0 ? lone : null;
    },
  };
}
