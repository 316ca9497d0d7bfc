import { Text } from '@mantine/core';
import type { SeriesResult } from '@olo/data-engine';
import { seriesDryingTargets, targetReached, unitLabel } from '@olo/shared';
import { useTranslation } from 'react-i18next';
import type { ReportSeriesInfo } from './reportScope.ts';

/**
 * When a structure's moisture reached each drying target of its limit and stayed there, over the element's values:
 * "Drying targets: 85 %RH reached on 23.9., 80 %RH not yet" (decision 0155). Nothing for other series.
 */
export function DryingTargets({
  item,
  info,
  timeZone,
}: {
  item: SeriesResult;
  info: ReportSeriesInfo | undefined;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const targets = seriesDryingTargets(item.series.dataType, info?.limit);
  if (targets.length === 0) return null;
  const unit = unitLabel(info?.dataUnit ?? item.series.dataUnit ?? '', locale);
  const number = new Intl.NumberFormat(locale, { useGrouping: false, maximumFractionDigits: 1 });
  const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'numeric', timeZone });
  const parts = targets.map((target) => {
    const value = `${number.format(target)} ${unit}`.trim();
    const reached = targetReached(item.points, target);
    if (reached.state === 'noData') return null;
    if (reached.state === 'notYet') return t('{{target}} not yet', { target: value });
    const date = day.format(new Date(reached.at));
    return reached.sinceStart
      ? t('{{target}} reached by {{date}}', { target: value, date })
      : t('{{target}} reached on {{date}}', { target: value, date });
  });
  if (parts.every((part) => part === null)) return null;
  return (
    <Text size="sm" data-testid={`report-summary-targets-${item.series.id}`}>
      {t('Drying targets: {{targets}}', { targets: parts.filter(Boolean).join(', ') })}
    </Text>
  );
}
