import { accountErrors, tenancyErrors } from '@olo/shared';
import { BatchLoader } from '../../shared/batch-loader.ts';
import { AppError } from '../../shared/errors.ts';
import type { UserRow } from '../accounts/accounts.repository.ts';
import type { AccessRepository, ChainMembership, ProjectFacts } from './access.repository.ts';

/**
 * The one place that answers "may this viewer do this to this object". Deny by default: an action
 * is allowed only when a rule below grants it. Rules (../shared/ARCHITECTURE.md section 5, and
 * docs/permissions.md, which the matrix test checks):
 * - a site admin may do everything;
 * - an organization admin administers the organization, its child organizations, and every project
 *   in them as a project admin;
 * - an organization member sees the organization and its members; canViewAll also sees every
 *   project below it read only; canViewMeters sees its meters;
 * - a project member sees the project; the membership flags grant the rest;
 * - anonymous visitors reach a project only through its public id, and only the parts that
 *   AccessPolicy.publicProject opens.
 */

export type OrganizationAction =
  | 'organization.view'
  | 'organization.viewMembers'
  | 'organization.viewMeters'
  | 'organization.update'
  | 'organization.delete'
  | 'organization.manageMembers'
  | 'organization.createChild'
  | 'organization.createProject'
  | 'organization.viewColorsAndLimits'
  | 'organization.manageColorsAndLimits'
  | 'organization.manageReportCovers';

export type ProjectAction =
  | 'project.view'
  | 'project.update'
  | 'project.manageMembers'
  | 'project.adminSeries'
  | 'project.adminAlarms'
  | 'project.viewAlarms'
  | 'project.acknowledgeAlarms'
  | 'project.adminReports'
  | 'project.viewReports';

import { type PublicProjectFacts, type PublicProjectView, publicProjectView } from './public-project-view.ts';

export type { PublicProjectFacts, PublicProjectView };

export type MeterAction = 'meter.view' | 'meter.admin';

export interface MeterRights {
  exists: boolean;
  organizationId: string | null;
  /** Sees the meter, its readings and health. */
  view: boolean;
  /** Changes it: name, driver, conversions, calibrations, commands, storage, data deletion, release. */
  admin: boolean;
}

export interface OrganizationRights {
  exists: boolean;
  view: boolean;
  member: boolean;
  admin: boolean;
  viewAllProjects: boolean;
  viewMeters: boolean;
}

export interface ProjectRights {
  exists: boolean;
  organizationId: string | null;
  /** Has a membership of the project itself (not only rights through an organization). */
  member: boolean;
  view: boolean;
  admin: boolean;
  adminSeries: boolean;
  adminAlarms: boolean;
  viewAlarms: boolean;
  /** Members who see alarms by their membership; viewing every project (canViewAll) is read-only. */
  acknowledgeAlarms: boolean;
  adminReports: boolean;
  viewReports: boolean;
}

const noOrganizationRights: OrganizationRights = {
  exists: false,
  view: false,
  member: false,
  admin: false,
  viewAllProjects: false,
  viewMeters: false,
};

const organizationRules: Record<OrganizationAction, (rights: OrganizationRights) => boolean> = {
  'organization.view': (r) => r.view,
  'organization.viewMembers': (r) => r.member || r.admin,
  'organization.viewMeters': (r) => r.viewMeters,
  'organization.update': (r) => r.admin,
  'organization.delete': (r) => r.admin,
  'organization.manageMembers': (r) => r.admin,
  'organization.createChild': (r) => r.admin,
  'organization.createProject': (r) => r.admin,
  // Members of the organization itself, and admins of it or of an organization above (decision 0068).
  'organization.viewColorsAndLimits': (r) => r.member || r.admin,
  'organization.manageColorsAndLimits': (r) => r.admin,
  // Covers and the list of the organization's report templates (spec §3 Report cover).
  'organization.manageReportCovers': (r) => r.admin,
};

const projectRules: Record<ProjectAction, (rights: ProjectRights) => boolean> = {
  'project.view': (r) => r.view,
  'project.update': (r) => r.admin,
  'project.manageMembers': (r) => r.admin,
  'project.adminSeries': (r) => r.adminSeries,
  'project.adminAlarms': (r) => r.adminAlarms,
  'project.viewAlarms': (r) => r.viewAlarms,
  'project.acknowledgeAlarms': (r) => r.acknowledgeAlarms,
  'project.adminReports': (r) => r.adminReports,
  'project.viewReports': (r) => r.viewReports,
};

/** The rights a client is told of, named as in `ProjectRights` (the GraphQL enum `ProjectPrivilege`). */
export const projectPrivilegeNames = [
  'view',
  'admin',
  'adminSeries',
  'adminAlarms',
  'viewAlarms',
  'acknowledgeAlarms',
  'adminReports',
  'viewReports',
] as const satisfies readonly (keyof ProjectRights)[];

export type ProjectPrivilege = (typeof projectPrivilegeNames)[number];

/** Rights as short names, for the client's `privileges` list (it hides controls; the server still decides). */
export function projectPrivileges(rights: ProjectRights): ProjectPrivilege[] {
  return projectPrivilegeNames.filter((name) => rights[name] === true);
}

/**
 * One viewer's rights, kept per object for one request (make one per request): the objects a
 * request asks about together are read together, so a list of projects costs one query, not one each.
 */
export class ViewerAccess {
  private readonly organizations = new BatchLoader<string, OrganizationRights>((ids) => this.loadOrganizations(ids));
  private readonly projects = new BatchLoader<number, ProjectRights>((ids) => this.loadProjects(ids));
  private readonly meters = new BatchLoader<number, MeterRights>((ids) => this.loadMeters(ids));

  private readonly repository: AccessRepository;

  constructor(
    readonly policy: AccessPolicy,
    readonly user: UserRow | null,
  ) {
    this.repository = policy.repository;
  }

  get isSiteAdmin(): boolean {
    return Boolean(this.user?.isAdmin && this.user.active);
  }

  organization(organizationId: string): Promise<OrganizationRights> {
    return this.organizations.load(organizationId);
  }

  project(projectId: number): Promise<ProjectRights> {
    return this.projects.load(projectId);
  }

  async can(action: OrganizationAction, organizationId: string): Promise<boolean>;
  async can(action: ProjectAction, projectId: number): Promise<boolean>;
  async can(action: OrganizationAction | ProjectAction, target: string | number): Promise<boolean> {
    if (typeof target === 'number') {
      const rule = projectRules[action as ProjectAction];
      return Boolean(rule?.(await this.project(target)));
    }
    const rule = organizationRules[action as OrganizationAction];
    return Boolean(rule?.(await this.organization(target)));
  }

  /** Throws unless allowed: 'Not signed in' for anonymous viewers, 'Permission denied' otherwise. */
  async assert(action: OrganizationAction, organizationId: string): Promise<void>;
  async assert(action: ProjectAction, projectId: number): Promise<void>;
  async assert(action: OrganizationAction | ProjectAction, target: string | number): Promise<void> {
    const allowed =
      typeof target === 'number'
        ? await this.can(action as ProjectAction, target)
        : await this.can(action as OrganizationAction, target);
    if (allowed) return;
    if (!this.user) throw new AppError('UNAUTHENTICATED', accountErrors.notSignedIn);
    throw new AppError('FORBIDDEN', tenancyErrors.permissionDenied);
  }

  /**
   * Meters belong to an organization, or to none (free): its admins (and site admins) administer
   * them, members with canViewMeters see them; free meters are the site admins' alone.
   */
  meter(meterId: number): Promise<MeterRights> {
    return this.meters.load(meterId);
  }

  async canMeter(action: MeterAction, meterId: number): Promise<boolean> {
    const rights = await this.meter(meterId);
    return action === 'meter.view' ? rights.view : rights.admin;
  }

  async assertMeter(action: MeterAction, meterId: number): Promise<void> {
    if (await this.canMeter(action, meterId)) return;
    if (!this.user) throw new AppError('UNAUTHENTICATED', accountErrors.notSignedIn);
    throw new AppError('FORBIDDEN', tenancyErrors.permissionDenied);
  }

  /** Organizations whose meters this viewer sees; null means every meter, free ones too (site admin). */
  async visibleMeterOrganizationIds(): Promise<string[] | null> {
    if (!this.user) return [];
    if (this.isSiteAdmin) return null;
    return this.repository.meterOrganizationIds(this.user.id);
  }

  private async loadMeters(meterIds: number[]): Promise<MeterRights[]> {
    const organizations = await this.repository.meterOrganizations(meterIds);
    return Promise.all(meterIds.map((meterId) => this.meterRights(organizations.get(meterId))));
  }

  /** From the meter's organization: undefined when there is no such meter, null for a free meter. */
  private async meterRights(organizationId: string | null | undefined): Promise<MeterRights> {
    const exists = organizationId !== undefined;
    if (!exists || !this.user) return { exists, organizationId: organizationId ?? null, view: false, admin: false };
    if (this.isSiteAdmin) return { exists, organizationId, view: true, admin: true };
    if (organizationId === null) return { exists, organizationId, view: false, admin: false };
    const organization = await this.organization(organizationId);
    return { exists, organizationId, view: organization.viewMeters, admin: organization.admin };
  }

  /** Signed-in (and active) viewer, or 'Not signed in'. */
  requireUser(): UserRow {
    if (!this.user) throw new AppError('UNAUTHENTICATED', accountErrors.notSignedIn);
    return this.user;
  }

  /** Site admins only. */
  assertSiteAdmin(): void {
    this.requireUser();
    if (!this.isSiteAdmin) throw new AppError('FORBIDDEN', tenancyErrors.permissionDenied);
  }

  /** Ids of the organizations this viewer sees; null means all (site admin). */
  async visibleOrganizationIds(): Promise<string[] | null> {
    if (!this.user) return [];
    if (this.isSiteAdmin) return null;
    return this.repository.visibleOrganizationIds(this.user.id);
  }

  /**
   * Organizations whose colours and limits the viewer reads (`organization.viewColorsAndLimits`): those they are a
   * member of and those below an organization they administer; null means all (site admin).
   */
  async colorAndLimitOrganizationIds(): Promise<string[] | null> {
    if (!this.user) return [];
    if (this.isSiteAdmin) return null;
    return this.repository.memberOrAdministeredOrganizationIds(this.user.id);
  }

  /** Ids of the projects this viewer sees; null means all (site admin). */
  async visibleProjectIds(): Promise<number[] | null> {
    if (!this.user) return [];
    if (this.isSiteAdmin) return null;
    return this.repository.visibleProjectIds(this.user.id);
  }

  private async loadOrganizations(organizationIds: string[]): Promise<OrganizationRights[]> {
    const chains = await this.repository.organizationChains(organizationIds, this.user?.id ?? null);
    return organizationIds.map((organizationId) => this.organizationRights(chains.get(organizationId) ?? []));
  }

  private organizationRights(chain: ChainMembership[]): OrganizationRights {
    if (chain.length === 0) return noOrganizationRights;
    if (this.isSiteAdmin) {
      return { exists: true, view: true, member: true, admin: true, viewAllProjects: true, viewMeters: true };
    }
    if (!this.user) return { ...noOrganizationRights, exists: true };
    const own = chain[0];
    const member = own?.isAdmin !== null && own?.isAdmin !== undefined;
    const admin = chain.some((link) => link.isAdmin === true);
    const viewAllProjects = admin || chain.some((link) => link.canViewAll === true);
    const viewMeters = admin || chain.some((link) => link.canViewMeters === true);
    return { exists: true, view: member || viewAllProjects, member, admin, viewAllProjects, viewMeters };
  }

  private async loadProjects(projectIds: number[]): Promise<ProjectRights[]> {
    const facts = await this.repository.projectFacts(projectIds, this.user?.id ?? null);
    return Promise.all(projectIds.map((projectId) => this.projectRights(facts.get(projectId))));
  }

  private async projectRights(facts: ProjectFacts | undefined): Promise<ProjectRights> {
    const none: ProjectRights = {
      exists: Boolean(facts),
      organizationId: facts?.organizationId ?? null,
      member: false,
      view: false,
      admin: false,
      adminSeries: false,
      adminAlarms: false,
      viewAlarms: false,
      acknowledgeAlarms: false,
      adminReports: false,
      viewReports: false,
    };
    if (!facts || !this.user) return none;
    const organization = await this.organization(facts.organizationId);
    const membership = facts.membership;
    const admin = organization.admin || Boolean(membership?.isAdmin);
    const viewAll = organization.viewAllProjects;
    return {
      ...none,
      member: membership !== null,
      view: admin || viewAll || membership !== null,
      admin,
      adminSeries: admin || Boolean(membership?.canAdminSeries),
      adminAlarms: admin || Boolean(membership?.canAdminAlarms),
      viewAlarms: admin || viewAll || Boolean(membership?.canViewAlarms || membership?.canAdminAlarms),
      acknowledgeAlarms: admin || Boolean(membership?.canViewAlarms || membership?.canAdminAlarms),
      adminReports: admin || Boolean(membership?.canAdminReports),
      viewReports: admin || viewAll || Boolean(membership?.canViewReports || membership?.canAdminReports),
    };
  }
}

/** Makes each request's ViewerAccess. */
export class AccessPolicy {
  constructor(readonly repository: AccessRepository) {}

  forViewer(user: UserRow | null): ViewerAccess {
    return new ViewerAccess(this, user?.active ? user : null);
  }

  /**
   * Whether the project's alarms may notify this user by mail (an alarm action of type user): an
   * active member of the project who may view its alarms. Asked when an action is saved and again
   * at each delivery, so a member who loses the right stops getting the mail.
   */
  async mayReceiveAlarms(userId: string, projectId: number): Promise<boolean> {
    const user = await this.repository.user(userId);
    if (!user?.active) return false;
    const rights = await this.forViewer(user).project(projectId);
    return rights.member && rights.viewAlarms;
  }

  /**
   * Whether a scheduled report of the project may be mailed to this user: an active user who may view its reports.
   * Asked when a schedule is saved and again at each sending, so a member who loses the right stops getting the mail.
   */
  async mayReceiveReports(userId: string, projectId: number): Promise<boolean> {
    const user = await this.repository.user(userId);
    if (!user?.active) return false;
    return (await this.forViewer(user).project(projectId)).viewReports;
  }

  /** The rights of a user by id (inactive or unknown: a visitor's), for work done on their behalf, e.g. a schedule. */
  async forUserId(userId: string): Promise<ViewerAccess> {
    return this.forViewer((await this.repository.user(userId)) ?? null);
  }

  /** What a public link opens, the same for every viewer (public-project-view.ts). */
  publicProject(project: PublicProjectFacts | undefined): PublicProjectView {
    return publicProjectView(project);
  }
}
