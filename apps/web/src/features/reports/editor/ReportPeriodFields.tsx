import { Group, NumberInput, Select, Text } from '@mantine/core';
import { latestWholePeriod, type ReportPeriod, reportPeriodDaysMax, reportPeriodKinds } from '@olo/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportRangeText } from '../list/reportRange.ts';

type RangeChoice = 'fixed' | ReportPeriod['kind'];

export const reportPeriodLabels: Record<RangeChoice, string> = {
  fixed: 'Fixed dates',
  previousWeek: 'The previous week',
  previousMonth: 'The previous month',
  previousQuarter: 'The previous quarter',
  lastDays: 'The last days',
};

/**
 * The range a report shows in the editor: its rolling period's latest whole period read now in the project's zone,
 * as the server reads it at the public link and in the PDF (decision 0199), or its fixed dates.
 */
export function shownReportRange(
  draft: { from: number; to: number; period: ReportPeriod | null },
  timeZone: string,
  now = new Date(),
): { from: number; to: number } {
  if (!draft.period) return { from: draft.from, to: draft.to };
  const range = latestWholePeriod(draft.period, now, timeZone);
  return { from: range.from.getTime(), to: range.to.getTime() };
}

/**
 * Fixed dates or a rolling period (the previous week, month or quarter, or the last N whole days): a report with a
 * period always shows its latest whole period, so its public link, PDF and scheduled mail stay current.
 */
export function ReportPeriodFields({
  period,
  shown,
  timeZone,
  onChange,
}: {
  period: ReportPeriod | null;
  /** The range shown now, epoch ms [from, to). */
  shown: { from: number; to: number };
  timeZone: string;
  onChange: (period: ReportPeriod | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const [days, setDays] = useState<string | number>(period?.days ?? 30);
  const daysValid = typeof days === 'number' && Number.isInteger(days) && days >= 1 && days <= reportPeriodDaysMax;
  const choose = (choice: RangeChoice) => {
    if (choice === 'fixed') onChange(null);
    else if (choice === 'lastDays') onChange({ kind: choice, days: daysValid ? (days as number) : 30 });
    else onChange({ kind: choice, days: null });
  };
  const rangeText = reportRangeText(
    new Date(shown.from).toISOString(),
    new Date(shown.to).toISOString(),
    i18n.language,
    timeZone,
  );
  return (
    <Group gap="xs" align="start" wrap="wrap" data-testid="report-period">
      <Select
        size="xs"
        w={220}
        label={t('Range of the report')}
        allowDeselect={false}
        value={period?.kind ?? 'fixed'}
        data={(['fixed', ...reportPeriodKinds] as const).map((choice) => ({
          value: choice,
          label: t(reportPeriodLabels[choice]),
        }))}
        onChange={(chosen) => chosen && choose(chosen as RangeChoice)}
      />
      {period?.kind === 'lastDays' && (
        <NumberInput
          size="xs"
          w={120}
          label={t('Days')}
          min={1}
          max={reportPeriodDaysMax}
          allowDecimal={false}
          value={days}
          error={daysValid ? undefined : t('From 1 to {{max}} days', { max: reportPeriodDaysMax })}
          onChange={(value) => {
            setDays(value);
            if (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= reportPeriodDaysMax) {
              onChange({ kind: 'lastDays', days: value });
            }
          }}
        />
      )}
      {period && (
        <Text size="sm" c="dimmed" mt={24} data-testid="report-period-now">
          {t('Now {{range}}; moves on by itself', { range: rangeText })}
        </Text>
      )}
    </Group>
  );
}
