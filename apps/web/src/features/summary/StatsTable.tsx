import { ColorSwatch, Group, Table } from '@mantine/core';
import { readableOn } from '@olo/shared';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { StatsRow } from './statsRows.ts';

/**
 * A value cell coloured by the band it falls in on the series' limit: the band as a bar at the cell's edge, the
 * number in the band's colour made readable on the striped rows (near white).
 */
function StatCell({ text, band, testId }: { text: string; band: string | null; testId: string }) {
  return (
    <Table.Td
      ta="right"
      style={{
        whiteSpace: 'nowrap',
        ...(band ? { color: readableOn(band, '#f8f9fa'), boxShadow: `inset -4px 0 0 ${band}`, fontWeight: 600 } : {}),
      }}
      data-testid={testId}
      data-band-color={band ?? undefined}
    >
      {text}
    </Table.Td>
  );
}

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
              <StatCell text={value(row.min, row.unit)} band={row.bands.min} testId="summary-min" />
              <StatCell text={value(row.avg, row.unit)} band={row.bands.avg} testId="summary-avg" />
              <StatCell text={value(row.max, row.unit)} band={row.bands.max} testId="summary-max" />
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
});
