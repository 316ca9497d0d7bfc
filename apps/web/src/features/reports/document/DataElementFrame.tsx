import { Loader, Stack, Text, Title } from '@mantine/core';
import type { DataResult } from '@olo/data-engine';
import { formatDateRange, type ReportElementView } from '@olo/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { filtersText } from './reportText.ts';

/**
 * The root of a data element: its title as a heading, and `data-report-element-ready` ("true" once its values are
 * drawn, or it knows it has none) that the document's readiness flag and the PDF renderer wait for.
 */
export function DataElementFrame({
  kind,
  title,
  ready,
  children,
}: {
  kind: string;
  title: string | null;
  ready: boolean;
  children: ReactNode;
}) {
  return (
    <Stack gap="xs" data-report-element-ready={ready ? 'true' : 'false'} data-testid={`report-${kind}`}>
      {title && (
        <Title order={3} size="h4">
          {title}
        </Title>
      )}
      {children}
    </Stack>
  );
}

/**
 * What an element shows in place of its values: nothing chosen, still loading, or nothing in the range. Null when
 * there are values to draw.
 */
export function DataElementState({
  seriesCount,
  result,
  ready,
}: {
  seriesCount: number;
  result: DataResult | null;
  ready: boolean;
}) {
  const { t } = useTranslation();
  if (seriesCount === 0) {
    return (
      <Text c="dimmed" size="sm" data-testid="report-no-series">
        {t('No series chosen.')}
      </Text>
    );
  }
  if (!ready || !result) return <Loader size="sm" aria-label={t('Loading')} data-testid="report-loading" />;
  const empty = result.series.every((item) => item.stats === null);
  return (
    <>
      {result.failedPeriods.length > 0 && (
        <Text size="sm" c="red.9" data-testid="report-failed">
          {t('Some of the data could not be loaded.')}
        </Text>
      )}
      {empty && (
        <Text c="dimmed" size="sm" data-testid="report-empty">
          {t('Timespan has no data.')}
        </Text>
      )}
    </>
  );
}

/** Whether the element has values to draw once its state says nothing more. */
export function hasValues(result: DataResult | null, ready: boolean): result is DataResult {
  return ready && !!result?.series.some((item) => item.stats !== null);
}

/** What the values cover: the data slot's name, the days and the filters, "Kouluaika · 1.–30.11.2026 · Mon–Fri 8–16". */
export function ViewLine({ view, timeZone }: { view: ReportElementView; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const days = formatDateRange(new Date(view.from), new Date(view.to - 1), i18n.language, { timeZone });
  const filters = filtersText(view.filters, t, i18n.language, timeZone);
  return (
    <Text size="sm" c="dimmed" data-testid="report-view-line">
      {[view.dataslotName, days, filters].filter(Boolean).join(' · ')}
    </Text>
  );
}
