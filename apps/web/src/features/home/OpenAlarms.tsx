import { useQuery, useSubscription } from '@apollo/client/react';
import { Anchor, Stack, Table, Text, Title } from '@mantine/core';
import { alarmBounds } from '@olo/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AlarmsTriggeredDocument, ProjectUpdatedDocument } from '../../graphql/generated.ts';
import { seriesLabel, valueText } from '../alarms/alarmDisplay.ts';
import { ResponsiveTable } from '../ui/ListTable.tsx';
import { useFormatDateTime } from '../ui/timeZone.tsx';

/**
 * The project's open alarm episodes (not ended), newest first: alarm, series, since and the value that triggered it,
 * asked again whenever the server pushes the project. For viewers who may see the project's alarms.
 */
export function OpenAlarms({
  projectId,
  spaces,
}: {
  projectId: number;
  /** The project's spaces, which name the series (the status strip's answer has them). */
  spaces: readonly { id: number; name: string }[];
}) {
  const { t, i18n } = useTranslation();
  // The project's wall clock (its DisplayTimeZone, ProjectLayout), to the minute as alarm times are shown everywhere.
  const formatTime = useFormatDateTime('minute');
  const variables = { projectId, limit: alarmBounds.triggeredPage };
  const { data, refetch } = useQuery(AlarmsTriggeredDocument, { variables, fetchPolicy: 'cache-and-network' });
  useSubscription(ProjectUpdatedDocument, {
    variables: { id: projectId },
    skip: !data,
    onData: () => void refetch().catch(() => {}),
  });
  const open = (data?.alarmsTriggered ?? [])
    .filter((item) => item.endAt === null)
    .sort((a, b) => b.time.localeCompare(a.time));
  if (open.length === 0) return null;
  const locale = i18n.language;
  return (
    <Stack gap={4} data-testid="open-alarms">
      <Title order={2} size="h4">
        {t('Open alarms')}
      </Title>
      <ResponsiveTable minWidth={420}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('Alarm')}</Table.Th>
            <Table.Th>{t('Series')}</Table.Th>
            <Table.Th>{t('Since')}</Table.Th>
            <Table.Th>{t('Value')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {open.map((item) => (
            <Table.Tr key={item.id} data-testid="open-alarm">
              <Table.Td>{item.alarm.name}</Table.Td>
              <Table.Td>{seriesLabel(item.series, spaces)}</Table.Td>
              <Table.Td>
                <time dateTime={item.time}>{formatTime(item.time)}</time>
              </Table.Td>
              <Table.Td>{item.data === null ? t('No readings') : valueText(item.data, item.series, locale)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ResponsiveTable>
      <Text size="sm">
        <Anchor component={Link} to={`/p/${projectId}/alarms`}>
          {t('All alarms')}
        </Anchor>
      </Text>
    </Stack>
  );
}
