import type { reportBugInput } from '@olo/shared';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { RateLimiter } from '../../shared/rate-limits.ts';
import type { ClientInfo } from '../sessions/sessions.service.ts';
import type { BugReportsRepository } from './bug-reports.repository.ts';

export class BugReportsService {
  constructor(
    private readonly repository: BugReportsRepository,
    private readonly logger: Logger,
    private readonly rateLimits: RateLimiter,
  ) {}

  /**
   * Stores a client-side error report; the log line lets operators see it without a query. Counted
   * per account when signed in, else per IP.
   */
  async report(userId: string | null, input: z.output<typeof reportBugInput>, client: ClientInfo): Promise<void> {
    if (userId) this.rateLimits.take(['reportBugPerAccount', userId]);
    else this.rateLimits.take(['reportBugPerIp', client.ip]);
    await this.repository.insert({
      userId,
      message: input.message,
      url: input.url ?? null,
      data: input.data ?? null,
      userAgent: client.userAgent?.slice(0, 500) ?? null,
    });
    this.logger.warn({ userId, url: input.url, message: input.message.slice(0, 500) }, 'client reported a bug');
  }
}
