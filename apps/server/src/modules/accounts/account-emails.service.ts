import { accountBounds, accountErrors, type addEmailInput, type verifyEmailInput } from '@olo/shared';
import type { z } from 'zod';
import { AppError } from '../../shared/errors.ts';
import type { RateLimiter } from '../../shared/rate-limits.ts';
import { hashToken } from '../../shared/tokens.ts';
import type { AccountNotices } from './account-notices.ts';
import type { AccountsRepository, UserEmailRow, UserRow } from './accounts.repository.ts';

export interface AccountEmailsServiceDeps {
  repository: AccountsRepository;
  notices: AccountNotices;
  rateLimits: RateLimiter;
}

/** A user's email addresses: adding, verifying, the primary one and removing. */
export class AccountEmailsService {
  constructor(private readonly deps: AccountEmailsServiceDeps) {}

  private get repository() {
    return this.deps.repository;
  }

  /** Waits for account mail still being sent, sign-in's and the account's too: they share one outbox. */
  flushMail(): Promise<void> {
    return this.deps.notices.flush();
  }

  /**
   * Mails a verification link to an address the user claims; when another account has verified
   * it, its owner is told instead, so that the answer never shows whether an address is known.
   */
  async sendVerification(user: UserRow, email: UserEmailRow): Promise<void> {
    const { notices } = this.deps;
    const owner = await this.repository.findVerifiedOwner(email.email);
    if (owner && owner.user.id !== user.id) {
      notices.mail('addressInUse', owner.email.email, owner.user, notices.link('/forgot'));
      return;
    }
    const token = await notices.issueToken(user.id, 'verify_email', email.id);
    notices.mail('verifyEmail', email.email, user, notices.link('/verify', { id: email.id, token }));
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
    for (const changed of new Set([userId, ...lostClaims])) await this.deps.notices.changed(changed);
  }

  /** Sends a new verification link to each unverified address of the user. */
  async resendEmailVerification(user: UserRow): Promise<void> {
    this.deps.rateLimits.take(['resendVerificationPerAccount', user.id]);
    const emails = await this.repository.listEmails(user.id, accountBounds.maxEmailsPerUser);
    const unverified = emails.filter((email) => !email.isVerified);
    if (unverified.length === 0) return;
    await this.repository.revokeTokens(user.id, 'verify_email', new Date());
    for (const email of unverified) await this.sendVerification(user, email);
  }

  listEmails(userId: string): Promise<UserEmailRow[]> {
    return this.repository.listEmails(userId, accountBounds.maxEmailsPerUser);
  }

  async isVerified(userId: string): Promise<boolean> {
    return (await this.repository.findPrimaryEmail(userId))?.isVerified ?? false;
  }

  async addEmail(user: UserRow, input: z.output<typeof addEmailInput>): Promise<UserEmailRow[]> {
    if ((await this.repository.countEmails(user.id)) >= accountBounds.maxEmailsPerUser) {
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
    this.deps.rateLimits.take(['addEmailPerAccount', user.id], ['addEmailPerAddress', input.email]);
    const email = await this.repository.insertEmail({ userId: user.id, email: input.email });
    await this.sendVerification(user, email);
    await this.deps.notices.changed(user.id);
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
    await this.deps.notices.changed(user.id);
    return this.listEmails(user.id);
  }

  async deleteUserEmail(user: UserRow, userEmailId: string): Promise<UserEmailRow[]> {
    const email = await this.ownEmail(user, userEmailId);
    if (email.isPrimary) throw new AppError('BAD_USER_INPUT', accountErrors.primaryEmail);
    await this.repository.deleteEmail(email.id);
    await this.deps.notices.changed(user.id);
    return this.listEmails(user.id);
  }
}
