import { useMutation, useQuery } from '@apollo/client/react';
import { Anchor, Button, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  OrganizationReportTemplatesDocument,
  type ReportTemplateAdminFieldsFragment,
  StopOfferingReportTemplateDocument,
} from '../../../graphql/generated.ts';
import { useConfirmedAction } from '../../forms/useShowError.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { ListTable } from '../../ui/ListTable.tsx';
import { Section } from '../../ui/Section.tsx';
import { useFormatDateTime } from '../../ui/timeZone.tsx';
import { ReportLink } from '../list/reportLinks.tsx';

/**
 * The reports offered as templates in the organization's projects (its admins): each with its project; "Stop
 * offering" clears the report's template flag and keeps the report.
 */
export function ReportTemplatesSection({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const formatTime = useFormatDateTime('minute');
  const confirmed = useConfirmedAction();
  const { data, loading, error } = useQuery(OrganizationReportTemplatesDocument, {
    variables: { organizationId },
    fetchPolicy: 'cache-and-network',
  });
  const [stopOffering] = useMutation(StopOfferingReportTemplateDocument, {
    refetchQueries: ['OrganizationReportTemplates'],
  });
  const stop = (template: ReportTemplateAdminFieldsFragment) =>
    confirmed(
      t('Stop offering {{name}} as a template? The report itself stays in its project.', { name: template.name }),
      () => stopOffering({ variables: { id: template.id } }),
      t('{{name}} is no longer offered as a template.', { name: template.name }),
    );

  return (
    <Section
      id="report-templates"
      testId="report-templates-section"
      title={t('Report templates')}
      description={t(
        'Reports marked as templates are offered when a report is created in any project of the organization and its child organizations.',
      )}
    >
      <ListTable
        loading={loading && !data}
        error={data ? undefined : error}
        items={data?.organization.reportTemplates}
        empty={
          <EmptyState testId="no-report-templates">
            {t('No templates yet. Mark a finished report as a template in its editor to offer it to every project.')}
          </EmptyState>
        }
        label={t('Report templates')}
        testId="report-templates-table"
        minWidth={520}
        head={
          <>
            <Table.Th>{t('Name')}</Table.Th>
            <Table.Th>{t('Project')}</Table.Th>
            <Table.Th>{t('Updated')}</Table.Th>
            <Table.Th>{t('Actions')}</Table.Th>
          </>
        }
        row={(template) => (
          <Table.Tr key={template.id} data-testid="report-template-row">
            <Table.Td>
              <ReportLink projectId={template.projectId} id={template.id} name={template.name} />
            </Table.Td>
            <Table.Td>
              <Anchor component={Link} to={`/p/${template.projectId}`} size="sm">
                {template.projectName}
              </Anchor>
              {template.organizationName && (
                <Text size="xs" c="dimmed">
                  {template.organizationName}
                </Text>
              )}
            </Table.Td>
            <Table.Td>{formatTime(template.updatedAt)}</Table.Td>
            <Table.Td>
              <Button
                size="xs"
                variant="light"
                color="red"
                onClick={() => stop(template)}
                aria-label={t('Stop offering {{name}}', { name: template.name })}
              >
                {t('Stop offering')}
              </Button>
            </Table.Td>
          </Table.Tr>
        )}
      />
    </Section>
  );
}
