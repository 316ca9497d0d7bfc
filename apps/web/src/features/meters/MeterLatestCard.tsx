import { Paper, SimpleGrid, Table, Text } from '@mantine/core';
import { formatMeasurement, unitLabel } from '@olo/shared';
import { useTranslation } from 'react-i18next';
import type { MeterLatestFieldsFragment } from '../../graphql/generated.ts';
import { formatBattery, formatRelativeTime, formatVolts } from '../ui/format.ts';
import { Section } from '../ui/Section.tsx';
import { useFormatDateTime } from '../ui/timeZone.tsx';
import { useChannelLabel } from '../ui/useMeasurementLabel.ts';
import { useNow } from '../ui/useNow.ts';
import { channelsOf } from './meterReadings.ts';
import { SignalValue } from './SignalValue.tsx';

/** The meter's latest reading: its channels, and the radio and health of the uplink that brought it. */
export function MeterLatestCard({ meter }: { meter: MeterLatestFieldsFragment & { batteryResetAt: string | null } }) {
  const { t, i18n } = useTranslation();
  const formatTime = useFormatDateTime();
  const locale = i18n.language;
  const channelLabel = useChannelLabel();
  const now = useNow();
  const latest = meter.latest;

  return (
    <Section id="meter-latest" title={t('Latest reading')} testId="meter-latest">
      {!latest ? (
        <Text c="dimmed">{t('No readings yet.')}</Text>
      ) : (
        <>
          <Text>
            <time dateTime={latest.time} title={formatTime(latest.time)}>
              {formatTime(latest.time)}
            </time>{' '}
            <Text span c="dimmed">
              ({formatRelativeTime(latest.time, now, locale)})
            </Text>
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
            {channelsOf(latest.data).map((channel, _index, channels) => (
              <Paper key={channel.name} withBorder p="sm" radius="sm">
                <Text size="sm" c="dimmed">
                  {channelLabel(channel, channels)}
                </Text>
                <Text size="xl" fw={600} data-testid={`meter-channel-${channel.name}`}>
                  {`${formatMeasurement(channel.value, channel.type, locale)} ${unitLabel(channel.unit, locale)}`.trim()}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
          <Table variant="vertical" withTableBorder layout="fixed" aria-label={t('Radio and battery')}>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={200}>RSSI</Table.Th>
                <Table.Td>
                  <SignalValue scale="rssi" value={latest.rssi} />
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>SNR</Table.Th>
                <Table.Td>
                  <SignalValue scale="snr" value={latest.snr} />
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('Spreading factor')}</Table.Th>
                <Table.Td>
                  <SignalValue scale="spfact" value={latest.spfact} />
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('Gateways')}</Table.Th>
                <Table.Td>{latest.towers ?? '-'}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('Battery')}</Table.Th>
                <Table.Td>{formatBattery(latest.battery, locale) ?? '-'}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('Battery reset')}</Table.Th>
                <Table.Td>{meter.batteryResetAt ? formatTime(meter.batteryResetAt) : t('Never')}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('Supply voltage')}</Table.Th>
                <Table.Td>{formatVolts(latest.vdd, locale) ?? '-'}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('Missed frames')}</Table.Th>
                <Table.Td>{latest.missed}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </>
      )}
    </Section>
  );
}
