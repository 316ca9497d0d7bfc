import {
  accountErrors,
  type adminDeleteUserInput,
  type adminUpdateUserInput,
  adminUserBounds,
  adminUserErrors,
  type adminUsersQueryInput,
  tenancyErrors,
} from '@olo/shared';
import type { z } from 'zod';
import type { EventBus } from '../../events/event-bus.ts';
import { AppError } from '../../shared/errors.ts';
import type { ViewerAccess } from '../access/access.policy.ts';
import type { SessionsService } from '../sessions/sessions.service.ts';
import type { AdminUserMembership, AdminUserRow, AdminUsersRepository } from './admin-users.repository.ts';

export interface AdminUserView extends AdminUserRow {
  organizations: AdminUserMembership[];
  organizationCount: number;
  projects: AdminUserMembership[];
  projectCount: number;
}

export interface AdminUserPage {
  items: AdminUserView[];
  /** Users matching the search in all. */
  total: number;
}

function byUser(rows: AdminUserMembership[]): Map<string, AdminUserMembership[]> {
  const grouped = new Map<string, AdminUserMembership[]>();
  for (const row of rows) grouped.set(row.userId, [...(grouped.get(row.userId) ?? []), row]);
  return grouped;
}

/**
 * Site admins' administration of every user (`/admin/users`). Nobody changes themselves here (their own account is
 * the profile's), and at least one active site admin always remains.
 */
export class AdminUsersService {
  constructor(
    private readonly deps: { repository: AdminUsersRepository; sessions: SessionsService; events: EventBus },
  ) {}

  async list(access: ViewerAccess, input: z.output<typeof adminUsersQueryInput>): Promise<AdminUserPage> {
    access.assertSiteAdmin();
    const { repository } = this.deps;
    const [rows, total] = await Promise.all([
      repository.list(input.search, input.offset, input.limit),
      repository.count(input.search),
    ]);
    return { items: await this.withMemberships(rows), total };
  }

  /** One user as the list shows them. */
  async view(access: ViewerAccess, userId: string): Promise<AdminUserView> {
    access.assertSiteAdmin();
    const row = await this.deps.repository.listed(userId);
    if (!row) throw new AppError('NOT_FOUND', accountErrors.notFound);
    const [view] = await this.withMemberships([row]);
    return view as AdminUserView;
  }

  private async withMemberships(rows: AdminUserRow[]): Promise<AdminUserView[]> {
    const { repository } = this.deps;
    const ids = rows.map((row) => row.id);
    const [organizations, projects] = await Promise.all([
      repository.organizationsOf(ids, adminUserBounds.membershipsShown),
      repository.projectsOf(ids, adminUserBounds.membershipsShown),
    ]);
    const organizationsBy = byUser(organizations);
    const projectsBy = byUser(projects);
    return rows.map((row) => {
      const ownOrganizations = organizationsBy.get(row.id) ?? [];
      const ownProjects = projectsBy.get(row.id) ?? [];
      return {
        ...row,
        organizations: ownOrganizations,
        organizationCount: ownOrganizations[0]?.total ?? 0,
        projects: ownProjects,
        projectCount: ownProjects[0]?.total ?? 0,
      };
    });
  }

  /**
   * Activates or deactivates a user and makes or unmakes a site admin. Deactivating ends every session of the user,
   * and with them their open websockets.
   */
  async update(access: ViewerAccess, input: z.output<typeof adminUpdateUserInput>): Promise<AdminUserView> {
    const changes = {
      ...(input.active != null ? { active: input.active } : {}),
      ...(input.isAdmin != null ? { isAdmin: input.isAdmin } : {}),
    };
    await this.guarded(access, input.userId, changes.active === false || changes.isAdmin === false, (repository) =>
      repository.update(input.userId, changes),
    );
    if (changes.active === false) await this.deps.sessions.endAllForUser(input.userId);
    await this.deps.events.publish('user.updated', { userId: input.userId });
    return this.view(access, input.userId);
  }

  /** Deletes another user; their sessions end first, so that nothing runs on under an account that is gone. */
  async delete(access: ViewerAccess, input: z.output<typeof adminDeleteUserInput>): Promise<void> {
    // Deactivated first, in the checked transaction: no new session starts between the sessions' end and the delete.
    await this.guarded(access, input.userId, true, (repository) => repository.update(input.userId, { active: false }));
    await this.deps.sessions.endAllForUser(input.userId);
    await this.deps.repository.delete(input.userId);
  }

  /**
   * Runs `change` to user `userId` in a transaction holding the active site admins' rows. `removes`: the change can
   * take away the user's site admin rights, which is refused for oneself and for the last active site admin.
   */
  private async guarded(
    access: ViewerAccess,
    userId: string,
    removes: boolean,
    change: (repository: AdminUsersRepository) => Promise<void>,
  ): Promise<void> {
    access.assertSiteAdmin();
    const caller = access.requireUser();
    if (removes && userId === caller.id) {
      throw new AppError('BAD_USER_INPUT', adminUserErrors.notYourself);
    }
    await this.deps.repository.transaction(async (repository) => {
      const admins = await repository.lockActiveAdmins();
      // The caller may have lost their rights since this request began (another admin's change just committed).
      if (!admins.includes(caller.id)) throw new AppError('FORBIDDEN', tenancyErrors.permissionDenied);
      const target = await repository.find(userId);
      if (!target) throw new AppError('NOT_FOUND', accountErrors.notFound);
      if (removes && admins.includes(userId) && admins.length <= 1) {
        throw new AppError('BAD_USER_INPUT', adminUserErrors.lastSiteAdmin);
      }
      await change(repository);
    });
  }
}
