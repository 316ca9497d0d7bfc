import type { Language } from '@olo/shared';
import { escapeHtml } from '../../channels/mail/html.ts';
import type { MailMessage } from '../../channels/mail/mailer.ts';

interface Texts {
  subject: (target: string) => string;
  intro: (inviter: string, target: string) => string;
  action: string;
  code: string;
  expires: (days: number) => string;
}

const texts: Record<Language, Texts> = {
  fi: {
    subject: (target) => `Kutsu: ${target}`,
    intro: (inviter, target) => `${inviter} kutsui sinut kohteeseen ${target}.`,
    action: 'Hyväksy kutsu',
    code: 'Kutsukoodi',
    expires: (days) =>
      `Kutsu on voimassa ${days} vuorokautta. Jos sinulla ei vielä ole tunnusta, voit luoda sen linkin kautta.`,
  },
  sv: {
    subject: (target) => `Inbjudan: ${target}`,
    intro: (inviter, target) => `${inviter} bjöd in dig till ${target}.`,
    action: 'Godkänn inbjudan',
    code: 'Inbjudningskod',
    expires: (days) => `Inbjudan är giltig i ${days} dygn. Om du inte har ett konto ännu kan du skapa ett via länken.`,
  },
  en: {
    subject: (target) => `Invitation: ${target}`,
    intro: (inviter, target) => `${inviter} invited you to ${target}.`,
    action: 'Accept the invitation',
    code: 'Invitation code',
    expires: (days) =>
      `The invitation is valid for ${days} days. If you have no account yet, you can create one through the link.`,
  },
};

/** An invitation to an organization or a project, in the invitee's language, with link and code. */
export function invitationMail(options: {
  to: string;
  language: Language;
  inviter: string;
  target: string;
  link: string;
  code: string;
  days: number;
  siteName: string;
}): MailMessage {
  const t = texts[options.language];
  const intro = t.intro(options.inviter, options.target);
  return {
    to: options.to,
    subject: `${options.siteName}: ${t.subject(options.target)}`,
    text: `${intro}\n\n${options.link}\n\n${t.code}: ${options.code}\n${t.expires(options.days)}\n\n${options.siteName}\n`,
    html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(options.link)}">${escapeHtml(t.action)}</a></p><p>${escapeHtml(t.code)}: <code>${escapeHtml(options.code)}</code><br>${escapeHtml(t.expires(options.days))}</p><p>${escapeHtml(options.siteName)}</p>`,
  };
}
