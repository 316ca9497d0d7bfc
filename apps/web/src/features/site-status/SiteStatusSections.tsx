import { Anchor, Badge, Box, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SiteStatusFieldsFragment } from '../../graphql/generated.ts';
import { dateLocale, formatDateTime } from '../ui/format.ts';
import { ResponsiveTable } from '../ui/ListTable.tsx';
import { isWeatherStale, providerName } from '../weather/weatherSourceStatus.ts';
import { formatBytes, isHeartbeatStale, minuteSeries } from './siteStatusHealth.ts';

type Status = SiteStatusFieldsFragment;

/** Why an uplink was refused, by its system error's type; an unknown type is shown as it is. */
const refusalReasons: Record<string, string> = {
  'ingest.malformed': 'Malformed message',
  'ingest.reading-time': 'Reading time out of range',
  'ingest.wrong-kind': 'Sent by the other network server',
  'ingest.unstorable': 'A value the database cannot store',
  'ingest.foreign-meter': "The meter is another organization's",
  'ingest.foreign-application': "Heard on another organization's application",
  'mqtt.foreign-topic': 'Published on a topic of no application',
};

const deliveryStates = [
  { key: 'sent', label: 'Sent' },
  { key: 'retrying', label: 'Retrying' },
  { key: 'failed', label: 'Failed' },
  { key: 'notSent', label: 'Not sent (no SMS gateway)' },
] as const;

function useFormats() {
  const { i18n } = useTranslation();
  const locale = dateLocale(i18n.language);
  return {
    number: (value: number, decimals = 0) =>
      new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(value),
    time: (iso: string | null | undefined) => formatDateTime(iso, locale),
    locale,
  };
}

/** Totals of the hour and the last minute, over a bar a minute (the bars are a picture; the numbers say it). */
export function IngestFigures({ status }: { status: Status }) {
  const { t } = useTranslation();
  const format = useFormats();
  const minutes = minuteSeries(status.ingestMinutes, status.generatedAt);
  const uplinks = minutes.reduce((sum, minute) => sum + minute.uplinks, 0);
  const values = minutes.reduce((sum, minute) => sum + minute.values, 0);
  const highest = Math.max(1, ...minutes.map((minute) => minute.uplinks));
  const latest = minutes.at(-1);
  return (
    <Stack gap="xs">
      <Group gap="lg">
        <Text data-testid="status-uplinks-hour">{t('Uplinks: {{count}}', { count: format.number(uplinks) })}</Text>
        <Text>{t('Values: {{count}}', { count: format.number(values) })}</Text>
        <Text data-testid="status-uplinks-minute">
          {t('This minute: {{count}}', { count: format.number(latest?.uplinks ?? 0) })}
        </Text>
      </Group>
      <Group gap={1} align="flex-end" h={48} wrap="nowrap" aria-hidden="true">
        {minutes.map((minute) => (
          <Box
            key={minute.minute}
            style={{ flex: 1, minWidth: 1 }}
            h={`${Math.max(2, (minute.uplinks / highest) * 100)}%`}
            bg={minute.uplinks > 0 ? 'blue.6' : 'gray.3'}
          />
        ))}
      </Group>
    </Stack>
  );
}

export function RefusalList({ refusals }: { refusals: Status['refusals'] }) {
  const { t } = useTranslation();
  if (refusals.length === 0) return <Text c="dimmed">{t('None')}</Text>;
  return (
    <Stack gap={2}>
      {refusals.map((row) => (
        <Group key={row.key} justify="space-between" wrap="nowrap">
          <Text size="sm">{refusalReasons[row.key] ? t(refusalReasons[row.key] as string) : row.key}</Text>
          <Text size="sm" fw={600}>
            {row.count}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

export function AlarmDeliveryFigures({ deliveries }: { deliveries: Status['alarmDeliveries'] }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2}>
      {deliveryStates.map((state) => (
        <Group key={state.key} justify="space-between" wrap="nowrap">
          <Text size="sm">{t(state.label)}</Text>
          <Text
            size="sm"
            fw={600}
            c={state.key === 'failed' && deliveries.some((d) => d.key === 'failed') ? 'red.8' : undefined}
          >
            {deliveries.find((row) => row.key === state.key)?.count ?? 0}
          </Text>
        </Group>
      ))}
      <Text size="xs" c="dimmed">
        {t("Each alarm action's latest notification.")}
      </Text>
    </Stack>
  );
}

export function BrokerAndDatabase({ status }: { status: Status }) {
  const { t } = useTranslation();
  const format = useFormats();
  const { broker, database } = status;
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Badge color={broker.up ? 'green' : 'red'} variant="light">
          {broker.up ? t('Up') : t('Down')}
        </Badge>
        <Text size="sm">{broker.kind === 'embedded' ? t('Embedded MQTT broker') : t('External MQTT broker')}</Text>
      </Group>
      <Text size="sm" data-testid="status-broker-clients">
        {broker.clients === null
          ? t('Clients: not known for an external broker')
          : t('Clients: {{count}}', { count: broker.clients })}
      </Text>
      <Text size="sm">{t('Database size: {{size}}', { size: formatBytes(database.sizeBytes, format.locale) })}</Text>
      <Text size="sm">
        {t('Readings stored in the last 24 hours: {{count}}', { count: format.number(database.readingsLastDay) })}
      </Text>
    </Stack>
  );
}

export function PdfFigures({ pdf }: { pdf: Status['pdf'] }) {
  const { t } = useTranslation();
  const format = useFormats();
  const seconds = (value: number | null) => (value === null ? '-' : `${format.number(value, 1)} s`);
  return (
    <Stack gap={4}>
      <Text size="sm">{t('Renders: {{count}}, failed: {{failed}}', { count: pdf.renders, failed: pdf.failures })}</Text>
      <Text size="sm">
        {t('Time: mean {{mean}}, longest {{max}}', { mean: seconds(pdf.meanSeconds), max: seconds(pdf.maxSeconds) })}
      </Text>
      <Text size="xs" c="dimmed">
        {t('On this instance since {{time}}.', { time: format.time(pdf.since) })}
      </Text>
    </Stack>
  );
}

export function ComputerTable({ computers, now }: { computers: Status['computers']; now: number }) {
  const { t } = useTranslation();
  const format = useFormats();
  return (
    <ResponsiveTable minWidth={520} aria-label={t('Instances')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('Name')}</Table.Th>
          <Table.Th>{t('Host')}</Table.Th>
          <Table.Th>{t('Started')}</Table.Th>
          <Table.Th>{t('Last heartbeat')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {computers.map((computer) => {
          const stale = isHeartbeatStale(computer.lastSeenAt, now);
          return (
            <Table.Tr key={computer.id}>
              <Table.Td>{computer.name}</Table.Td>
              <Table.Td>{computer.hostname}</Table.Td>
              <Table.Td>{format.time(computer.startedAt)}</Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Badge color={stale ? 'yellow' : 'green'} variant="light">
                    {stale ? t('Silent') : t('Running')}
                  </Badge>
                  {format.time(computer.lastSeenAt)}
                </Group>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </ResponsiveTable>
  );
}

export function JobTable({ jobs }: { jobs: Status['jobs'] }) {
  const { t } = useTranslation();
  if (jobs.length === 0) return <Text c="dimmed">{t('The queue is empty.')}</Text>;
  return (
    <ResponsiveTable minWidth={640} aria-label={t('Background jobs')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('Job')}</Table.Th>
          <Table.Th>{t('Due')}</Table.Th>
          <Table.Th>{t('Later')}</Table.Th>
          <Table.Th>{t('Running')}</Table.Th>
          <Table.Th>{t('Retrying')}</Table.Th>
          <Table.Th>{t('Failed for good')}</Table.Th>
          <Table.Th>{t('Done, last hour')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {jobs.map((job) => (
          <Table.Tr key={job.name}>
            <Table.Td>{job.name}</Table.Td>
            <Table.Td>{job.due}</Table.Td>
            <Table.Td>{job.later}</Table.Td>
            <Table.Td>{job.running}</Table.Td>
            <Table.Td>{job.retrying}</Table.Td>
            <Table.Td c={job.gaveUp > 0 ? 'red.8' : undefined}>{job.gaveUp}</Table.Td>
            <Table.Td>{job.doneLastHour}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ResponsiveTable>
  );
}

export function MeterHealthTable({ rows }: { rows: Status['meterHealth'] }) {
  const { t } = useTranslation();
  if (rows.length === 0) return <Text c="dimmed">{t('No meters.')}</Text>;
  return (
    <ResponsiveTable minWidth={560} aria-label={t('Meters by organization')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('Organization')}</Table.Th>
          <Table.Th>{t('Missing')}</Table.Th>
          <Table.Th>{t('Battery low')}</Table.Th>
          <Table.Th>{t('Low voltage')}</Table.Th>
          <Table.Th>{t('With errors')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.organizationId ?? 'free'}>
            <Table.Td>
              {row.organizationId === null ? (
                <Anchor component={Link} to="/admin/meters">
                  {t('Free meters')}
                </Anchor>
              ) : (
                row.organizationName
              )}
            </Table.Td>
            <Table.Td>{row.summary.missing}</Table.Td>
            <Table.Td>{row.summary.batteryLow}</Table.Td>
            <Table.Td>{row.summary.lowVoltage}</Table.Td>
            <Table.Td>{row.summary.systemErrorsMeter}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ResponsiveTable>
  );
}

export function WeatherTable({ weathers, now }: { weathers: Status['weathers']; now: number }) {
  const { t } = useTranslation();
  const format = useFormats();
  if (weathers.length === 0) return <Text c="dimmed">{t('No weather sources.')}</Text>;
  return (
    <ResponsiveTable minWidth={560} aria-label={t('Weather sources')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('Station')}</Table.Th>
          <Table.Th>{t('Latest data')}</Table.Th>
          <Table.Th>{t('Last error')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {weathers.map((weather) => {
          const stale = isWeatherStale(weather, now);
          return (
            <Table.Tr key={weather.id}>
              <Table.Td>
                {weather.stationName} ({providerName(weather.provider)})
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Badge color={stale ? 'yellow' : 'green'} variant="light">
                    {stale ? t('No recent data') : t('OK')}
                  </Badge>
                  {format.time(weather.latestTime)}
                </Group>
              </Table.Td>
              <Table.Td>
                {weather.lastError ? `${weather.lastError} (${format.time(weather.lastErrorAt)})` : '-'}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </ResponsiveTable>
  );
}
