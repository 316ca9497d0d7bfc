import { useQuery, useSubscription } from '@apollo/client/react';
import { Anchor, Badge, Code, Container, Group, List, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { MeterPageDocument, type MeterPageFieldsFragment, MeterUpdatedDocument } from '../../graphql/generated.ts';
import { DirtyFormsProvider } from '../forms/DirtyFormsProvider.tsx';
import { usePageEntityName } from '../layout/documentTitle.ts';
import { RecalculationProgress } from '../recalculation/RecalculationProgress.tsx';
import { formatRelativeTime } from '../ui/format.ts';
import { type PageTab, PageTabs } from '../ui/PageTabs.tsx';
import { PermissionDenied, QueryState } from '../ui/QueryState.tsx';
import { Section } from '../ui/Section.tsx';
import { DisplayTimeZone, TimeZoneNote, useFormatDateTime } from '../ui/timeZone.tsx';
import { useNow } from '../ui/useNow.ts';
import { MeterActionsSection, MeterDangerZone } from './MeterActionsSection.tsx';
import { MeterBatterySection } from './MeterBatterySection.tsx';
import { MeterCalibrationsSection } from './MeterCalibrationsSection.tsx';
import { MeterChannelsSection } from './MeterChannelsSection.tsx';
import { MeterCommandsSection } from './MeterCommandsSection.tsx';
import { MeterEditForm } from './MeterEditForm.tsx';
import { MeterErrorsSection } from './MeterErrorsSection.tsx';
import { MeterLatestCard } from './MeterLatestCard.tsx';
import { MeterReadingsSection } from './MeterReadingsSection.tsx';
import { MeterStateBadges } from './MeterStateBadges.tsx';
import { type ChartReading, parseMeterId } from './meterReadings.ts';

/** Readings pushed while the page is open that the chart keeps; older ones are in the queried range anyway. */
const maxLiveReadings = 2000;

function MeterHeader({ meter }: { meter: MeterPageFieldsFragment }) {
  const { t, i18n } = useTranslation();
  const formatTime = useFormatDateTime();
  const now = useNow();
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Title order={1}>{meter.name || meter.serial}</Title>
        {meter.currentUserIsAdmin && <Badge variant="light">{t('Administrator')}</Badge>}
      </Group>
      <Group gap="lg" wrap="wrap">
        <Text size="sm">
          {t('Serial')}: <Code>{meter.serial}</Code>
        </Text>
        <Text size="sm">
          {t('Driver')}: {meter.driver ?? t('No driver')}
        </Text>
        <Text size="sm">
          {t('Organization')}:{' '}
          {meter.organization ? (
            <Anchor component={Link} to={`/o/${encodeURIComponent(meter.organization.slug)}`}>
              {meter.organization.name}
            </Anchor>
          ) : (
            t('Free meter')
          )}
        </Text>
        <Text size="sm">
          {t('Last seen')}:{' '}
          <span title={formatTime(meter.lastSeen)}>
            {meter.lastSeen ? formatRelativeTime(meter.lastSeen, now, i18n.language) : t('Never')}
          </span>
        </Text>
      </Group>
      <MeterStateBadges meter={meter} />
      <TimeZoneNote />
      {meter.location && (
        <Text size="sm" c="dimmed">
          {t('Location')}: {meter.location}
        </Text>
      )}
      {meter.description && <Text style={{ whiteSpace: 'pre-wrap' }}>{meter.description}</Text>}
    </Stack>
  );
}

function MeterProjectsSection({ meter }: { meter: MeterPageFieldsFragment }) {
  const { t } = useTranslation();
  return (
    <Section id="meter-projects" title={t('Projects')} testId="meter-projects">
      {meter.projects.length === 0 ? (
        <Text c="dimmed">{t('The meter feeds no project you can see.')}</Text>
      ) : (
        <List listStyleType="none" spacing={4}>
          {meter.projects.map((project) => (
            <List.Item key={project.id}>
              <Anchor component={Link} to={`/p/${project.id}`}>
                {project.name}
              </Anchor>
              {project.code && (
                <Text span size="sm" c="dimmed" ml="xs">
                  {project.code}
                </Text>
              )}
            </List.Item>
          ))}
        </List>
      )}
    </Section>
  );
}

function MeterContent({ meter }: { meter: MeterPageFieldsFragment }) {
  const { t } = useTranslation();
  const [live, setLive] = useState<ChartReading[]>([]);
  // Each push is the whole meter: the cache takes it, so the latest card and the badges follow by themselves; the
  // chart adds the pushed reading to the queried ones.
  useSubscription(MeterUpdatedDocument, {
    variables: { id: meter.id },
    onData: ({ data }) => {
      const latest = data.data?.meterUpdated.latest;
      if (!latest?.data) return;
      setLive((previous) =>
        previous.some((reading) => reading.time === latest.time)
          ? previous
          : [...previous.slice(-(maxLiveReadings - 1)), { time: latest.time, channels: latest.data }],
      );
    },
  });

  const admin = meter.currentUserIsAdmin;
  // Tabs by what a visit is for (decision 0093): watching, correcting values, finding faults, sending commands and
  // administering; the destructive actions last, apart, at the end of the settings.
  const tabs: PageTab[] = [
    {
      value: 'overview',
      label: t('Overview'),
      content: (
        <Stack>
          <MeterLatestCard meter={meter} />
          <MeterReadingsSection meterId={meter.id} live={live} />
          <MeterBatterySection meter={meter} />
          <MeterProjectsSection meter={meter} />
        </Stack>
      ),
    },
    { value: 'calibrations', label: t('Calibrations'), content: <MeterCalibrationsSection meter={meter} /> },
    {
      value: 'diagnostics',
      label: t('Diagnostics'),
      content: (
        <Stack>
          <MeterErrorsSection meterId={meter.id} isAdmin={admin} />
          <MeterChannelsSection meter={meter} />
        </Stack>
      ),
    },
    { value: 'commands', label: t('Commands'), shown: admin, content: <MeterCommandsSection meterId={meter.id} /> },
    {
      value: 'settings',
      label: t('Settings'),
      shown: admin,
      content: (
        <Stack>
          <Section id="meter-settings" title={t('Meter settings')}>
            <MeterEditForm meter={meter} />
          </Section>
          <MeterActionsSection meter={meter} />
          <MeterDangerZone meter={meter} />
        </Stack>
      ),
    },
  ];
  return (
    <Stack>
      <MeterHeader meter={meter} />
      <RecalculationProgress meterId={meter.id} />
      <PageTabs tabs={tabs} label={t('Meter sections')} testId="meter-tabs" />
    </Stack>
  );
}

/**
 * /meters/:meterId: one meter's latest reading (live), its readings, battery history and projects (overview), its
 * calibrations, its errors and channels (diagnostics), and for its administrators its commands and settings; each in a
 * tab named by `?tab=`.
 */
export function MeterPage() {
  const meterId = parseMeterId(useParams().meterId);
  const { data, loading, error } = useQuery(MeterPageDocument, {
    variables: { id: meterId ?? 0 },
    skip: meterId === null,
    fetchPolicy: 'cache-and-network',
  });
  const meter = data?.meter;
  usePageEntityName(meter ? meter.name || meter.serial : null);

  return (
    <Container size="lg">
      {meterId === null ? (
        <PermissionDenied />
      ) : (
        <QueryState loading={loading} error={error} data={meter}>
          {meter && (
            <DisplayTimeZone zone={meter.projects[0]?.timeZone}>
              <DirtyFormsProvider key={meter.id}>
                <MeterContent key={meter.id} meter={meter} />
              </DirtyFormsProvider>
            </DisplayTimeZone>
          )}
        </QueryState>
      )}
    </Container>
  );
}
