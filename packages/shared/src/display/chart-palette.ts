/**
 * Fixed line colours for chart series (spec section 9: about 120). A series takes the colour at its index, so the
 * same set of series is drawn alike in the web app, in reports and in server exports.
 *
 * How the list was made, once: the first four are the web app's earlier chart colours (Mantine shades), so the first
 * lines look as before; each next one is, of the sRGB colours on a 17-step grid that have at least 3:1 contrast against
 * a white chart (WCAG non-text contrast), OKLab lightness at least 0.40 and chroma at least 0.06 (no greys, which
 * read as "no data"), the one farthest in OKLab from all taken so far. So the first colours differ most, and any
 * two differ by at least 0.05 in OKLab, the first twelve by 0.15 (a just-noticeable difference is about 0.02).
 *
 * Append only: reordering or editing a colour would repaint every existing chart.
 */
export const chartPalette: readonly string[] = Object.freeze([
  '#1c7ed6',
  '#e8590c',
  '#2f9e44',
  '#ae3ec9',
  '#664422',
  '#0000dd',
  '#553388',
  '#aa0055',
  '#aa88aa',
  '#ff3399',
  '#ff00ff',
  '#6633ff',
  '#006677',
  '#006600',
  '#997722',
  '#9977ff',
  '#885588',
  '#449999',
  '#aa4422',
  '#0055bb',
  '#dd1144',
  '#8800aa',
  '#881111',
  '#557755',
  '#dd66cc',
  '#5500cc',
  '#cc2288',
  '#7755cc',
  '#cc6677',
  '#cc00ff',
  '#772255',
  '#9900ff',
  '#0044ff',
  '#557799',
  '#999900',
  '#bb8866',
  '#dd22cc',
  '#ff5566',
  '#5599dd',
  '#4466ff',
  '#005544',
  '#996666',
  '#555599',
  '#aa66aa',
  '#cc66ff',
  '#7777cc',
  '#aa1199',
  '#224488',
  '#ff0000',
  '#779966',
  '#884455',
  '#885500',
  '#bb4466',
  '#8855ff',
  '#008800',
  '#883388',
  '#bb6633',
  '#bb0022',
  '#6688ff',
  '#556611',
  '#2233bb',
  '#7711dd',
  '#ff44cc',
  '#778811',
  '#5544bb',
  '#ee6699',
  '#664466',
  '#9988dd',
  '#6600aa',
  '#ff0066',
  '#bb8811',
  '#008855',
  '#cc5599',
  '#4400ff',
  '#cc4422',
  '#aa4499',
  '#771177',
  '#aa55ee',
  '#0066dd',
  '#cc77aa',
  '#008888',
  '#5566bb',
  '#dd7755',
  '#445522',
  '#bb77dd',
  '#9911cc',
  '#445577',
  '#ee00aa',
  '#7744aa',
  '#5588bb',
  '#119977',
  '#0088ff',
  '#00aa00',
  '#990077',
  '#9966cc',
  '#cc00aa',
  '#226699',
  '#226644',
  '#5555dd',
  '#007733',
  '#3344dd',
  '#8866aa',
  '#dd44ee',
  '#773333',
  '#886644',
  '#0011ff',
  '#bb00dd',
  '#007766',
  '#667722',
  '#dd4477',
  '#668866',
  '#883300',
  '#aa7777',
  '#8888bb',
  '#993333',
  '#997799',
  '#998855',
  '#005566',
  '#bb55bb',
  '#0099bb',
]);

/** The colour of the series at `index` (0 for the first); past the end of the palette the colours repeat. */
export function chartColor(index: number): string {
  const count = chartPalette.length;
  const position = ((Math.trunc(index) % count) + count) % count;
  // Not a number (NaN) falls back to the first colour rather than to undefined.
  return chartPalette[position] ?? (chartPalette[0] as string);
}

/**
 * A series' line colour wherever it is drawn (live view, summary, export, reports): its chosen colour, else the
 * palette's by its id, so that it keeps its colour whatever other series a view shows.
 */
export function seriesColor(series: { id: number; color?: string | null }): string {
  return series.color ?? chartColor(series.id - 1);
}
