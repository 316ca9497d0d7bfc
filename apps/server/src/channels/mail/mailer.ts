import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Files attached, e.g. a report's PDF. */
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>;
  /** Extra headers, e.g. `List-Unsubscribe` and `List-Unsubscribe-Post` (RFC 8058). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * SMTP when `smtpUrl` is set; otherwise each message is written as an `.eml` file under `mailDir`,
 * so that a laptop install needs no mail server and the messages can still be opened.
 */
export function createMailer(options: { smtpUrl?: string; from: string; mailDir: string; logger: Logger }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await fs.mkdir(options.mailDir, { recursive: true });
      const file = path.join(
        options.mailDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.eml`,
      );
      await fs.writeFile(file, info.message as Buffer);
      options.logger.info({ to: message.to, subject: message.subject, file }, 'mail written');
    },
    close: () => transport.close(),
  };
}
