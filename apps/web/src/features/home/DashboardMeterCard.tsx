import { Anchor, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatMeasurement, unitLabel } from '@olo/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DashboardMeterFieldsFragment } from '../../graphql/generated.ts';
import { MeterStateBadges } from '../meters/MeterStateBadges.tsx';
import { channelsOf } from '../meters/meterReadings.ts';
import { formatBattery, formatDateTime, formatRelativeTime } from '../ui/format.ts';
import { useChannelLabel } from '../ui/useMeasurementLabel.ts';
import { useNow } from '../ui/useNow.ts';

/** A card shows this many channels, the priority types first; the meter page has them all. */
const mainChannelCount = 4;

/** A meter on the dashboard: when it last reported, its main values, battery and health. */
export function DashboardMeterCard({ meter }: { meter: DashboardMeterFieldsFragment }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const channelLabel = useChannelLabel();
  const now = useNow();
  const latest = meter.latest;
  const channels = channelsOf(latest?.data).slice(0, mainChannelCount);
  const battery = formatBattery(latest?.battery, locale);
  const title = meter.name || meter.serial;

  return (
    <Card withBorder radius="md" padding="md" data-testid={`dashboard-meter-${meter.id}`}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Anchor component={Link} to={`/meters/${meter.id}`} fw={600}>
              {title}
            </Anchor>
            {meter.name && (
              <Text size="xs" c="dimmed">
                {meter.serial}
              </Text>
            )}
          </div>
          <MeterStateBadges meter={meter} testId="dashboard-meter-health" />
        </Group>
        {latest ? (
          <>
            <Text size="sm">
              {t('Latest reading')}:{' '}
              <time dateTime={latest.time} title={formatDateTime(latest.time, locale)}>
                {formatRelativeTime(latest.time, now, locale)}
              </time>
            </Text>
            <SimpleGrid cols={2} spacing="xs">
              {channels.map((channel) => (
                <div key={channel.name}>
                  <Text size="xs" c="dimmed">
                    {channelLabel(channel, channels)}
                  </Text>
                  <Text fw={600} data-testid={`dashboard-meter-${meter.id}-${channel.name}`}>
                    {`${formatMeasurement(channel.value, channel.type, locale)} ${unitLabel(channel.unit, locale)}`.trim()}
                  </Text>
                </div>
              ))}
            </SimpleGrid>
            <Text size="sm" c="dimmed">
              {t('Battery')}: {battery ?? '-'}
            </Text>
          </>
        ) : (
          <Text c="dimmed" size="sm">
            {t('No readings yet.')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
