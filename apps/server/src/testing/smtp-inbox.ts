import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Headers by lower-case name (the last of a repeated one). */
  headers: Record<string, string>;
  /** Attached files; in the saved JSON their content is left out. */
  attachments: Array<{ filename: string; mimeType: string; content: Buffer }>;
}

/**
 * A real SMTP server on loopback that keeps what it receives, for tests that follow mailed links.
 * With `saveDir`, each mail is also written there as JSON, for tests in other processes (browser tests).
 */
export async function startSmtpInbox(options: { saveDir?: string; port?: number } = {}) {
  const mails: ReceivedMail[] = [];
  /** Mails still to refuse with a temporary error (451), as a mail server away for a moment does. */
  let refusing = 0;
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        if (refusing > 0) {
          refusing--;
          callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
          return;
        }
        const parsed = await PostalMime.parse(Buffer.concat(chunks));
        const mail: ReceivedMail = {
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          html: parsed.html ?? '',
          headers: Object.fromEntries(parsed.headers.map((header) => [header.key.toLowerCase(), header.value])),
          attachments: parsed.attachments.map((attachment) => ({
            filename: attachment.filename ?? '',
            mimeType: attachment.mimeType,
            content: Buffer.from(attachment.content as ArrayBuffer),
          })),
        };
        mails.push(mail);
        if (options.saveDir) {
          fs.mkdirSync(options.saveDir, { recursive: true });
          // Written aside and renamed, so that a reader polling the folder never sees half a mail.
          const file = path.join(options.saveDir, `${Date.now()}-${mails.length}.json`);
          const saved = {
            ...mail,
            attachments: mail.attachments.map(({ content, ...rest }) => ({ ...rest, size: content.length })),
          };
          fs.writeFileSync(`${file}.part`, JSON.stringify(saved));
          fs.renameSync(`${file}.part`, file);
        }
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** Refuses the next `count` mails with 451. */
    refuse(count: number) {
      refusing = count;
    },
    /** Resolves with the first mail to `to` (after `skip` earlier ones) that matches; 10 s at most. */
    async waitFor(to: string, match: (mail: ReceivedMail) => boolean = () => true, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (true) {
        const found = mails.find((mail) => mail.to.includes(to.toLowerCase()) && match(mail));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            resolve();
          };
          waiters.add(wake);
          setTimeout(wake, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail's text that starts with `prefix`. */
export function linkIn(mail: ReceivedMail, prefix: string): URL {
  const match = mail.text.match(new RegExp(`${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\S+`));
  if (!match) throw new Error(`no link starting with ${prefix} in mail "${mail.subject}"`);
  return new URL(match[0]);
}
