import { ColorSwatch, Group, Table } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { StatsRow } from './statsRows.ts';

/** The lowest, mean and highest reading of each series over the period's kept slots. */
export const StatsTable = memo(function StatsTable({ rows }: { rows: readonly StatsRow[] }) {
  const { t } = useTranslation();
  const value = (text: string, unit: string) => (text === '-' || unit === '' ? text : `${text} ${unit}`);
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
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {value(row.min, row.unit)}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {value(row.avg, row.unit)}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {value(row.max, row.unit)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
});
