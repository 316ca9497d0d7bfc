import crypto from 'node:crypto';
import { type acceptInvitationInput, type inviteInput, type Language, tenancyBounds, tenancyErrors } from '@olo/shared';
import type { z } from 'zod';
import type { MailOutbox } from '../../channels/mail/outbox.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { AppError } from '../../shared/errors.ts';
import type { RateLimiter } from '../../shared/rate-limits.ts';
import type { ViewerAccess } from '../access/access.policy.ts';
import type { AccountsRepository, UserRow } from '../accounts/accounts.repository.ts';
import { userLanguage } from '../accounts/accounts.service.ts';
import type { OrganizationsService } from '../organizations/organizations.service.ts';
import type { ProjectsService } from '../projects/projects.service.ts';
import { invitationMail } from './invitation-mails.ts';
import type { InvitationsRepository, InvitationWithTarget } from './invitations.repository.ts';

export interface InvitationsServiceDeps {
  repository: InvitationsRepository;
  accounts: AccountsRepository;
  organizations: OrganizationsService;
  projects: ProjectsService;
  outbox: MailOutbox;
  events: EventBus;
  rateLimits: RateLimiter;
  publicUrl: string;
  siteName: string;
}

const invalid = () => new AppError('BAD_USER_INPUT', tenancyErrors.invitationInvalid);
const dayMs = 24 * 60 * 60 * 1000;

function sameCode(given: string, stored: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(stored);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

export type AcceptedInvitation =
  | { kind: 'organization'; id: string; slug: string; name: string }
  | { kind: 'project'; id: number; name: string };

export class InvitationsService {
  constructor(private readonly deps: InvitationsServiceDeps) {}

  private get repository() {
    return this.deps.repository;
  }

  /**
   * Invites a person by email or username to an organization or a project the viewer manages. The
   * mail (link and code) goes in the invitee's language, or the inviter's for a new address; an
   * existing account also sees the invitation on its profile. The answer holds only what the
   * inviter gave, and is the same whether or not a username exists (an unknown one gets no mail).
   */
  async invite(access: ViewerAccess, input: z.output<typeof inviteInput>): Promise<InvitationWithTarget> {
    const inviter = access.requireUser();
    if (input.organizationId) await access.assert('organization.manageMembers', input.organizationId);
    else await access.assert('project.manageMembers', input.projectId as number);
    if (!input.email && !input.username) {
      throw new AppError('BAD_USER_INPUT', 'Invalid input', [
        { path: 'email', message: tenancyErrors.inviteeRequired },
      ]);
    }
    this.deps.rateLimits.take(
      ['invitePerInviter', inviter.id],
      ['invitePerInvitee', input.email ?? `username:${input.username}`],
    );

    let invitee: UserRow | undefined;
    let mailTo = input.email;
    if (input.username) {
      invitee = await this.deps.accounts.findUserByUsername(input.username);
      if (invitee) mailTo ??= (await this.deps.accounts.findPrimaryEmail(invitee.id))?.email ?? null;
    } else if (input.email) {
      // Only the verified owner: an unverified claim of somebody else's address gets nothing.
      invitee = (await this.deps.accounts.findVerifiedOwner(input.email))?.user;
    }

    const code = crypto.randomBytes(9).toString('base64url');
    const created = await this.repository.insert({
      organizationId: input.organizationId ?? null,
      projectId: input.projectId ?? null,
      email: input.email,
      username: input.username,
      userId: invitee?.id ?? null,
      code,
      invitedBy: inviter.id,
      expiresAt: new Date(Date.now() + tenancyBounds.invitationDays * dayMs),
    });
    const invitation = (await this.repository.findById(created.id)) as InvitationWithTarget;
    const language: Language = userLanguage(invitee ?? inviter);
    const link = new URL('/invitations-accept', this.deps.publicUrl);
    link.searchParams.set('invitationId', invitation.id);
    link.searchParams.set('code', code);
    if (mailTo) {
      this.deps.outbox.deliver(
        invitationMail({
          to: mailTo,
          language,
          inviter: inviter.name ?? inviter.username,
          target: invitation.name,
          link: link.toString(),
          code,
          days: tenancyBounds.invitationDays,
          siteName: this.deps.siteName,
        }),
      );
    }
    if (invitee) await this.deps.events.publish('user.updated', { userId: invitee.id });
    return invitation;
  }

  /** Open invitations of an organization or project, for the people who manage it. */
  async listOpen(
    access: ViewerAccess,
    target: { organizationId: string } | { projectId: number },
  ): Promise<InvitationWithTarget[]> {
    if ('organizationId' in target) await access.assert('organization.manageMembers', target.organizationId);
    else await access.assert('project.manageMembers', target.projectId);
    return this.repository.listOpenFor(target, new Date());
  }

  listForUser(userId: string): Promise<InvitationWithTarget[]> {
    return this.repository.listOpenForUser(userId, new Date());
  }

  async cancel(access: ViewerAccess, id: string): Promise<boolean> {
    access.requireUser();
    const invitation = await this.repository.findById(id);
    if (!invitation) throw new AppError('FORBIDDEN', tenancyErrors.permissionDenied);
    if (invitation.organizationId) await access.assert('organization.manageMembers', invitation.organizationId);
    else await access.assert('project.manageMembers', invitation.projectId as number);
    await this.repository.delete(id);
    if (invitation.userId) await this.deps.events.publish('user.updated', { userId: invitation.userId });
    return true;
  }

  /** What an invitation is for, to a signed-in holder of its code (or its addressee). */
  async detail(access: ViewerAccess, input: z.output<typeof acceptInvitationInput>): Promise<InvitationWithTarget> {
    const user = access.requireUser();
    return this.openInvitationFor(user, input);
  }

  /** Joins the signed-in user to what the invitation is for; a used or expired invitation fails. */
  async accept(
    access: ViewerAccess,
    input: z.output<typeof acceptInvitationInput>,
    kind: AcceptedInvitation['kind'],
  ): Promise<AcceptedInvitation> {
    const user = access.requireUser();
    const invitation = await this.openInvitationFor(user, input);
    if ((kind === 'organization') !== Boolean(invitation.organizationId)) throw invalid();
    if (!(await this.repository.markAccepted(invitation.id, user.id, new Date()))) throw invalid();
    if (invitation.organizationId) {
      await this.deps.organizations.joinAsMember(invitation.organizationId, user.id);
      return {
        kind: 'organization',
        id: invitation.organizationId,
        slug: invitation.organizationSlug ?? '',
        name: invitation.name,
      };
    }
    const projectId = invitation.projectId as number;
    await this.deps.projects.joinAsMember(projectId, user.id);
    return { kind: 'project', id: projectId, name: invitation.name };
  }

  /**
   * The invitation if it is open and the user may use it: with its code anybody signed in may
   * (the code is the proof of being invited), without one only the account it was sent to.
   */
  private async openInvitationFor(
    user: UserRow,
    input: z.output<typeof acceptInvitationInput>,
  ): Promise<InvitationWithTarget> {
    const invitation = await this.repository.findById(input.invitationId);
    if (!invitation || invitation.acceptedAt || invitation.expiresAt <= new Date()) throw invalid();
    if (input.code) {
      if (!sameCode(input.code, invitation.code)) throw invalid();
      return invitation;
    }
    const addressed = await this.repository.listOpenForUser(user.id, new Date());
    if (!addressed.some((candidate) => candidate.id === invitation.id)) throw invalid();
    return invitation;
  }
}
