import {
  accountErrors,
  type createOrganizationInput,
  type createOrganizationMembershipInput,
  tenancyErrors,
  type updateOrganizationInput,
  type updateOrganizationMembershipInput,
} from '@olo/shared';
import type { z } from 'zod';
import type { EventBus } from '../../events/event-bus.ts';
import { type Loaded, settleEach } from '../../shared/batch-loader.ts';
import { AppError } from '../../shared/errors.ts';
import type { ViewerAccess } from '../access/access.policy.ts';
import type { AccountsRepository } from '../accounts/accounts.repository.ts';
import type {
  MemberUser,
  OrganizationMemberFlags,
  OrganizationMemberRow,
  OrganizationMembershipRow,
  OrganizationRow,
  OrganizationsRepository,
} from './organizations.repository.ts';

export interface OrganizationsServiceDeps {
  repository: OrganizationsRepository;
  accounts: AccountsRepository;
  events: EventBus;
}

const notFound = () => new AppError('NOT_FOUND', accountErrors.notFound);

export class OrganizationsService {
  constructor(private readonly deps: OrganizationsServiceDeps) {}

  private get repository() {
    return this.deps.repository;
  }

  /** Membership changes alter what the user may see: their currentUserUpdated subscription refreshes. */
  private userRightsChanged(userId: string): Promise<void> {
    return this.deps.events.publish('user.updated', { userId });
  }

  async list(access: ViewerAccess): Promise<OrganizationRow[]> {
    access.requireUser();
    return this.repository.list(await access.visibleOrganizationIds());
  }

  async byId(access: ViewerAccess, id: string): Promise<OrganizationRow> {
    await access.assert('organization.view', id);
    return (await this.repository.findById(id)) ?? Promise.reject(notFound());
  }

  /** Organizations by id, for the fields that point to one: each to its viewers only. */
  async byIds(access: ViewerAccess, ids: string[]): Promise<Array<Loaded<OrganizationRow>>> {
    const found = new Map(
      (await this.repository.findByIds(ids)).map((organization) => [organization.id, organization]),
    );
    return settleEach(ids, async (id) => {
      await access.assert('organization.view', id);
      return found.get(id) ?? Promise.reject(notFound());
    });
  }

  async bySlug(access: ViewerAccess, slug: string): Promise<OrganizationRow> {
    access.requireUser();
    const organization = await this.repository.findBySlug(slug);
    // An unknown slug and a hidden one answer alike, so slugs cannot be probed.
    if (!organization) throw new AppError('FORBIDDEN', tenancyErrors.permissionDenied);
    await access.assert('organization.view', organization.id);
    return organization;
  }

  /** Child organizations the viewer sees. */
  async children(access: ViewerAccess, id: string): Promise<OrganizationRow[]> {
    const children = await this.repository.listChildren(id);
    const visible = await Promise.all(children.map((child) => access.can('organization.view', child.id)));
    return children.filter((_child, index) => visible[index]);
  }

  /** Slugs from the root down to this organization, joined by '/'. */
  async path(id: string): Promise<string> {
    const chain = await this.repository.ancestry(id);
    return chain.map((organization) => organization.slug).join('/');
  }

  /**
   * Any signed-in user may start a top-level organization and becomes its admin; a child
   * organization needs admin rights on the parent.
   */
  async create(access: ViewerAccess, input: z.output<typeof createOrganizationInput>): Promise<OrganizationRow> {
    const user = access.requireUser();
    if (input.parentId) await access.assert('organization.createChild', input.parentId);
    const organization = await this.repository.transaction(async (repository) => {
      const created = await repository.insert(input);
      await repository.insertMembership({ organizationId: created.id, userId: user.id, isAdmin: true });
      return created;
    });
    await this.userRightsChanged(user.id);
    return organization;
  }

  async update(access: ViewerAccess, input: z.output<typeof updateOrganizationInput>): Promise<OrganizationRow> {
    await access.assert('organization.update', input.id);
    const { id, ...changes } = input;
    return this.repository.update(id, changes);
  }

  async delete(access: ViewerAccess, id: string): Promise<boolean> {
    await access.assert('organization.delete', id);
    if (await this.repository.hasContent(id)) throw new AppError('CONFLICT', tenancyErrors.organizationNotEmpty);
    const members = await this.repository.listMembers(id);
    await this.repository.delete(id);
    await Promise.all(members.map((member) => this.userRightsChanged(member.userId)));
    return true;
  }

  async members(access: ViewerAccess, organizationId: string): Promise<OrganizationMemberRow[]> {
    await access.assert('organization.viewMembers', organizationId);
    return this.repository.listMembers(organizationId);
  }

  async member(id: string): Promise<OrganizationMemberRow | undefined> {
    const membership = await this.repository.findMembership(id);
    if (!membership) return undefined;
    const members = await this.repository.listMembers(membership.organizationId);
    return members.find((member) => member.id === id);
  }

  async createMembership(
    access: ViewerAccess,
    input: z.output<typeof createOrganizationMembershipInput>,
  ): Promise<OrganizationMemberRow> {
    await access.assert('organization.manageMembers', input.organizationId);
    if (!(await this.deps.accounts.findUserById(input.userId))) throw notFound();
    const created = await this.repository.insertMembership(input);
    await this.userRightsChanged(created.userId);
    return (await this.member(created.id)) as OrganizationMemberRow;
  }

  /**
   * Admins change any flag; a member may change only their own notifyOnMeterError (their email
   * settings), nothing that grants rights.
   */
  async updateMembership(
    access: ViewerAccess,
    input: z.output<typeof updateOrganizationMembershipInput>,
  ): Promise<OrganizationMemberRow> {
    const { id, ...flags } = input;
    const user = access.requireUser();
    const own = await this.repository.findMembership(id);
    const onlyEmailSettings = Object.keys(flags).every((flag) => flag === 'notifyOnMeterError');
    const membership =
      own && own.userId === user.id && onlyEmailSettings ? own : await this.manageableMembership(access, id);
    if (flags.isAdmin === false) await this.keepAnAdmin(membership);
    await this.repository.updateMembership(id, flags);
    await this.userRightsChanged(membership.userId);
    return (await this.member(id)) as OrganizationMemberRow;
  }

  async deleteMembership(access: ViewerAccess, id: string): Promise<boolean> {
    const membership = await this.manageableMembership(access, id);
    await this.keepAnAdmin(membership);
    await this.repository.deleteMembership(id);
    await this.userRightsChanged(membership.userId);
    return true;
  }

  async addAdmin(access: ViewerAccess, organizationId: string, userId: string): Promise<OrganizationRow> {
    await access.assert('organization.manageMembers', organizationId);
    if (!(await this.deps.accounts.findUserById(userId))) throw notFound();
    await this.repository.upsertMembership(organizationId, userId, { isAdmin: true });
    await this.userRightsChanged(userId);
    return (await this.repository.findById(organizationId)) as OrganizationRow;
  }

  async removeAdmin(access: ViewerAccess, organizationId: string, userId: string): Promise<OrganizationRow> {
    await access.assert('organization.manageMembers', organizationId);
    const membership = await this.repository.findMembershipOf(organizationId, userId);
    if (membership?.isAdmin) {
      await this.keepAnAdmin(membership);
      await this.repository.updateMembership(membership.id, { isAdmin: false });
      await this.userRightsChanged(userId);
    }
    return (await this.repository.findById(organizationId)) as OrganizationRow;
  }

  async removeMember(access: ViewerAccess, organizationId: string, userId: string): Promise<boolean> {
    await access.assert('organization.manageMembers', organizationId);
    const membership = await this.repository.findMembershipOf(organizationId, userId);
    if (!membership) return false;
    await this.keepAnAdmin(membership);
    await this.repository.deleteMembership(membership.id);
    await this.userRightsChanged(userId);
    return true;
  }

  /** Users the viewer may add to a project of this organization: members of the organization tree. */
  async usersForInviting(access: ViewerAccess, organizationId: string): Promise<MemberUser[]> {
    await access.assert('organization.manageMembers', organizationId);
    if (access.isSiteAdmin) return this.repository.listUsersOf(null);
    const chain = await this.repository.ancestry(organizationId);
    return this.repository.listUsersOf(chain.map((organization) => organization.id));
  }

  membershipsOfUser(userId: string) {
    return this.repository.listMembershipsOfUser(userId);
  }

  async joinAsMember(organizationId: string, userId: string, flags: Partial<OrganizationMemberFlags> = {}) {
    const membership = await this.repository.upsertMembership(organizationId, userId, flags);
    await this.userRightsChanged(userId);
    return membership;
  }

  private async manageableMembership(access: ViewerAccess, id: string): Promise<OrganizationMembershipRow> {
    access.requireUser();
    const membership = await this.repository.findMembership(id);
    if (!membership) throw new AppError('FORBIDDEN', tenancyErrors.permissionDenied);
    await access.assert('organization.manageMembers', membership.organizationId);
    return membership;
  }

  /** A top-level organization keeps at least one admin; below it, the parent's admins still administer. */
  private async keepAnAdmin(membership: OrganizationMembershipRow): Promise<void> {
    if (!membership.isAdmin) return;
    const organization = await this.repository.findById(membership.organizationId);
    if (organization?.parentId) return;
    if ((await this.repository.countAdmins(membership.organizationId)) <= 1) {
      throw new AppError('CONFLICT', tenancyErrors.lastAdmin);
    }
  }
}
