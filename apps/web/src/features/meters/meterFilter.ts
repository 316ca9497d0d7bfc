import type { MeterListFieldsFragment, MeterListFilter } from '../../graphql/generated.ts';

export const meterStateFilters = ['all', 'missing', 'inStorage', 'inactive', 'errors'] as const;
export type MeterStateFilter = (typeof meterStateFilters)[number];

export const meterBatteryFilters = ['all', 'over60Days', 'within60Days'] as const;
export type MeterBatteryFilter = (typeof meterBatteryFilters)[number];

/** The meter list's filter; it lives in the URL so that a reload or a shared link keeps it. */
export interface MeterFilterState {
  state: MeterStateFilter;
  /** Empty: every organization. */
  organizationId: string;
  battery: MeterBatteryFilter;
  search: string;
}

export const defaultMeterFilter: MeterFilterState = { state: 'all', organizationId: '', battery: 'all', search: '' };

const params = { state: 'state', organizationId: 'organization', battery: 'battery', search: 'search' } as const;

const dayMs = 24 * 60 * 60 * 1000;
/** Spec sections 4 and 9: the battery filter 'More than 60 days', and its other side 'Inside 60 days'. */
export const batteryFilterDays = 60;

function oneOf<T extends string>(allowed: readonly T[], value: unknown, fallback: T): T {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

/** A filter from anything (URL values, a saved list's JSON), with what is unknown left at its default. */
export function normalizeMeterFilter(value: unknown): MeterFilterState {
  const source = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  return {
    state: oneOf(meterStateFilters, source.state, 'all'),
    organizationId: typeof source.organizationId === 'string' ? source.organizationId : '',
    battery: oneOf(meterBatteryFilters, source.battery, 'all'),
    search: typeof source.search === 'string' ? source.search : '',
  };
}

export function filterFromSearchParams(search: URLSearchParams): MeterFilterState {
  return normalizeMeterFilter({
    state: search.get(params.state),
    organizationId: search.get(params.organizationId) ?? '',
    battery: search.get(params.battery),
    search: search.get(params.search) ?? '',
  });
}

/** Writes the filter into a copy of `search`, leaving out what is at its default so that a plain /meters stays plain. */
export function searchParamsWithFilter(search: URLSearchParams, filter: MeterFilterState): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const key of Object.keys(params) as (keyof MeterFilterState)[]) {
    const value = key === 'search' ? filter.search.trim() : filter[key];
    if (value === defaultMeterFilter[key]) next.delete(params[key]);
    else next.set(params[key], value);
  }
  return next;
}

/** What the server filters: the organization and the search (serial, name or location). */
export function filterVariables(filter: MeterFilterState): MeterListFilter {
  const search = filter.search.trim();
  return {
    ...(filter.organizationId ? { organizationId: filter.organizationId } : {}),
    ...(search ? { search } : {}),
  };
}

export function sameMeterFilter(a: MeterFilterState, b: MeterFilterState): boolean {
  return (
    a.state === b.state &&
    a.organizationId === b.organizationId &&
    a.battery === b.battery &&
    a.search.trim() === b.search.trim()
  );
}

/**
 * The state and battery filters, which the server does not know, on the listed meters. A battery never reset has
 * been in the meter at least since the meter was added to Olo.
 */
export function meterMatchesFilter(meter: MeterListFieldsFragment, filter: MeterFilterState, now: number): boolean {
  switch (filter.state) {
    case 'missing':
      if (!meter.errors.missing) return false;
      break;
    case 'inStorage':
      if (!meter.inStorage) return false;
      break;
    case 'inactive':
      if (meter.active) return false;
      break;
    case 'errors':
      if (meter.errors.systemErrors === 0) return false;
      break;
    case 'all':
      break;
  }
  if (filter.battery !== 'all') {
    // Never reset: the battery is as old as the meter's time in Olo.
    const since = new Date(meter.batteryResetAt ?? meter.createdAt).getTime();
    if (Number.isNaN(since)) return false;
    const older = now - since > batteryFilterDays * dayMs;
    if (older !== (filter.battery === 'over60Days')) return false;
  }
  return true;
}

/** A named filter the user saved, kept in their options.meterLists. */
export interface SavedMeterList {
  name: string;
  filters: MeterFilterState;
}

/**
 * The saved lists of options.meterLists, which the server keeps as a JSON object: they are its `lists`, in order.
 * Anything else in it is left out.
 */
export function savedMeterListsOf(meterLists: unknown): SavedMeterList[] {
  const lists =
    typeof meterLists === 'object' && meterLists !== null ? (meterLists as Record<string, unknown>).lists : undefined;
  if (!Array.isArray(lists)) return [];
  return lists.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const { name, filters } = item as Record<string, unknown>;
    if (typeof name !== 'string' || !name.trim()) return [];
    return [{ name: name.trim(), filters: normalizeMeterFilter(filters) }];
  });
}

/** options.meterLists with these saved lists, keeping whatever else the object holds. */
export function meterListsOption(meterLists: unknown, lists: readonly SavedMeterList[]): Record<string, unknown> {
  const current =
    typeof meterLists === 'object' && meterLists !== null && !Array.isArray(meterLists)
      ? (meterLists as Record<string, unknown>)
      : {};
  return { ...current, lists };
}

/** The saved lists with this one added, replacing a list of the same name. */
export function withSavedList(lists: readonly SavedMeterList[], list: SavedMeterList): SavedMeterList[] {
  const name = list.name.trim();
  const saved = { name, filters: { ...list.filters, search: list.filters.search.trim() } };
  const index = lists.findIndex((item) => item.name === name);
  if (index === -1) return [...lists, saved];
  return lists.map((item, position) => (position === index ? saved : item));
}
