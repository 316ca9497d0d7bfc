import {
  type DataFilter,
  type DataMode,
  type DataView as EngineView,
  parseDataFilters,
  type TimeRange,
} from '@olo/data-engine';
import { dataModes, dataViewBounds, isValidSlotSeconds } from '@olo/shared';
import type { DataViewFieldsFragment, SaveDataViewInput } from '../../graphql/generated.ts';

/** At most this many periods side by side: the limit of saved data views too. */
export const maxDataSlots = dataViewBounds.viewsPerProject;

/** One period of the summary with how it is shown (spec: data view options). */
export interface DataSlot extends EngineView {
  /** Local identity, for React keys and actions. */
  key: string;
  filters: DataFilter[];
  /** The saved data view it was loaded from or saved as. */
  savedId: number | null;
  name: string;
}

export type DataSlotChange = Partial<Pick<DataSlot, 'range' | 'slotSeconds' | 'filters' | 'nulls' | 'mode' | 'name'>>;

export type DataSlotAction =
  | { type: 'add' }
  | { type: 'remove'; key: string }
  | { type: 'change'; key: string; change: DataSlotChange }
  | { type: 'addView'; view: DataViewFieldsFragment }
  | { type: 'loadViews'; views: readonly DataViewFieldsFragment[] }
  | { type: 'saved'; key: string; view: DataViewFieldsFragment }
  | { type: 'viewDeleted'; id: number };

let nextKey = 0;
const newKey = () => `slot-${++nextKey}`;

function isDataMode(value: unknown): value is DataMode {
  return typeof value === 'string' && (dataModes as readonly string[]).includes(value);
}

/** The first slot: the default range, with the project's default options where they are valid. */
export function initialDataSlot(defaults: unknown): DataSlot {
  const given = (typeof defaults === 'object' && defaults !== null ? defaults : {}) as Record<string, unknown>;
  const slot = typeof given.slot === 'number' && isValidSlotSeconds(given.slot) ? given.slot : null;
  return {
    key: newKey(),
    range: null,
    slotSeconds: slot,
    filters: Array.isArray(given.filters) ? parseDataFilters(given.filters) : [],
    nulls: given.nulls === true,
    mode: isDataMode(given.mode) ? given.mode : 'avg',
    savedId: null,
    name: '',
  };
}

/** A saved data view as a slot; its stored filters are checked again, since a bad one must not hide the view. */
export function slotOfView(view: DataViewFieldsFragment): DataSlot {
  return {
    key: newKey(),
    range: { from: Date.parse(view.from), to: Date.parse(view.to) },
    slotSeconds: isValidSlotSeconds(view.slot) ? view.slot : null,
    filters: Array.isArray(view.filters) ? parseDataFilters(view.filters) : [],
    nulls: view.nulls,
    mode: isDataMode(view.mode) ? view.mode : 'avg',
    savedId: view.id,
    name: view.name,
  };
}

/**
 * The input that saves a slot as a data view. A view keeps a concrete period and slot length, so a slot on the
 * default range or slot is saved as the engine resolved them (`resolved`).
 */
export function dataViewInput(
  projectId: number,
  slot: DataSlot,
  resolved: { range: TimeRange; slotSeconds: number },
  name: string,
): SaveDataViewInput {
  const range = slot.range ?? resolved.range;
  return {
    ...(slot.savedId === null ? {} : { id: slot.savedId }),
    projectId,
    name: name.trim(),
    from: new Date(range.from).toISOString(),
    to: new Date(range.to).toISOString(),
    filters: slot.filters,
    nulls: slot.nulls,
    mode: slot.mode,
    slot: slot.slotSeconds ?? resolved.slotSeconds,
  };
}

/** The summary's data slots: at least one, at most `maxDataSlots`. */
export function dataSlotsReducer(slots: readonly DataSlot[], action: DataSlotAction): DataSlot[] {
  switch (action.type) {
    case 'add': {
      const last = slots.at(-1);
      if (!last || slots.length >= maxDataSlots) return [...slots];
      // A new period starts as a copy of the last one, not yet saved: comparing usually changes only the range.
      return [...slots, { ...last, key: newKey(), savedId: null, name: '' }];
    }
    case 'remove':
      return slots.length <= 1 ? [...slots] : slots.filter((slot) => slot.key !== action.key);
    case 'change':
      return slots.map((slot) => (slot.key === action.key ? { ...slot, ...action.change } : slot));
    case 'addView':
      return slots.length >= maxDataSlots ? [...slots] : [...slots, slotOfView(action.view)];
    case 'loadViews':
      return action.views.length === 0 ? [...slots] : action.views.slice(0, maxDataSlots).map(slotOfView);
    case 'saved':
      return slots.map((slot) =>
        slot.key === action.key ? { ...slot, savedId: action.view.id, name: action.view.name } : slot,
      );
    case 'viewDeleted':
      return slots.map((slot) => (slot.savedId === action.id ? { ...slot, savedId: null } : slot));
  }
}
