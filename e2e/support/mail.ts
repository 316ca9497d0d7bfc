import fs from 'node:fs';
import path from 'node:path';
import { e2eMailDir } from './environment.ts';

export interface Mail {
  to: string[];
  subject: string;
  text: string;
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
