import type { AggregateResult, SeriesResult } from '@olo/data-engine';
import { isStructureMoisture, measurementTypeStyle, seriesColor, seriesDryingTargets } from '@olo/shared';
import type { DrawnLimit } from '../charts/gaugeDrawing.ts';
import type { LimitBandSet } from '../charts/limitBandsPlugin.ts';
import type { SpaceWeatherMap } from '../weather/chartWeather.ts';

/** The summary draws a graph per space and unit, or a graph per measurement type across spaces. */
export type GroupBy = 'space' | 'type';

export interface ChartLine {
  seriesId: number;
  label: string;
  color: string;
  unit: string;
  dataType: string;
  /** The limit the series follows, whose bands the graph may draw behind it. */
  limit: DrawnLimit | null;
  /** One value per time of the group's chart; null where the series has none. */
  values: (number | null)[];
  /** The space's outdoor weather drawn beside its own series (Space.weather): dashed, and no limit bands. */
  weather?: boolean;
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

/** What a series looks like beyond the data API's answer: the colour it picked and the limit it follows. */
export interface SeriesLook {
  color: string | null;
  limit: DrawnLimit | null;
}

/** Series' looks by series id; a series not in it takes the palette's colour by its id and no limit. */
export type SeriesLooks = ReadonlyMap<number, SeriesLook>;

type SeriesInfo = SeriesResult['series'];

/** A series' own unit, or its type's ('?' for an unknown type). */
export function seriesUnit(series: Pick<SeriesInfo, 'dataType' | 'dataUnit'>): string {
  return series.dataUnit ?? measurementTypeStyle(series.dataType).unit;
}

/** The looks of a project's series from the API's answer (`Serie` or `PublicSeries` with `color` and `limit`). */
export function seriesLooks(
  series: ReadonlyArray<{ id: number; color?: { color: string } | null; limit?: DrawnLimit | null }>,
): SeriesLooks {
  return new Map(series.map((item) => [item.id, { color: item.color?.color ?? null, limit: item.limit ?? null }]));
}

/** A series' line colour: its own when it picked one, else the palette's by its id (`seriesColor`), as everywhere. */
export function lineColor(seriesId: number, looks: SeriesLooks): string {
  return seriesColor({ id: seriesId, color: looks.get(seriesId)?.color });
}

/** The series the summary shows: every one but `ignore` (stored, never displayed), in the data API's order. */
export function shownSeries(result: Pick<AggregateResult, 'series'>): SeriesResult[] {
  return result.series.filter((item) => item.series.dataType !== 'ignore');
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

/** A space's graph of one unit: "Luokka 101 · Lämpötila (°C)"; several types of the unit are listed. */
function spaceUnitTitle(space: string, typeNames: readonly string[], unit: string): string {
  const types = typeNames.join(', ');
  return unit ? `${space} · ${types} (${unit})` : `${space} · ${types}`;
}

/**
 * The graphs of a result (decision 0080). By space: one per space and unit, so no graph needs more than one y axis
 * (spaces in the data API's order, a space's units in the order of its series, which is by type importance; series
 * in no space last). By type: one per measurement type across spaces (in the order of the series). Groups without
 * series are left out.
 */
export function chartGroups(
  result: Pick<AggregateResult, 'series' | 'spaces' | 'times'>,
  groupBy: GroupBy,
  labels: ChartLabels,
  looks: SeriesLooks = new Map(),
  spaceWeather: SpaceWeatherMap = new Map(),
  /** The project's weather series: drawn only beside the spaces that show them, so by type not at all. */
  weatherSeriesIds: ReadonlySet<number> = new Set(),
): ChartGroup[] {
  const spaceNames = new Map(result.spaces.map((space) => [space.id, space.name]));
  const spaceOrder = new Map(result.spaces.map((space, index) => [space.id, index]));
  const groups = new Map<string, ChartGroup & { order: number; typeNames: string[]; spaceName: string }>();
  for (const item of shownSeries(result)) {
    const { series } = item;
    if (weatherSeriesIds.has(series.id)) continue;
    const spaceName = series.spaceId === null ? undefined : spaceNames.get(series.spaceId);
    const unit = seriesUnit(series);
    const typeName = labels.typeLabel(series.dataType);
    const key =
      groupBy === 'type'
        ? `type-${series.dataType}`
        : // A slab's RH gets a graph of its own beside the room's: other limits, bands and targets (decision 0155).
          `${spaceName === undefined ? 'space-none' : `space-${series.spaceId}`}-${unit}${isStructureMoisture(series.dataType) ? '-structure' : ''}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        key,
        title: typeName,
        units: [],
        lines: [],
        // Spaces in the API's order, series in no space after them; within a space, first met first.
        order: spaceName === undefined ? result.spaces.length : (spaceOrder.get(series.spaceId as number) ?? 0),
        typeNames: [],
        spaceName: spaceName ?? labels.noSpace,
      };
      groups.set(key, group);
    }
    if (!group.units.includes(unit)) group.units.push(unit);
    if (!group.typeNames.includes(typeName)) group.typeNames.push(typeName);
    group.lines.push({
      seriesId: series.id,
      // By type, several spaces' series share a graph and often a name ("Lämpötila"): the space tells them apart.
      label: groupBy === 'type' ? `${spaceName ?? labels.noSpace}: ${series.name}` : series.name,
      color: lineColor(series.id, looks),
      unit,
      dataType: series.dataType,
      limit: looks.get(series.id)?.limit ?? null,
      values: alignedValues(item, result.times),
    });
  }
  const ordered = [...groups.values()];
  if (groupBy === 'type') return ordered.map(({ key, title, units, lines }) => ({ key, title, units, lines }));
  // A stable sort: the units of a space keep the order they were met in.
  ordered.sort((a, b) => a.order - b.order);
  addSpaceWeatherLines(ordered, result, spaceWeather, looks);
  return ordered.map(({ key, units, lines, spaceName, typeNames }) => ({
    key,
    title: spaceUnitTitle(spaceName, typeNames, units[0] ?? ''),
    units,
    lines,
  }));
}

/**
 * A space's weather series as a line of its graph (decision 0178): of the graph of the weather's unit, else of the
 * space's first graph, on an axis of its own; in each space's graph once, whatever else shows it.
 */
function addSpaceWeatherLines(
  groups: ReadonlyArray<ChartGroup & { key: string }>,
  result: Pick<AggregateResult, 'series' | 'times'>,
  spaceWeather: SpaceWeatherMap,
  looks: SeriesLooks,
): void {
  for (const [spaceId, weatherId] of spaceWeather) {
    const item = result.series.find((candidate) => candidate.series.id === weatherId);
    if (!item) continue;
    const unit = seriesUnit(item.series);
    const ofSpace = groups.filter((group) => group.key.startsWith(`space-${spaceId}-`));
    const group = ofSpace.find((candidate) => candidate.units.includes(unit)) ?? ofSpace[0];
    if (!group) continue;
    if (!group.units.includes(unit)) group.units.push(unit);
    group.lines.push({
      seriesId: item.series.id,
      label: item.series.name,
      color: lineColor(item.series.id, looks),
      unit,
      dataType: item.series.dataType,
      limit: looks.get(item.series.id)?.limit ?? null,
      values: alignedValues(item, result.times),
      weather: true,
    });
  }
}

/**
 * The limit bands a graph draws: one set per y axis, of the first line on that axis that follows a limit, since
 * several lines' bands over each other could not be read (decision 0073); with that line's drying targets when it
 * measures a structure's moisture (decision 0155).
 */
export function groupBandSets(group: Pick<ChartGroup, 'units' | 'lines'>): LimitBandSet[] {
  return group.units.flatMap((unit, index) => {
    const line = group.lines.find((candidate) => candidate.unit === unit && candidate.limit);
    if (!line?.limit) return [];
    const targets = seriesDryingTargets(line.dataType, line.limit);
    return [{ scaleKey: `y${index}`, scale: line.limit, ...(targets.length > 0 ? { targets } : {}) }];
  });
}

/** A graph's data as uPlot takes it: seconds since the epoch, then one array of values per line. */
export function chartData(times: readonly number[], group: ChartGroup): [number[], ...(number | null)[][]] {
  return [times.map((time) => time / 1000), ...group.lines.map((line) => line.values)];
}
