import { ColorSwatch, Group, Table } from '@mantine/core';
import { chartColor } from '@olo/shared';
import { useTranslation } from 'react-i18next';
import { LiveProjectData } from './LiveProjectData.tsx';
import { formatLiveValue, type LiveSpace } from './liveSeries.ts';
import { ReadingAge } from './ReadingAge.tsx';

function LiveTable({ spaces, now }: { spaces: LiveSpace[]; now: number }) {
  const { t, i18n } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table aria-label={t('Live (table)')} data-testid="live-table" verticalSpacing={4} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('Space')}</Table.Th>
            <Table.Th>{t('Series')}</Table.Th>
            <Table.Th ta="right">{t('Value')}</Table.Th>
            <Table.Th>{t('Time')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {spaces.flatMap((space) =>
            space.series.map((series) => (
              <Table.Tr key={series.id} data-testid={`live-row-${series.id}`}>
                <Table.Td>{space.name}</Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    {/* The palette takes colours by place, so a chart of these series in this order matches. */}
                    <ColorSwatch color={chartColor(series.index)} size={10} withShadow={false} aria-hidden />
                    {series.name}
                  </Group>
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} data-testid="live-value">
                  {formatLiveValue(series, i18n.language)}
                </Table.Td>
                <Table.Td data-testid="live-age">
                  <ReadingAge time={series.latest?.time} now={now} />
                </Table.Td>
              </Table.Tr>
            )),
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** /p/:projectId/liveold: the live values as one compact table, space by space. */
export function LiveTablePage() {
  return <LiveProjectData>{(spaces, now) => <LiveTable spaces={spaces} now={now} />}</LiveProjectData>;
}
