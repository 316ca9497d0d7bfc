import path from 'node:path';
import type { Logger } from 'pino';
import { createMailer, type Mailer } from '../channels/mail/mailer.ts';
import type { Config } from '../config.ts';
import { createLocalEventBus, createRedisEventBus, type EventBus } from '../events/event-bus.ts';
import type { Closers } from './closers.ts';

/** The event bus: in-process, or Redis pub/sub when instances share the database (REDIS_URL). */
export async function openEventBus(config: Config, closers: Closers): Promise<EventBus> {
  const events = config.redisUrl ? await createRedisEventBus(config.redisUrl) : createLocalEventBus();
  closers.add(() => events.close());
  return events;
}

/** SMTP, or `.eml` files under DATA_DIR/mail without SMTP_URL. */
export function openMailer(config: Config, logger: Logger, closers: Closers): Mailer {
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    mailDir: path.join(config.dataDir, 'mail'),
    logger,
  });
  closers.add(() => mailer.close());
  return mailer;
}
