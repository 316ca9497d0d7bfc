import type { Language } from '@olo/shared';
import { escapeHtml } from '../../channels/mail/html.ts';
import type { MailMessage } from '../../channels/mail/mailer.ts';

/** One problem of one meter, as the daily mail names it. */
export type MeterProblem =
  | { kind: 'batteryLow' | 'batteryMedium' | 'lowVoltage' }
  | { kind: 'missing'; lastSeenAt: Date }
  | { kind: 'systemError'; name: string; time: Date };

export interface MeterWithProblems {
  id: number;
  serial: string;
  name: string | null;
  problems: MeterProblem[];
}

export interface OrganizationMeterErrors {
  name: string;
  meters: MeterWithProblems[];
}

const locales: Record<Language, string> = { fi: 'fi-FI', sv: 'sv-FI', en: 'en-GB' };

interface Texts {
  subject: (count: number) => string;
  intro: string;
  batteryLow: string;
  batteryMedium: string;
  lowVoltage: string;
  missing: (since: string) => string;
  systemError: (name: string, at: string) => string;
  settings: string;
}

const texts: Record<Language, Texts> = {
  fi: {
    subject: (count) => (count === 1 ? 'uusi mittarivirhe' : `${count} uutta mittarivirhettä`),
    intro: 'Mittareissasi on uusia virheitä edellisen viestin jälkeen:',
    batteryLow: 'Paristo lopussa',
    batteryMedium: 'Paristo vähissä',
    lowVoltage: 'Matala käyttöjännite',
    missing: (since) => `Ei yhteyttä, viimeksi ${since}`,
    systemError: (name, at) => `Järjestelmävirhe ${at}: ${name}`,
    settings: 'Voit lopettaa nämä viestit organisaation sivun sähköpostiasetuksista.',
  },
  sv: {
    subject: (count) => (count === 1 ? 'nytt mätarfel' : `${count} nya mätarfel`),
    intro: 'Dina mätare har nya fel sedan förra meddelandet:',
    batteryLow: 'Batteriet är slut',
    batteryMedium: 'Batteriet är svagt',
    lowVoltage: 'Låg driftspänning',
    missing: (since) => `Ingen kontakt, senast ${since}`,
    systemError: (name, at) => `Systemfel ${at}: ${name}`,
    settings: 'Du kan avsluta dessa meddelanden i organisationens e-postinställningar.',
  },
  en: {
    subject: (count) => (count === 1 ? 'a new meter error' : `${count} new meter errors`),
    intro: 'Your meters have new errors since the last message:',
    batteryLow: 'Battery low',
    batteryMedium: 'Battery running low',
    lowVoltage: 'Low supply voltage',
    missing: (since) => `Not heard from since ${since}`,
    systemError: (name, at) => `System error at ${at}: ${name}`,
    settings: "You can stop these messages in the organization page's email settings.",
  },
};

/**
 * The daily mail of new meter errors, in the recipient's language, times in `timeZone`: per
 * organization, each meter with its new problems and a link to its page.
 */
export function meterErrorMail(options: {
  to: string;
  language: Language;
  organizations: OrganizationMeterErrors[];
  publicUrl: string;
  siteName: string;
  timeZone: string;
}): MailMessage {
  const t = texts[options.language];
  const format = new Intl.DateTimeFormat(locales[options.language], {
    timeZone: options.timeZone,
    dateStyle: 'short',
    timeStyle: 'short',
  });
  const describe = (problem: MeterProblem) => {
    switch (problem.kind) {
      case 'missing':
        return t.missing(format.format(problem.lastSeenAt));
      case 'systemError':
        return t.systemError(problem.name, format.format(problem.time));
      default:
        return t[problem.kind];
    }
  };
  const count = options.organizations.reduce(
    (sum, organization) => sum + organization.meters.reduce((n, meter) => n + meter.problems.length, 0),
    0,
  );
  const label = (meter: MeterWithProblems) => (meter.name ? `${meter.name} (${meter.serial})` : meter.serial);
  const link = (meter: MeterWithProblems) => `${options.publicUrl}/meters/${meter.id}`;
  const text = options.organizations
    .map(
      (organization) =>
        `${organization.name}\n${organization.meters
          .map((meter) => `- ${label(meter)}: ${meter.problems.map(describe).join('; ')}\n  ${link(meter)}`)
          .join('\n')}`,
    )
    .join('\n\n');
  const html = options.organizations
    .map(
      (organization) =>
        `<h3>${escapeHtml(organization.name)}</h3><ul>${organization.meters
          .map(
            (meter) =>
              `<li><a href="${escapeHtml(link(meter))}">${escapeHtml(label(meter))}</a><ul>${meter.problems
                .map((problem) => `<li>${escapeHtml(describe(problem))}</li>`)
                .join('')}</ul></li>`,
          )
          .join('')}</ul>`,
    )
    .join('');
  return {
    to: options.to,
    subject: `${options.siteName}: ${t.subject(count)}`,
    text: `${t.intro}\n\n${text}\n\n${t.settings}\n${options.siteName}\n`,
    html: `<p>${escapeHtml(t.intro)}</p>${html}<p>${escapeHtml(t.settings)}<br>${escapeHtml(options.siteName)}</p>`,
  };
}
