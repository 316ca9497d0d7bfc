import {
  accountErrors,
  type changePasswordInput,
  defaultLanguage,
  type loginInput,
  type registerInput,
  type resetPasswordInput,
} from '@olo/shared';
import type { z } from 'zod';
import { AppError } from '../../shared/errors.ts';
import type { RateLimiter } from '../../shared/rate-limits.ts';
import { hashToken } from '../../shared/tokens.ts';
import type { ClientInfo, SessionsService } from '../sessions/sessions.service.ts';
import type { AccountEmailsService } from './account-emails.service.ts';
import type { AccountNotices } from './account-notices.ts';
import type { AccountsRepository, UserRow } from './accounts.repository.ts';
import type { DeviceCookies } from './device-cookies.ts';
import { type LoginThrottle, loginAccountKey } from './login-throttle.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

export interface SignInServiceDeps {
  repository: AccountsRepository;
  sessions: SessionsService;
  /** Registration mails the new address its verification link. */
  emails: AccountEmailsService;
  notices: AccountNotices;
  throttle: LoginThrottle;
  devices: DeviceCookies;
  rateLimits: RateLimiter;
}

/** A signed-in result: the user, the new session's cookie value and a new device cookie's. */
export interface SignedIn {
  user: UserRow;
  session: { token: string; id: string };
  device: string;
}

/** Registering, signing in and out, and passwords: forgotten, reset and changed. */
export class SignInService {
  constructor(private readonly deps: SignInServiceDeps) {}

  private get repository() {
    return this.deps.repository;
  }

  /** An address that another account has verified is claimed unverified; its owner gets a notice. */
  async register(input: z.output<typeof registerInput>, client: ClientInfo): Promise<SignedIn> {
    this.deps.rateLimits.take(['registerPerIp', client.ip], ['registerPerAddress', input.email]);
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
    await this.deps.emails.sendVerification(user, email);
    return this.signedIn(user, client);
  }

  private async signedIn(user: UserRow, client: ClientInfo): Promise<SignedIn> {
    const session = await this.deps.sessions.start(user.id, client);
    const signedInUser = await this.repository.updateUser(user.id, { lastSignInAt: new Date() });
    return { user: signedInUser, session, device: this.deps.devices.issue(user.id) };
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
    const { notices } = this.deps;
    this.deps.rateLimits.take(['forgotPasswordPerIp', client.ip], ['forgotPasswordPerAddress', email]);
    const found = await this.repository.findUserByEmail(email);
    if (!found?.user.active) return;
    await this.repository.revokeTokens(found.user.id, 'reset_password', new Date());
    const token = await notices.issueToken(found.user.id, 'reset_password');
    notices.mail(
      'resetPassword',
      found.email.email,
      found.user,
      notices.link('/reset', { userId: found.user.id, token }),
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
    await this.deps.notices.changed(user.id);
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
    await this.deps.notices.changed(user.id);
    return signedIn;
  }
}
