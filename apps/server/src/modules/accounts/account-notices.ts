import type { Logger } from 'pino';
import type { Mailer } from '../../channels/mail/mailer.ts';
import { MailOutbox } from '../../channels/mail/outbox.ts';
import type { UserTokenPurpose } from '../../db/tables/index.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { createToken } from '../../shared/tokens.ts';
import { type AccountMailKind, accountMail } from './account-mails.ts';
import type { AccountsRepository, UserRow } from './accounts.repository.ts';
import { userLanguage } from './accounts.service.ts';

const hour = 60 * 60 * 1000;
const tokenLifetimeMs: Record<UserTokenPurpose, number> = {
  verify_email: 7 * 24 * hour,
  reset_password: 2 * hour,
  delete_account: 2 * hour,
};

export interface AccountNoticesDeps {
  repository: AccountsRepository;
  mailer: Mailer;
  events: EventBus;
  logger: Logger;
  publicUrl: string;
  siteName: string;
}

/**
 * What the sign-in, address and account services send out, written once for the three: single-use
 * tokens, links to this site, account mail through one outbox, and the user.updated event.
 */
export class AccountNotices {
  private readonly outbox: MailOutbox;

  constructor(private readonly deps: AccountNoticesDeps) {
    this.outbox = new MailOutbox(deps.mailer, deps.logger);
  }

  /** Mail goes out after the change commits and never fails the request; failures are logged. */
  mail(kind: AccountMailKind, to: string, user: Pick<UserRow, 'language'>, link: string): void {
    this.outbox.deliver(accountMail(kind, { to, language: userLanguage(user), siteName: this.deps.siteName, link }));
  }

  /** Waits for mail still being sent (shutdown, tests). */
  flush(): Promise<void> {
    return this.outbox.flush();
  }

  async issueToken(userId: string, purpose: UserTokenPurpose, userEmailId?: string): Promise<string> {
    const { token, hash } = createToken();
    await this.deps.repository.insertToken({
      userId,
      purpose,
      tokenHash: hash,
      expiresAt: new Date(Date.now() + tokenLifetimeMs[purpose]),
      ...(userEmailId ? { userEmailId } : {}),
    });
    return token;
  }

  link(pathname: string, params?: Record<string, string>): string {
    if (!params) return `${this.deps.publicUrl}${pathname}`;
    return `${this.deps.publicUrl}${pathname}?${new URLSearchParams(params).toString()}`;
  }

  async changed(userId: string): Promise<void> {
    await this.deps.events.publish('user.updated', { userId });
  }
}
