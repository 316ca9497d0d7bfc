import fs from 'node:fs';
import path from 'node:path';
import { e2eMailDir } from './environment.ts';

export interface Mail {
  to: string[];
  subject: string;
  text: string;
  /** By lower-case name. */
  headers?: Record<string, string>;
  /** Attached files, without their content. */
  attachments?: Array<{ filename: string; mimeType: string; size: number }>;
}

/** Waits for a mail to `to` that the tests' SMTP server received and that `match` accepts. */
export async function waitForMail(to: string, match: (mail: Mail) => boolean, timeoutMs = 15_000): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = fs.existsSync(e2eMailDir) ? fs.readdirSync(e2eMailDir).filter((file) => file.endsWith('.json')) : [];
    for (const file of files.sort()) {
      const mail = JSON.parse(fs.readFileSync(path.join(e2eMailDir, file), 'utf8')) as Mail;
      if (mail.to.includes(to.toLowerCase()) && match(mail)) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no matching mail to ${to}`);
}

/** Waits for a mail to `to` that the tests' SMTP server received, and returns its first link under `prefix`. */
export async function waitForMailLink(
  to: string,
  prefix: string,
  timeoutMs = 15_000,
): Promise<{ mail: Mail; link: string }> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = fs.existsSync(e2eMailDir)
      ? fs
          .readdirSync(e2eMailDir)
          .filter((file) => file.endsWith('.json'))
          .sort()
      : [];
    for (const file of files) {
      const mail = JSON.parse(fs.readFileSync(path.join(e2eMailDir, file), 'utf8')) as Mail;
      if (!mail.to.includes(to.toLowerCase())) continue;
      const link = mail.text.split(/\s+/).find((word) => word.startsWith(prefix));
      if (link) return { mail, link };
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail to ${to} with a link under ${prefix}`);
}
