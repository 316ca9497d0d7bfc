import crypto from 'node:crypto';
import {
  accountBounds,
  accountErrors,
  defaultLanguage,
  isLanguage,
  type Language,
  type UserOptions,
  type updateUserInput,
  type updateUserOptionsInput,
  userOptionsSchema,
} from '@olo/shared';
import type { z } from 'zod';
import { AppError } from '../../shared/errors.ts';
import { hashToken } from '../../shared/tokens.ts';
import type { SessionsService } from '../sessions/sessions.service.ts';
import type { AccountNotices } from './account-notices.ts';
import type { AccountsRepository, UserRow } from './accounts.repository.ts';
import { hashPassword } from './passwords.ts';

export interface AccountsServiceDeps {
  repository: AccountsRepository;
  sessions: SessionsService;
  notices: AccountNotices;
}

export function userLanguage(user: Pick<UserRow, 'language'>): Language {
  return isLanguage(user.language) ? user.language : defaultLanguage;
}

export function userOptions(user: Pick<UserRow, 'options'>): UserOptions {
  const parsed = userOptionsSchema.safeParse(user.options ?? {});
  return parsed.success ? parsed.data : userOptionsSchema.parse({});
}

/** The account itself: profile, options, sign-in methods, deletion, and accounts made by the site. */
export class AccountsService {
  constructor(private readonly deps: AccountsServiceDeps) {}

  private get repository() {
    return this.deps.repository;
  }

  listAuthentications(userId: string) {
    return this.repository.listAuthentications(userId, accountBounds.maxAuthenticationsPerUser);
  }

  async requestAccountDeletion(user: UserRow): Promise<void> {
    const { notices } = this.deps;
    const email = await this.repository.findPrimaryEmail(user.id);
    if (!email) throw new AppError('BAD_USER_INPUT', 'Add an email address first');
    await this.repository.revokeTokens(user.id, 'delete_account', new Date());
    const token = await notices.issueToken(user.id, 'delete_account');
    notices.mail('deleteAccount', email.email, user, notices.link('/profile', { confirmDeletion: token }));
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
    await this.deps.notices.changed(userId);
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
    await this.deps.notices.changed(user.id);
    return updated;
  }

  /** Merges the given option groups over the stored ones; groups not given stay as they are. */
  async updateUserOptions(user: UserRow, input: z.output<typeof updateUserOptionsInput>): Promise<UserRow> {
    const options = { ...userOptions(user), ...input.options };
    const updated = await this.repository.updateUser(user.id, { options });
    await this.deps.notices.changed(user.id);
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
    await this.deps.notices.changed(user.id);
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
