import { formatDay, type ReportVariableName } from '@olo/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportScope } from './reportScope.ts';

/**
 * The values of a report's variables in a language: dates as days of the project's time zone (where its
 * measurements happen). The range is [from, to), so `{report.to}` is the last day inside it: a month's report that
 * ends at midnight on the 1st reads "to the 30th" (decision 0111). `{space.name}` has a value only inside a
 * repeating container; elsewhere it stays as written, which shows the author where it means nothing.
 */
export function reportVariableValues(
  scope: Pick<ReportScope, 'report' | 'context' | 'currentSpace'>,
  language: string,
  now: number,
): Partial<Record<ReportVariableName, string>> {
  const options = { timeZone: scope.context.timeZone };
  const day = (epoch: number) => formatDay(new Date(epoch), language, options);
  const values: Partial<Record<ReportVariableName, string>> = {
    'project.name': scope.context.projectName,
    'project.code': scope.context.projectCode ?? '',
    'organization.name': scope.context.organizationName,
    'report.name': scope.report.name,
    'report.from': day(scope.report.from),
    'report.to': day(Math.max(scope.report.from, scope.report.to - 1)),
    today: day(now),
  };
  if (scope.currentSpace) values['space.name'] = scope.currentSpace.name;
  return values;
}

/** The variables' values for the element's scope in the page's current language. */
export function useReportVariables(scope: ReportScope): Partial<Record<ReportVariableName, string>> {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const { report, context, currentSpace } = scope;
  // The day changes rarely enough that the moment the element is drawn is "today".
  return useMemo(
    () => reportVariableValues({ report, context, currentSpace }, language, Date.now()),
    [report, context, currentSpace, language],
  );
}
