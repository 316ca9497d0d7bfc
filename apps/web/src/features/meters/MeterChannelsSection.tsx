import { Code, Table, Text } from '@mantine/core';
import { formatMeasurement, unitLabel } from '@olo/shared';
import { useTranslation } from 'react-i18next';
import type { MeterLatestFieldsFragment } from '../../graphql/generated.ts';
import { Section } from '../ui/Section.tsx';
import { useChannelLabel } from '../ui/useMeasurementLabel.ts';
import { channelsOf } from './meterReadings.ts';

/** The channels of a decoded reading as stored, the ones never shown ('ignore') too: name → {value, type, unit}. */
function storedChannels(data: unknown): { name: string; value: unknown; type: string; unit: string }[] {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return [];
  return Object.entries(data as Record<string, unknown>)
    .filter((entry): entry is [string, Record<string, unknown>] => typeof entry[1] === 'object' && entry[1] !== null)
    .map(([name, raw]) => ({
      name,
      value: raw.value,
      type: typeof raw.type === 'string' ? raw.type : '',
      unit: typeof raw.unit === 'string' ? raw.unit : '',
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The meter's channels with their technical ids (decision 0092): the one place that shows a channel's key, which
 * conversions, calibrations, datasources and the driver's documentation use. Channels the driver stores without
 * showing them are listed too, marked so.
 */
export function MeterChannelsSection({ meter }: { meter: MeterLatestFieldsFragment }) {
  const { t, i18n } = useTranslation();
  const channelLabel = useChannelLabel();
  const channels = storedChannels(meter.latest?.data);
  const shown = channelsOf(meter.latest?.data);

  return (
    <Section
      id="meter-channels"
      title={t('Channels')}
      description={t('The channels of the latest reading, with the technical ids that the driver gives them.')}
      testId="meter-channels"
    >
      {channels.length === 0 ? (
        <Text c="dimmed">{t('No readings yet.')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table aria-label={t('Channels')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('Channel')}</Table.Th>
                <Table.Th>{t('Technical id')}</Table.Th>
                <Table.Th>{t('Latest value')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {channels.map((channel) => (
                <Table.Tr key={channel.name}>
                  <Table.Td>
                    {channel.type === 'ignore' ? (
                      <>
                        {channelLabel({ name: channel.name, type: '' })}{' '}
                        <Text span size="sm" c="dimmed">
                          ({t('stored, not shown')})
                        </Text>
                      </>
                    ) : (
                      channelLabel(channel, shown)
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Code>{channel.name}</Code>
                  </Table.Td>
                  <Table.Td>
                    {`${formatMeasurement(channel.value, channel.type, i18n.language)} ${unitLabel(channel.unit, i18n.language)}`.trim()}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}
