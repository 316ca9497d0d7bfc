import type { Language, PeriodRange } from '@olo/shared';
import { escapeHtml } from '../../channels/mail/html.ts';
import type { MailMessage } from '../../channels/mail/mailer.ts';

const locales: Record<Language, string> = { fi: 'fi-FI', sv: 'sv-FI', en: 'en-GB' };

interface Texts {
  intro: (report: string, project: string, period: string) => string;
  attached: string;
  tooLarge: string;
  tooLargeOutside: string;
  open: string;
  unsubscribe: string;
  member: string;
}

const texts: Record<Language, Texts> = {
  fi: {
    intro: (report, project, period) => `Raportti ${report} (${project}) ajalta ${period}.`,
    attached: 'Raportti on liitteenä PDF-tiedostona.',
    tooLarge: 'Raportin PDF on liian suuri liitteeksi; avaa raportti Olossa:',
    tooLargeOutside: 'Raportin PDF on liian suuri liitteeksi. Pyydä raporttia sen lähettäjältä.',
    open: 'Avaa raportti:',
    unsubscribe: 'Et halua enää näitä viestejä? Peru tilaus:',
    member: 'Saat tämän viestin, koska sinut on lisätty raportin vastaanottajaksi.',
  },
  sv: {
    intro: (report, project, period) => `Rapporten ${report} (${project}) för ${period}.`,
    attached: 'Rapporten är bifogad som PDF-fil.',
    tooLarge: 'Rapportens PDF är för stor för att bifogas; öppna rapporten i Olo:',
    tooLargeOutside: 'Rapportens PDF är för stor för att bifogas. Be avsändaren om rapporten.',
    open: 'Öppna rapporten:',
    unsubscribe: 'Vill du inte längre få dessa meddelanden? Avsluta prenumerationen:',
    member: 'Du får detta meddelande eftersom du lagts till som mottagare av rapporten.',
  },
  en: {
    intro: (report, project, period) => `The report ${report} (${project}) for ${period}.`,
    attached: 'The report is attached as a PDF file.',
    tooLarge: "The report's PDF is too large to attach; open the report in Olo:",
    tooLargeOutside: "The report's PDF is too large to attach. Ask its sender for the report.",
    open: 'Open the report:',
    unsubscribe: 'No longer want these messages? Unsubscribe:',
    member: 'You get this message because you were added as a recipient of the report.',
  },
};

/** A period in words, its last day inclusive: "23.2.–1.3.2026", "23 feb.–1 mars 2026", "23 Feb – 1 Mar 2026". */
export function periodWords(range: PeriodRange, language: Language, timeZone: string): string {
  const format = new Intl.DateTimeFormat(locales[language], {
    timeZone,
    day: 'numeric',
    month: language === 'fi' ? 'numeric' : 'short',
    year: 'numeric',
  });
  // `to` is the next period's start: its last day is the one before.
  const last = new Date(Math.max(range.from.getTime(), range.to.getTime() - 1));
  // Intl puts thin spaces around the dash in some locales: plain ones read the same in any mail program.
  return format.formatRange(range.from, last).replace(/[\u2009\u202f]/g, ' ');
}

/**
 * One recipient's mail of a scheduled report: the subject names the report and the period, the body the project too;
 * the PDF attached, or when too large a link (members) or a note (outside addresses); outside addresses get a
 * one-click unsubscribe link in the body and in the `List-Unsubscribe` headers (RFC 8058).
 */
export function reportScheduleMail(options: {
  to: string;
  language: Language;
  reportName: string;
  projectName: string;
  range: PeriodRange;
  timeZone: string;
  /** The report's page in Olo, for members. */
  reportUrl: string;
  pdf: { filename: string; content: Buffer } | null;
  /** Set for outside addresses. */
  unsubscribeUrl: string | null;
  siteName: string;
}): MailMessage {
  const t = texts[options.language];
  const period = periodWords(options.range, options.language, options.timeZone);
  const outside = options.unsubscribeUrl !== null;
  const lines = [t.intro(options.reportName, options.projectName, period)];
  const html = [`<p>${escapeHtml(lines[0] as string)}</p>`];
  if (options.pdf) {
    lines.push(t.attached);
    html.push(`<p>${escapeHtml(t.attached)}</p>`);
  } else if (outside) {
    lines.push(t.tooLargeOutside);
    html.push(`<p>${escapeHtml(t.tooLargeOutside)}</p>`);
  } else {
    lines.push(`${t.tooLarge}\n${options.reportUrl}`);
    html.push(
      `<p>${escapeHtml(t.tooLarge)} <a href="${escapeHtml(options.reportUrl)}">${escapeHtml(options.reportUrl)}</a></p>`,
    );
  }
  if (!outside && options.pdf) {
    lines.push(`${t.open}\n${options.reportUrl}`);
    html.push(
      `<p>${escapeHtml(t.open)} <a href="${escapeHtml(options.reportUrl)}">${escapeHtml(options.reportUrl)}</a></p>`,
    );
  }
  if (options.unsubscribeUrl) {
    lines.push(`${t.unsubscribe}\n${options.unsubscribeUrl}`);
    html.push(
      `<p>${escapeHtml(t.unsubscribe)} <a href="${escapeHtml(options.unsubscribeUrl)}">${escapeHtml(options.unsubscribeUrl)}</a></p>`,
    );
  } else {
    lines.push(t.member);
    html.push(`<p>${escapeHtml(t.member)}</p>`);
  }
  return {
    to: options.to,
    subject: `${options.reportName} ${period}`,
    text: `${lines.join('\n\n')}\n\n${options.siteName}\n`,
    html: `${html.join('')}<p>${escapeHtml(options.siteName)}</p>`,
    attachments: options.pdf ? [{ ...options.pdf, contentType: 'application/pdf' }] : undefined,
    headers: options.unsubscribeUrl
      ? { 'List-Unsubscribe': `<${options.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
      : undefined,
  };
}
