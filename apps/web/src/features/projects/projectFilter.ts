import type { ProjectListFieldsFragment, ProjectListFilter } from '../../graphql/generated.ts';

/** The project list's filter as the switches show it; it lives in the URL so that a reload keeps it. */
export interface ProjectFilterState {
  search: string;
  hidden: boolean;
  archived: boolean;
  /** On: ended projects are listed too. */
  ended: boolean;
  favourite: boolean;
}

export const defaultProjectFilter: ProjectFilterState = {
  search: '',
  hidden: false,
  archived: false,
  ended: true,
  favourite: false,
};

type SwitchName = Exclude<keyof ProjectFilterState, 'search'>;

export const filterSwitches: readonly SwitchName[] = ['hidden', 'archived', 'ended', 'favourite'];

const searchParam = 'search';

export function filterFromSearchParams(params: URLSearchParams): ProjectFilterState {
  const filter: ProjectFilterState = { ...defaultProjectFilter, search: params.get(searchParam) ?? '' };
  for (const name of filterSwitches) {
    const value = params.get(name);
    if (value === '1') filter[name] = true;
    else if (value === '0') filter[name] = false;
  }
  return filter;
}

/**
 * Writes the filter into a copy of `params`, leaving out what is at its default so that a plain /p stays plain; other
 * parameters are kept.
 */
export function searchParamsWithFilter(params: URLSearchParams, filter: ProjectFilterState): URLSearchParams {
  const next = new URLSearchParams(params);
  const search = filter.search.trim();
  if (search) next.set(searchParam, search);
  else next.delete(searchParam);
  for (const name of filterSwitches) {
    if (filter[name] === defaultProjectFilter[name]) next.delete(name);
    else next.set(name, filter[name] ? '1' : '0');
  }
  return next;
}

export function filterVariables(filter: ProjectFilterState): ProjectListFilter {
  const search = filter.search.trim();
  return {
    hidden: filter.hidden,
    archived: filter.archived,
    ended: filter.ended,
    favourite: filter.favourite,
    ...(search ? { search } : {}),
  };
}

/**
 * The server's own rule (projects.service.ts matchesProjectFilter), applied again to the cached list so that a change
 * made here, such as taking a project out of the favourites, shows at once without waiting for a refetch.
 */
export function projectMatchesFilter(project: ProjectListFieldsFragment, filter: ProjectFilterState): boolean {
  if (!filter.hidden && project.hidden) return false;
  if (!filter.archived && project.archived) return false;
  if (!filter.ended && project.ended) return false;
  if (filter.favourite && !project.favourite) return false;
  const search = filter.search.trim().toLowerCase();
  if (search) {
    const haystack = [project.name, project.code, project.description].filter(Boolean).join(' ').toLowerCase();
    if (!haystack.includes(search)) return false;
  }
  return true;
}
