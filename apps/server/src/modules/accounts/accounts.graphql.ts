import {
  addEmailInput,
  changePasswordInput,
  confirmAccountDeletionInput,
  forgotPasswordInput,
  languages,
  loginInput,
  registerInput,
  resetPasswordInput,
  unlinkAuthenticationInput,
  updateUserInput,
  updateUserOptionsInput,
  userEmailIdInput,
  verifyEmailInput,
} from '@olo/shared';
import { builder } from '../../graphql/builder.ts';
import { type GraphQLContext, requireSession, requireUser } from '../../graphql/context.ts';
import { absentNulls } from '../../graphql/input.ts';
import { viewerScope } from '../../graphql/loaders.ts';
import { parseInput } from '../../shared/errors.ts';
import type { UserAuthenticationRow, UserEmailRow, UserRow } from './accounts.repository.ts';
import { userLanguage, userOptions } from './accounts.service.ts';
import type { SignedIn } from './sign-in.service.ts';

export const LanguageEnum = builder.enumType('Language', { values: languages });

const UserEmailRef = builder.objectRef<UserEmailRow>('UserEmail').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    email: t.exposeString('email'),
    isVerified: t.exposeBoolean('isVerified'),
    isPrimary: t.exposeBoolean('isPrimary'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const UserAuthenticationRef = builder.objectRef<UserAuthenticationRow>('UserAuthentication').implement({
  description: 'A linked sign-in method of another service.',
  fields: (t) => ({
    id: t.exposeID('id'),
    service: t.exposeString('service'),
    identifier: t.exposeString('identifier'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const UserOptionsRef = builder.objectRef<ReturnType<typeof userOptions>>('UserOptions').implement({
  fields: (t) => ({
    dashboardMeters: t.exposeIntList('dashboardMeters'),
    dashboardProjects: t.exposeIntList('dashboardProjects'),
    dashboardSpacesHidden: t.exposeIntList('dashboardSpacesHidden'),
    dashboardSpacesOpen: t.exposeIntList('dashboardSpacesOpen'),
    menuOrganizations: t.exposeIDList('menuOrganizations'),
    menuProjects: t.exposeIntList('menuProjects'),
    ui: t.expose('ui', { type: 'JSON' }),
    meterLists: t.expose('meterLists', { type: 'JSON' }),
  }),
});

export const UserRef = builder.objectRef<UserRow>('User').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    username: t.exposeString('username'),
    name: t.exposeString('name', { nullable: true }),
    company: t.exposeString('company', { nullable: true }),
    avatarUrl: t.exposeString('avatarUrl', { nullable: true }),
    isAdmin: t.exposeBoolean('isAdmin'),
    isVerified: t.boolean({
      description: 'True when the primary email address is verified.',
      resolve: (user, _args, context) => context.services.accountEmails.isVerified(user.id),
    }),
    hasPassword: t.boolean({ resolve: (user) => user.passwordHash !== null }),
    language: t.field({ type: LanguageEnum, resolve: (user) => userLanguage(user) }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    active: t.exposeBoolean('active'),
    deactivated: t.boolean({ resolve: (user) => user.deactivatedAt !== null }),
    notifyOnMeterError: t.exposeBoolean('notifyOnMeterError'),
    emails: t.field({
      type: [UserEmailRef],
      description: 'At most 50; the primary address first.',
      resolve: (user, _args, context) => context.services.accountEmails.listEmails(user.id),
    }),
    authentications: t.field({
      type: [UserAuthenticationRef],
      description: 'At most 50.',
      resolve: (user, _args, context) => context.services.accounts.listAuthentications(user.id),
    }),
    options: t.field({ type: UserOptionsRef, resolve: (user) => userOptions(user) }),
  }),
});

const UserOptionsInput = builder.inputType('UserOptionsInput', {
  fields: (t) => ({
    dashboardMeters: t.intList(),
    dashboardProjects: t.intList(),
    dashboardSpacesHidden: t.intList(),
    dashboardSpacesOpen: t.intList(),
    menuOrganizations: t.idList(),
    menuProjects: t.intList(),
    ui: t.field({ type: 'JSON' }),
    meterLists: t.field({ type: 'JSON' }),
  }),
});

/**
 * Sets the new session's cookie and the browser's new device cookie, and makes the rest of this
 * request see the signed-in user.
 */
async function signIn(context: GraphQLContext, result: SignedIn): Promise<UserRow> {
  context.setSessionCookie(result.session.token);
  context.setDeviceCookie(result.device);
  context.session = await context.services.sessions.resolve(result.session.token);
  Object.assign(context, viewerScope(context.services, context.session?.user ?? null));
  return result.user;
}

builder.queryField('currentUser', (t) =>
  t.field({
    type: UserRef,
    nullable: true,
    description: 'The signed-in user; null when nobody is signed in.',
    resolve: (_root, _args, context) => context.session?.user ?? null,
  }),
);

builder.mutationFields((t) => ({
  login: t.field({
    type: UserRef,
    description: 'Signs in with a username (or an email address) and a password; starts a new session.',
    args: { username: t.arg.string({ required: true }), password: t.arg.string({ required: true }) },
    resolve: async (_root, args, context) => {
      const input = parseInput(loginInput, args);
      return signIn(context, await context.services.signIn.login(input, context.client));
    },
  }),
  logout: t.boolean({
    resolve: async (_root, _args, context) => {
      if (context.session) await context.services.signIn.logout(context.session.id);
      context.setSessionCookie(null);
      return true;
    },
  }),
  register: t.field({
    type: UserRef,
    description: 'Creates an account, sends a verification mail and signs in.',
    args: {
      username: t.arg.string({ required: true }),
      password: t.arg.string({ required: true }),
      email: t.arg.string({ required: true }),
      name: t.arg.string(),
      company: t.arg.string(),
      language: t.arg({ type: LanguageEnum }),
    },
    resolve: async (_root, args, context) => {
      const input = parseInput(registerInput, args);
      return signIn(context, await context.services.signIn.register(input, context.client));
    },
  }),
  forgotPassword: t.boolean({
    description: 'Mails a reset link when the address belongs to an account; answers true either way.',
    args: { email: t.arg.string({ required: true }) },
    resolve: async (_root, args, context) => {
      const input = parseInput(forgotPasswordInput, args);
      await context.services.signIn.forgotPassword(input.email, context.client);
      return true;
    },
  }),
  resetPassword: t.field({
    type: UserRef,
    description: 'Sets a new password with a mailed token, ends every other session and signs in.',
    args: {
      userId: t.arg.id({ required: true }),
      token: t.arg.string({ required: true }),
      password: t.arg.string({ required: true }),
    },
    resolve: async (_root, args, context) => {
      const input = parseInput(resetPasswordInput, args);
      return signIn(context, await context.services.signIn.resetPassword(input, context.client));
    },
  }),
  changePassword: t.field({
    type: UserRef,
    description: 'Ends every session of the user and starts a new one for this browser.',
    args: { oldPassword: t.arg.string({ required: true }), newPassword: t.arg.string({ required: true }) },
    resolve: async (_root, args, context) => {
      const user = requireUser(context);
      const input = parseInput(changePasswordInput, args);
      return signIn(context, await context.services.signIn.changePassword(user, input, context.client));
    },
  }),
  verifyEmail: t.boolean({
    description: 'Marks an address verified with the token mailed to it; works without signing in.',
    args: { userEmailId: t.arg.id({ required: true }), token: t.arg.string({ required: true }) },
    resolve: async (_root, args, context) => {
      await context.services.accountEmails.verifyEmail(parseInput(verifyEmailInput, args));
      return true;
    },
  }),
  resendEmailVerification: t.boolean({
    resolve: async (_root, _args, context) => {
      await context.services.accountEmails.resendEmailVerification(requireUser(context));
      return true;
    },
  }),
  addEmail: t.field({
    type: [UserEmailRef],
    args: { email: t.arg.string({ required: true }) },
    resolve: (_root, args, context) => {
      const user = requireUser(context);
      return context.services.accountEmails.addEmail(user, parseInput(addEmailInput, args));
    },
  }),
  makeEmailPrimary: t.field({
    type: [UserEmailRef],
    args: { userEmailId: t.arg.id({ required: true }) },
    resolve: (_root, args, context) => {
      const user = requireUser(context);
      return context.services.accountEmails.makeEmailPrimary(user, parseInput(userEmailIdInput, args).userEmailId);
    },
  }),
  deleteUserEmail: t.field({
    type: [UserEmailRef],
    args: { userEmailId: t.arg.id({ required: true }) },
    resolve: (_root, args, context) => {
      const user = requireUser(context);
      return context.services.accountEmails.deleteUserEmail(user, parseInput(userEmailIdInput, args).userEmailId);
    },
  }),
  requestAccountDeletion: t.boolean({
    description: 'Mails a confirmation link to the primary address.',
    resolve: async (_root, _args, context) => {
      await context.services.accounts.requestAccountDeletion(requireUser(context));
      return true;
    },
  }),
  confirmAccountDeletion: t.boolean({
    description: 'Deletes the account that the mailed token belongs to, and ends its sessions.',
    args: { token: t.arg.string({ required: true }) },
    resolve: async (_root, args, context) => {
      const input = parseInput(confirmAccountDeletionInput, args);
      await context.services.accounts.confirmAccountDeletion(context.session?.user ?? null, input.token);
      if (context.session) context.setSessionCookie(null);
      return true;
    },
  }),
  updateUser: t.field({
    type: UserRef,
    args: {
      name: t.arg.string(),
      company: t.arg.string(),
      language: t.arg({ type: LanguageEnum }),
      notifyOnMeterError: t.arg.boolean(),
    },
    resolve: (_root, args, context) => {
      const user = requireUser(context);
      return context.services.accounts.updateUser(user, parseInput(updateUserInput, args));
    },
  }),
  updateUserOptions: t.field({
    type: UserRef,
    description: 'Replaces the given option groups; groups not given stay as they are.',
    args: { options: t.arg({ type: UserOptionsInput, required: true }) },
    resolve: (_root, args, context) => {
      const user = requireUser(context);
      const input = parseInput(updateUserOptionsInput, { options: absentNulls(args.options) });
      return context.services.accounts.updateUserOptions(user, input);
    },
  }),
  unlinkAuthentication: t.field({
    type: UserRef,
    args: { authenticationId: t.arg.id({ required: true }) },
    resolve: (_root, args, context) => {
      const user = requireUser(context);
      const input = parseInput(unlinkAuthenticationInput, args);
      return context.services.accounts.unlinkAuthentication(user, input.authenticationId);
    },
  }),
}));

builder.subscriptionField('currentUserUpdated', (t) =>
  t.field({
    type: UserRef,
    nullable: true,
    description: 'The signed-in user, again after each change to it; null once the session ends.',
    subscribe: (_root, _args, context) => currentUserChanges(context),
    resolve: (user) => user,
  }),
);

/** Yields the user after every change, and null (then ends) when the session or the account ends. */
async function* currentUserChanges(context: GraphQLContext): AsyncGenerator<UserRow | null> {
  const session = requireSession(context);
  const stop = new AbortController();
  const updates = context.events.subscribe('user.updated', stop.signal);
  const endings = context.events.subscribe('session.ended', stop.signal);
  const queue: Array<'updated' | 'ended'> = [];
  let wake: (() => void) | undefined;
  const push = (event: 'updated' | 'ended') => {
    queue.push(event);
    wake?.();
  };
  void (async () => {
    for await (const event of updates) if (event.userId === session.user.id) push('updated');
  })();
  void (async () => {
    for await (const event of endings) if (event.sessionId === session.id) push('ended');
  })();
  try {
    while (true) {
      if (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      const event = queue.shift();
      const current = event === 'ended' ? null : await context.services.sessions.resolveById(session.id);
      if (!current) {
        yield null;
        return;
      }
      yield current.user;
    }
  } finally {
    stop.abort();
  }
}
