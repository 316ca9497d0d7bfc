/** The viewers the permission matrix tests, and the groups of them its rows allow. */

export const roles = {
  anonymous: 'Anonymous visitor',
  stranger: 'Signed-in user with no membership',
  orgMember: 'Member of O, no flags',
  orgViewAll: 'Member of O with canViewAll',
  orgViewMeters: 'Member of O with canViewMeters',
  orgNotify: 'Member of O with notifyOnMeterError',
  orgAdmin: 'Admin of O',
  parentAdmin: 'Admin of P, the parent of O',
  projectMember: 'Member of X, no rights',
  projectAdminAlarms: 'Member of X with canAdminAlarms',
  projectAdminReports: 'Member of X with canAdminReports',
  projectAdminSeries: 'Member of X with canAdminSeries',
  projectViewAlarms: 'Member of X with canViewAlarms',
  projectViewReports: 'Member of X with canViewReports',
  projectAdmin: 'Admin of X',
  siteAdmin: 'Site admin',
} as const;
export type Role = keyof typeof roles;
export const allRoles = Object.keys(roles) as Role[];

export const signedIn = allRoles.filter((role) => role !== 'anonymous');
export const organizationMembers: Role[] = ['orgMember', 'orgViewAll', 'orgViewMeters', 'orgNotify'];
export const organizationAdmins: Role[] = ['orgAdmin', 'parentAdmin', 'siteAdmin'];
export const organizationViewers: Role[] = [...organizationMembers, ...organizationAdmins];
export const projectMembers: Role[] = [
  'projectMember',
  'projectAdminAlarms',
  'projectAdminReports',
  'projectAdminSeries',
  'projectViewAlarms',
  'projectViewReports',
  'projectAdmin',
];
export const projectAdmins: Role[] = ['projectAdmin', ...organizationAdmins];
export const projectViewers: Role[] = [...projectMembers, 'orgViewAll', ...organizationAdmins];
export const meterViewers: Role[] = ['orgViewMeters', ...organizationAdmins];
export const meterAdmins: Role[] = organizationAdmins;
export const seriesAdmins: Role[] = ['projectAdminSeries', ...projectAdmins];
export const siteAdmins: Role[] = ['siteAdmin'];
export const alarmViewers: Role[] = [...projectAdmins, 'orgViewAll', 'projectAdminAlarms', 'projectViewAlarms'];
/** Viewing every project of an organization (canViewAll) is read-only. */
export const alarmAcknowledgers: Role[] = [...projectAdmins, 'projectAdminAlarms', 'projectViewAlarms'];
export const alarmAdmins: Role[] = [...projectAdmins, 'projectAdminAlarms'];
export const reportViewers: Role[] = [...projectAdmins, 'orgViewAll', 'projectAdminReports', 'projectViewReports'];
export const reportAdmins: Role[] = [...projectAdmins, 'projectAdminReports'];

export type OperationKind = 'query' | 'mutation' | 'subscription' | 'rest';

export interface MatrixRow {
  /** The operation, as in schema.graphql (or METHOD path for REST). */
  operation: string;
  kind: OperationKind;
  /** What the row checks, in words. */
  what: string;
  allowed: readonly Role[];
}
