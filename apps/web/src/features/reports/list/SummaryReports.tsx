import { useQuery } from '@apollo/client/react';
import { Anchor, Group, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ProjectSummaryReportsDocument } from '../../../graphql/generated.ts';
import { useDisplayZone } from '../../ui/timeZone.tsx';
import { ReportLink } from './reportLinks.tsx';
import { reportRangeText } from './reportRange.ts';

/**
 * The project overview's summary reports (spec: "summary reports by project"), each a link with its period, for
 * viewers of reports. Nothing at all when the project has none: the overview is not the place to start one.
 */
export function SummaryReports({ projectId }: { projectId: number }) {
  const { t, i18n } = useTranslation();
  const { zone } = useDisplayZone();
  const { data } = useQuery(ProjectSummaryReportsDocument, {
    variables: { projectId },
    fetchPolicy: 'cache-and-network',
  });
  const reports = data?.summaryReports ?? [];
  if (reports.length === 0) return null;
  const listPath = `/p/${projectId}/report`;
  return (
    <section aria-labelledby="summary-reports-title" data-testid="summary-reports">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h3" id="summary-reports-title">
            {t('Summary reports')}
          </Title>
          <Anchor component={Link} to={listPath} size="sm">
            {t('All reports')}
          </Anchor>
        </Group>
        <List listStyleType="none" spacing={4}>
          {reports.map((report) => (
            <List.Item key={report.id} data-testid="summary-report">
              <Group gap="xs" wrap="wrap">
                <ReportLink projectId={projectId} id={report.id} name={report.name} />
                <Text size="sm" c="dimmed">
                  {reportRangeText(report.from, report.to, i18n.language, zone)}
                </Text>
              </Group>
            </List.Item>
          ))}
        </List>
      </Stack>
    </section>
  );
}
