import type { ProjectListFilter, ProjectPrivilege } from '../../graphql/generated.ts';

/** Test-only: projects as the server answers them, with the `__typename`s the cache needs. */
export function listProject(id: number, name: string, state: Partial<Record<string, unknown>> = {}) {
  return {
    __typename: 'Project',
    id,
    name,
    code: `P-${id}`,
    description: null,
    ended: false,
    archived: false,
    hidden: false,
    favourite: false,
    organization: { __typename: 'Organization', id: 'org-1', name: 'Demo Oy', slug: 'demo' },
    ...state,
  };
}

export function shellProject(id: number, name: string, state: Partial<Record<string, unknown>> = {}) {
  return {
    ...listProject(id, name),
    privileges: ['view'] satisfies ProjectPrivilege[],
    showLive: true,
    alarmsTriggeredCount: 0,
    startAt: null,
    endAt: null,
    timeZone: 'Europe/Helsinki',
    pages: [],
    ...state,
  };
}

export function summaryPage(id: number, name: string, content: string, state: Partial<Record<string, unknown>> = {}) {
  return {
    __typename: 'ProjectPage',
    id,
    name,
    content,
    icon: null,
    order: id,
    show: true,
    type: 'markdown',
    internal: false,
    ...state,
  };
}

/** The server's list rule (projects.service.ts), so that a test answers each filter as the server would. */
export function serverFilter(projects: ReturnType<typeof listProject>[], filter: ProjectListFilter = {}) {
  return projects.filter((project) => {
    if (!filter.hidden && project.hidden) return false;
    if (!filter.archived && project.archived) return false;
    if (filter.ended === false && project.ended) return false;
    if (filter.favourite && !project.favourite) return false;
    const search = filter.search?.trim().toLowerCase();
    return !search || [project.name, project.code].join(' ').toLowerCase().includes(search);
  });
}
