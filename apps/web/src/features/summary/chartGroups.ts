import type { AggregateResult, SeriesResult } from '@olo/data-engine';
import { chartColor, measurementTypeStyle } from '@olo/shared';

/** The summary draws a graph per space, or a graph per measurement type. */
export type GroupBy = 'space' | 'type';

export interface ChartLine {
  seriesId: number;
  label: string;
  color: string;
  unit: string;
  dataType: string;
  /** One value per time of the group's chart; null where the series has none. */
  values: (number | null)[];
}

export interface ChartGroup {
  key: string;
  title: string;
  /** The units of its lines, in order of first use: one y axis each. */
  units: string[];
  lines: ChartLine[];
}

export interface ChartLabels {
  /** A measurement type's name in the viewer's language. */
  typeLabel: (dataType: string) => string;
  /** The title of the series that are in no space. */
  noSpace: string;
}

/** Colours of the project's colour table by id; the palette applies to series without one. */
export type SeriesColors = ReadonlyMap<number, string>;

type SeriesInfo = SeriesResult['series'];

/** A series' own unit, or its type's ('?' for an unknown type). */
export function seriesUnit(series: Pick<SeriesInfo, 'dataType' | 'dataUnit'>): string {
  return series.dataUnit ?? measurementTypeStyle(series.dataType).unit;
}

/**
 * A series' line colour: its own colour when it has one, else the palette's by its place among the project's
 * series, so that a series keeps its colour in both groupings, in every period and in the table.
 */
export function seriesColor(series: Pick<SeriesInfo, 'colorId'>, index: number, colors: SeriesColors): string {
  return (series.colorId !== null ? colors.get(series.colorId) : undefined) ?? chartColor(index);
}

/** The series the summary shows: every one but `ignore` (stored, never displayed), in the data API's order. */
export function shownSeries(result: Pick<AggregateResult, 'series'>): Array<SeriesResult & { index: number }> {
  return result.series.map((item, index) => ({ ...item, index })).filter((item) => item.series.dataType !== 'ignore');
}

/**
 * The values of a series on the chart's time axis (epoch ms): a slot the series has no point for is null. Both are
 * ascending and the points are some of the times, so one walk along both does it.
 */
export function alignedValues(item: SeriesResult, times: readonly number[]): (number | null)[] {
  const values: (number | null)[] = new Array(times.length).fill(null);
  const { points } = item;
  let next = 0;
  for (let index = 0; index < times.length && next < points.length; index++) {
    const point = points[next] as SeriesResult['points'][number];
    if (point.time === times[index]) {
      values[index] = point.value;
      next++;
    }
  }
  return values;
}

/**
 * The graphs of a result: one per space (spaces in the data API's order, series in no space last) or one per
 * measurement type (in the order of the series, which is by type importance). Groups without series are left out.
 */
export function chartGroups(
  result: Pick<AggregateResult, 'series' | 'spaces' | 'times'>,
  groupBy: GroupBy,
  labels: ChartLabels,
  colors: SeriesColors = new Map(),
): ChartGroup[] {
  const spaceNames = new Map(result.spaces.map((space) => [space.id, space.name]));
  const groups = new Map<string, ChartGroup>();
  if (groupBy === 'space') {
    for (const space of result.spaces) {
      groups.set(`space-${space.id}`, { key: `space-${space.id}`, title: space.name, units: [], lines: [] });
    }
  }
  for (const item of shownSeries(result)) {
    const { series } = item;
    const spaceName = series.spaceId === null ? undefined : spaceNames.get(series.spaceId);
    const key =
      groupBy === 'type'
        ? `type-${series.dataType}`
        : spaceName === undefined
          ? 'space-none'
          : `space-${series.spaceId}`;
    let group = groups.get(key);
    if (!group) {
      const title = groupBy === 'type' ? labels.typeLabel(series.dataType) : (spaceName ?? labels.noSpace);
      group = { key, title, units: [], lines: [] };
      groups.set(key, group);
    }
    const unit = seriesUnit(series);
    if (!group.units.includes(unit)) group.units.push(unit);
    group.lines.push({
      seriesId: series.id,
      // By type, several spaces' series share a graph and often a name ("Lämpötila"): the space tells them apart.
      label: groupBy === 'type' ? `${spaceName ?? labels.noSpace}: ${series.name}` : series.name,
      color: seriesColor(series, item.index, colors),
      unit,
      dataType: series.dataType,
      values: alignedValues(item, result.times),
    });
  }
  const ordered = [...groups.values()];
  // Series in no space come after the spaces, whatever the order they were met in.
  if (groupBy === 'space') ordered.sort((a, b) => Number(a.key === 'space-none') - Number(b.key === 'space-none'));
  return ordered.filter((group) => group.lines.length > 0);
}
