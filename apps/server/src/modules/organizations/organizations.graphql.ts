import {
  createOrganizationInput,
  createOrganizationMembershipInput,
  tenancyErrors,
  updateOrganizationInput,
  updateOrganizationMembershipInput,
  uuidSchema,
} from '@olo/shared';
import { z } from 'zod';
import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { absentNulls } from '../../graphql/input.ts';
import { AppError, parseInput } from '../../shared/errors.ts';
import { UserRef } from '../accounts/accounts.graphql.ts';
import type { UserRow } from '../accounts/accounts.repository.ts';
import type { MemberUser, OrganizationMemberRow, OrganizationRow } from './organizations.repository.ts';

export const MemberUserRef = builder.objectRef<MemberUser>('MemberUser').implement({
  description: 'The public face of a user, as other members see it.',
  fields: (t) => ({
    id: t.exposeID('id'),
    username: t.exposeString('username'),
    name: t.exposeString('name', { nullable: true }),
    company: t.exposeString('company', { nullable: true }),
  }),
});

export const OrganizationRef = builder.objectRef<OrganizationRow>('Organization');
OrganizationRef.implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    slug: t.exposeString('slug'),
    description: t.exposeString('description', { nullable: true }),
    parentId: t.exposeID('parentId', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    path: t.string({
      description: 'Slugs from the top organization down to this one, joined by "/".',
      resolve: (organization, _args, context) => context.services.organizations.path(organization.id),
    }),
    parent: t.field({
      type: OrganizationRef,
      nullable: true,
      description: 'The parent organization; null at the top, or when the viewer does not see it.',
      resolve: async (organization, _args, context) =>
        organization.parentId && (await context.access.can('organization.view', organization.parentId))
          ? context.services.organizations.byId(context.access, organization.parentId)
          : null,
    }),
    currentUserIsAdmin: t.boolean({
      resolve: async (organization, _args, context) => (await context.access.organization(organization.id)).admin,
    }),
    currentUserCanViewMeters: t.boolean({
      resolve: async (organization, _args, context) => (await context.access.organization(organization.id)).viewMeters,
    }),
    organizations: t.field({
      type: [OrganizationRef],
      description: 'Child organizations the viewer sees, by name.',
      resolve: (organization, _args, context) =>
        context.services.organizations.children(context.access, organization.id),
    }),
    members: t.field({
      type: [OrganizationMembershipRef],
      description: 'By member name. Members and admins see them.',
      resolve: (organization, _args, context) =>
        context.services.organizations.members(context.access, organization.id),
    }),
  }),
});

export const OrganizationMembershipRef = builder.objectRef<OrganizationMemberRow>('OrganizationMembership').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    organizationId: t.exposeID('organizationId'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    isAdmin: t.exposeBoolean('isAdmin'),
    canViewAll: t.exposeBoolean('canViewAll'),
    canViewMeters: t.exposeBoolean('canViewMeters'),
    notifyOnMeterError: t.exposeBoolean('notifyOnMeterError'),
    user: t.field({ type: MemberUserRef, resolve: (membership) => membership.user }),
  }),
});

const OwnOrganizationMembershipRef = builder
  .objectRef<OrganizationMemberRow & { organization: OrganizationRow }>('OwnOrganizationMembership')
  .implement({
    description: "One of the signed-in user's organization memberships.",
    fields: (t) => ({
      id: t.exposeID('id'),
      isAdmin: t.exposeBoolean('isAdmin'),
      canViewAll: t.exposeBoolean('canViewAll'),
      canViewMeters: t.exposeBoolean('canViewMeters'),
      notifyOnMeterError: t.exposeBoolean('notifyOnMeterError'),
      organization: t.field({ type: OrganizationRef, resolve: (membership) => membership.organization }),
    }),
  });

/** Fields of User that only the user themself may read. */
export function requireSelf(user: UserRow, context: GraphQLContext): void {
  if (context.session?.user.id !== user.id) throw new AppError('FORBIDDEN', tenancyErrors.permissionDenied);
}

builder.objectFields(UserRef, (t) => ({
  memberships: t.field({
    type: [OwnOrganizationMembershipRef],
    description: "The user's organization memberships, by organization name.",
    resolve: async (user, _args, context) => {
      requireSelf(user, context);
      const memberships = await context.services.organizations.membershipsOfUser(user.id);
      return memberships.map((membership) => ({
        ...membership,
        user: { id: user.id, username: user.username, name: user.name, company: user.company },
      }));
    },
  }),
  menuOrganizations: t.field({
    type: [OrganizationRef],
    description: 'Organizations of the menu: those in options.menuOrganizations, or else every one the user sees.',
    resolve: async (user, _args, context) => {
      requireSelf(user, context);
      const visible = await context.services.organizations.list(context.access);
      const chosen = (user.options as { menuOrganizations?: string[] }).menuOrganizations ?? [];
      if (chosen.length === 0) return visible;
      return visible.filter((organization) => chosen.includes(organization.id));
    },
  }),
}));

const organizationIdArg = (value: unknown) => parseInput(z.object({ id: uuidSchema }), { id: value }).id;

builder.queryFields((t) => ({
  organizations: t.field({
    type: [OrganizationRef],
    description: 'Every organization the viewer sees, by name.',
    resolve: (_root, _args, context) => context.services.organizations.list(context.access),
  }),
  organization: t.field({
    type: OrganizationRef,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, context) => context.services.organizations.byId(context.access, organizationIdArg(args.id)),
  }),
  organizationBySlug: t.field({
    type: OrganizationRef,
    args: { slug: t.arg.string({ required: true }) },
    resolve: (_root, args, context) => context.services.organizations.bySlug(context.access, args.slug),
  }),
  organizationMembers: t.field({
    type: [OrganizationMembershipRef],
    args: { id: t.arg.id({ required: true, description: 'Organization id.' }) },
    resolve: (_root, args, context) =>
      context.services.organizations.members(context.access, organizationIdArg(args.id)),
  }),
  usersList: t.field({
    type: [MemberUserRef],
    description:
      'Users the viewer may add to projects of this organization: members of it and of the organizations above.',
    args: { organizationId: t.arg.id({ required: true }) },
    resolve: (_root, args, context) =>
      context.services.organizations.usersForInviting(context.access, organizationIdArg(args.organizationId)),
  }),
}));

const MemberFlagsFields = (t: PothosInputFieldBuilder) => ({
  isAdmin: t.boolean(),
  canViewAll: t.boolean(),
  canViewMeters: t.boolean(),
  notifyOnMeterError: t.boolean(),
});
type PothosInputFieldBuilder = Parameters<Parameters<typeof builder.inputType>[1]['fields']>[0];

const CreateOrganizationMembershipInput = builder.inputType('CreateOrganizationMembershipInput', {
  fields: (t) => ({
    organizationId: t.id({ required: true }),
    userId: t.id({ required: true }),
    ...MemberFlagsFields(t),
  }),
});
const UpdateOrganizationMembershipInput = builder.inputType('UpdateOrganizationMembershipInput', {
  fields: (t) => ({ id: t.id({ required: true }), ...MemberFlagsFields(t) }),
});

builder.mutationFields((t) => ({
  createOrganization: t.field({
    type: OrganizationRef,
    description: 'Needs name and slug; with a parent, admin rights on it. The creator becomes admin.',
    args: {
      name: t.arg.string({ required: true }),
      slug: t.arg.string({ required: true }),
      description: t.arg.string(),
      parentId: t.arg.id(),
    },
    resolve: (_root, args, context) =>
      context.services.organizations.create(context.access, parseInput(createOrganizationInput, args)),
  }),
  updateOrganization: t.field({
    type: OrganizationRef,
    args: {
      id: t.arg.id({ required: true }),
      name: t.arg.string(),
      slug: t.arg.string(),
      description: t.arg.string(),
    },
    resolve: (_root, args, context) => {
      const input = parseInput(updateOrganizationInput, absentNulls(args, { clearable: ['description'] }));
      return context.services.organizations.update(context.access, input);
    },
  }),
  deleteOrganization: t.boolean({
    description: 'Only an empty organization (no projects, no child organizations) can be deleted.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, context) =>
      context.services.organizations.delete(context.access, organizationIdArg(args.id)),
  }),
  createOrganizationMembership: t.field({
    type: OrganizationMembershipRef,
    args: { input: t.arg({ type: CreateOrganizationMembershipInput, required: true }) },
    resolve: (_root, args, context) =>
      context.services.organizations.createMembership(
        context.access,
        parseInput(createOrganizationMembershipInput, absentNulls(args.input)),
      ),
  }),
  updateOrganizationMembership: t.field({
    type: OrganizationMembershipRef,
    args: { input: t.arg({ type: UpdateOrganizationMembershipInput, required: true }) },
    resolve: (_root, args, context) =>
      context.services.organizations.updateMembership(
        context.access,
        parseInput(updateOrganizationMembershipInput, absentNulls(args.input)),
      ),
  }),
  deleteOrganizationMembership: t.boolean({
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, context) =>
      context.services.organizations.deleteMembership(context.access, organizationIdArg(args.id)),
  }),
  addOrganizationAdmin: t.field({
    type: OrganizationRef,
    description: 'Makes the user an admin of the organization, adding them as a member if needed.',
    args: { organizationId: t.arg.id({ required: true }), userId: t.arg.id({ required: true }) },
    resolve: (_root, args, context) =>
      context.services.organizations.addAdmin(
        context.access,
        organizationIdArg(args.organizationId),
        organizationIdArg(args.userId),
      ),
  }),
  removeOrganizationAdmin: t.field({
    type: OrganizationRef,
    args: { organizationId: t.arg.id({ required: true }), userId: t.arg.id({ required: true }) },
    resolve: (_root, args, context) =>
      context.services.organizations.removeAdmin(
        context.access,
        organizationIdArg(args.organizationId),
        organizationIdArg(args.userId),
      ),
  }),
  removeFromOrganization: t.boolean({
    args: { organizationId: t.arg.id({ required: true }), userId: t.arg.id({ required: true }) },
    resolve: (_root, args, context) =>
      context.services.organizations.removeMember(
        context.access,
        organizationIdArg(args.organizationId),
        organizationIdArg(args.userId),
      ),
  }),
}));
