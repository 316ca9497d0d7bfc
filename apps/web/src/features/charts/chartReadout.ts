/**
 * The value of a line nearest in time to slot `index` (`seriesIndex` in uPlot's data; times in `data[0]`), searching
 * both ways, the earlier one on a tie; with its time. The graph's readout shows it between readings (decision 0156).
 * Null when the line has no value at all.
 */
export function nearestValue(
  data: ReadonlyArray<ArrayLike<number | null | undefined>>,
  seriesIndex: number,
  index: number,
): { time: number; value: number } | null {
  const times = data[0] as ArrayLike<number>;
  const values = data[seriesIndex];
  if (!values || index < 0 || index >= values.length) return null;
  const target = times[index] as number;
  let before = index;
  while (before >= 0 && values[before] == null) before--;
  let after = index;
  while (after < values.length && values[after] == null) after++;
  const found = (position: number) => ({ time: times[position] as number, value: values[position] as number });
  if (before < 0) return after < values.length ? found(after) : null;
  if (after >= values.length) return found(before);
  return target - (times[before] as number) <= (times[after] as number) - target ? found(before) : found(after);
}
