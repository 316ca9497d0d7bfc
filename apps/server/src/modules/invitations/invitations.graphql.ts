import { acceptInvitationInput, inviteInput, uuidSchema } from '@olo/shared';
import { z } from 'zod';
import { builder } from '../../graphql/builder.ts';
import { parseInput } from '../../shared/errors.ts';
import { UserRef } from '../accounts/accounts.graphql.ts';
import { OrganizationRef, requireSelf } from '../organizations/organizations.graphql.ts';
import { ProjectRef } from '../projects/projects.graphql.ts';
import type { InvitationWithTarget } from './invitations.repository.ts';

export const InvitationRef = builder.objectRef<InvitationWithTarget>('Invitation').implement({
  description: 'An open invitation to an organization or a project, as its managers see it.',
  fields: (t) => ({
    id: t.exposeID('id'),
    email: t.exposeString('email', { nullable: true, description: 'The address the inviter gave.' }),
    username: t.exposeString('username', { nullable: true, description: 'The username the inviter gave.' }),
    name: t.exposeString('name', { description: 'Name of the organization or project.' }),
    organizationId: t.exposeID('organizationId', { nullable: true }),
    projectId: t.exposeInt('projectId', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
  }),
});

const UserInvitationRef = builder.objectRef<InvitationWithTarget>('UserInvitation').implement({
  description: 'An open invitation addressed to the signed-in user.',
  fields: (t) => ({
    invitationId: t.exposeID('id'),
    code: t.exposeString('code'),
    name: t.exposeString('name'),
    organizationId: t.exposeID('organizationId', { nullable: true }),
    organizationSlug: t.exposeString('organizationSlug', { nullable: true }),
    projectId: t.exposeInt('projectId', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
  }),
});

const AcceptedOrganizationRef = builder
  .objectRef<{ id: string; slug: string; name: string }>('AcceptedOrganizationInvite')
  .implement({ fields: (t) => ({ id: t.exposeID('id'), slug: t.exposeString('slug'), name: t.exposeString('name') }) });
const AcceptedProjectRef = builder
  .objectRef<{ id: number; name: string }>('AcceptedProjectInvite')
  .implement({ fields: (t) => ({ id: t.exposeInt('id'), name: t.exposeString('name') }) });

builder.objectFields(UserRef, (t) => ({
  invitations: t.field({
    type: [UserInvitationRef],
    description: 'Open invitations to this account or to one of its verified addresses, newest first.',
    resolve: (user, _args, context) => {
      requireSelf(user, context);
      return context.services.invitations.listForUser(user.id);
    },
  }),
}));

builder.objectFields(OrganizationRef, (t) => ({
  invitations: t.field({
    type: [InvitationRef],
    description: 'Open invitations; organization admins only.',
    resolve: (organization, _args, context) =>
      context.services.invitations.listOpen(context.access, { organizationId: organization.id }),
  }),
}));

builder.objectFields(ProjectRef, (t) => ({
  invitations: t.field({
    type: [InvitationRef],
    description: 'Open invitations; project admins only.',
    resolve: (project, _args, context) =>
      context.services.invitations.listOpen(context.access, { projectId: project.id }),
  }),
}));

builder.queryFields((t) => ({
  invitation: t.field({
    type: UserInvitationRef,
    description: 'What an invitation is for, given its id and code (or, without a code, when it is addressed to you).',
    args: { invitationId: t.arg.id({ required: true }), code: t.arg.string() },
    resolve: (_root, args, context) =>
      context.services.invitations.detail(context.access, parseInput(acceptInvitationInput, args)),
  }),
}));

builder.mutationFields((t) => ({
  invite: t.field({
    type: InvitationRef,
    description: 'Invites by email or username to an organization or a project; mails a link and a code.',
    args: {
      organizationId: t.arg.id(),
      projectId: t.arg.int(),
      email: t.arg.string(),
      username: t.arg.string(),
    },
    resolve: (_root, args, context) =>
      context.services.invitations.invite(context.access, parseInput(inviteInput, args)),
  }),
  cancelInvitation: t.boolean({
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, context) =>
      context.services.invitations.cancel(context.access, parseInput(z.object({ id: uuidSchema }), args).id),
  }),
  acceptOrganizationInvite: t.field({
    type: AcceptedOrganizationRef,
    args: { invitationId: t.arg.id({ required: true }), code: t.arg.string() },
    resolve: async (_root, args, context) => {
      const accepted = await context.services.invitations.accept(
        context.access,
        parseInput(acceptInvitationInput, args),
        'organization',
      );
      return accepted as { id: string; slug: string; name: string };
    },
  }),
  acceptProjectInvite: t.field({
    type: AcceptedProjectRef,
    args: { invitationId: t.arg.id({ required: true }), code: t.arg.string() },
    resolve: async (_root, args, context) => {
      const accepted = await context.services.invitations.accept(
        context.access,
        parseInput(acceptInvitationInput, args),
        'project',
      );
      return accepted as { id: number; name: string };
    },
  }),
}));
