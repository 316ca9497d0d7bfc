import { adminDeleteUserInput, adminUpdateUserInput, adminUsersQueryInput } from '@olo/shared';
import { builder } from '../../graphql/builder.ts';
import { parseInput } from '../../shared/errors.ts';
import type { AdminUserMembership } from './admin-users.repository.ts';
import type { AdminUserPage, AdminUserView } from './admin-users.service.ts';

const AdminUserMembershipRef = builder.objectRef<AdminUserMembership>('AdminUserMembership').implement({
  description: "An organization or project a user belongs to, as the site admin's user list shows it.",
  fields: (t) => ({
    id: t.exposeID('id', { description: "The organization's uuid or the project's number." }),
    name: t.exposeString('name'),
    isAdmin: t.exposeBoolean('isAdmin'),
  }),
});

const AdminUserRef = builder.objectRef<AdminUserView>('AdminUser').implement({
  description: 'A user as site admins see them in the list of every user.',
  fields: (t) => ({
    id: t.exposeID('id'),
    username: t.exposeString('username'),
    name: t.exposeString('name', { nullable: true }),
    company: t.exposeString('company', { nullable: true }),
    email: t.exposeString('email', { nullable: true, description: 'The primary address.' }),
    isVerified: t.exposeBoolean('isVerified', { description: 'The primary address is verified.' }),
    isAdmin: t.exposeBoolean('isAdmin', { description: "A site admin ('Admin all')." }),
    active: t.exposeBoolean('active', { description: 'False: the user cannot sign in.' }),
    lastSignInAt: t.expose('lastSignInAt', { type: 'DateTime', nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    organizations: t.field({
      type: [AdminUserMembershipRef],
      description: 'At most 20, by name; organizationCount tells how many in all.',
      resolve: (user) => user.organizations,
    }),
    organizationCount: t.exposeInt('organizationCount'),
    projects: t.field({
      type: [AdminUserMembershipRef],
      description: 'At most 20, by name; projectCount tells how many in all.',
      resolve: (user) => user.projects,
    }),
    projectCount: t.exposeInt('projectCount'),
  }),
});

const AdminUserPageRef = builder.objectRef<AdminUserPage>('AdminUserPage').implement({
  fields: (t) => ({
    items: t.field({ type: [AdminUserRef], resolve: (page) => page.items }),
    total: t.exposeInt('total', { description: 'Users matching the search in all.' }),
  }),
});

builder.queryFields((t) => ({
  allUsers: t.field({
    type: AdminUserPageRef,
    description:
      'Every user, by username, a page at a time (site admins). search: part of a name, username or email address.',
    args: {
      search: t.arg.string(),
      offset: t.arg.int(),
      limit: t.arg.int({ description: 'At most 100; 25 if not given.' }),
    },
    resolve: (_root, args, context) =>
      context.services.adminUsers.list(context.access, parseInput(adminUsersQueryInput, args)),
  }),
}));

builder.mutationFields((t) => ({
  adminUpdateUser: t.field({
    type: AdminUserRef,
    description:
      "Activates or deactivates another user, or makes or unmakes a site admin (site admins). Deactivating ends the user's sessions and websockets at once.",
    args: { userId: t.arg.id({ required: true }), active: t.arg.boolean(), isAdmin: t.arg.boolean() },
    resolve: (_root, args, context) =>
      context.services.adminUsers.update(context.access, parseInput(adminUpdateUserInput, args)),
  }),
  adminDeleteUser: t.boolean({
    description: 'Deletes another user (site admins): their memberships go, what they wrote stays without its author.',
    args: { userId: t.arg.id({ required: true }) },
    resolve: async (_root, args, context) => {
      await context.services.adminUsers.delete(context.access, parseInput(adminDeleteUserInput, args));
      return true;
    },
  }),
}));
