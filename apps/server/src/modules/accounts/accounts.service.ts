import crypto from 'node:crypto';
import {
  accountErrors,
  accountLimits,
  type addEmailInput,
  type changePasswordInput,
  defaultLanguage,
  isLanguage,
  type Language,
  type loginInput,
  type registerInput,
  type resetPasswordInput,
  type UserOptions,
  type updateUserInput,
  type updateUserOptionsInput,
  userOptionsSchema,
  type verifyEmailInput,
} from '@olo/shared';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { Mailer, MailMessage } from '../../channels/mail/mailer.ts';
import { MailOutbox } from '../../channels/mail/outbox.ts';
import type { UserTokenPurpose } from '../../db/tables/index.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { AppError } from '../../shared/errors.ts';
import type { RateLimiter } from '../../shared/rate-limits.ts';
import { createToken, hashToken } from '../../shared/tokens.ts';
import type { ClientInfo, SessionsService } from '../sessions/sessions.service.ts';
import { accountMail } from './account-mails.ts';
import type { AccountsRepository, UserEmailRow, UserRow } from './accounts.repository.ts';
import type { DeviceCookies } from './device-cookies.ts';
import { type LoginThrottle, loginAccountKey } from './login-throttle.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

const hour = 60 * 60 * 1000;
const tokenLifetimeMs: Record<UserTokenPurpose, number> = {
  verify_email: 7 * 24 * hour,
  reset_password: 2 * hour,
  delete_account: 2 * hour,
};

export interface AccountsServiceDeps {
  repository: AccountsRepository;
  sessions: SessionsService;
  mailer: Mailer;
  events: EventBus;
  throttle: LoginThrottle;
  devices: DeviceCookies;
  limits: RateLimiter;
  logger: Logger;
  publicUrl: string;
  siteName: string;
}

/** A signed-in result: the user, the new session's cookie value and a new device cookie's. */
export interface SignedIn {
  user: UserRow;
  session: { token: string; id: string };
  device: string;
}

export function userLanguage(user: Pick<UserRow, 'language'>): Language {
  return isLanguage(user.language) ? user.language : defaultLanguage;
}

export function userOptions(user: Pick<UserRow, 'options'>): UserOptions {
  const parsed = userOptionsSchema.safeParse(user.options ?? {});
  return parsed.success ? parsed.data : userOptionsSchema.parse({});
}

export class AccountsService {
  private readonly outbox: MailOutbox;

  constructor(private readonly deps: AccountsServiceDeps) {
    this.outbox = new MailOutbox(deps.mailer, deps.logger);
  }

  private get repository() {
    return this.deps.repository;
  }

  /** Mail goes out after the change commits and never fails the request; failures are logged. */
  private deliver(message: MailMessage): void {
    this.outbox.deliver(message);
  }

  /** Waits for mail still being sent (shutdown, tests). */
  flushMail(): Promise<void> {
    return this.outbox.flush();
  }

  private async issueToken(userId: string, purpose: UserTokenPurpose, userEmailId?: string): Promise<string> {
    const { token, hash } = createToken();
    await this.repository.insertToken({
      userId,
      purpose,
      tokenHash: hash,
      expiresAt: new Date(Date.now() + tokenLifetimeMs[purpose]),
      ...(userEmailId ? { userEmailId } : {}),
    });
    return token;
  }

  private link(pathname: string, params: Record<string, string>): string {
    return `${this.deps.publicUrl}${pathname}?${new URLSearchParams(params).toString()}`;
  }

  /**
   * Mails a verification link to an address the user claims; when another account has verified
   * it, its owner is told instead, so that the answer never shows whether an address is known.
   */
  private async sendVerification(user: UserRow, email: UserEmailRow): Promise<void> {
    const owner = await this.repository.findVerifiedOwner(email.email);
    if (owner && owner.user.id !== user.id) {
      this.deliver(
        accountMail('addressInUse', {
          to: owner.email.email,
          language: userLanguage(owner.user),
          siteName: this.deps.siteName,
          link: `${this.deps.publicUrl}/forgot`,
        }),
      );
      return;
    }
    const token = await this.issueToken(user.id, 'verify_email', email.id);
    this.deliver(
      accountMail('verifyEmail', {
        to: email.email,
        language: userLanguage(user),
        siteName: this.deps.siteName,
        link: this.link('/verify', { id: email.id, token }),
      }),
    );
  }

  private async changed(userId: string): Promise<void> {
    await this.deps.events.publish('user.updated', { userId });
  }

  /** An address that another account has verified is claimed unverified; its owner gets a notice. */
  async register(input: z.output<typeof registerInput>, client: ClientInfo): Promise<SignedIn> {
    this.deps.limits.take(['registerPerIp', client.ip], ['registerPerAddress', input.email]);
    const passwordHash = await hashPassword(input.password);
    const { user, email } = await this.repository.transaction(async (repository) => {
      const user = await repository.insertUser({
        username: input.username,
        passwordHash,
        name: input.name,
        company: input.company,
        language: input.language ?? defaultLanguage,
      });
      const email = await repository.insertEmail({ userId: user.id, email: input.email, isPrimary: true });
      return { user, email };
    });
    await this.sendVerification(user, email);
    return this.signedIn(user, client);
  }

  private async signedIn(user: UserRow, client: ClientInfo): Promise<SignedIn> {
    const session = await this.deps.sessions.start(user.id, client);
    return { user, session, device: this.deps.devices.issue(user.id) };
  }

  /**
   * Checks a password against the throttle: a sign-in carrying this account's device cookie
   * (`device`) is judged by that device's failures, any other attempt by the account's (decision
   * 0144). Throws TOO_MANY_REQUESTS during a wait, without checking the password or counting it.
   */
  private async passwordAccepted(
    user: UserRow | undefined,
    givenName: string,
    password: string,
    client: ClientInfo,
    device?: string,
  ): Promise<boolean> {
    const account = loginAccountKey(user, givenName);
    if (this.deps.throttle.waitMs(client.ip, account, device) > 0) {
      throw new AppError('TOO_MANY_REQUESTS', accountErrors.tooManyAttempts);
    }
    const accepted = (await verifyPassword(user?.passwordHash, password)) && user?.active === true;
    if (accepted) this.deps.throttle.recordSuccess(account, device);
    else this.deps.throttle.recordFailure(client.ip, account, device);
    return accepted;
  }

  /**
   * Failures count against the account, whether named by its username or an address, or against
   * the browser's device when its device cookie names this account.
   */
  async login(input: z.output<typeof loginInput>, client: ClientInfo): Promise<SignedIn> {
    let user = await this.repository.findUserByUsername(input.username);
    if (!user && input.username.includes('@')) user = (await this.repository.findUserByEmail(input.username))?.user;
    const device = user ? this.deps.devices.deviceOf(client.deviceCookie, user.id) : undefined;
    if (!(await this.passwordAccepted(user, input.username, input.password, client, device)) || !user) {
      throw new AppError('INVALID_CREDENTIALS', accountErrors.invalidCredentials);
    }
    return this.signedIn(user, client);
  }

  logout(sessionId: string): Promise<void> {
    return this.deps.sessions.end(sessionId);
  }

  /** Always succeeds, so that the answer does not tell whether an address has an account. */
  async forgotPassword(email: string, client: ClientInfo): Promise<void> {
    this.deps.limits.take(['forgotPasswordPerIp', client.ip], ['forgotPasswordPerAddress', email]);
    const found = await this.repository.findUserByEmail(email);
    if (!found?.user.active) return;
    await this.repository.revokeTokens(found.user.id, 'reset_password', new Date());
    const token = await this.issueToken(found.user.id, 'reset_password');
    this.deliver(
      accountMail('resetPassword', {
        to: found.email.email,
        language: userLanguage(found.user),
        siteName: this.deps.siteName,
        link: this.link('/reset', { userId: found.user.id, token }),
      }),
    );
  }

  async resetPassword(input: z.output<typeof resetPasswordInput>, client: ClientInfo): Promise<SignedIn> {
    const passwordHash = await hashPassword(input.password);
    const user = await this.repository.transaction(async (repository) => {
      const token = await repository.consumeToken('reset_password', hashToken(input.token), new Date());
      if (!token || token.userId !== input.userId) throw new AppError('INVALID_TOKEN', accountErrors.invalidToken);
      return repository.updateUser(token.userId, { passwordHash });
    });
    // The mailed link proves the owner: guesses counted so far no longer hold the account back.
    this.deps.throttle.clearAccount(loginAccountKey(user, user.username));
    await this.deps.sessions.endAllForUser(user.id);
    const signedIn = await this.signedIn(user, client);
    await this.changed(user.id);
    return signedIn;
  }

  /**
   * Ends every session of the user, this one included, and starts a fresh one for this client. A
   * wrong old password counts as a failed sign-in of the account, device cookie or not: whoever
   * guesses through a signed-in browser keeps the account's other sign-ins waiting too.
   */
  async changePassword(
    user: UserRow,
    input: z.output<typeof changePasswordInput>,
    client: ClientInfo,
  ): Promise<SignedIn> {
    if (user.passwordHash && !(await this.passwordAccepted(user, user.username, input.oldPassword, client))) {
      throw new AppError('BAD_USER_INPUT', accountErrors.wrongPassword, [
        { path: 'oldPassword', message: accountErrors.wrongPassword },
      ]);
    }
    const updated = await this.repository.updateUser(user.id, { passwordHash: await hashPassword(input.newPassword) });
    await this.deps.sessions.endAllForUser(user.id);
    const signedIn = await this.signedIn(updated, client);
    await this.changed(user.id);
    return signedIn;
  }

  async verifyEmail(input: z.output<typeof verifyEmailInput>): Promise<void> {
    const { userId, lostClaims } = await this.repository.transaction(async (repository) => {
      const token = await repository.consumeToken('verify_email', hashToken(input.token), new Date());
      if (!token || token.userEmailId !== input.userEmailId) {
        throw new AppError('INVALID_TOKEN', accountErrors.invalidToken);
      }
      const lostClaims = await repository.markEmailVerified(input.userEmailId);
      return { userId: token.userId, lostClaims };
    });
    for (const changed of new Set([userId, ...lostClaims])) await this.changed(changed);
  }

  /** Sends a new verification link to each unverified address of the user. */
  async resendEmailVerification(user: UserRow): Promise<void> {
    this.deps.limits.take(['resendVerificationPerAccount', user.id]);
    const emails = await this.repository.listEmails(user.id, accountLimits.maxEmailsPerUser);
    const unverified = emails.filter((email) => !email.isVerified);
    if (unverified.length === 0) return;
    await this.repository.revokeTokens(user.id, 'verify_email', new Date());
    for (const email of unverified) await this.sendVerification(user, email);
  }

  listEmails(userId: string): Promise<UserEmailRow[]> {
    return this.repository.listEmails(userId, accountLimits.maxEmailsPerUser);
  }

  async isVerified(userId: string): Promise<boolean> {
    return (await this.repository.findPrimaryEmail(userId))?.isVerified ?? false;
  }

  listAuthentications(userId: string) {
    return this.repository.listAuthentications(userId, accountLimits.maxAuthenticationsPerUser);
  }

  async addEmail(user: UserRow, input: z.output<typeof addEmailInput>): Promise<UserEmailRow[]> {
    if ((await this.repository.countEmails(user.id)) >= accountLimits.maxEmailsPerUser) {
      throw new AppError('BAD_USER_INPUT', 'Too many email addresses', [
        { path: 'email', message: 'Too many email addresses' },
      ]);
    }
    // The user's own addresses only: whether another account has it shows nowhere in the answer.
    if (await this.repository.hasEmail(user.id, input.email)) {
      throw new AppError('CONFLICT', accountErrors.duplicateEmail, [
        { path: 'email', message: accountErrors.duplicateEmail },
      ]);
    }
    this.deps.limits.take(['addEmailPerAccount', user.id], ['addEmailPerAddress', input.email]);
    const email = await this.repository.insertEmail({ userId: user.id, email: input.email });
    await this.sendVerification(user, email);
    await this.changed(user.id);
    return this.listEmails(user.id);
  }

  private async ownEmail(user: UserRow, userEmailId: string): Promise<UserEmailRow> {
    const email = await this.repository.findEmail(userEmailId);
    if (!email || email.userId !== user.id) throw new AppError('NOT_FOUND', accountErrors.notFound);
    return email;
  }

  async makeEmailPrimary(user: UserRow, userEmailId: string): Promise<UserEmailRow[]> {
    const email = await this.ownEmail(user, userEmailId);
    if (!email.isVerified) throw new AppError('BAD_USER_INPUT', accountErrors.emailNotVerified);
    await this.repository.transaction((repository) => repository.setPrimaryEmail(user.id, email.id));
    await this.changed(user.id);
    return this.listEmails(user.id);
  }

  async deleteUserEmail(user: UserRow, userEmailId: string): Promise<UserEmailRow[]> {
    const email = await this.ownEmail(user, userEmailId);
    if (email.isPrimary) throw new AppError('BAD_USER_INPUT', accountErrors.primaryEmail);
    await this.repository.deleteEmail(email.id);
    await this.changed(user.id);
    return this.listEmails(user.id);
  }

  async requestAccountDeletion(user: UserRow): Promise<void> {
    const email = await this.repository.findPrimaryEmail(user.id);
    if (!email) throw new AppError('BAD_USER_INPUT', 'Add an email address first');
    await this.repository.revokeTokens(user.id, 'delete_account', new Date());
    const token = await this.issueToken(user.id, 'delete_account');
    this.deliver(
      accountMail('deleteAccount', {
        to: email.email,
        language: userLanguage(user),
        siteName: this.deps.siteName,
        link: this.link('/profile', { confirmDeletion: token }),
      }),
    );
  }

  /** The token alone proves the request; a signed-in caller must be the same user. */
  async confirmAccountDeletion(caller: UserRow | null, token: string): Promise<void> {
    const userId = await this.repository.transaction(async (repository) => {
      const row = await repository.consumeToken('delete_account', hashToken(token), new Date());
      if (!row || (caller && caller.id !== row.userId)) throw new AppError('INVALID_TOKEN', accountErrors.invalidToken);
      return row.userId;
    });
    await this.deps.sessions.endAllForUser(userId);
    await this.repository.deleteUser(userId);
    await this.changed(userId);
  }

  async updateUser(user: UserRow, input: z.output<typeof updateUserInput>): Promise<UserRow> {
    const changes: Partial<UserRow> = {};
    if (input.name !== undefined) changes.name = input.name;
    if (input.company !== undefined) changes.company = input.company;
    if (input.language) changes.language = input.language;
    if (input.notifyOnMeterError !== undefined && input.notifyOnMeterError !== null) {
      changes.notifyOnMeterError = input.notifyOnMeterError;
    }
    const updated = await this.repository.updateUser(user.id, changes);
    await this.changed(user.id);
    return updated;
  }

  /** Merges the given option groups over the stored ones; groups not given stay as they are. */
  async updateUserOptions(user: UserRow, input: z.output<typeof updateUserOptionsInput>): Promise<UserRow> {
    const options = { ...userOptions(user), ...input.options };
    const updated = await this.repository.updateUser(user.id, { options });
    await this.changed(user.id);
    return updated;
  }

  async unlinkAuthentication(user: UserRow, authenticationId: string): Promise<UserRow> {
    // Unlinking the last way in would lock the user out.
    if (!user.passwordHash && (await this.repository.countAuthentications(user.id)) <= 1) {
      throw new AppError('BAD_USER_INPUT', 'Set a password before removing the last sign-in method');
    }
    if (!(await this.repository.deleteAuthentication(user.id, authenticationId))) {
      throw new AppError('NOT_FOUND', accountErrors.notFound);
    }
    await this.changed(user.id);
    return user;
  }

  findUserByUsername(username: string): Promise<UserRow | undefined> {
    return this.repository.findUserByUsername(username);
  }

  /** An account whose primary address counts as verified: demo data and the admin console. */
  async createVerifiedUser(input: {
    username: string;
    password: string;
    email: string;
    name?: string;
    company?: string;
    language?: Language;
    isAdmin?: boolean;
  }): Promise<UserRow> {
    const passwordHash = await hashPassword(input.password);
    return this.repository.transaction(async (repository) => {
      const user = await repository.insertUser({
        username: input.username,
        passwordHash,
        name: input.name ?? null,
        company: input.company ?? null,
        language: input.language ?? defaultLanguage,
        isAdmin: input.isAdmin ?? false,
      });
      await repository.insertEmail({
        userId: user.id,
        email: input.email.toLowerCase(),
        isPrimary: true,
        isVerified: true,
      });
      return user;
    });
  }

  /**
   * Creates the site admin on first start. Returns the generated password when none was
   * configured, so that it can be printed once; returns undefined when an admin exists.
   */
  async ensureSiteAdmin(configuredPassword: string | undefined): Promise<{ password?: string } | undefined> {
    if (await this.repository.hasAdmin()) return undefined;
    const password = configuredPassword ?? crypto.randomBytes(12).toString('base64url');
    const existing = await this.repository.findUserByUsername('admin');
    const passwordHash = await hashPassword(password);
    if (existing) await this.repository.updateUser(existing.id, { isAdmin: true, passwordHash });
    else await this.repository.insertUser({ username: 'admin', passwordHash, isAdmin: true, name: 'Admin' });
    return configuredPassword ? {} : { password };
  }
}
