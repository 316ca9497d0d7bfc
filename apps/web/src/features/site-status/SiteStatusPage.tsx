import { useQuery, useSubscription } from '@apollo/client/react';
import { Alert, Anchor, Container, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  SiteStatusDocument,
  type SiteStatusFieldsFragment,
  SiteStatusUpdatedDocument,
} from '../../graphql/generated.ts';
import { dateLocale, formatDateTime } from '../ui/format.ts';
import { QueryState } from '../ui/QueryState.tsx';
import { Section } from '../ui/Section.tsx';
import { useNow } from '../ui/useNow.ts';
import {
  AlarmDeliveryFigures,
  BrokerAndDatabase,
  ComputerTable,
  IngestFigures,
  JobTable,
  MeterHealthTable,
  PdfFigures,
  RefusalList,
  WeatherTable,
} from './SiteStatusSections.tsx';
import { type HealthLevel, healthFindings, healthLevel } from './siteStatusHealth.ts';

const levelLook: Record<HealthLevel, { color: string; title: string }> = {
  green: { color: 'green', title: 'All is well' },
  amber: { color: 'yellow', title: 'Needs attention' },
  red: { color: 'red', title: 'Something is failing' },
};

/** The summary first: green, amber or red, and what makes it so. */
function HealthSummary({ status, now }: { status: SiteStatusFieldsFragment; now: number }) {
  const { t, i18n } = useTranslation();
  const findings = healthFindings(status, now);
  const level = healthLevel(findings);
  return (
    <Alert
      color={levelLook[level].color}
      variant="light"
      title={t(levelLook[level].title)}
      data-testid="site-health"
      data-level={level}
    >
      <Stack gap={4}>
        {findings.length > 0 && (
          <List size="sm">
            {findings.map((finding) => (
              <List.Item key={finding.text}>{t(finding.text, finding.values)}</List.Item>
            ))}
          </List>
        )}
        <Text size="xs" c="dimmed">
          {t('Updated {{time}}, live', { time: formatDateTime(status.generatedAt, dateLocale(i18n.language)) })}
        </Text>
      </Stack>
    </Alert>
  );
}

/** /admin/status-dash: the site's health at a glance for site admins, kept current by a subscription. */
export function SiteStatusPage() {
  const { t } = useTranslation();
  const query = useQuery(SiteStatusDocument);
  const live = useSubscription(SiteStatusUpdatedDocument, { skip: !query.data });
  const status = live.data?.siteStatusUpdated ?? query.data?.siteStatus;
  const now = useNow(15_000);
  return (
    <Container size="lg">
      <Stack>
        <Title order={1}>{t('Site status')}</Title>
        <QueryState loading={query.loading} error={query.error} data={status} skeleton="cards">
          {status && (
            <Stack>
              <HealthSummary status={status} now={Math.max(now, Date.parse(status.generatedAt))} />
              <SimpleGrid cols={{ base: 1, md: 2 }}>
                <Section id="status-ingest" title={t('Uplinks, last hour')}>
                  <IngestFigures status={status} />
                </Section>
                <Section id="status-refusals" title={t('Refused uplinks, last hour')}>
                  <RefusalList refusals={status.refusals} />
                </Section>
                <Section id="status-system-errors" title={t('System errors')}>
                  <Stack gap={4}>
                    <Text data-testid="status-system-errors">
                      {t('Unacknowledged: {{count}}', { count: status.systemErrors.ofNoMeter })}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {t('Errors of meters, shown on the meters: {{count}}', { count: status.systemErrors.ofMeters })}
                    </Text>
                    <Anchor component={Link} to="/errors">
                      {t('Open system errors')}
                    </Anchor>
                  </Stack>
                </Section>
                <Section id="status-alarms" title={t('Alarm notifications, last hour')}>
                  <AlarmDeliveryFigures deliveries={status.alarmDeliveries} />
                </Section>
                <Section id="status-broker" title={t('Broker and database')}>
                  <BrokerAndDatabase status={status} />
                </Section>
                <Section id="status-pdf" title={t('PDF renders')}>
                  <PdfFigures pdf={status.pdf} />
                </Section>
              </SimpleGrid>
              <Section id="status-computers" title={t('Instances')}>
                <ComputerTable computers={status.computers} now={now} />
              </Section>
              <Section id="status-jobs" title={t('Background jobs')}>
                <JobTable jobs={status.jobs} />
              </Section>
              <Section
                id="status-meters"
                title={t('Meters by organization')}
                description={t('Active meters out of storage.')}
              >
                <MeterHealthTable rows={status.meterHealth} />
              </Section>
              <Section id="status-weather" title={t('Weather sources')}>
                <WeatherTable weathers={status.weathers} now={now} />
              </Section>
            </Stack>
          )}
        </QueryState>
      </Stack>
    </Container>
  );
}
