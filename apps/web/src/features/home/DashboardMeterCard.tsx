import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatMeasurement } from '@olo/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DashboardMeterFieldsFragment } from '../../graphql/generated.ts';
import { channelsOf, formatBattery, formatDateTime, formatRelativeTime } from '../meters/meterFormat.ts';
import { useMeasurementLabel } from '../meters/useMeasurementLabel.ts';
import { useNow } from '../meters/useNow.ts';

/** A card shows this many channels, the priority types first; the meter page has them all. */
const mainChannelCount = 4;

/** What needs attention in the meter's health, or that it is fine. */
function HealthBadges({ meter }: { meter: DashboardMeterFieldsFragment }) {
  const { t } = useTranslation();
  const badges = [
    meter.errors.missing && (
      <Badge key="missing" color="red" variant="light">
        {t('Missing')}
      </Badge>
    ),
    meter.errors.battery === 'low' && (
      <Badge key="battery" color="red" variant="light">
        {t('Battery low')}
      </Badge>
    ),
    meter.errors.battery === 'medium' && (
      <Badge key="battery" color="yellow" variant="light">
        {t('Battery medium')}
      </Badge>
    ),
    meter.errors.lowVoltage && (
      <Badge key="voltage" color="orange" variant="light">
        {t('Low voltage')}
      </Badge>
    ),
    meter.inStorage && (
      <Badge key="storage" color="gray" variant="light">
        {t('In storage')}
      </Badge>
    ),
    !meter.active && (
      <Badge key="inactive" color="gray" variant="outline">
        {t('Inactive')}
      </Badge>
    ),
    meter.errors.systemErrors > 0 && (
      <Badge key="errors" color="orange" variant="light">
        {t('Errors: {{number}}', { number: meter.errors.systemErrors })}
      </Badge>
    ),
  ].filter(Boolean);
  return (
    <Group gap={4} data-testid="dashboard-meter-health">
      {badges.length > 0 ? (
        badges
      ) : (
        <Badge color="green" variant="light">
          {t('OK')}
        </Badge>
      )}
    </Group>
  );
}

/** A meter on the dashboard: when it last reported, its main values, battery and health. */
export function DashboardMeterCard({ meter }: { meter: DashboardMeterFieldsFragment }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const typeLabel = useMeasurementLabel();
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
          <HealthBadges meter={meter} />
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
                    {channel.type ? typeLabel(channel.type) : channel.name}
                  </Text>
                  <Text fw={600} data-testid={`dashboard-meter-${meter.id}-${channel.name}`}>
                    {`${formatMeasurement(channel.value, channel.type, locale)} ${channel.unit}`.trim()}
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
