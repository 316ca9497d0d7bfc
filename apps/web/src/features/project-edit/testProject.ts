import type { ProjectPrivilege } from '../../graphql/generated.ts';
import { shellProject } from '../projects/testProjects.ts';

/** Test-only: a project as the `ProjectAdmin` query answers it, with the `__typename`s the cache needs. */
export function adminProject(id: number, name: string, state: Partial<Record<string, unknown>> = {}) {
  return {
    __typename: 'Project',
    id,
    name,
    code: `P-${id}`,
    description: null,
    startAt: null,
    endAt: null,
    timeZone: 'Europe/Helsinki',
    latitude: null,
    longitude: null,
    language: 'fi',
    defaultSelect: 7,
    showLive: true,
    showReport: false,
    showAlarm: false,
    publicId: null,
    ended: false,
    archived: false,
    archivedAt: null,
    hidden: false,
    organizationId: 'org-1',
    privileges: ['view', 'admin'] satisfies ProjectPrivilege[],
    defaults: {},
    usageSchedule: { __typename: 'UsageSchedule', weekdays: [1, 2, 3, 4, 5], from: '08:00', to: '16:00', holidays: [] },
    picture: null,
    attachment: null,
    spaces: [],
    pages: [],
    members: [],
    ...state,
  };
}

/** A space's weather fields as the edit screens load them, for a space that shows no weather. */
export const noWeather = { weather: false, weatherId: null, weatherDatatype: null, weatherLimit: null };

/** Test-only: the open invitations of project 7 as the `ProjectInvitations` query answers them. */
export function projectInvitations(invitations: unknown[] = []) {
  return { data: { projectAdmin: { __typename: 'Project', id: 7, invitations } } };
}

/** The same project as the project shell around the edit screens loads it. */
export function shellOf(project: ReturnType<typeof adminProject>) {
  return shellProject(project.id, project.name, {
    privileges: project.privileges,
    showLive: project.showLive,
    pages: [],
  });
}

export function member(id: string, name: string, rights: Partial<Record<string, boolean>> = {}) {
  return {
    __typename: 'ProjectMembership',
    id,
    projectId: 7,
    isAdmin: false,
    canAdminAlarms: false,
    canAdminReports: false,
    canAdminSeries: false,
    canViewAlarms: false,
    canViewReports: false,
    user: {
      __typename: 'MemberUser',
      id: `user-${id}`,
      username: name.split(' ')[0]?.toLowerCase(),
      name,
      company: null,
    },
    ...rights,
  };
}

export function page(id: number, name: string, order: number) {
  return {
    __typename: 'ProjectPage',
    id,
    projectId: 7,
    name,
    content: '',
    icon: null,
    order,
    show: true,
    type: 'text',
    internal: false,
  };
}
