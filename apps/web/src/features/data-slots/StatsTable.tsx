import { ColorSwatch, Group, Table } from '@mantine/core';
import { unitLabel } from '@olo/shared';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { BandValueCell } from '../limits/BandValueCell.tsx';
import { comparisonLabelKey } from '../weather/spaceWeather.ts';
import type { StatsRow } from './statsRows.ts';

/** The lowest, mean and highest reading of each series over the period's kept slots; `withCount` adds the readings. */
export const StatsTable = memo(function StatsTable({
  rows,
  withCount = false,
}: {
  rows: readonly StatsRow[];
  withCount?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const value = (text: string, unit: string) =>
    text === '-' || unit === '' ? text : `${text} ${unitLabel(unit, i18n.language)}`;
  // The outdoor column only where a space shows its weather (Space.weather).
  const withOutdoor = rows.some((row) => row.outdoor !== null);
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table aria-label={t('Summary table')} data-testid="summary-table" verticalSpacing={4} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('Space')}</Table.Th>
            <Table.Th>{t('Series')}</Table.Th>
            <Table.Th ta="right">{t('Minimum')}</Table.Th>
            <Table.Th ta="right">{t('Average')}</Table.Th>
            <Table.Th ta="right">{t('Maximum')}</Table.Th>
            {withCount && <Table.Th ta="right">{t('Readings')}</Table.Th>}
            {withOutdoor && <Table.Th ta="right">{t('Outdoors')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.seriesId} data-testid={`summary-row-${row.seriesId}`}>
              <Table.Td>{row.space}</Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <ColorSwatch color={row.color} size={10} withShadow={false} aria-hidden />
                  {row.name}
                </Group>
              </Table.Td>
              <BandValueCell band={row.bands.min} testId="summary-min">
                {value(row.min, row.unit)}
              </BandValueCell>
              <BandValueCell band={row.bands.avg} testId="summary-avg">
                {value(row.avg, row.unit)}
              </BandValueCell>
              <BandValueCell band={row.bands.max} testId="summary-max">
                {value(row.max, row.unit)}
              </BandValueCell>
              {withCount && (
                <Table.Td ta="right" data-testid="summary-count">
                  {row.count}
                </Table.Td>
              )}
              {withOutdoor && (
                <Table.Td ta="right" data-testid="summary-outdoor">
                  {row.outdoor && (
                    <>
                      <span data-testid="summary-outdoor-value">{value(row.outdoor.value, row.outdoor.unit)}</span>
                      {row.outdoor.difference && (
                        <div data-testid="summary-outdoor-difference">
                          {t(comparisonLabelKey(row.outdoor.difference.indoorType))}{' '}
                          {value(row.outdoor.difference.value, row.unit)}
                        </div>
                      )}
                    </>
                  )}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
});
