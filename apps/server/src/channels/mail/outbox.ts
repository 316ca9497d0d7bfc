import type { Logger } from 'pino';
import type { Mailer, MailMessage } from './mailer.ts';

/**
 * Sends mail in the background: a request never waits for or fails on delivery (failures are
 * logged), and shutdown can wait for what is still being sent.
 */
export class MailOutbox {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly mailer: Mailer,
    private readonly logger: Logger,
  ) {}

  deliver(message: MailMessage): void {
    const sending = this.mailer
      .send(message)
      .catch((error: unknown) => this.logger.error({ err: error, to: message.to }, 'mail delivery failed'))
      .finally(() => this.pending.delete(sending));
    this.pending.add(sending);
  }

  async flush(): Promise<void> {
    await Promise.all([...this.pending]);
  }
}
