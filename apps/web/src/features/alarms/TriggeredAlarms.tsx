import type { ApolloCache } from '@apollo/client';
import { useMutation, useQuery, useSubscription } from '@apollo/client/react';
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { alarmBounds } from '@olo/shared';
import { useTranslation } from 'react-i18next';
import {
  AcknowledgeAllAlarmsTriggeredDocument,
  AlarmsTriggeredDocument,
  type AlarmsTriggeredFieldsFragment,
  ProjectUpdatedDocument,
} from '../../graphql/generated.ts';
import { useAcknowledgeAll } from '../forms/useAcknowledgeAll.ts';
import { ResponsiveTable } from '../ui/ListTable.tsx';
import { QueryState } from '../ui/QueryState.tsx';
import { useFormatDateTime } from '../ui/timeZone.tsx';
import { AcknowledgeButton, AcknowledgedBy } from './Acknowledgement.tsx';
import { compareTriggered, seriesLabel, valueText } from './alarmDisplay.ts';

interface TriggeredAlarmsProps {
  projectId: number;
  spaces: readonly { id: number; name: string }[];
  /** Project.alarmsTriggeredCount, pushed by projectUpdated. */
  unacknowledgedCount: number;
  canAcknowledge: boolean;
}

/** Lowers the project's count at once; the server's projectUpdated push then confirms it. */
function lowerCount(cache: ApolloCache, projectId: number, by: number | 'all'): void {
  cache.modify({
    id: cache.identify({ __typename: 'Project', id: projectId }),
    fields: { alarmsTriggeredCount: (count: number) => (by === 'all' ? 0 : Math.max(0, count - by)) },
  });
}

function TriggeredRow({
  item,
  projectId,
  spaces,
  canAcknowledge,
}: {
  item: AlarmsTriggeredFieldsFragment;
  projectId: number;
  spaces: TriggeredAlarmsProps['spaces'];
  canAcknowledge: boolean;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  // Minutes: the project's wall clock (its DisplayTimeZone, ProjectLayout), as alarm times are shown everywhere.
  const formatTime = useFormatDateTime('minute');
  return (
    <Table.Tr data-testid="alarm-triggered" data-acknowledged={item.acknowledged}>
      <Table.Td>{item.alarm.name}</Table.Td>
      <Table.Td>{seriesLabel(item.series, spaces)}</Table.Td>
      <Table.Td>{item.data === null ? t('No readings') : valueText(item.data, item.series, locale)}</Table.Td>
      <Table.Td>
        <time dateTime={item.time}>{formatTime(item.time)}</time>
      </Table.Td>
      <Table.Td>
        {item.endAt ? (
          <time dateTime={item.endAt}>{formatTime(item.endAt)}</time>
        ) : (
          <Badge color="red" variant="light">
            {t('Ongoing')}
          </Badge>
        )}
      </Table.Td>
      <Table.Td>{item.peak === null ? '-' : valueText(item.peak, item.series, locale)}</Table.Td>
      <Table.Td>
        {item.acknowledged ? (
          <AcknowledgedBy item={item} />
        ) : canAcknowledge ? (
          <AcknowledgeButton
            item={item}
            label={`${item.alarm.name}, ${seriesLabel(item.series, spaces)}`}
            onAcknowledged={(cache) => lowerCount(cache, projectId, 1)}
          />
        ) : (
          <Badge color="orange" variant="light">
            {t('Not acknowledged')}
          </Badge>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The project's triggered alarms, unacknowledged first, then newest. The list is asked again whenever the server
 * pushes the project (an episode opened, ended or was acknowledged, here or elsewhere), so it follows without a reload.
 */
export function TriggeredAlarms({ projectId, spaces, unacknowledgedCount, canAcknowledge }: TriggeredAlarmsProps) {
  const { t } = useTranslation();
  const variables = { projectId, limit: alarmBounds.triggeredPage };
  const { data, loading, error, refetch } = useQuery(AlarmsTriggeredDocument, { variables });
  useSubscription(ProjectUpdatedDocument, {
    variables: { id: projectId },
    skip: !data,
    onData: () => void refetch().catch(() => {}),
  });
  const [acknowledgeAllTriggered] = useMutation(AcknowledgeAllAlarmsTriggeredDocument);
  const items = [...(data?.alarmsTriggered ?? [])].sort(compareTriggered);
  const { acknowledging, acknowledgeAll } = useAcknowledgeAll(async () => {
    const result = await acknowledgeAllTriggered({
      variables: { projectId },
      update: (cache) => lowerCount(cache, projectId, 'all'),
    });
    await refetch();
    return t('Alarms acknowledged: {{number}}.', { number: result.data?.acknowledgeAllAlarmsTriggered ?? 0 });
  });

  return (
    <QueryState loading={loading} error={error} data={data}>
      <Stack gap="sm" data-testid="alarms-triggered">
        <Group justify="space-between">
          <Text data-testid="alarms-unacknowledged">
            {t('Unacknowledged alarms: {{number}}', { number: unacknowledgedCount })}
          </Text>
          {canAcknowledge && unacknowledgedCount > 0 && (
            <Button variant="light" loading={acknowledging} onClick={acknowledgeAll}>
              {t('Acknowledge all')}
            </Button>
          )}
        </Group>
        {items.length === 0 ? (
          <Text c="dimmed" data-testid="alarms-triggered-empty">
            {t('No alarm has triggered.')}
          </Text>
        ) : (
          <ResponsiveTable minWidth={800} striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('Alarm')}</Table.Th>
                <Table.Th>{t('Series')}</Table.Th>
                <Table.Th>{t('Value')}</Table.Th>
                <Table.Th>{t('Triggered')}</Table.Th>
                <Table.Th>{t('Ended')}</Table.Th>
                <Table.Th>{t('Peak')}</Table.Th>
                <Table.Th>{t('Acknowledged')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <TriggeredRow
                  key={item.id}
                  item={item}
                  projectId={projectId}
                  spaces={spaces}
                  canAcknowledge={canAcknowledge}
                />
              ))}
            </Table.Tbody>
          </ResponsiveTable>
        )}
      </Stack>
    </QueryState>
  );
}
