import { z } from 'zod';
import { classifiedMeasurements } from '../classification.ts';
import { isRoomMeasurement } from '../measurements.ts';
import { weatherSeriesShownBy } from '../weather.ts';
import type { ReportContent } from './content.ts';
import type { ReportElement } from './elements.ts';

/**
 * Which space a selection means: every shown space, the space a repeating container is at
 * (`current`; outside a repeat it selects nothing), or one space, named too so that a template
 * or a clone can find the space of the same name in another project.
 */
export const reportSpaceRefSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all') }).strict(),
  z.object({ kind: z.literal('current') }).strict(),
  z.object({ kind: z.literal('space'), id: z.number().int().positive(), name: z.string().max(200) }).strict(),
]);
export type ReportSpaceRef = z.output<typeof reportSpaceRefSchema>;

/** Series chosen by space and measurement type; a null type takes every room measurement of the space. */
export const reportSeriesSelectionSchema = z
  .object({ space: reportSpaceRefSchema, dataType: z.string().trim().min(1).max(100).nullable().default(null) })
  .strict();
export type ReportSeriesSelection = z.output<typeof reportSeriesSelectionSchema>;

/** What a selection is resolved against: the project's spaces and series as the data API lists them. */
export interface ReportSpaceFacts {
  id: number;
  name: string;
  show: boolean;
  /** Space.weather*: the weather series it shows beside its own (spaceWeatherSeries). */
  weather?: boolean;
  weatherId?: number | null;
  weatherDatatype?: string | null;
}
export interface ReportSeriesFacts {
  id: number;
  spaceId: number | null;
  dataType: string | null;
  weatherId?: number | null;
}

/** A series "all types" takes: one measuring the room, not the meter's battery or radio (decision 0157). */
function isRoomSeries(item: ReportSeriesFacts): boolean {
  return item.dataType === null || isRoomMeasurement(item.dataType);
}

/**
 * The ids of the series a list of selections takes, in the order of `series`, each once. A null
 * type takes the room's measurements of the space, never the meters' battery or radio.
 */
export function resolveReportSeries(
  selectionList: readonly ReportSeriesSelection[],
  lists: { spaces: readonly ReportSpaceFacts[]; series: readonly ReportSeriesFacts[] },
  currentSpaceId: number | null,
): number[] {
  const shown = new Set(lists.spaces.filter((space) => space.show).map((space) => space.id));
  const known = new Set(lists.spaces.map((space) => space.id));
  const taken = (item: ReportSeriesFacts) =>
    selectionList.some((selection) => {
      if (selection.dataType === null ? !isRoomSeries(item) : selection.dataType !== item.dataType) return false;
      if (item.spaceId === null) return false;
      if (selection.space.kind === 'all') return shown.has(item.spaceId);
      if (selection.space.kind === 'current') return currentSpaceId !== null && item.spaceId === currentSpaceId;
      return known.has(selection.space.id) && item.spaceId === selection.space.id;
    });
  return lists.series.filter(taken).map((item) => item.id);
}

/**
 * Every series a report may show: the ones its elements select, with each repeating container's
 * children resolved for every shown space, and the spaces it shows: those of its series, those its
 * image tours pin, and every shown space when it repeats anything per space. The public link
 * serves these and nothing else.
 */
export function reportReferencedSeries(
  content: ReportContent,
  lists: { spaces: readonly ReportSpaceFacts[]; series: readonly ReportSeriesFacts[] },
): { seriesIds: number[]; spaceIds: number[] } {
  const seriesIds = new Set<number>();
  const spaceIds = new Set<number>();
  const shownSpaces = lists.spaces.filter((space) => space.show).map((space) => space.id);
  const visit = (elements: readonly ReportElement[], currentSpaceId: number | null) => {
    for (const element of elements) {
      if ('series' in element) {
        for (const id of resolveReportSeries(element.series, lists, currentSpaceId)) seriesIds.add(id);
      }
      if (element.kind === 'classification') {
        // It judges every space's classified series: the public report lists them.
        for (const item of lists.series) {
          if (item.spaceId === null || item.weatherId || item.dataType === null) continue;
          if (item.dataType in classifiedMeasurements) seriesIds.add(item.id);
        }
      }
      if (element.kind === 'imageTour') {
        for (const image of element.images) {
          for (const pin of image.pins) {
            const spaceId = pin.space.kind === 'current' ? currentSpaceId : pin.space.id;
            if (spaceId === null || !lists.spaces.some((space) => space.id === spaceId)) continue;
            spaceIds.add(spaceId);
            for (const item of lists.series) if (item.spaceId === spaceId && isRoomSeries(item)) seriesIds.add(item.id);
          }
        }
      }
      if (element.repeatPerSpace) {
        // A repeat shows every shown space (its name at least), whether or not a series of it is selected.
        for (const spaceId of shownSpaces) {
          spaceIds.add(spaceId);
          visit(element.children, spaceId);
        }
      } else {
        visit(element.children, currentSpaceId);
      }
    }
  };
  visit(content.elements, null);
  for (const item of lists.series) if (seriesIds.has(item.id) && item.spaceId !== null) spaceIds.add(item.spaceId);
  // A shown space's graphs and tables show its weather beside its own series.
  const weatherShown = weatherSeriesShownBy(
    lists.spaces.filter((space) => spaceIds.has(space.id)),
    lists.series.map((item) => ({ ...item, dataType: item.dataType ?? '' })),
  );
  for (const id of weatherShown.keys()) seriesIds.add(id);
  return { seriesIds: [...seriesIds], spaceIds: [...spaceIds] };
}
