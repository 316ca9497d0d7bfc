import crypto from 'node:crypto';
import {
  accountErrors,
  type createProjectInput,
  type createProjectMembershipInput,
  defaultLanguage,
  measurementSortPriority,
  type ProjectAdminAction,
  tenancyErrors,
  type updateProjectInput,
  type updateProjectMembershipInput,
  uuidSchema,
} from '@olo/shared';
import type { z } from 'zod';
import type { EventBus } from '../../events/event-bus.ts';
import { AppError } from '../../shared/errors.ts';
import type { ViewerAccess } from '../access/access.policy.ts';
import type { AccountsRepository } from '../accounts/accounts.repository.ts';
import type { AttachmentsService } from '../attachments/attachments.service.ts';
import type {
  NewProject,
  ProjectMemberRow,
  ProjectOnlineRow,
  ProjectRow,
  ProjectsRepository,
  ProjectTrendRow,
} from './projects.repository.ts';

export interface ProjectsServiceDeps {
  repository: ProjectsRepository;
  accounts: AccountsRepository;
  /** Vets the files a project takes as its picture and attachment. */
  attachments: Pick<AttachmentsService, 'assertProjectMayShow'>;
  events: EventBus;
}

const denied = () => new AppError('FORBIDDEN', tenancyErrors.permissionDenied);

/** What a project list shows; all off: running, visible projects only. */
export interface ProjectListFilter {
  search?: string | null;
  hidden?: boolean | null;
  archived?: boolean | null;
  ended?: boolean | null;
  favourite?: boolean | null;
}

export function matchesProjectFilter(project: ProjectRow, favourite: boolean, filter: ProjectListFilter): boolean {
  if (!filter.hidden && project.hidden) return false;
  if (!filter.archived && project.archivedAt) return false;
  if (filter.ended === false && project.ended) return false;
  if (filter.favourite && !favourite) return false;
  const search = filter.search?.trim().toLowerCase();
  if (search) {
    const haystack = [project.name, project.code, project.description].filter(Boolean).join(' ').toLowerCase();
    if (!haystack.includes(search)) return false;
  }
  return true;
}

/** The types a project's status shows trends of: the spec's priority types, a pressure difference by either name. */
export const mainTrendTypes: readonly string[] = [...measurementSortPriority, 'Differential pressure'];

export class ProjectsService {
  constructor(private readonly deps: ProjectsServiceDeps) {}

  private get repository() {
    return this.deps.repository;
  }

  private changed(projectId: number): Promise<void> {
    return this.deps.events.publish('project.updated', { projectId });
  }

  async byId(access: ViewerAccess, id: number): Promise<ProjectRow> {
    await access.assert('project.view', id);
    return (await this.repository.findById(id)) ?? Promise.reject(denied());
  }

  /** The project for its edit screens: anyone who may edit some part of it. */
  async forEditing(access: ViewerAccess, id: number): Promise<ProjectRow> {
    const rights = await access.project(id);
    if (!(rights.admin || rights.adminSeries || rights.adminAlarms || rights.adminReports)) {
      await access.assert('project.update', id);
    }
    return this.byId(access, id);
  }

  /** The projects the viewer sees, filtered (hidden and archived ones only when asked for). */
  async list(access: ViewerAccess, filter: ProjectListFilter = {}): Promise<ProjectRow[]> {
    const user = access.requireUser();
    const projects = await this.repository.list(await access.visibleProjectIds());
    const favourites = await this.repository.favouriteIds(user.id);
    return projects.filter((project) => matchesProjectFilter(project, favourites.has(project.id), filter));
  }

  async listOfOrganization(access: ViewerAccess, organizationId: string): Promise<ProjectRow[]> {
    const projects = await this.repository.listByOrganization(organizationId);
    const visible = await Promise.all(projects.map((project) => access.can('project.view', project.id)));
    return projects.filter((_project, index) => visible[index]);
  }

  /** The project behind a public link, or 'Not found' when the policy keeps it closed (the link was turned off). */
  async byPublicId(access: ViewerAccess, publicId: string): Promise<ProjectRow> {
    const project = await this.findPublic(access, publicId);
    if (!project) throw new AppError('NOT_FOUND', accountErrors.notFound);
    return project;
  }

  /** The project behind a public link, or undefined while the policy keeps it closed (unknown, malformed, turned off). */
  async findPublic(access: ViewerAccess, publicId: string): Promise<ProjectRow | undefined> {
    const wellFormed = uuidSchema.safeParse(publicId);
    const project = wellFormed.success ? await this.repository.findByPublicId(wellFormed.data) : undefined;
    return project && access.policy.publicProject(project).open ? project : undefined;
  }

  /** Whether each project is in the viewer's favourites: one query, however many projects a list shows. */
  async favourites(access: ViewerAccess, projectIds: number[]): Promise<boolean[]> {
    const user = access.user;
    if (!user) return projectIds.map(() => false);
    const favourites = await this.repository.favouriteIds(user.id);
    return projectIds.map((projectId) => favourites.has(projectId));
  }

  async create(access: ViewerAccess, input: z.output<typeof createProjectInput>): Promise<ProjectRow> {
    await access.assert('organization.createProject', input.organizationId);
    const { isPublic, ...fields } = input;
    await this.deps.attachments.assertProjectMayShow(access, { id: null, organizationId: input.organizationId }, [
      fields.pictureId,
      fields.attachmentId,
    ]);
    const project = await this.repository.insert({
      ...(fields as NewProject),
      language: fields.language ?? access.user?.language ?? defaultLanguage,
      publicId: isPublic ? crypto.randomUUID() : null,
    });
    await this.changed(project.id);
    return project;
  }

  async update(access: ViewerAccess, input: z.output<typeof updateProjectInput>): Promise<ProjectRow> {
    await access.assert('project.update', input.id);
    const { id, isPublic, ...fields } = input;
    const current = (await this.repository.findById(id)) as ProjectRow;
    await this.deps.attachments.assertProjectMayShow(access, current, [fields.pictureId, fields.attachmentId]);
    const changes: Partial<NewProject> = { ...(fields as Partial<NewProject>) };
    if (isPublic === true && !current.publicId) changes.publicId = crypto.randomUUID();
    if (isPublic === false) changes.publicId = null;
    const project = await this.repository.update(id, changes);
    await this.changed(id);
    return project;
  }

  async adminAction(access: ViewerAccess, id: number, action: ProjectAdminAction): Promise<ProjectRow> {
    await access.assert('project.update', id);
    const current = (await this.repository.findById(id)) as ProjectRow;
    const now = new Date();
    const changes: Record<ProjectAdminAction, Partial<NewProject>> = {
      end: { ended: true, endAt: current.endAt && current.endAt < now ? current.endAt : now },
      archive: { archivedAt: current.archivedAt ?? now },
      unarchive: { archivedAt: null },
      hide: { hidden: true },
      unhide: { hidden: false },
    };
    const project = await this.repository.update(id, changes[action]);
    await this.changed(id);
    return project;
  }

  /**
   * Whether each project's meters report, in the order of `projectIds` (decision 0076). For projects the caller has
   * already shown the viewer: the state goes with the project.
   */
  async onlineStates(projectIds: number[], now = new Date()): Promise<ProjectOnlineRow[]> {
    const byProject = new Map((await this.repository.onlineStates(projectIds, now)).map((row) => [row.projectId, row]));
    return projectIds.map(
      (projectId) =>
        byProject.get(projectId) ?? {
          projectId,
          metersOnline: 0,
          metersTotal: 0,
          latestReadingAt: null,
          offlineAt: null,
        },
    );
  }

  /**
   * The last 24 hours of each project's main measurement types (spec section 9 priority), hourly averages over its
   * series of each type, in the order of `projectIds`; types without values are left out (decision 0077).
   */
  async recentTrends(access: ViewerAccess, projectIds: number[], now = new Date()): Promise<ProjectTrendRow[][]> {
    const visible = await Promise.all(projectIds.map((id) => access.can('project.view', id)));
    const rows = await this.repository.recentTrends(
      projectIds.filter((_id, index) => visible[index]),
      mainTrendTypes,
      now,
      24,
    );
    const rank = (type: string) => mainTrendTypes.indexOf(type);
    return projectIds.map((projectId) =>
      rows.filter((row) => row.projectId === projectId).sort((a, b) => rank(a.dataType) - rank(b.dataType)),
    );
  }

  async setFavourite(access: ViewerAccess, id: number, favourite: boolean): Promise<ProjectRow> {
    await access.assert('project.view', id);
    const user = access.requireUser();
    await this.repository.setFavourite(user.id, id, favourite);
    await this.deps.events.publish('user.updated', { userId: user.id });
    return (await this.repository.findById(id)) as ProjectRow;
  }

  async members(access: ViewerAccess, projectId: number): Promise<ProjectMemberRow[]> {
    await access.assert('project.view', projectId);
    return this.repository.listMembers(projectId);
  }

  private async member(projectId: number, id: string): Promise<ProjectMemberRow> {
    const members = await this.repository.listMembers(projectId);
    return members.find((member) => member.id === id) as ProjectMemberRow;
  }

  async createMembership(
    access: ViewerAccess,
    input: z.output<typeof createProjectMembershipInput>,
  ): Promise<ProjectMemberRow> {
    await access.assert('project.manageMembers', input.projectId);
    if (!(await this.deps.accounts.findUserById(input.userId))) throw new AppError('NOT_FOUND', accountErrors.notFound);
    const created = await this.repository.insertMembership(input);
    await this.membershipChanged(created.projectId, created.userId);
    return this.member(created.projectId, created.id);
  }

  async updateMembership(
    access: ViewerAccess,
    input: z.output<typeof updateProjectMembershipInput>,
  ): Promise<ProjectMemberRow> {
    const membership = await this.manageableMembership(access, input.id);
    const { id, ...flags } = input;
    await this.repository.updateMembership(id, flags);
    await this.membershipChanged(membership.projectId, membership.userId);
    return this.member(membership.projectId, id);
  }

  async deleteMembership(access: ViewerAccess, id: string): Promise<boolean> {
    const membership = await this.manageableMembership(access, id);
    await this.repository.deleteMembership(id);
    await this.membershipChanged(membership.projectId, membership.userId);
    return true;
  }

  async joinAsMember(projectId: number, userId: string): Promise<void> {
    await this.repository.ensureMembership(projectId, userId);
    await this.membershipChanged(projectId, userId);
  }

  private async manageableMembership(access: ViewerAccess, id: string) {
    access.requireUser();
    const membership = await this.repository.findMembership(id);
    if (!membership) throw denied();
    await access.assert('project.manageMembers', membership.projectId);
    return membership;
  }

  private async membershipChanged(projectId: number, userId: string): Promise<void> {
    await this.deps.events.publish('user.updated', { userId });
    await this.changed(projectId);
  }
}
