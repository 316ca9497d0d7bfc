import { defaultRange } from '@olo/data-engine';
import { formatDateRange } from '@olo/shared';
import { instantOfInput, rangeOfDays, wallDayInput } from '../../data-slots/wallTime.ts';

/**
 * A report's range is [from, to) (`ReportModel`); its forms show whole days of the project's wall clock, both ends
 * included, as the summary's range picker does.
 */

/** The days a new report covers before anyone picks: the project's default range (`defaultSelect` days up to now). */
export function defaultReportDays(project: { defaultSelect: number; timeZone: string }, now: number) {
  const range = defaultRange({
    latestDataTime: null,
    defaultSelect: project.defaultSelect,
    startAt: null,
    timeZone: project.timeZone,
    now,
  });
  return { from: wallDayInput(range.from, project.timeZone), to: wallDayInput(range.to, project.timeZone) };
}

/**
 * The instants a range of day inputs means: `from` the first day's midnight, `to` the midnight after the last day.
 * An end that is not a day is undefined (the schema then says it is required); a last day before the first gives
 * a `to` before `from`, which the schema refuses with its own message.
 */
export function reportInstantsOfDays(fromDay: string, toDay: string, timeZone: string) {
  const from = instantOfInput(fromDay, timeZone);
  const lastDay = instantOfInput(toDay, timeZone);
  const days = rangeOfDays(fromDay, toDay, timeZone);
  let to: number | null = days ? days.to + 1 : null;
  if (!days && lastDay !== null) to = lastDay;
  return {
    from: from === null ? undefined : new Date(from),
    to: to === null ? undefined : new Date(to),
  };
}

/** The report's days as the lists show them, in the project's zone: 1.–30.11.2026. */
export function reportRangeText(from: string, to: string, language: string, timeZone: string): string {
  // `to` is the first instant after the range: its last day is the one before.
  return formatDateRange(from, new Date(Date.parse(to) - 1), language, { timeZone });
}
