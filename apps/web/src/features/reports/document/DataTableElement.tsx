import { Table } from '@mantine/core';
import { type DataResult, slotRows } from '@olo/data-engine';
import { bandColor, formatDay, formatMeasurement, type ReportElementOf, unitLabel } from '@olo/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type SeriesLooks, seriesUnit, shownSeries } from '../../data-slots/chartGroups.ts';
import { StatsTable } from '../../data-slots/StatsTable.tsx';
import { statsRows } from '../../data-slots/statsRows.ts';
import { BandValueCell } from '../../limits/BandValueCell.tsx';
import { formatDateTime } from '../../ui/format.ts';
import { DataElementFrame, DataElementState, hasValues, ViewLine } from './DataElementFrame.tsx';
import styles from './DataElements.module.css';
import { useContextLooks, useContextWeather, useContextWeatherSeries } from './reportLooks.ts';
import type { ReportScope } from './reportScope.ts';
import { useElementData } from './useReportData.ts';

/** A row per slot, a column per series: each value rounded by its type and coloured by its limit's band. */
function SlotTable({
  result,
  looks,
  timeZone,
  label,
}: {
  result: DataResult;
  looks: SeriesLooks;
  timeZone: string;
  label: string;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const columns = useMemo(() => shownSeries(result), [result]);
  const rows = useMemo(
    () =>
      slotRows(
        result,
        columns.map((item) => item.series.id),
        result.nulls,
      ),
    [result, columns],
  );
  const spaceNames = new Map(result.spaces.map((space) => [space.id, space.name]));
  const slotLabel = (start: number) =>
    result.slotSeconds >= 86_400
      ? formatDay(new Date(start), locale, { timeZone })
      : formatDateTime(new Date(start).toISOString(), locale, timeZone, 'minute');
  return (
    <Table.ScrollContainer minWidth={160 + 120 * columns.length} type="native" className={styles.slotTableScroll}>
      <Table aria-label={label} data-testid="report-slot-table" verticalSpacing={4} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('Time')}</Table.Th>
            {columns.map(({ series }) => {
              const unit = unitLabel(seriesUnit(series), locale);
              const space = series.spaceId === null ? undefined : spaceNames.get(series.spaceId);
              return (
                <Table.Th key={series.id} ta="right">
                  {[space, series.name].filter(Boolean).join(' · ')}
                  {unit ? ` (${unit})` : ''}
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.start}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{slotLabel(row.start)}</Table.Td>
              {columns.map(({ series }, index) => {
                const value = row.values[index] ?? null;
                const limit = looks.get(series.id)?.limit ?? null;
                return (
                  <BandValueCell
                    key={series.id}
                    band={limit ? bandColor(limit, value) : null}
                    testId={`report-cell-${series.id}`}
                  >
                    {formatMeasurement(value, series.dataType, locale)}
                  </BandValueCell>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * A table of the chosen series over the element's view: a row per slot in the project's time zone and a column per
 * series (`slots`), or the summary view's own min/avg/max table with the readings counted (`stats`).
 */
export function DataTableElement({ element, scope }: { element: ReportElementOf<'dataTable'>; scope: ReportScope }) {
  const { t, i18n } = useTranslation();
  const looks = useContextLooks(scope.context);
  const weather = useContextWeather(scope.context);
  const weatherSeries = useContextWeatherSeries(scope.context);
  const { view, seriesIds, result, ready } = useElementData(scope, element);
  const drawable = hasValues(result, ready);
  const noSpace = t('No space');
  const rows = useMemo(
    () => (drawable && result ? statsRows(result, i18n.language, noSpace, looks, weather, null, weatherSeries) : []),
    [drawable, result, i18n.language, noSpace, looks, weather, weatherSeries],
  );
  const label = element.title ?? t('Summary table');
  return (
    <DataElementFrame kind="dataTable" title={element.title} ready={ready}>
      <ViewLine view={view} timeZone={scope.context.timeZone} />
      <DataElementState seriesCount={seriesIds.length} result={result} ready={ready} />
      {drawable &&
        (element.layout === 'slots' ? (
          <SlotTable result={result} looks={looks} timeZone={scope.context.timeZone} label={label} />
        ) : (
          <StatsTable rows={rows} withCount />
        ))}
    </DataElementFrame>
  );
}
