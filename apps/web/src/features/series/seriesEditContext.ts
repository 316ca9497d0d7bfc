import { createContext, useContext } from 'react';
import {
  SeriesEditDocument,
  type SeriesEditMetersQuery,
  type SeriesEditQuery,
  type SeriesEditSerieFragment,
} from '../../graphql/generated.ts';

export type SeriesEditProject = SeriesEditQuery['projectAdmin'];
export type SeriesEditMeter = SeriesEditMetersQuery['meters'][number];
export type SeriesEditSerie = SeriesEditSerieFragment;
export type SeriesEditDatasource = SeriesEditSerie['seriesDatasources'][number];

export interface SeriesEditState {
  project: SeriesEditProject;
  /** Meters the viewer sees, by id; a datasource may read a meter that is not among them. */
  meters: readonly SeriesEditMeter[];
  meterById: ReadonlyMap<number, SeriesEditMeter>;
  /** Datasources chosen for moving. */
  selected: ReadonlySet<number>;
  setSelected: (id: number, selected: boolean) => void;
  clearSelected: () => void;
}

export const SeriesEditContext = createContext<SeriesEditState | null>(null);

export function useSeriesEdit(): SeriesEditState {
  const state = useContext(SeriesEditContext);
  if (!state) throw new Error('useSeriesEdit outside the series edit page');
  return state;
}

/**
 * A change of series or datasources loads the project's series again: a move or an added meter changes several
 * series at once, in ways the answer of the mutation alone does not show.
 */
export function refetchSeries(projectId: number) {
  return { refetchQueries: [{ query: SeriesEditDocument, variables: { id: projectId } }], awaitRefetchQueries: true };
}

export function meterLabel(meter: Pick<SeriesEditMeter, 'serial' | 'name'>): string {
  return meter.name ? `${meter.serial} – ${meter.name}` : meter.serial;
}
