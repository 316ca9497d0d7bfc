import { Badge, ColorSwatch, Group, Table } from '@mantine/core';
import { bandColor } from '@olo/shared';
import { useTranslation } from 'react-i18next';
import { BandValueCell } from '../limits/BandValueCell.tsx';
import { LiveSpaceWeather } from '../weather/LiveSpaceWeather.tsx';
import { LiveProjectData } from './LiveProjectData.tsx';
import { formatLiveValue, type LiveSeries, type LiveSpace } from './liveSeries.ts';
import { ReadingAge } from './ReadingAge.tsx';

/** Red 9 of Mantine's palette, as on the gauges: white text on it passes AA. */
const alarmColor = '#c92a2a';

/** A value coloured by its limit's band; without a limit or a value, plain. */
function LiveValueCell({ series }: { series: LiveSeries }) {
  const { i18n } = useTranslation();
  const band = series.limit ? bandColor(series.limit, series.latest?.data) : null;
  return (
    <BandValueCell band={band} testId="live-value">
      {formatLiveValue(series, i18n.language)}
    </BandValueCell>
  );
}

function LiveTable({ spaces, now }: { spaces: LiveSpace[]; now: number }) {
  const { t } = useTranslation();
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
          {spaces.flatMap((space) => [
            ...space.series.map((series) => (
              <Table.Tr
                key={series.id}
                data-testid={`live-row-${series.id}`}
                data-alarming={series.alarming ? 'true' : undefined}
                style={series.alarming ? { boxShadow: `inset 4px 0 0 ${alarmColor}` } : undefined}
              >
                <Table.Td>{space.name}</Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    {/* The series' colour, as its line in the summary's graphs. */}
                    <ColorSwatch color={series.color} size={10} withShadow={false} aria-hidden />
                    {series.name}
                    {series.alarming && (
                      <Badge color={alarmColor} size="xs" data-testid="live-alarming">
                        {t('In alarm')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <LiveValueCell series={series} />
                <Table.Td data-testid="live-age">
                  <ReadingAge time={series.latest?.time} now={now} />
                </Table.Td>
              </Table.Tr>
            )),
            space.weather ? (
              <Table.Tr key={`weather-${space.id}`} data-testid={`live-weather-row-${space.id}`}>
                <Table.Td>{space.name}</Table.Td>
                <Table.Td colSpan={3}>
                  <LiveSpaceWeather space={space} />
                </Table.Td>
              </Table.Tr>
            ) : null,
          ])}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** /p/:projectId/liveold: the live values as one compact table, space by space. */
export function LiveTablePage() {
  return <LiveProjectData>{(spaces, now) => <LiveTable spaces={spaces} now={now} />}</LiveProjectData>;
}
