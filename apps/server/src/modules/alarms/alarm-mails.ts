import { displayName, formatMeasurement, type Language, unitLabel } from '@olo/shared';
import { escapeHtml } from '../../channels/mail/html.ts';
import type { MailMessage } from '../../channels/mail/mailer.ts';
import type { AlarmLimitRange } from './alarm-notifications.repository.ts';

/** What one alarm notification tells, whichever way it travels (mail, SMS, webhook). */
export interface AlarmNotice {
  /** test: sent from the action's editor, with no episode behind it. */
  kind: 'triggered' | 'repeated' | 'ended' | 'test';
  /** A missing-data alarm: triggered and repeated mean no readings came; ended, one did. */
  missingData: boolean;
  alarmName: string;
  projectName: string;
  spaceName: string | null;
  seriesName: string | null;
  dataType: string | null;
  unit: string | null;
  /** An active-limit alarm's: the limit whose normal range the value left (or came back to). */
  limit: AlarmLimitRange | null;
  /** The reading that set the event off (test: the series' latest value, if any). */
  value: number | null;
  time: Date;
  /** When the episode began (repeated, ended). */
  startedAt: Date | null;
  /** The value farthest past the range over the episode (ended). */
  peak: number | null;
  lastedMs: number | null;
  /** The project's: every time in the notice is on its clock. */
  timeZone: string;
  /** The project's alarms page. */
  link: string;
}

const locales: Record<Language, string> = { fi: 'fi-FI', sv: 'sv-FI', en: 'en-GB' };

interface Texts {
  subject: Record<AlarmNotice['kind'], string>;
  intro: Record<AlarmNotice['kind'], (alarm: string) => string>;
  /** Said after the intro of a missing-data alarm's notice. */
  missing: Record<'triggered' | 'repeated' | 'ended', string>;
  /** Said after the intro of an active-limit alarm's notice: the limit's name and its normal range. */
  outsideLimit: Record<'triggered' | 'repeated' | 'ended', (limit: string, range: string) => string>;
  /** A normal range open at one end. */
  atLeast: (value: string) => string;
  atMost: (value: string) => string;
  project: string;
  space: string;
  series: string;
  value: string;
  time: string;
  startedAt: string;
  peak: string;
  lasted: string;
  days: string;
  open: string;
}

const texts: Record<Language, Texts> = {
  fi: {
    subject: { triggered: 'hälytys', repeated: 'hälytys jatkuu', ended: 'hälytys päättyi', test: 'testihälytys' },
    intro: {
      triggered: (alarm) => `Hälytys "${alarm}" laukesi.`,
      repeated: (alarm) => `Hälytys "${alarm}" on yhä päällä.`,
      ended: (alarm) => `Hälytys "${alarm}" päättyi.`,
      test: (alarm) => `Tämä on hälytyksen "${alarm}" testiviesti.`,
    },
    missing: {
      triggered: 'Sarjasta ei ole tullut mittauksia.',
      repeated: 'Sarjasta ei ole yhä tullut mittauksia.',
      ended: 'Sarjasta tuli taas mittaus.',
    },
    outsideLimit: {
      triggered: (limit, range) => `Arvo on raja-arvon "${limit}" normaalialueen (${range}) ulkopuolella.`,
      repeated: (limit, range) => `Arvo on yhä raja-arvon "${limit}" normaalialueen (${range}) ulkopuolella.`,
      ended: (limit, range) => `Arvo palasi raja-arvon "${limit}" normaalialueelle (${range}).`,
    },
    atLeast: (value) => `vähintään ${value}`,
    atMost: (value) => `enintään ${value}`,
    project: 'Projekti',
    space: 'Tila',
    series: 'Sarja',
    value: 'Arvo',
    time: 'Aika',
    startedAt: 'Alkoi',
    peak: 'Huippuarvo',
    lasted: 'Kesto',
    days: 'vrk',
    open: 'Projektin hälytykset',
  },
  sv: {
    subject: { triggered: 'larm', repeated: 'larmet pågår', ended: 'larmet upphörde', test: 'testlarm' },
    intro: {
      triggered: (alarm) => `Larmet "${alarm}" utlöstes.`,
      repeated: (alarm) => `Larmet "${alarm}" pågår fortfarande.`,
      ended: (alarm) => `Larmet "${alarm}" upphörde.`,
      test: (alarm) => `Det här är ett testmeddelande för larmet "${alarm}".`,
    },
    missing: {
      triggered: 'Serien har inte fått några mätvärden.',
      repeated: 'Serien har fortfarande inte fått några mätvärden.',
      ended: 'Serien fick ett mätvärde igen.',
    },
    outsideLimit: {
      triggered: (limit, range) => `Värdet ligger utanför normalområdet (${range}) för gränsvärdet "${limit}".`,
      repeated: (limit, range) =>
        `Värdet ligger fortfarande utanför normalområdet (${range}) för gränsvärdet "${limit}".`,
      ended: (limit, range) => `Värdet är tillbaka inom normalområdet (${range}) för gränsvärdet "${limit}".`,
    },
    atLeast: (value) => `minst ${value}`,
    atMost: (value) => `högst ${value}`,
    project: 'Projekt',
    space: 'Utrymme',
    series: 'Serie',
    value: 'Värde',
    time: 'Tid',
    startedAt: 'Började',
    peak: 'Toppvärde',
    lasted: 'Varaktighet',
    days: 'd',
    open: 'Projektets larm',
  },
  en: {
    subject: { triggered: 'alarm', repeated: 'alarm still on', ended: 'alarm ended', test: 'test alarm' },
    intro: {
      triggered: (alarm) => `The alarm "${alarm}" went off.`,
      repeated: (alarm) => `The alarm "${alarm}" is still on.`,
      ended: (alarm) => `The alarm "${alarm}" ended.`,
      test: (alarm) => `This is a test message of the alarm "${alarm}".`,
    },
    missing: {
      triggered: 'The series has had no readings.',
      repeated: 'The series still has had no readings.',
      ended: 'The series has a reading again.',
    },
    outsideLimit: {
      triggered: (limit, range) => `The value is outside the normal range (${range}) of the limit "${limit}".`,
      repeated: (limit, range) => `The value is still outside the normal range (${range}) of the limit "${limit}".`,
      ended: (limit, range) => `The value is back within the normal range (${range}) of the limit "${limit}".`,
    },
    atLeast: (value) => `at least ${value}`,
    atMost: (value) => `at most ${value}`,
    project: 'Project',
    space: 'Space',
    series: 'Series',
    value: 'Value',
    time: 'Time',
    startedAt: 'Started',
    peak: 'Peak',
    lasted: 'Lasted',
    days: 'd',
    open: "The project's alarms",
  },
};

/** A time on the project's clock, to the minute: "2.11.2026 klo 10.00", "02/11/2026, 10:00". */
/** Formatters by language and time zone: making one costs more than formatting many times with it. */
const timeFormats = new Map<string, Intl.DateTimeFormat>();

export function formatAlarmTime(time: Date, language: Language, timeZone: string): string {
  const key = `${language}|${timeZone}`;
  let format = timeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locales[language], {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    });
    timeFormats.set(key, format);
  }
  return format.format(time);
}

/** A value as the views show it (the type's decimals, the language's decimal sign), with its unit in `language`. */
export function formatAlarmValue(value: number, notice: AlarmNotice, language: Language): string {
  const number = formatMeasurement(value, notice.dataType, locales[language]);
  return notice.unit ? `${number} ${unitLabel(notice.unit, language)}` : number;
}

/** Whole minutes as "1 vrk 2 h 5 min" (under a minute: "0 min"). */
export function formatLasted(ms: number, language: Language): string {
  const minutes = Math.floor(ms / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const parts = [
    days > 0 ? `${days} ${texts[language].days}` : '',
    hours > 0 ? `${hours} h` : '',
    minutes % 60 > 0 || minutes === 0 ? `${minutes % 60} min` : '',
  ];
  return parts.filter(Boolean).join(' ');
}

/** The notice's facts as label–value rows, in the order a reader looks for them. */
function rows(notice: AlarmNotice, language: Language): Array<[string, string]> {
  const t = texts[language];
  const list: Array<[string, string]> = [[t.project, notice.projectName]];
  if (notice.spaceName) list.push([t.space, notice.spaceName]);
  if (notice.seriesName) list.push([t.series, notice.seriesName]);
  if (notice.value !== null) list.push([t.value, formatAlarmValue(notice.value, notice, language)]);
  list.push([t.time, formatAlarmTime(notice.time, language, notice.timeZone)]);
  if (notice.kind === 'repeated' || notice.kind === 'ended') {
    if (notice.startedAt) list.push([t.startedAt, formatAlarmTime(notice.startedAt, language, notice.timeZone)]);
  }
  if (notice.kind === 'ended') {
    if (notice.lastedMs !== null) list.push([t.lasted, formatLasted(notice.lastedMs, language)]);
    if (notice.peak !== null) list.push([t.peak, formatAlarmValue(notice.peak, notice, language)]);
  }
  return list;
}

/** A limit's normal range with the series' unit: "20–24 °C", "at most 950 ppm". */
function normalRange(limit: AlarmLimitRange, notice: AlarmNotice, language: Language): string {
  const t = texts[language];
  const value = (bound: number) => formatAlarmValue(bound, notice, language);
  if (limit.normalMin !== null && limit.normalMax !== null) {
    const low = formatMeasurement(limit.normalMin, notice.dataType, locales[language]);
    return `${low}–${value(limit.normalMax)}`;
  }
  if (limit.normalMin !== null) return t.atLeast(value(limit.normalMin));
  return limit.normalMax === null ? '' : t.atMost(value(limit.normalMax));
}

/** What happened, in a sentence or two. */
function introOf(notice: AlarmNotice, language: Language): string {
  const t = texts[language];
  const intro = t.intro[notice.kind](notice.alarmName);
  if (notice.kind === 'test') return intro;
  if (notice.missingData) return `${intro} ${t.missing[notice.kind]}`;
  const { limit } = notice;
  if (limit && (limit.normalMin !== null || limit.normalMax !== null)) {
    return `${intro} ${t.outsideLimit[notice.kind](displayName(limit, language), normalRange(limit, notice, language))}`;
  }
  return intro;
}

/** Where the alarm is, shortest first: "Tila A / Lämpötila". */
function place(notice: AlarmNotice): string {
  return [notice.spaceName, notice.seriesName].filter(Boolean).join(' / ') || notice.projectName;
}

/** An alarm notification by mail, in the recipient's language, times on the project's clock. */
export function alarmMail(options: {
  to: string;
  language: Language;
  notice: AlarmNotice;
  siteName: string;
}): MailMessage {
  const { notice, language } = options;
  const t = texts[language];
  const intro = introOf(notice, language);
  const facts = rows(notice, language);
  return {
    to: options.to,
    subject: `${options.siteName}: ${t.subject[notice.kind]} ${notice.alarmName} – ${place(notice)}`,
    text: `${intro}\n\n${facts.map(([label, value]) => `${label}: ${value}`).join('\n')}\n\n${t.open}: ${notice.link}\n${options.siteName}\n`,
    html: `<p>${escapeHtml(intro)}</p><table>${facts
      .map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`)
      .join(
        '',
      )}</table><p><a href="${escapeHtml(notice.link)}">${escapeHtml(t.open)}</a></p><p>${escapeHtml(options.siteName)}</p>`,
  };
}

/** An alarm notification as one SMS: the intro and the facts on one line each, then the link. */
export function alarmSms(notice: AlarmNotice, language: Language, siteName: string): string {
  const facts = rows(notice, language).map(([label, value]) => `${label}: ${value}`);
  return `${siteName}: ${introOf(notice, language)}\n${facts.join('\n')}\n${notice.link}`;
}
