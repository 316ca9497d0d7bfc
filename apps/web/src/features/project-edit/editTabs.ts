import type { ProjectPrivilege } from '../../graphql/generated.ts';

export const editTabs = ['general', 'info', 'pages', 'users', 'colors', 'series', 'weather', 'actions'] as const;
export type EditTab = (typeof editTabs)[number];

/**
 * The rights that open each edit tab (any one of them), so that a member who may edit only the series or the alarms
 * of a project is offered just those. The server checks every change again.
 */
const tabNeeds: Record<EditTab, readonly ProjectPrivilege[]> = {
  general: ['admin'],
  info: ['admin'],
  pages: ['admin'],
  users: ['admin'],
  // Spaces' colours are the project admin's; series' colours and limits also those who manage series.
  colors: ['admin', 'adminSeries'],
  series: ['adminSeries', 'admin'],
  // Adding a weather source adds series and fetches a provider's archive: the project admin's.
  weather: ['admin'],
  actions: ['adminAlarms', 'admin'],
};

/** The rights with which the server lets a viewer load a project for editing (`projectAdmin`). */
const editPrivileges: readonly ProjectPrivilege[] = ['admin', 'adminSeries', 'adminAlarms', 'adminReports'];

export function mayUseEditTab(privileges: readonly ProjectPrivilege[], tab: EditTab): boolean {
  return tabNeeds[tab].some((privilege) => privileges.includes(privilege));
}

/** The edit tabs the viewer may use, in the order they are shown. */
export function allowedEditTabs(privileges: readonly ProjectPrivilege[]): EditTab[] {
  return editTabs.filter((tab) => mayUseEditTab(privileges, tab));
}

/**
 * The tab a member who may not use the general tab starts on: the first they may use, but colours only when it is
 * all, since they are a side task of a series manager, whose work is the series.
 */
export function entryEditTab(privileges: readonly ProjectPrivilege[]): EditTab | null {
  const allowed = allowedEditTabs(privileges);
  return allowed.find((tab) => tab !== 'colors') ?? allowed[0] ?? null;
}

export function editTabPath(projectId: number, tab: EditTab): string {
  const base = `/p/${projectId}/edit`;
  return tab === 'general' ? base : `${base}/${tab}`;
}

/**
 * Where the project's Edit tab leads: the first edit tab the viewer may use, or the edit page itself for a report
 * admin, whose part is edited elsewhere; null for those who may edit nothing.
 */
export function editEntryPath(projectId: number, privileges: readonly ProjectPrivilege[]): string | null {
  if (!editPrivileges.some((privilege) => privileges.includes(privilege))) return null;
  return editTabPath(projectId, entryEditTab(privileges) ?? 'general');
}
