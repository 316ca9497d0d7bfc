import type { DataFilter, ReportElementView } from '@olo/shared';
import { formatDay } from '@olo/shared';
import type { TFunction } from 'i18next';
import type { DurationParts } from '../../alarms/ruleText.ts';
import { formatDateTime } from '../../ui/format.ts';
import type { ReportAlarmEpisode } from './reportScope.ts';

/** A share of time, "3.2 %" (fi "3,2 %"), one decimal so that small shares still show. */
export function shareText(share: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
    share,
  );
}

/** A weekday's short name in the language, 1 Monday … 7 Sunday (5 January 2026 was a Monday). */
function weekdayName(weekday: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(Date.UTC(2026, 0, 4 + weekday));
}

type WeekRange = Extract<DataFilter, { type: 'weekrange' }>;

/** "Mon–Fri 8–16, Sat 10–14": runs of weekdays with the same hours written once. */
function weekRangeText(filter: WeekRange, locale: string): string {
  const hoursOf = (weekday: number) =>
    filter.hours
      .filter((window) => window.weekday === weekday)
      .sort((a, b) => a.from - b.from)
      .map((window) => `${window.from}–${window.to}`)
      .join(', ');
  const runs: { first: number; last: number; hours: string }[] = [];
  for (let weekday = 1; weekday <= 7; weekday++) {
    const hours = hoursOf(weekday);
    if (hours === '') continue;
    const previous = runs.at(-1);
    if (previous && previous.last === weekday - 1 && previous.hours === hours) previous.last = weekday;
    else runs.push({ first: weekday, last: weekday, hours });
  }
  return runs
    .map((run) => {
      const days =
        run.first === run.last
          ? weekdayName(run.first, locale)
          : `${weekdayName(run.first, locale)}–${weekdayName(run.last, locale)}`;
      return `${days} ${run.hours}`;
    })
    .join(', ');
}

/**
 * The filters of a view in words, "Mon–Fri 8–16; without 24.12.2026", so that a reader knows which hours the
 * numbers speak of. Empty when there are none.
 */
export function filtersText(filters: readonly DataFilter[], t: TFunction, locale: string, timeZone: string): string {
  return filters
    .map((filter) => {
      if (filter.type === 'weekrange') return weekRangeText(filter, locale);
      if (filter.type === 'removeday') return t('without {{what}}', { what: formatDay(filter.day, locale) });
      const range = `${formatDateTime(filter.from, locale, timeZone, 'minute')}–${formatDateTime(filter.to, locale, timeZone, 'minute')}`;
      return t('without {{what}}', { what: range });
    })
    .filter((text) => text !== '')
    .join('; ');
}

/** A length of time as the alarm texts give it (whole minutes, at least one). */
export function durationPartsOf(ms: number): DurationParts {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  return {
    years: 0,
    months: 0,
    days: Math.floor(minutes / 1440),
    hours: Math.floor((minutes % 1440) / 60),
    minutes: minutes % 60,
    seconds: 0,
  };
}

/** The episodes of the element's series that overlap its view, oldest first. */
export function episodesInView(
  episodes: readonly ReportAlarmEpisode[],
  seriesIds: readonly number[],
  view: Pick<ReportElementView, 'from' | 'to'>,
): ReportAlarmEpisode[] {
  const chosen = new Set(seriesIds);
  return episodes
    .filter(
      (episode) =>
        chosen.has(episode.seriesId) && episode.start < view.to && (episode.end === null || episode.end > view.from),
    )
    .sort((a, b) => a.start - b.start);
}
